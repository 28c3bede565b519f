//go:build !amd64

package routers

// all is allGo.
func (h hopper) all(keys []uint64, at []uint32) int { return h.allGo(keys, at) }

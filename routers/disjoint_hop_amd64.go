package routers

import (
	"unsafe"

	"github.com/hyperroute/hyperroute/engine"
)

// The assembly adds 1 << 58 to a key, one more priority: it fails to
// compile unless engine.KeyPrioShift is 58.
const _ = uint(engine.KeyPrioShift-58) + uint(58-engine.KeyPrioShift)

// all is allGo, in assembly.
func (h hopper) all(keys []uint64, at []uint32) int {
	at = at[:len(keys)]
	return hopAsm(unsafe.SliceData(keys), unsafe.SliceData(at), len(keys), h.hops, h.mask, h.half, h.nodes)
}

//go:noescape
func hopAsm(keys *uint64, at *uint32, n int, hops uint64, mask, half, nodes uint32) (kept int)

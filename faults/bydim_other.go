//go:build !amd64

package faults

func (s *Set) byDim(nodes [][]uint32) { s.byDimGo(nodes) }

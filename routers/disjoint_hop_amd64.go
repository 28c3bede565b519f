package routers

import (
	"unsafe"

	"github.com/hyperroute/hyperroute/engine"
)

// all is allGo, in assembly.
func (h hopper) all(keys []uint64, at []uint32) int {
	at = at[:len(keys)]
	return hopAsm(unsafe.SliceData(keys), unsafe.SliceData(at), len(keys), h.hops, 1<<engine.KeyPrioShift, h.mask, h.half, h.nodes)
}

//go:noescape
func hopAsm(keys *uint64, at *uint32, n int, hops, prio uint64, mask, half, nodes uint32) (kept int)

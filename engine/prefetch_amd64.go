package engine

import "unsafe"

// The prefetches take nodes to be 32 bytes and a queued packet's node to
// be 8 bytes into its 16.
const (
	_ = uintptr(32-unsafe.Sizeof(sortedNode{})) + uintptr(unsafe.Sizeof(sortedNode{})-32)
	_ = uintptr(16-unsafe.Sizeof(queued{})) + uintptr(unsafe.Sizeof(queued{})-16)
	_ = uintptr(8-unsafe.Offsetof(queued{}.at)) + uintptr(unsafe.Offsetof(queued{}.at)-8)
)

// prefetchBusy asks for the nodes from node on whose bits are set in busy
// to be read into the cache.
//
//go:noescape
func prefetchBusy(node unsafe.Pointer, busy []uint64)

// prefetchQueued asks for the nodes p[i].at of the array at node to be
// read into the cache.
//
//go:noescape
func prefetchQueued(node unsafe.Pointer, p []queued)

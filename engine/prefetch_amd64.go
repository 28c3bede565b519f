package engine

import "unsafe"

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

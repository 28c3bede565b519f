//go:build !amd64

package engine

import "unsafe"

// prefetchBusy asks for the nodes from node on whose bits are set in busy
// to be read into the cache: here it does nothing.
func prefetchBusy(node unsafe.Pointer, busy []uint64) {}

// prefetchQueued asks for the nodes p[i].at of the array at node to be
// read into the cache: here it does nothing.
func prefetchQueued(node unsafe.Pointer, p []queued) {}

//go:build !amd64

package engine

// takeWord is takeWordGo.
func takeWord(ns *[64]sortedNode, word uint64, first uint32, keys *[64]uint64, at *[64]uint32, loads *[256]int64, ahead *[64]sortedNode) (n int, emptied, full uint64, most uint32) {
	return takeWordGo(ns, word, first, keys, at, loads)
}

// putRun is putRunGo.
func putRun(node []sortedNode, busy []uint64, keys []uint64, at []uint32, first uint32, dkeys []uint64, dat []uint32) (put, deferred int) {
	return putRunGo(node, busy, keys, at, first, dkeys, dat)
}

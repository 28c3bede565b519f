package engine

import "unsafe"

// takeWord is takeWordGo.
//
//go:noescape
func takeWord(ns *[64]sortedNode, word uint64, first uint32, keys *[64]uint64, at *[64]uint32, loads *[256]int64, ahead *[64]sortedNode) (n int, emptied, full uint64, most uint32)

// putRun is putRunGo, given room in at, and in dkeys and dat if first > 0,
// for every packet, and busy words for every node; the assembly reads the
// nodes of the packets ahead, which needs putAhead readable places in at
// past the last packet (putRunGo runs if there are not).
func putRun(node []sortedNode, busy []uint64, keys []uint64, at []uint32, first uint32, dkeys []uint64, dat []uint32) (put, deferred int) {
	if cap(at) < len(keys)+putAhead {
		return putRunGo(node, busy, keys, at, first, dkeys, dat)
	}
	at, busy = at[:len(keys)], busy[:(len(node)+63)/64]
	if first > 0 {
		dkeys, dat = dkeys[:len(keys)], dat[:len(keys)]
	}
	return putRunAsm(unsafe.SliceData(node), len(node), unsafe.SliceData(busy), unsafe.SliceData(keys), unsafe.SliceData(at), len(keys),
		first, unsafe.SliceData(dkeys), unsafe.SliceData(dat))
}

//go:noescape
func putRunAsm(node *sortedNode, nodes int, busy *uint64, keys *uint64, at *uint32, n int, first uint32, dkeys *uint64, dat *uint32) (put, deferred int)

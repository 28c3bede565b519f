package engine

// The fused step's inner loops, written out in assembly on amd64
// (fusedscan_amd64.s) and here for the others and for the tests.

import "math/bits"

// takeWordGo takes the smallest key out of each node of ns, the 64 nodes
// from node first on, whose bit is set in word and that holds at most
// sortedInline keys, into keys and at from 0 on, and counts its send by
// priority. It returns how many, the bits of the nodes it emptied and of
// those it left (holding more), and the most keys a node it took from
// held. The assembly (takeWord) also reads ahead the nodes of ahead that
// share a place with those it takes from.
func takeWordGo(ns *[64]sortedNode, word uint64, first uint32, keys *[64]uint64, at *[64]uint32, loads *[256]int64) (n int, emptied, full uint64, most uint32) {
	for w := word; w != 0; w &= w - 1 {
		i := bits.TrailingZeros64(w) & 63
		b := &ns[i]
		m := b.n
		if m-1 >= sortedInline {
			full |= w & -w
			continue
		}
		most = max(most, m)
		if m == 1 {
			emptied |= w & -w
		}
		k := b.takeLast(m)
		keys[n&63], at[n&63] = k, first+uint32(i)
		loads[prioOf(k)]++
		n++
	}
	return n, emptied, full, most
}

// putAhead is how many places past its last packet putRun may read in at:
// on amd64 it reads ahead the node of the packet 8 on.
const putAhead = 8

// putRunGo puts the packets keys[i] for nodes at[i], from i = 0 on, in
// place in their nodes and marks the nodes busy, and moves those for nodes
// before first to dkeys and dat from 0 on; it stops at a packet for a node
// that holds sortedInline keys or is not one of node. It returns the index
// of that packet (len(keys) if none) and the number moved.
func putRunGo(node []sortedNode, busy []uint64, keys []uint64, at []uint32, first uint32, dkeys []uint64, dat []uint32) (put, deferred int) {
	for i, k := range keys {
		v := at[i]
		if v < first {
			dkeys[deferred], dat[deferred] = k, v
			deferred++
			continue
		}
		if int(v) >= len(node) || !node[v].putInPlace(k) {
			return i, deferred
		}
		setBusy(busy, v)
	}
	return len(keys), deferred
}

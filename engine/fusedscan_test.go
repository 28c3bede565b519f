package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTakeWord takes the keys out of two words of nodes holding 0 … 5
// keys at random by takeWord (on amd64 the assembly) and by takeWordGo and
// demands the same results, keys, nodes, sends per priority and nodes
// left; and that each key taken was its node's smallest.
func TestTakeWord(t *testing.T) {
	rng := testRand(7)
	for trial := range 300 {
		s, busy := randomSorted(rng, 128)
		g := cloneSorted(&s)
		for w := range busy {
			first := uint32(w) << 6
			var keys, gkeys [64]uint64
			var at, gat [64]uint32
			var loads, gloads [256]int64
			n, emptied, full, most := takeWord((*[64]sortedNode)(s.node[first:]), busy[w], first, &keys, &at, &loads, (*[64]sortedNode)(s.node))
			gn, gemptied, gfull, gmost := takeWordGo((*[64]sortedNode)(g.node[first:]), busy[w], first, &gkeys, &gat, &gloads)
			if n != gn || emptied != gemptied || full != gfull || most != gmost || !slices.Equal(keys[:n], gkeys[:gn]) ||
				!slices.Equal(at[:n], gat[:gn]) || loads != gloads || !slices.Equal(s.node, g.node) {
				t.Fatalf("trial %d, word %d: took %d, emptied %x, full %x, most %d; Go %d, %x, %x, %d (or keys, nodes or loads differ)",
					trial, w, n, emptied, full, most, gn, gemptied, gfull, gmost)
			}
			for i, k := range keys[:n] {
				b := &s.node[at[i]]
				if m := min(b.n, sortedInline); m > 0 && b.pk[m-1] < k {
					t.Fatalf("trial %d: node %d gave %x, holds %x", trial, at[i], k, b.pk[m-1])
				}
			}
		}
	}
}

// TestPutRun puts random keys, some for nodes before first, some for
// nodes holding sortedInline keys or for no node, by putRun (on amd64 the
// assembly) and by putRunGo from each place they stop at, and demands the
// same results, nodes, busy words and deferred packets.
func TestPutRun(t *testing.T) {
	rng := testRand(8)
	for trial := range 300 {
		s, busy := randomSorted(rng, 128)
		g, gbusy := cloneSorted(&s), slices.Clone(busy)
		m := 1 + rng.IntN(64)
		// Room past the packets, which the assembly reads ahead.
		keys, at := make([]uint64, m), make([]uint32, m, m+putAhead)
		for i := range keys {
			keys[i], at[i] = 1+rng.Uint64(), uint32(rng.IntN(len(s.node)+2))
		}
		first := uint32(rng.IntN(len(s.node)))
		dk, da := make([]uint64, m), make([]uint32, m)
		gdk, gda := make([]uint64, m), make([]uint32, m)
		for i, d := 0, 0; i < m; {
			put, moved := putRun(s.node, busy, keys[i:], at[i:], first, dk[d:d+m-i], da[d:d+m-i])
			gput, gmoved := putRunGo(g.node, gbusy, keys[i:], at[i:], first, gdk[d:d+m-i], gda[d:d+m-i])
			if put != gput || moved != gmoved || !slices.Equal(s.node, g.node) || !slices.Equal(busy, gbusy) || !slices.Equal(dk, gdk) || !slices.Equal(da, gda) {
				t.Fatalf("trial %d from %d: put %d, moved %d; Go %d, %d (or nodes, busy words or deferred differ)", trial, i, put, moved, gput, gmoved)
			}
			i, d = i+put+1, d+moved
		}
	}
}

// randomSorted returns a sorted store of nodes nodes holding 0 … 5 keys at
// random, and its busy words.
func randomSorted(rng *rand.Rand, nodes int) (sorted, []uint64) {
	var s sorted
	s.reset(nodes, sortedNode{over: -1})
	busy := make([]uint64, (nodes+63)/64)
	for v := range s.node {
		for range rng.IntN(6) {
			s.put(&s.node[v], 1+rng.Uint64())
			setBusy(busy, uint32(v))
		}
	}
	return s, busy
}

// cloneSorted returns a copy of s.
func cloneSorted(s *sorted) sorted {
	var c sorted
	c.node, c.pool, c.free = slices.Clone(s.node), slices.Clone(s.pool), slices.Clone(s.free)
	return c
}

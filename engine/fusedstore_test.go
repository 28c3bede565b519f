package engine

import (
	"slices"
	"testing"
)

// TestSortedStore puts and takes keys at a few nodes at random and checks
// that each take returns the smallest key the node holds, against a sorted
// slice per node, and that places left free hold 0.
func TestSortedStore(t *testing.T) {
	rng := testRand(5)
	var s sorted
	s.reset(4, sortedNode{over: -1})
	model := make([][]uint64, 4)
	for step := range 20000 {
		v := rng.IntN(4)
		b := &s.node[v]
		m := model[v]
		if len(m) > 0 && (rng.IntN(2) == 0 || len(m) > 12) {
			if got := s.take(b); got != m[0] {
				t.Fatalf("step %d: node %d gave %d, want %d (%v)", step, v, got, m[0], m)
			}
			model[v] = m[1:]
		} else {
			k := 1 + rng.Uint64N(1<<20)
			s.put(b, k)
			i, _ := slices.BinarySearch(m, k)
			model[v] = slices.Insert(m, i, k)
		}
		for u, want := range model {
			b := &s.node[u]
			if int(b.n) != len(want) || (b.over >= 0) != (len(want) > sortedInline) {
				t.Fatalf("step %d: node %d holds %d keys, overflow %d; want %d", step, u, b.n, b.over, len(want))
			}
			for j := len(want); j < sortedInline; j++ {
				if b.pk[j] != 0 {
					t.Fatalf("step %d: node %d: free place %d holds %d", step, u, j, b.pk[j])
				}
			}
		}
	}
	held := 0
	for _, m := range model {
		held += max(len(m)-sortedInline, 0)
	}
	if free := len(s.free); free+held != len(s.pool) {
		t.Errorf("pool of %d entries: %d free, %d held", len(s.pool), free, held)
	}
}

// TestFusedFits checks when a packet's priority, id and route fit in one
// key, and under FIFO its arrival time, id, leg and route.
func TestFusedFits(t *testing.T) {
	for _, c := range []struct {
		n, packets int
		fifo, fits bool
	}{
		{1, 2, false, true},
		{20, 1 << 20, false, true},
		{20, 1 << 31, false, true},
		{29, 1 << 29, false, true},
		{29, 1 << 30, false, false},
		{30, 1 << 30, false, false},
		{1, 2, true, true},
		{16, 1 << 16, true, true},
		{16, 1<<16 + 1, true, false},
		{14, 1 << 17, true, true},
		{14, 1 << 18, true, true},
		{14, 1<<18 + 1, true, false},
	} {
		if got := fits(c.n, c.packets, c.fifo); got != c.fits {
			t.Errorf("n=%d, %d packets, fifo %v: fits %v, want %v", c.n, c.packets, c.fifo, got, c.fits)
		}
	}
}

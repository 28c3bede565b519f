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

// TestSortedStoreLong puts and takes keys at a few nodes at random, the
// queues growing to hundreds of keys and emptying again, and checks each
// take and each node's count against a sorted slice per node, and that
// the pool's entries are reused.
func TestSortedStoreLong(t *testing.T) {
	rng := testRand(6)
	const nodes = 3
	var s sorted
	s.reset(nodes, sortedNode{over: -1})
	model := make([][]uint64, nodes)
	target := make([]int, nodes)
	longest, emptied, pushed := 0, 0, 0
	for step := range 200000 {
		if step%4000 == 0 {
			for v := range target {
				target[v] = []int{0, 5, 60, 300, 700}[rng.IntN(5)]
			}
		}
		v := rng.IntN(nodes)
		b := &s.node[v]
		m := model[v]
		if len(m) > 0 && (rng.IntN(4) == 0) == (len(m) < target[v]) {
			if got := s.take(b); got != m[0] {
				t.Fatalf("step %d: node %d gave %d, want %d", step, v, got, m[0])
			}
			model[v] = m[1:]
			if len(m) == 1 {
				emptied++
			}
		} else {
			k := 1 + rng.Uint64N(1<<40)
			s.put(b, k)
			i, _ := slices.BinarySearch(m, k)
			model[v] = slices.Insert(m, i, k)
			if len(m) >= sortedInline {
				pushed++
			}
		}
		if int(b.n) != len(model[v]) || (b.over >= 0) != (len(model[v]) > sortedInline) {
			t.Fatalf("step %d: node %d holds %d keys, overflow %d; want %d", step, v, b.n, b.over, len(model[v]))
		}
		longest = max(longest, len(model[v]))
	}
	if longest < 300 || emptied < 10 || len(s.pool) > pushed/10 {
		t.Errorf("longest queue %d, %d emptied, pool of %d for %d pushes: too little tried", longest, emptied, len(s.pool), pushed)
	}
	for v, m := range model {
		for _, want := range m {
			if got := s.take(&s.node[v]); got != want {
				t.Fatalf("draining node %d: gave %d, want %d", v, got, want)
			}
		}
	}
	if len(s.free) != len(s.pool) {
		t.Errorf("pool of %d entries, %d free after draining", len(s.pool), len(s.free))
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

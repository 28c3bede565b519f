package engine

import (
	"slices"
	"testing"
)

// TestNodeStore inserts and removes packets at random positions of a few
// nodes and compares each node, position by position, with a slice.
func TestNodeStore(t *testing.T) {
	rng := testRand(3)
	var ns nodes
	ns.reset(4, node{over: -1})
	model := make([][]uint32, 4)
	id := uint32(0)
	for step := range 20000 {
		v := rng.IntN(4)
		b := &ns.node[v]
		m := model[v]
		if len(m) > 0 && (rng.IntN(2) == 0 || len(m) > 12) {
			i := rng.IntN(len(m))
			var at, prev int32
			if i >= inline {
				at, prev = ns.entryAt(b, i)
			}
			ns.remove(b, i, at, prev)
			model[v] = slices.Delete(m, i, i+1)
		} else {
			pos := rng.IntN(len(m) + 1)
			ns.insert(b, pos, &Packet{ID: id})
			model[v] = slices.Insert(m, pos, id)
			id++
		}
		for u, want := range model {
			b := &ns.node[u]
			if b.len() != len(want) {
				t.Fatalf("step %d: node %d holds %d packets, want %d", step, u, b.len(), len(want))
			}
			for i, at, prev := 0, b.over, int32(-1); i < len(want); i = ns.advance(i, &at, &prev) {
				if got := ns.packet(b, i, at).ID; got != want[i] {
					t.Fatalf("step %d: node %d position %d holds %d, want %d (%v)", step, u, i, got, want[i], want)
				}
			}
			if len(want) <= inline && b.over >= 0 {
				t.Fatalf("step %d: node %d with %d packets has an overflow list", step, u, len(want))
			}
			if b.over >= 0 {
				if at, _ := ns.entryAt(b, len(want)-1); ns.pool[b.over].tail != at {
					t.Fatalf("step %d: node %d: tail %d, last entry %d", step, u, ns.pool[b.over].tail, at)
				}
			}
		}
	}
	// Every pool entry is in a list or free, and free once.
	free := len(ns.free)
	if slices.Sort(ns.free); len(slices.Compact(ns.free)) != free {
		t.Errorf("an entry is free twice: %v", ns.free)
	}
	held := 0
	for _, m := range model {
		held += max(len(m)-inline, 0)
	}
	if free+held != len(ns.pool) {
		t.Errorf("pool of %d entries: %d free, %d held", len(ns.pool), free, held)
	}
}

// TestNodeRenew checks the fresh count: kept within the step of its stamp,
// forgotten in the next.
func TestNodeRenew(t *testing.T) {
	b := node{state: 5}
	for _, t0 := range []int32{0, 1, 6, 7} {
		b.renew(t0)
		b.state += 3 * oneFresh
		b.renew(t0)
		if b.fresh() != 3 || b.len() != 5 {
			t.Fatalf("step %d, same step: fresh %d, len %d, want 3 and 5", t0, b.fresh(), b.len())
		}
		b.renew(t0 + 1)
		if b.fresh() != 0 || b.len() != 5 {
			t.Fatalf("step %d, next step: fresh %d, len %d, want 0 and 5", t0, b.fresh(), b.len())
		}
	}
}

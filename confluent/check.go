package confluent

import (
	"fmt"

	"github.com/hyperroute/hyperroute/hypercube"
)

// Check reports the first way in which s is not a detour system of
// dilation s.D on its faults: a failed edge without a detour or an intact
// edge with one, a detour that does not lead from its edge's start to its
// end or crosses a failed edge, sub-steps that do not rise from 0 or reach
// D. It checks neither confluence property.
func (s *System) Check() error {
	f, count := s.Faults, 0
	var err error
	f.Each(func(v uint32, d int) {
		if _, ok := s.Lookup(v, d); !ok && err == nil {
			err = fmt.Errorf("confluent: the failed edge %d-%d->%d has no detour", v, d, hypercube.Neighbor(v, d))
		}
		count++
	})
	if err != nil {
		return err
	}
	if count != len(s.Detours) {
		return fmt.Errorf("confluent: %d detours for %d failed edges", len(s.Detours), count)
	}
	for i := range s.Detours {
		u := &s.Detours[i]
		at, slot := u.V, -1
		for _, h := range u.Hops {
			switch {
			case h.From != at:
				return fmt.Errorf("confluent: detour of %d-%d->%d leaves %d, not %d", u.V, u.Dim, u.W(), h.From, at)
			case h.Dim < 1 || int(h.Dim) > f.N || f.FailedDim(h.From, int(h.Dim)):
				return fmt.Errorf("confluent: detour of %d-%d->%d crosses %d-%d->, failed or not in Q_%d", u.V, u.Dim, u.W(), h.From, h.Dim, f.N)
			case int(h.Slot) <= slot || int(h.Slot) >= s.D:
				return fmt.Errorf("confluent: detour of %d-%d->%d: sub-step %d after %d, dilation %d", u.V, u.Dim, u.W(), h.Slot, slot, s.D)
			}
			at, slot = h.To(), int(h.Slot)
		}
		if at != u.W() || u.Hops[0].Slot != 0 || !f.FailedDim(u.V, int(u.Dim)) {
			return fmt.Errorf("confluent: detour of %d-%d->%d ends at %d, starts in sub-step %d", u.V, u.Dim, u.W(), at, u.Hops[0].Slot)
		}
	}
	return nil
}

// EdgeConfluent reports two detours of s that cross an edge in the same
// sub-step but differ both before and after it, or nil: s is
// edge-confluent (thesis Ch. III.2, definition (2)).
func (s *System) EdgeConfluent() error {
	i, j, h := s.conflict(true)
	if i < 0 {
		return nil
	}
	u, w := &s.Detours[i], &s.Detours[j]
	return fmt.Errorf("confluent: not edge-confluent: the detours of %d-%d-> and %d-%d-> cross %d-%d-> in sub-step %d and differ before and after",
		u.V, u.Dim, w.V, w.Dim, h.From, h.Dim, h.Slot)
}

// NodeConfluent reports two detours of s that leave a node in the same
// sub-step but differ both before and after it, or nil: s is
// node-confluent (thesis Ch. III.2, definition (1)).
func (s *System) NodeConfluent() error {
	i, j, h := s.conflict(false)
	if i < 0 {
		return nil
	}
	u, w := &s.Detours[i], &s.Detours[j]
	return fmt.Errorf("confluent: not node-confluent: the detours of %d-%d-> and %d-%d-> leave %d in sub-step %d and differ before and after",
		u.V, u.Dim, w.V, w.Dim, h.From, h.Slot)
}

// conflict returns the first detour i, in order, with a hop h that an
// earlier detour j also takes in the same sub-step (the same edge if edges,
// else the same node) though the two agree neither before nor after it;
// i = −1 if there is none.
func (s *System) conflict(edges bool) (i, j int, h Hop) {
	x := newHopIndex(s)
	for i := range s.Detours {
		u := &s.Detours[i]
		for _, h := range u.Hops {
			for _, e := range x.leaving(h.From) {
				j := int(e / 3)
				if j >= i {
					break
				}
				w := &s.Detours[j]
				if g := w.Hops[e%3]; g.Slot != h.Slot || edges && g.Dim != h.Dim {
					continue
				}
				if edges && !edgeAgree(u, w, int(h.Slot)) || !edges && !nodeAgree(u, w, int(h.Slot)) {
					return i, j, h
				}
			}
		}
	}
	return -1, -1, Hop{}
}

// edgeAgree reports whether detours a and b cross the same edges in the
// same sub-steps up to sub-step f, or from f on (ψ_i equal for i ≤ f or for
// i ≥ f).
func edgeAgree(a, b *Detour, f int) bool {
	return same(a, b, f, false, true) || same(a, b, f, true, true)
}

// nodeAgree reports whether detours a and b visit the same nodes at the
// same sub-steps up to sub-step f, or from f on (φ_i equal for i ≤ f or for
// i ≥ f); both end at their edge's end in sub-step D.
func nodeAgree(a, b *Detour, f int) bool {
	return same(a, b, f, false, false) || same(a, b, f, true, false) && a.W() == b.W()
}

// same reports whether the hops of a and b in sub-steps up to f (from f on
// if after) leave the same nodes in the same sub-steps, and, if edges, in
// the same dimensions.
func same(a, b *Detour, f int, after, edges bool) bool {
	key := func(h Hop) Hop {
		if !edges {
			h.Dim = 0
		}
		return h
	}
	in := func(h Hop) bool { return int(h.Slot) <= f != after || int(h.Slot) == f }
	var ka, kb [3]Hop
	na, nb := 0, 0
	for k := range 3 {
		if in(a.Hops[k]) {
			ka[na] = key(a.Hops[k])
			na++
		}
		if in(b.Hops[k]) {
			kb[nb] = key(b.Hops[k])
			nb++
		}
	}
	return na == nb && ka == kb
}

package confluent

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// Hop is a detour's edge from node From in dimension Dim, crossed in
// sub-step Slot of a round.
type Hop struct {
	From uint32
	Dim  uint8
	Slot uint8
}

// To is the node the hop goes to.
func (h Hop) To() uint32 { return hypercube.Neighbor(h.From, int(h.Dim)) }

// Detour is the detour of the failed edge from V in dimension Dim.
type Detour struct {
	V    uint32
	Dim  uint8
	Hops [3]Hop
}

// W is the end of the failed edge, where the detour ends.
func (u Detour) W() uint32 { return hypercube.Neighbor(u.V, int(u.Dim)) }

// System is a detour system with sub-steps on the faulty cube Faults:
// a round has D sub-steps (the dilation).
type System struct {
	Faults  *faults.Set
	D       int
	Detours []Detour // in edge index order
}

// Lookup returns the position in Detours of the detour of the edge from v
// in dimension dim, if it has one.
func (s *System) Lookup(v uint32, dim int) (int, bool) {
	return slices.BinarySearchFunc(s.Detours, uint64(v)<<8|uint64(dim), func(u Detour, key uint64) int {
		return cmp.Compare(uint64(u.V)<<8|uint64(u.Dim), key)
	})
}

// MaxDilation bounds the dilation of the systems built here.
const MaxDilation = 255

// newSystem returns the system of y's detours without sub-steps, or why it
// cannot: y is not complete.
func newSystem(y *faults.System) (*System, error) {
	if !y.Complete() {
		return nil, fmt.Errorf("confluent: a failed edge of %v has no detour", y.Faults)
	}
	s := &System{Faults: y.Faults, D: 1, Detours: make([]Detour, 0, y.Faults.Count())}
	y.Faults.Each(func(v uint32, d int) {
		u, _ := y.Detour(v, d)
		nodes := u.Nodes()
		s.Detours = append(s.Detours, Detour{V: v, Dim: uint8(d), Hops: [3]Hop{
			{From: nodes[0], Dim: uint8(u.I)},
			{From: nodes[1], Dim: uint8(u.D)},
			{From: nodes[2], Dim: uint8(u.I)},
		}})
	})
	return s, nil
}

// Edge returns the edge-confluent system ψ of dilation γ + 2 built from
// the complete γ-conjunct system y (γ its largest middle load), or dilation
// 1 if no edge failed.
func Edge(y *faults.System) (*System, error) {
	s, err := newSystem(y)
	if err != nil || len(s.Detours) == 0 {
		return s, err
	}
	_, gamma := y.Gamma()
	if gamma+2 > MaxDilation {
		return nil, fmt.Errorf("confluent: γ = %d, dilation above %d", gamma, MaxDilation)
	}
	s.D = gamma + 2
	x := newHopIndex(s)
	for i := range s.Detours {
		h := &s.Detours[i].Hops
		// The detours before this one through its middle edge.
		taken := 0
		for _, e := range x.leaving(h[1].From) {
			if j := int(e / 3); j < i && e%3 == 1 && s.Detours[j].Hops[1].Dim == h[1].Dim {
				taken++
			}
		}
		h[0].Slot, h[1].Slot, h[2].Slot = 0, uint8(taken+1), uint8(gamma+1)
	}
	return s, nil
}

// Node returns a node-confluent system built from the complete system y:
// every detour leaves its start in sub-step 0 and takes, in edge index
// order, the smallest sub-steps 0 < f1 < f2 (f1 first) for its other two
// nodes that keep the detours so far node-confluent; the dilation is the
// largest f2 + 1 (1 if no edge failed).
func Node(y *faults.System) (*System, error) {
	s, err := newSystem(y)
	if err != nil {
		return nil, err
	}
	x := newHopIndex(s)
	for i := range s.Detours {
		if !s.placeFirst(&x, i) {
			u := &s.Detours[i]
			return nil, fmt.Errorf("confluent: no node-confluent sub-steps below %d for the edge %d-%d->%d", MaxDilation, u.V, u.Dim, u.W())
		}
		s.D = max(s.D, int(s.Detours[i].Hops[2].Slot)+1)
	}
	return s, nil
}

// placeFirst gives detour i the first sub-steps f1 < f2 below MaxDilation,
// in the order (f1, f2), with which both its inner hops fit (fits), and
// reports whether there are any. Its second hop fits in sub-step f1 iff the
// detours leaving its node then agree with it up to f1, whatever f2: to
// agree from f1 on, a detour would leave that node and the next by its
// second and third hops towards the same end, in the dimensions of this
// one, so start where it does, the same failed edge. For each f1 one pass
// over the hops leaving its third node finds the f2 its last hop does not
// fit with: a detour leaving there in sub-step f2 that agrees with it
// neither up to f2 nor from f2 on.
func (s *System) placeFirst(x *hopIndex, i int) bool {
	u := &s.Detours[i]
	var blocked [MaxDilation/64 + 1]uint64
	for f1 := 1; f1 < MaxDilation-1; f1++ {
		// Up to f1 the detour is the same for every f2 > f1.
		u.Hops[1].Slot, u.Hops[2].Slot = uint8(f1), uint8(f1+1)
		if !s.agreeBefore(x, i, 1) {
			continue
		}
		clear(blocked[:])
		for _, e := range x.leaving(u.Hops[2].From) {
			w := &s.Detours[e/3]
			if f2 := w.Hops[e%3].Slot; int(f2) > f1 {
				u.Hops[2].Slot = f2
				if !nodeAgree(u, w, int(f2)) {
					blocked[f2>>6] |= 1 << (f2 & 63)
				}
			}
		}
		for f2 := f1 + 1; f2 < MaxDilation; f2++ {
			if blocked[f2>>6]>>(f2&63)&1 == 0 {
				u.Hops[2].Slot = uint8(f2)
				return true
			}
		}
	}
	return false
}

// agreeBefore reports whether every detour placed that leaves the node of
// hop h of detour i in its sub-step agrees with it up to that sub-step.
func (s *System) agreeBefore(x *hopIndex, i, h int) bool {
	u := &s.Detours[i]
	slot := u.Hops[h].Slot
	for _, e := range x.leaving(u.Hops[h].From) {
		if w := &s.Detours[e/3]; w.Hops[e%3].Slot == slot && !same(u, w, int(slot), false, false) {
			return false
		}
	}
	return true
}

// fits reports whether hop h (1 or 2) of detour i may leave its node in its
// sub-step: every detour placed (one whose inner hops have sub-steps, above
// 0) that leaves that node then agrees with it before or after (as it does
// with itself).
func (s *System) fits(x *hopIndex, i, h int) bool {
	u := &s.Detours[i]
	slot := u.Hops[h].Slot
	for _, e := range x.leaving(u.Hops[h].From) {
		if w := &s.Detours[e/3]; w.Hops[e%3].Slot == slot && !nodeAgree(u, w, int(slot)) {
			return false
		}
	}
	return true
}

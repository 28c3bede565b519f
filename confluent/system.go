package confluent

import (
	"fmt"

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
	Detours []Detour       // in edge index order
	index   map[uint32]int // edge index → position in Detours
}

// Lookup returns the position in Detours of the detour of the edge from v
// in dimension dim, if it has one.
func (s *System) Lookup(v uint32, dim int) (int, bool) {
	i, ok := s.index[v*uint32(s.Faults.N)+uint32(dim-1)]
	return i, ok
}

// MaxDilation bounds the dilation of the systems built here.
const MaxDilation = 255

// newSystem returns the system of y's detours without sub-steps, or why it
// cannot: y is not complete.
func newSystem(y *faults.System) (*System, error) {
	if !y.Complete() {
		return nil, fmt.Errorf("confluent: a failed edge of %v has no detour", y.Faults)
	}
	s := &System{Faults: y.Faults, D: 1, index: make(map[uint32]int)}
	n := y.Faults.N
	y.Faults.Each(func(v uint32, d int) {
		u, _ := y.Detour(v, d)
		nodes := u.Nodes()
		s.index[v*uint32(n)+uint32(d-1)] = len(s.Detours)
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
	taken := make(map[uint32]uint8) // middle edge index → detours through it so far
	n := uint32(s.Faults.N)
	for i := range s.Detours {
		h := &s.Detours[i].Hops
		mid := h[1].From*n + uint32(h[1].Dim-1)
		taken[mid]++
		h[0].Slot, h[1].Slot, h[2].Slot = 0, taken[mid], uint8(gamma+1)
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
	at := make(map[nodeTime][]int) // (node, sub-step) → detours leaving it then
	for i := range s.Detours {
		u := &s.Detours[i]
		placed := false
		for f1 := 1; f1 < MaxDilation-1 && !placed; f1++ {
			for f2 := f1 + 1; f2 < MaxDilation && !placed; f2++ {
				u.Hops[1].Slot, u.Hops[2].Slot = uint8(f1), uint8(f2)
				placed = s.fits(at, u, 1) && s.fits(at, u, 2)
			}
		}
		if !placed {
			return nil, fmt.Errorf("confluent: no node-confluent sub-steps below %d for the edge %d-%d->%d", MaxDilation, u.V, u.Dim, u.W())
		}
		for _, h := range u.Hops {
			k := nodeTime{h.From, h.Slot}
			at[k] = append(at[k], i)
		}
		s.D = max(s.D, int(u.Hops[2].Slot)+1)
	}
	return s, nil
}

// nodeTime is a node left in a sub-step.
type nodeTime struct {
	node uint32
	slot uint8
}

// fits reports whether hop h of u may leave its node in its sub-step: every
// detour in at leaving that node then agrees with u before or after.
func (s *System) fits(at map[nodeTime][]int, u *Detour, h int) bool {
	for _, j := range at[nodeTime{u.Hops[h].From, u.Hops[h].Slot}] {
		if !nodeAgree(u, &s.Detours[j], int(u.Hops[h].Slot)) {
			return false
		}
	}
	return true
}

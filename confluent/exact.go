package confluent

import (
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/faults"
)

// MinNode returns a node-confluent system of the least dilation built from
// the complete system y, and whether it is proved least. It searches,
// dilation by dilation from NodeLowerBound up to below the dilation of
// Node's greedy system, every assignment of sub-steps 0 < f1 < f2 < D to
// the detours (branch and bound: a detour's sub-steps are tried only if
// they keep the detours placed so far node-confluent). After budget
// partial assignments it gives up and returns the best system found with
// exact false; Node's greedy system if none better.
func MinNode(y *faults.System, budget int) (*System, bool, error) {
	return minNode(y, budget, NodeLowerBound)
}

// minNode is MinNode, searching from the dilation bound(greedy) up.
func minNode(y *faults.System, budget int, bound func(*System) int) (*System, bool, error) {
	greedy, err := Node(y)
	if err != nil || len(greedy.Detours) == 0 {
		return greedy, err == nil, err
	}
	order := searchOrder(greedy)
	for d := bound(greedy); d < greedy.D; d++ {
		s, _ := newSystem(y)
		s.D = d
		x := newHopIndex(s)
		found, left := s.place(&x, order, budget)
		if found {
			return s, true, nil
		}
		if left < 0 {
			return greedy, false, nil
		}
		budget = left
	}
	return greedy, true, nil
}

// place gives sub-steps below s.D to the detours order[0], order[1], …,
// each after the ones before it, keeping the system node-confluent, and
// reports whether it could; the detours not placed keep sub-steps 0. It
// spends one unit of budget per partial assignment tried and returns what
// is left, negative if it ran out.
func (s *System) place(x *hopIndex, order []int, budget int) (bool, int) {
	if len(order) == 0 {
		return true, budget
	}
	i := order[0]
	u := &s.Detours[i]
	for f1 := 1; f1 < s.D-1; f1++ {
		for f2 := f1 + 1; f2 < s.D; f2++ {
			if budget--; budget < 0 {
				return false, budget
			}
			u.Hops[1].Slot, u.Hops[2].Slot = uint8(f1), uint8(f2)
			if !s.fits(x, i, 1) || !s.fits(x, i, 2) {
				continue
			}
			found, left := s.place(x, order[1:], budget)
			if found || left < 0 {
				return found, left
			}
			budget = left
		}
	}
	u.Hops[1].Slot, u.Hops[2].Slot = 0, 0
	return false, budget
}

// searchOrder lists the detours of s busiest first: by how many other
// detours pass one of their inner nodes, ties in edge index order.
func searchOrder(s *System) []int {
	passing := make(map[uint32]int) // node → detours passing it inside
	for _, u := range s.Detours {
		passing[u.Hops[1].From]++
		passing[u.Hops[2].From]++
	}
	busy := make([]int, len(s.Detours))
	order := make([]int, len(s.Detours))
	for i, u := range s.Detours {
		busy[i] = passing[u.Hops[1].From] + passing[u.Hops[2].From]
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return busy[b] - busy[a] })
	return order
}

// NodeLowerBound is a lower bound on the dilation of every node-confluent
// system with the detours of s, whatever their sub-steps. Two detours with
// different starts and different ends agree neither before nor after a
// node, so if both pass it inside they leave it in different sub-steps.
// At every node it takes such a set of pairwise different detours, a of
// them passing as their second node (sub-steps 1 … D−2) and b as their
// third (2 … D−1), which needs a ≤ D−2, b ≤ D−2 and a + b ≤ D−1. The set
// is chosen greedily, so the bound may fall short of the best such bound;
// it is at least 3.
func NodeLowerBound(s *System) int {
	type pass struct{ detour, hop int }
	at := make(map[uint32][]pass)
	for i, u := range s.Detours {
		for h := 1; h <= 2; h++ {
			at[u.Hops[h].From] = append(at[u.Hops[h].From], pass{i, h})
		}
	}
	bound := 3
	for _, passes := range at {
		var set []pass
		for _, p := range passes {
			u := &s.Detours[p.detour]
			if !slices.ContainsFunc(set, func(q pass) bool {
				w := &s.Detours[q.detour]
				return w.V == u.V || w.W() == u.W()
			}) {
				set = append(set, p)
			}
		}
		var a, b int
		for _, p := range set {
			if p.hop == 1 {
				a++
			} else {
				b++
			}
		}
		bound = max(bound, a+2, b+2, a+b+1)
	}
	return bound
}

// String lists the detours of s with their sub-steps, one per line.
func (s *System) String() string {
	out := fmt.Sprintf("dilation %d:", s.D)
	for _, u := range s.Detours {
		out += fmt.Sprintf("\n  %d-%d->%d:", u.V, u.Dim, u.W())
		for _, h := range u.Hops {
			out += fmt.Sprintf(" (%d, %d)", h.From, h.Slot)
		}
		out += fmt.Sprintf(" (%d, %d)", u.W(), s.D)
	}
	return out
}

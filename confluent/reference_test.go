package confluent

import (
	"math/rand/v2"
	"testing"

	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/faults"
)

// referenceNode is Node as first written, with the detours placed so far
// kept in a map by (node, sub-step): the reference for the indexed search.
func referenceNode(y *faults.System) (*System, error) {
	s, err := newSystem(y)
	if err != nil {
		return nil, err
	}
	type nodeTime struct {
		node uint32
		slot uint8
	}
	at := make(map[nodeTime][]int)
	fits := func(u *Detour, h int) bool {
		for _, j := range at[nodeTime{u.Hops[h].From, u.Hops[h].Slot}] {
			if !nodeAgree(u, &s.Detours[j], int(u.Hops[h].Slot)) {
				return false
			}
		}
		return true
	}
	for i := range s.Detours {
		u := &s.Detours[i]
		placed := false
		for f1 := 1; f1 < MaxDilation-1 && !placed; f1++ {
			for f2 := f1 + 1; f2 < MaxDilation && !placed; f2++ {
				u.Hops[1].Slot, u.Hops[2].Slot = uint8(f1), uint8(f2)
				placed = fits(u, 1) && fits(u, 2)
			}
		}
		for _, h := range u.Hops {
			k := nodeTime{h.From, h.Slot}
			at[k] = append(at[k], i)
		}
		s.D = max(s.D, int(u.Hops[2].Slot)+1)
	}
	return s, nil
}

// referenceEdge is Edge as first written: a map counts the detours through
// each middle edge so far.
func referenceEdge(y *faults.System) *System {
	s, _ := newSystem(y)
	_, gamma := y.Gamma()
	s.D = gamma + 2
	taken := make(map[uint32]uint8)
	for i := range s.Detours {
		h := &s.Detours[i].Hops
		mid := h[1].From*uint32(s.Faults.N) + uint32(h[1].Dim-1)
		taken[mid]++
		h[0].Slot, h[1].Slot, h[2].Slot = 0, taken[mid], uint8(gamma+1)
	}
	return s
}

// TestReferenceSystems builds φ and ψ on random complete systems of Q_3 …
// Q_9 from every strategy, q up to 0.15: the same sub-steps and dilation as
// the reference constructions, and Lookup finds every detour where it is.
func TestReferenceSystems(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 2))
	built := 0
	for trial := range 300 {
		n := 3 + trial%7
		f, _ := faults.New(n)
		if err := f.Random(0.15*rng.Float64(), rng); err != nil {
			t.Fatal(err)
		}
		strategy, _ := detours.Lookup([]string{"random", "heuristic", "optimal"}[trial%3])
		y := faults.NewSystem(f)
		if !strategy.Choose(y, rng) || f.Count() == 0 {
			continue
		}
		built++
		phi, err := Node(y)
		if err != nil {
			t.Fatal(err)
		}
		ref, _ := referenceNode(y)
		psi, err := Edge(y)
		if err != nil {
			t.Fatal(err)
		}
		refEdge := referenceEdge(y)
		if phi.D != ref.D || psi.D != refEdge.D {
			t.Fatalf("%v: dilation φ %d, ψ %d; reference %d, %d", f, phi.D, psi.D, ref.D, refEdge.D)
		}
		for i := range phi.Detours {
			if phi.Detours[i] != ref.Detours[i] || psi.Detours[i] != refEdge.Detours[i] {
				t.Fatalf("%v: detour %d: φ %+v, ψ %+v; reference %+v, %+v", f, i, phi.Detours[i], psi.Detours[i], ref.Detours[i], refEdge.Detours[i])
			}
			u := phi.Detours[i]
			if j, ok := phi.Lookup(u.V, int(u.Dim)); !ok || j != i {
				t.Fatalf("%v: Lookup(%d, %d) = %d, %v; want %d", f, u.V, u.Dim, j, ok, i)
			}
		}
		if _, ok := phi.Lookup(0, n+1); ok {
			t.Fatalf("Lookup found a detour in dimension %d of Q_%d", n+1, n)
		}
	}
	if built < 150 {
		t.Errorf("only %d systems built", built)
	}
}

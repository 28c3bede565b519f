package confluent

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/detours"

	"github.com/hyperroute/hyperroute/faults"
)

// randomDetours chooses a uniformly random intact detour for every failed
// edge.
var randomDetours, _ = detours.Lookup("random")

// figure3 is the thesis' 3-conjunct system on Q_4 (Ch. III.1, Fig. 3): the
// failed edges 0→2, 5→7, 9→11 all detour over the middle edge 1→3.
func figure3(t *testing.T) *faults.System {
	f, _ := faults.New(4)
	y := faults.NewSystem(f)
	for _, c := range []struct {
		v uint32
		i int
	}{{0, 1}, {9, 4}, {5, 3}} {
		f.Fail(c.v, 2)
		y.Choose(c.v, 2, c.i)
	}
	if err := y.Check(3); err != nil {
		t.Fatal(err)
	}
	return y
}

// TestEdgeFigure builds ψ from Fig. 3: dilation γ + 2 = 5, the three
// detours cross the middle edge in sub-steps 1, 2, 3 (edge index order:
// 0→2, 5→7, 9→11) and their last edges in sub-step 4. ψ is edge-confluent
// but not node-confluent: all three leave node 3 in sub-step 4 towards
// different ends.
func TestEdgeFigure(t *testing.T) {
	s, err := Edge(figure3(t))
	if err != nil {
		t.Fatal(err)
	}
	if s.D != 5 {
		t.Errorf("dilation %d, want 5", s.D)
	}
	for j, v := range []uint32{0, 5, 9} {
		i, ok := s.Lookup(v, 2)
		u := s.Detours[i]
		if !ok || u.Hops[0].Slot != 0 || int(u.Hops[1].Slot) != j+1 || u.Hops[2].Slot != 4 || u.Hops[1].From != 1 {
			t.Errorf("detour of %d-2->: %+v, %v; want middle edge 1→3 in sub-step %d", v, u, ok, j+1)
		}
	}
	mustPass(t, s, true)
	if err := s.NodeConfluent(); err == nil || !strings.Contains(err.Error(), "leave 3 in sub-step 4") {
		t.Errorf("ψ of Fig. 3 node-confluent: %v", err)
	}
}

// TestNodeFigure builds φ from Fig. 3 greedily: the three detours leave 1
// (the middle edge's start) in sub-steps 1, 2, 3 and 3 in 2, 3, 4 (each
// after its middle edge, none shared): dilation 5.
func TestNodeFigure(t *testing.T) {
	s, err := Node(figure3(t))
	if err != nil {
		t.Fatal(err)
	}
	mustPass(t, s, false)
	if s.D != 5 {
		t.Errorf("dilation %d, want 5", s.D)
	}
	for j, v := range []uint32{0, 5, 9} {
		i, _ := s.Lookup(v, 2)
		u := s.Detours[i]
		if int(u.Hops[1].Slot) != j+1 || int(u.Hops[2].Slot) != j+2 {
			t.Errorf("detour of %d-2->: sub-steps %d, %d; want %d, %d", v, u.Hops[1].Slot, u.Hops[2].Slot, j+1, j+2)
		}
	}
}

// mustPass runs the checkers on s: a detour system, edge- or
// node-confluent.
func mustPass(t *testing.T, s *System, edge bool) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	check := s.NodeConfluent
	if edge {
		check = s.EdgeConfluent
	}
	if err := check(); err != nil {
		t.Fatal(err)
	}
}

// TestCheckersReject breaks valid systems one way each: every checker
// must notice.
func TestCheckersReject(t *testing.T) {
	for name, c := range map[string]struct {
		build  func(*faults.System) (*System, error)
		mutate func(s *System)
		check  func(s *System) error
	}{
		"middle edges in one sub-step": {Edge, func(s *System) { s.Detours[1].Hops[1].Slot = 1 }, (*System).EdgeConfluent},
		"first edge late":              {Edge, func(s *System) { s.Detours[0].Hops[0].Slot = 1; s.Detours[0].Hops[1].Slot = 2 }, (*System).Check},
		"sub-step beyond dilation":     {Edge, func(s *System) { s.D = 4 }, (*System).Check},
		"sub-steps not rising":         {Node, func(s *System) { s.Detours[2].Hops[2].Slot = 3 }, (*System).Check},
		"wrong end":                    {Node, func(s *System) { s.Detours[0].Hops[2].Dim = 3 }, (*System).Check},
		"over a failed edge":           {Edge, func(s *System) { s.Faults.Fail(1, 2) }, (*System).Check},
		"missing detour":               {Edge, func(s *System) { s.Faults.Fail(12, 1) }, (*System).Check},
		"nodes in one sub-step":        {Node, func(s *System) { s.Detours[1].Hops[1].Slot = 1 }, (*System).NodeConfluent},
		"last hops from one node":      {Node, func(s *System) { s.Detours[1].Hops[2].Slot = 2; s.Detours[1].Hops[1].Slot = 1 }, (*System).NodeConfluent},
	} {
		s, err := c.build(figure3(t))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("%s: before: %v", name, err)
		}
		c.mutate(s)
		if err := c.check(s); err == nil {
			t.Errorf("%s: passes", name)
		}
	}
}

// TestRandomSystems builds ψ and φ from random complete systems on Q_3 …
// Q_6 with up to a tenth of the edges failed: both pass their checkers,
// ψ has dilation γ + 2, and φ's dilation is at least 3.
func TestRandomSystems(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 3))
	built := 0
	for trial := range 400 {
		n := 3 + trial%4
		f, _ := faults.New(n)
		if err := f.Random(0.1*rng.Float64(), rng); err != nil {
			t.Fatal(err)
		}
		y := faults.NewSystem(f)
		ok := randomDetours.Choose(y, rng)
		if !ok || f.Count() == 0 {
			continue
		}
		built++
		_, gamma := y.Gamma()
		psi, err := Edge(y)
		if err != nil {
			t.Fatal(err)
		}
		mustPass(t, psi, true)
		phi, err := Node(y)
		if err != nil {
			t.Fatal(err)
		}
		mustPass(t, phi, false)
		if psi.D != gamma+2 || phi.D < 3 {
			t.Fatalf("%v: ψ dilation %d, γ = %d; φ dilation %d", f, psi.D, gamma, phi.D)
		}
	}
	if built < 200 {
		t.Errorf("only %d systems built", built)
	}
}

package confluent

import (
	"math/rand/v2"
	"testing"

	"github.com/hyperroute/hyperroute/faults"
)

// bruteMin is the least dilation D ≤ limit of a node-confluent system with
// the detours of y, 0 if none: for D = 3, 4, … it tries the sub-steps
// 0 < f1 < f2 < D of each detour in turn, asking the checkers Check and
// NodeConfluent, and drops a choice as soon as the detours so far are not
// node-confluent (a pairwise property, which no later choice repairs).
func bruteMin(t *testing.T, y *faults.System, limit int) int {
	t.Helper()
	s, err := newSystem(y)
	if err != nil {
		t.Fatal(err)
	}
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(s.Detours) {
			return s.Check() == nil && s.NodeConfluent() == nil
		}
		prefix := &System{Faults: s.Faults, D: s.D, Detours: s.Detours[:k+1]}
		for f1 := 1; f1 < s.D-1; f1++ {
			for f2 := f1 + 1; f2 < s.D; f2++ {
				s.Detours[k].Hops[1].Slot, s.Detours[k].Hops[2].Slot = uint8(f1), uint8(f2)
				if prefix.NodeConfluent() == nil && try(k+1) {
					return true
				}
			}
		}
		return false
	}
	for s.D = 3; s.D <= limit; s.D++ {
		if try(0) {
			return s.D
		}
	}
	return 0
}

// TestMinNodeBrute checks MinNode against brute force: on the thesis'
// Fig. 3 system, on Hub(3) about both centres (greedy 7 and 8, least 7)
// and on random complete systems on Q_3 with at most four failed edges.
// Each result is node-confluent, proved least, and its dilation is the
// brute-force minimum. So is the search's from dilation 3 up instead of
// NodeLowerBound (which is tight on all of these), so that it must also
// prove dilations infeasible.
func TestMinNodeBrute(t *testing.T) {
	systems := []*faults.System{figure3(t)}
	for _, c := range []uint32{0, 7} {
		y, err := Hub(3, c)
		if err != nil {
			t.Fatal(err)
		}
		systems = append(systems, y)
	}
	rng := rand.New(rand.NewPCG(23, 7))
	for len(systems) < 40 {
		f, _ := faults.New(3)
		if err := f.Exactly(1+rng.IntN(4), rng); err != nil {
			t.Fatal(err)
		}
		y := faults.NewSystem(f)
		if randomDetours.Choose(y, rng) {
			systems = append(systems, y)
		}
	}
	for _, y := range systems {
		s, exact, err := MinNode(y, 1<<20)
		if err != nil || !exact {
			t.Fatalf("%v: exact %v, %v", y.Faults, exact, err)
		}
		mustPass(t, s, false)
		want := bruteMin(t, y, s.D)
		if s.D != want {
			t.Errorf("%v: MinNode dilation %d, brute force %d\n%v", y.Faults, s.D, want, s)
		}
		s3, exact, err := minNode(y, 1<<20, func(*System) int { return 3 })
		if err != nil || !exact || s3.D != want {
			t.Errorf("%v: from 3 up: dilation %d (exact %v, %v), brute force %d", y.Faults, s3.D, exact, err, want)
		}
		mustPass(t, s3, false)
		if lb := NodeLowerBound(s); lb > s.D {
			t.Errorf("%v: lower bound %d above the least dilation %d", y.Faults, lb, s.D)
		}
	}
}

// TestMinNodeBudget: a search cut short says so and returns a valid
// system, Node's greedy one.
func TestMinNodeBudget(t *testing.T) {
	y, err := Hub(4, 15)
	if err != nil {
		t.Fatal(err)
	}
	s, exact, err := MinNode(y, 3)
	if err != nil || exact {
		t.Fatalf("budget 3: exact %v, %v", exact, err)
	}
	mustPass(t, s, false)
	if g, _ := Node(y); s.D != g.D {
		t.Errorf("budget 3: dilation %d, greedy %d", s.D, g.D)
	}
}

// TestHub checks the Fig. 7 family for n = 3 … 8 about nodes 0 and
// 2^n − 1: complete and 1-conjunct by faults' own γ, with least
// node-confluent dilation 2n + 1 (proved by MinNode, met by the lower
// bound), which the greedy Node misses by one about 2^n − 1. Hub rejects
// n outside 3 … MaxHub.
func TestHub(t *testing.T) {
	for n := 3; n <= 8; n++ {
		for _, c := range []uint32{0, 1<<n - 1} {
			y, err := Hub(n, c)
			if err != nil {
				t.Fatal(err)
			}
			if _, gamma := y.Gamma(); !y.Complete() || gamma != 1 || y.Faults.Count() != 2*n || y.Check(1) != nil {
				t.Fatalf("Hub(%d, %d): complete %v, γ = %d, %d failed, %v", n, c, y.Complete(), gamma, y.Faults.Count(), y.Check(1))
			}
			s, exact, err := MinNode(y, 1<<20)
			if err != nil || !exact || s.D != 2*n+1 || NodeLowerBound(s) != 2*n+1 {
				t.Fatalf("Hub(%d, %d): least dilation %d (exact %v, %v), bound %d; want 2n+1", n, c, s.D, exact, err, NodeLowerBound(s))
			}
			mustPass(t, s, false)
			g, _ := Node(y)
			if want := 2*n + 1 + int(c&1); g.D != want {
				t.Errorf("Hub(%d, %d): greedy dilation %d, want %d", n, c, g.D, want)
			}
		}
	}
	for _, n := range []int{2, MaxHub + 1} {
		if _, err := Hub(n, 0); err == nil {
			t.Errorf("Hub(%d) accepted", n)
		}
	}
	rows, err := HubDilations(6, 1<<20)
	if err != nil || len(rows) != 4 {
		t.Fatalf("HubDilations(6): %d rows, %v", len(rows), err)
	}
	for i, r := range rows {
		n := i + 3
		if r != (Dilations{N: n, Gamma: 1, Least: 2*n + 1, Bound: 2*n + 1, Zero: 2*n + 1, Ones: 2*n + 2, Edge: 3}) {
			t.Errorf("HubDilations at n = %d: %+v", n, r)
		}
	}
}

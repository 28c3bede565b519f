package lossest

import (
	"math"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

// TestSolveQ: for Valiant's routing the root is exact, the closed form
// q = 2(1 − (1 − P)^{1/2n}); for disjoint it lies in the bracket the
// exact bounds give, q where the upper bound reaches the target below q
// where the lower one does, with its interval inside, and an estimate at
// it agrees with the target, at either rse.
func TestSolveQ(t *testing.T) {
	for _, n := range []int{4, 8, 12} {
		r, err := SolveQ(Config{Router: "valiant", N: n, RSE: 0.1, Seed: 1}, 0.01)
		want := 2 * (1 - math.Pow(0.99, 1/float64(2*n)))
		if err != nil || !r.Exact || math.Abs(r.Q-want) > 1e-12*want || r.Lo != r.Q || r.Hi != r.Q || r.Estimates != 0 {
			t.Errorf("valiant n=%d: %+v, %v; want q = %v", n, r, err, want)
		}
	}
	for _, rse := range []float64{0.1, 0.01} {
		c := Config{Router: "disjoint", N: 8, Port: routers.SinglePort, RSE: rse, Seed: 1, Workers: 2}
		r, err := SolveQ(c, 0.01)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := stats.MeanMessageLoss(8, 1, r.BracketLo)
		switch {
		case r.Exact || !(r.BracketLo < r.BracketHi) || math.Abs(hi-0.01) > 1e-9 || lo > 0.01:
			t.Fatalf("rse %v: bracket %v … %v (bounds %v, %v at its low end)", rse, r.BracketLo, r.BracketHi, lo, hi)
		case !(r.BracketLo <= r.Lo && r.Lo <= r.Q && r.Q <= r.Hi && r.Hi <= r.BracketHi) || r.Estimates == 0:
			t.Fatalf("rse %v: root %+v outside its interval or the bracket", rse, r)
		case math.Abs(r.Loss-0.01) > 1.96*r.SE+1e-12:
			t.Fatalf("rse %v: the estimate at the root is %v ± %v", rse, r.Loss, r.SE)
		}
	}
	for _, target := range []float64{0, 1, -0.5, math.NaN()} {
		if _, err := SolveQ(Config{Router: "disjoint", N: 8, RSE: 0.1}, target); err == nil || !strings.Contains(err.Error(), "target") {
			t.Errorf("target %v: %v", target, err)
		}
	}
	if _, err := SolveQ(Config{Router: "adaptive", N: 8, RSE: 0.1}, 0.01); err == nil {
		t.Error("router adaptive: no error")
	}
}

package collectives

import (
	"math"
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// TestEveryRunVerified: every algorithm on every network of up to 64
// nodes, every port model and model, ends with exactly the data its
// operation defines, on random data; copies never go to a node that has
// them where the algorithm is a tree.
func TestEveryRunVerified(t *testing.T) {
	cs := configs(upTo(64))
	if len(cs) < 2000 {
		t.Fatalf("only %d configurations", len(cs))
	}
	for _, c := range cs {
		r := run(t, c)
		if !r.OK {
			t.Errorf("%s: %v", describe(c), r.Err)
		}
		if r.Messages == 0 || r.Hops < int64(r.Messages) || r.Rho < 1 || r.Time <= 0 {
			t.Errorf("%s: %d messages, %d hops, ρ = %d, time %v", describe(c), r.Messages, r.Hops, r.Rho, r.Time)
		}
	}
}

// TestClosedForms: the simulated time equals the closed form to the step,
// wherever there is one, for p = 2 … 64, and on the cube up to Q_10.
func TestClosedForms(t *testing.T) {
	ps := upTo(64)
	ps = append(ps, 128, 256, 512, 1024)
	checked := 0
	for _, c := range configs(ps) {
		want, ref, ok := Closed(c)
		if !ok {
			continue
		}
		if c.P > 64 && (c.Topology != topology.Cube || c.Op == AAS && c.P > 256) {
			continue
		}
		checked++
		r := run(t, c)
		if r.Time != want || !r.OK {
			t.Errorf("%s: time %v, closed form [%s] %v (ok %v %v)", describe(c), r.Time, ref, want, r.OK, r.Err)
		}
	}
	if checked < 1500 {
		t.Fatalf("only %d closed forms checked", checked)
	}
}

// TestNeverBeatsLowerBound: no run of any algorithm takes fewer steps,
// non-combining steps or block-hops than the lower bound.
func TestNeverBeatsLowerBound(t *testing.T) {
	for _, c := range configs(upTo(64)) {
		r := run(t, c)
		b := LowerBound(c)
		if r.Rho < b.Steps || r.Eta < b.Eta || !math.IsNaN(b.Rho) && r.RhoM < b.Rho {
			t.Errorf("%s: ρ = %d, ρ_m = %v, η = %v beat the bound %+v", describe(c), r.Rho, r.RhoM, r.Eta, b)
		}
	}
}

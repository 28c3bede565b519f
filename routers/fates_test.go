package routers

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// TestFatesMatchSimulation draws random instances on faulty cubes and
// checks that a clockless trial (Fates) gives what the step simulation of
// the same instance gives: per message the copies that reached y and z
// (disjoint), and per trial the messages, lost, lost1, moved, hops, dropped
// and held. Disjoint at n = 2 … 6 with every number of pieces, sequential
// and pipelined, full and trimmed routes; valiant and ecube single- and
// all-port; q from 0.02 to 0.4, so that both phases lose copies.
func TestFatesMatchSimulation(t *testing.T) {
	var cfgs []Config
	for n := 2; n <= 6; n++ {
		for _, q := range []float64{0.02, 0.15, 0.4} {
			for m := 1; m <= n; m += max(1, n/3) {
				for _, pipe := range []bool{false, true} {
					for _, trim := range []bool{false, true} {
						cfgs = append(cfgs, Config{Router: "disjoint", N: n, Q: q, Pieces: m, Pipelined: pipe, Trim: trim})
					}
				}
			}
			for _, r := range []string{"valiant", "ecube"} {
				for _, p := range []Port{SinglePort, AllPort} {
					cfgs = append(cfgs, Config{Router: r, Port: p, N: n, Q: q})
				}
			}
		}
	}
	var s, clockless Sim
	measures := []string{"messages", "lost", "lost1", "moved"}
	for _, c := range cfgs {
		c.Pattern, c.Mu, c.Record = "random", 1, recordPackets
		for seed := range uint64(4) {
			name := fmt.Sprintf("%s n=%d q=%v m=%d pipelined=%v trim=%v port=%v seed=%d", c.Router, c.N, c.Q, c.Pieces, c.Pipelined, c.Trim, c.Port, seed)
			sim, err := s.Trial(c, testRand(seed))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			cc := c
			cc.Clockless = true
			got, err := clockless.Trial(cc, testRand(seed))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got.Hops != sim.Hops || got.Dropped != sim.Dropped || got.Held != sim.Held {
				t.Errorf("%s: hops, dropped, held %d %d %d without the clock, %d %d %d simulated", name,
					got.Hops, got.Dropped, got.Held, sim.Hops, sim.Dropped, sim.Held)
			}
			for _, m := range measures {
				i := slices.IndexFunc(Measures, func(x Measure) bool { return x.Name == m })
				a, aok := got.Measured(i)
				b, bok := sim.Measured(i)
				if aok != bok || aok && a != b && !(math.IsNaN(a) && math.IsNaN(b)) {
					t.Errorf("%s: %s %v (%v) without the clock, %v (%v) simulated", name, m, a, aok, b, bok)
				}
			}
			if !slices.Equal(got.Copies, sim.Copies) {
				t.Errorf("%s: copies per message\n%v without the clock,\n%v simulated", name, got.Copies, sim.Copies)
			}
		}
	}
}

// TestFatesRefuse checks that Fates and a clockless configuration refuse
// the routers whose routes are not fixed in advance, and routes over
// detours.
func TestFatesRefuse(t *testing.T) {
	for _, c := range []Config{
		{Router: "adaptive-ecube", Pattern: "random", Mu: 1, N: 3, Q: 0.1},
		{Router: "valiant", Pattern: "random", Mu: 1, N: 3, Q: 0.1, Detours: "heuristic"},
	} {
		if _, err := Fates(&Drawn{}, c); err == nil {
			t.Errorf("%+v: Fates accepted it", c)
		}
		if c.Clockless = true; c.Validate() == nil {
			t.Errorf("%+v: Validate accepted it", c)
		}
		if c.Clockless = false; c.Validate() != nil {
			t.Errorf("%+v: Validate refused it with the clock: %v", c, c.Validate())
		}
	}
}

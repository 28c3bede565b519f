package routers

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestAdaptiveFusedAsGeneral routes the adaptive routers, both reroutes, on
// faulty cubes by the fused step and again by the general step (which
// recording arrival times forces, and which refuses a send over a failed
// edge), from the same instance and random numbers, and checks that both
// give the same T, hops, largest queue, loads per priority, packets held
// and dropped, and measures; and that the cases hold, drop and reroute
// packets.
func TestAdaptiveFusedAsGeneral(t *testing.T) {
	var held, dropped, rerouted int
	for _, router := range []string{"adaptive-ecube", "adaptive-valiant"} {
		for _, how := range Reroutes {
			for n := 3; n <= 10; n++ {
				for k, q := range []float64{0.01, 0.05, 0.2, 0.3, 0.3, 0.3} {
					c := with(Config{Router: router, Pattern: "random", N: n, Mu: 1 + n%3, Q: q}, reroute, how)
					name := fmt.Sprintf("%s %s n=%d q=%v seed %d", router, how, n, q, n+k)
					got, want := routeBoth(t, name, c, uint64(n+k))
					if got.T != want.T || got.Hops != want.Hops || got.MaxQueue != want.MaxQueue || !slices.Equal(got.PrioLoads, want.PrioLoads) ||
						got.Held != want.Held || got.Dropped != want.Dropped {
						t.Fatalf("%s: fused T=%d hops=%d max queue=%d held %d dropped %d; general T=%d hops=%d max queue=%d held %d dropped %d (or loads differ)",
							name, got.T, got.Hops, got.MaxQueue, got.Held, got.Dropped, want.T, want.Hops, want.MaxQueue, want.Held, want.Dropped)
					}
					for i, m := range Measures {
						g, gok := got.Measured(i)
						w, wok := want.Measured(i)
						if gok != wok || gok && g != w {
							t.Fatalf("%s: %s fused %v, general %v", name, m.Name, g, w)
						}
					}
					held, dropped = held+got.Held, dropped+got.Dropped
					rerouted += measuredInt(got, "rerouted")
				}
			}
		}
	}
	if held == 0 || dropped == 0 || rerouted == 0 {
		t.Errorf("%d packets held, %d dropped, %d rerouted: a case of the fused step untried", held, dropped, rerouted)
	}
}

// routeBoth draws c's instance from seed and routes it by the fused step
// and by the general step, each from the same random numbers.
func routeBoth(t *testing.T, name string, c Config, seed uint64) (fused, general *Result) {
	t.Helper()
	var s Sim
	if err := s.Draw(c, testRand(seed)); err != nil {
		t.Fatal(err)
	}
	fused, err := s.Route(c, testRand(seed+1))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	r := s.instances[c.Router].(engine.Router)
	if !s.eng.Fused(r) {
		t.Fatalf("%s: not run by the fused step", name)
	}
	c.Record.Arrivals = true
	general, err = s.Route(c, testRand(seed+1))
	if err != nil {
		t.Fatalf("%s: general: %v", name, err)
	}
	if s.eng.Fused(r) {
		t.Fatalf("%s: recording arrivals, still run by the fused step", name)
	}
	return fused, general
}

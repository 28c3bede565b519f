package routers

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

// opaque hides a router's type from the Engine, so that Run steps it by the
// general step.
type opaque struct{ engine.Router }

// fusedCases are random configurations of e-cube and Valiant up to n = 16,
// the paper profiles' largest cube, most of them small.
func fusedCases() []Config {
	rng := testRand(16)
	var cs []Config
	for range 120 {
		n := 1 + rng.IntN(12)
		if rng.IntN(8) == 0 {
			n = 13 + rng.IntN(4)
		}
		mu := []int{1, 1, 2, 3, 5}[rng.IntN(5)]
		if n > 12 {
			mu = 1
		}
		cs = append(cs, Config{Router: []string{"ecube", "valiant"}[rng.IntN(2)], N: n, Mu: mu,
			Pattern: hypercube.Patterns[rng.IntN(len(hypercube.Patterns))]})
	}
	return cs
}

// TestFusedMatchesReference runs random configurations by the fused step
// and by the literal reference simulator and demands the same arrival time
// for every packet, the same sends in every step, the same T and the same
// largest queue.
func TestFusedMatchesReference(t *testing.T) {
	for i, c := range fusedCases() {
		c.Record = engine.Record{Arrivals: true, Steps: true}
		name := fmt.Sprintf("%d: %s/%s/n=%d/mu=%d", i, c.Router, c.Pattern, c.N, c.Mu)
		var s Sim
		res, err := s.Trial(c, testRand(uint64(i)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !s.eng.Fused(s.instances[c.Router].(engine.Router)) {
			t.Fatalf("%s: not run by the fused step", name)
		}
		if err := sameAsReference(&res.Result, referenceRun(&s.Req, via(&s), SinglePort, engine.Priority)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// TestFusedAsGeneral checks that the fused step routes as the general step
// does: the same T, hops, largest queue and loads per priority, for n up to
// 12 and for n = 15, beyond the node count from which both read ahead.
func TestFusedAsGeneral(t *testing.T) {
	type instance struct {
		n, mu int
		seed  uint64
	}
	var cases []instance
	for n := 1; n <= 12; n++ {
		for _, mu := range []int{1, 2, 5} {
			for seed := range uint64(3) {
				cases = append(cases, instance{n, mu, seed})
			}
		}
	}
	cases = append(cases, instance{15, 1, 0}, instance{15, 2, 1})
	for _, router := range []string{"ecube", "valiant"} {
		for _, pat := range []string{"random", "transpose", "complement"} {
			for _, c := range cases {
				cfg := Config{Router: router, Pattern: pat, N: c.n, Mu: c.mu}
				name := fmt.Sprintf("%s/%s/n=%d/mu=%d/seed=%d", router, pat, c.n, c.mu, c.seed)
				var s Sim
				if err := s.Draw(cfg, testRand(c.seed)); err != nil {
					t.Fatal(err)
				}
				got, err := s.Route(cfg, nil)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				w := s.instances[router].(*waypoints)
				if !s.eng.Fused(w) {
					t.Fatalf("%s: not run by the fused step", name)
				}
				var eng engine.Engine
				want, err := eng.Run(opaque{w}, cfg.Prios())
				if err != nil {
					t.Fatalf("%s: general: %v", name, err)
				}
				if got.T != want.T || got.Hops != want.Hops || got.MaxQueue != want.MaxQueue || !slices.Equal(got.PrioLoads, want.PrioLoads) {
					t.Fatalf("%s: fused T=%d hops=%d max queue=%d loads %v, general T=%d hops=%d max queue=%d loads %v",
						name, got.T, got.Hops, got.MaxQueue, got.PrioLoads, want.T, want.Hops, want.MaxQueue, want.PrioLoads)
				}
			}
		}
	}
}

// TestQueuedAsGeneral checks that the fused step on 2^18 nodes, where it
// queues the packets for distant chunks, routes as the general step does:
// the same T, hops, largest queue, loads per priority, sends per step and
// arrival of every packet.
func TestQueuedAsGeneral(t *testing.T) {
	if testing.Short() {
		t.Skip("routes 2^18 packets six times; skipped with -short")
	}
	for i, c := range []Config{
		{Router: "valiant", Pattern: "random", Mu: 1},
		{Router: "ecube", Pattern: "random", Mu: 1},
		{Router: "ecube", Pattern: "transpose", Mu: 1},
	} {
		c.N = 18
		c.Record = engine.Record{Arrivals: true, Steps: true}
		checkFusedAsGeneral(t, fmt.Sprintf("%s/%s", c.Router, c.Pattern), c, uint64(i))
	}
}

// TestFusedModesAsGeneral checks that the fused step routes all-port, FIFO
// and recorded runs of e-cube and Valiant as the general step does: the
// same T, hops, largest queue, loads per priority, sends per step, and
// arrival and hops of every packet; up to n = 16 all-port, where the fused
// step queues the packets for distant links.
func TestFusedModesAsGeneral(t *testing.T) {
	rng := testRand(35)
	for i := range 150 {
		n := 1 + rng.IntN(11)
		mu := []int{1, 1, 2, 3}[rng.IntN(4)]
		if i%25 == 0 {
			n, mu = 13+rng.IntN(4), 1
		}
		c := Config{Router: []string{"ecube", "valiant"}[rng.IntN(2)], N: n, Mu: mu,
			Pattern: []string{"random", "transpose", "complement"}[rng.IntN(3)],
			Port:    Port(rng.IntN(2)), Queue: []engine.Discipline{engine.Priority, engine.FIFO}[rng.IntN(2)],
			Record: engine.Record{Packets: true, Steps: true}}
		checkFusedAsGeneral(t, fmt.Sprintf("%d: %s/%s/n=%d/mu=%d/%v/%v", i, c.Router, c.Pattern, c.N, c.Mu, c.Port, c.Queue), c, uint64(i))
	}
}

// checkFusedAsGeneral draws c's instance from seed, routes it (which must
// take the fused step) and again by the general step, and checks that both
// give the same T, hops, largest queue, loads per priority, sends per step,
// and arrival and hops of every packet (as far as c records them).
func checkFusedAsGeneral(t *testing.T, name string, c Config, seed uint64) {
	t.Helper()
	var s Sim
	if err := s.Draw(c, testRand(seed)); err != nil {
		t.Fatal(err)
	}
	got, err := s.Route(c, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	r := s.instances[c.Router].(engine.Router)
	if !s.eng.Fused(r) {
		t.Fatalf("%s: not run by the fused step", name)
	}
	eng := engine.Engine{Record: c.Record, Discipline: c.Queue}
	want, err := eng.Run(opaque{r}, c.Prios())
	if err != nil {
		t.Fatalf("%s: general: %v", name, err)
	}
	if got.T != want.T || got.Hops != want.Hops || got.MaxQueue != want.MaxQueue || !slices.Equal(got.PrioLoads, want.PrioLoads) ||
		!slices.Equal(got.Sends, want.Sends) || !slices.Equal(got.Arrival, want.Arrival) || !slices.Equal(got.PacketHops, want.PacketHops) {
		t.Fatalf("%s: fused T=%d hops=%d max queue=%d loads %v; general T=%d hops=%d max queue=%d loads %v (or sends per step, arrivals or hops differ)",
			name, got.T, got.Hops, got.MaxQueue, got.PrioLoads, want.T, want.Hops, want.MaxQueue, want.PrioLoads)
	}
}

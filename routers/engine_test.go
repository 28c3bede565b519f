package routers

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// TestEngineMatchesReference runs the engine's general step and the literal
// reference simulator on the same instances, every port model and
// discipline the reference replays, and demands the same T, arrival step of
// every packet, sends per step and largest queue, plus the conservation
// invariants.
func TestEngineMatchesReference(t *testing.T) {
	type tc struct {
		router, pattern string
		n, mu           int
	}
	var cases []tc
	for n := 1; n <= 10; n++ {
		cases = append(cases, tc{"valiant", "random", n, 1}, tc{"ecube", "transpose", n, 1})
		if n <= 7 {
			cases = append(cases, tc{"ecube", "random", n, 1}, tc{"valiant", "bitrev", n, 1}, tc{"valiant", "random", n, 3}, tc{"ecube", "random", n, 2})
		}
	}
	for _, c := range cases {
		for _, port := range []Port{SinglePort, AllPort} {
			for _, disc := range []engine.Discipline{engine.Priority, engine.FIFO, engine.Farthest} {
				seeds := 3
				if c.n >= 9 {
					seeds = 1
				}
				for seed := range uint64(seeds) {
					name := fmt.Sprintf("%s/%s/n=%d/mu=%d/%v/%v/seed=%d", c.router, c.pattern, c.n, c.mu, port, disc, seed)
					cfg := Config{Router: c.router, Pattern: c.pattern, N: c.n, Mu: c.mu, Port: port, Queue: disc,
						Record: engine.Record{Packets: true, Trace: true, Steps: true}}
					var s Sim
					rng := testRand(seed)
					res, err := s.Trial(cfg, rng)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if err := checkRun(&s.Req, via(&s), port, &res.Result); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if err := sameAsReference(&res.Result, referenceRun(&s.Req, via(&s), port, disc)); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
				}
			}
		}
	}
}

// via is the drawn intermediates, nil for single-phase routers.
func via(s *Sim) []uint32 {
	if len(s.Via) == 0 {
		return nil
	}
	return s.Via
}

// TestRandomDisciplineInvariants checks conservation under the engine.Random
// discipline, which the reference cannot replay.
func TestRandomDisciplineInvariants(t *testing.T) {
	for n := 1; n <= 9; n++ {
		for _, port := range []Port{SinglePort, AllPort} {
			cfg := Config{Router: "valiant", Pattern: "random", N: n, Mu: 2, Port: port, Queue: engine.Random,
				Record: engine.Record{Packets: true, Trace: true}}
			var s Sim
			res, err := s.Trial(cfg, testRand(uint64(n)))
			if err != nil {
				t.Fatal(err)
			}
			if err := checkRun(&s.Req, s.Via, port, &res.Result); err != nil {
				t.Fatalf("n=%d %v: %v", n, port, err)
			}
		}
	}
}

// TestReproducible: the same seed gives the same result, whatever ran before
// on the same Sim.
func TestReproducible(t *testing.T) {
	cfg := Config{Router: "valiant", Pattern: "random", N: 8, Mu: 1, Port: SinglePort, Queue: engine.Random, Record: engine.Record{Packets: true}}
	var s1, s2 Sim
	if _, err := s2.Trial(Config{Router: "ecube", Pattern: "transpose", N: 10, Mu: 2, Port: AllPort}, testRand(9)); err != nil {
		t.Fatal(err)
	}
	a, err1 := s1.Trial(cfg, testRand(42))
	b, err2 := s2.Trial(cfg, testRand(42))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if a.T != b.T || a.Hops != b.Hops || a.MaxQueue != b.MaxQueue || fmt.Sprint(a.Arrival) != fmt.Sprint(b.Arrival) {
		t.Fatalf("same seed, different runs: T %d/%d hops %d/%d", a.T, b.T, a.Hops, b.Hops)
	}
}

// TestIdentity: identity requests take no hop under e-cube, T = 0.
func TestIdentity(t *testing.T) {
	var s Sim
	res, err := s.Trial(Config{Router: "ecube", Pattern: "identity", N: 6, Mu: 2}, testRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if res.T != 0 || res.Hops != 0 {
		t.Fatalf("identity: T = %d, hops = %d, want 0, 0", res.T, res.Hops)
	}
}

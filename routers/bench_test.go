package routers

import (
	"fmt"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// BenchmarkValiant routes random permutations with Valiant single-port. It
// reports packet-hops per second of routing (drawing the instance is not
// timed) and the simulator state per packet: engine buffers ("engine-B/pkt")
// and with the drawn request and intermediates ("total-B/pkt").
func BenchmarkValiant(b *testing.B) {
	for _, n := range []int{10, 14, 18, 20, 24} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if n >= 24 && testing.Short() {
				b.Skip("n=24 needs about 1 GiB and 20 seconds; skipped with -short")
			}
			s := benchRoute(b, Config{Router: "valiant", Pattern: "random", N: n, Mu: 1})
			packets := float64(s.Req.Packets())
			b.ReportMetric(float64(s.eng.StateBytes())/packets, "engine-B/pkt")
			b.ReportMetric(float64(s.StateBytes())/packets, "total-B/pkt")
		})
	}
}

// BenchmarkGeneral routes random permutations with Valiant's routing at
// n = 14 in the configurations that ran on the general step until the
// fused step took them too (engine.Legs.AllPort, FIFO keys, hops from the
// legs): all-port, FIFO, and single-port priority recording every packet's
// arrival and hops. It reports packet-hops per second of routing, and which
// step ran ("fused" 1 or 0).
func BenchmarkGeneral(b *testing.B) {
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"all-port", Config{Port: AllPort}},
		{"fifo", Config{Queue: engine.FIFO}},
		{"recorded", Config{Record: engine.Record{Packets: true}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			cfg := c.cfg
			cfg.Router, cfg.Pattern, cfg.N, cfg.Mu = "valiant", "random", 14, 1
			s := benchRoute(b, cfg)
			fused := 0.0
			if s.eng.Fused(s.instances["valiant"].(engine.Router)) {
				fused = 1
			}
			b.ReportMetric(fused, "fused")
		})
	}
}

// BenchmarkDisjoint routes random permutations with disjoint (n copies per
// message, phases one after the other, no faults). It reports packet-hops
// per second of routing and the simulator state per packet of one phase
// (a butterfly node each): engine buffers, and with the drawn instance and
// the router's per-message state.
func BenchmarkDisjoint(b *testing.B) {
	for _, n := range []int{10, 14, 16, 18, 20} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if n >= 20 && testing.Short() {
				b.Skip("n=20 needs about 1 GiB and a minute; skipped with -short")
			}
			s := benchRoute(b, Config{Router: "disjoint", Pattern: "random", N: n, Mu: 1})
			packets := float64(n << n)
			b.ReportMetric(float64(s.eng.StateBytes())/packets, "engine-B/pkt")
			b.ReportMetric(float64(s.StateBytes()+s.instances["disjoint"].(*disjoint).bf.bytes())/packets, "total-B/pkt")
		})
	}
}

// BenchmarkDisjointPipelined routes random permutations with disjoint,
// phase 2 of a message leaving its intermediate as soon as the copies are
// there (butterfly-tail's pipelined points). It reports packet-hops per
// second of routing.
func BenchmarkDisjointPipelined(b *testing.B) {
	for _, n := range []int{10, 14} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchRoute(b, with(Config{Router: "disjoint", Pattern: "random", N: n, Mu: 1}, pipelined, true))
		})
	}
}

// benchRoute routes trials of cfg until the benchmark has enough, drawing
// each instance untimed, reports the packet-hops per second of routing and
// returns the simulator.
func benchRoute(b *testing.B, cfg Config) *Sim {
	var s Sim
	rng := testRand(1)
	var hops int64
	for b.Loop() {
		b.StopTimer()
		if err := s.Draw(cfg, rng); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		res, err := s.Route(cfg, rng)
		if err != nil {
			b.Fatal(err)
		}
		hops += res.Hops
	}
	b.ReportMetric(float64(hops)/b.Elapsed().Seconds(), "hops/s")
	return &s
}

// BenchmarkFaultAware routes random permutations at n = 14 on a cube whose
// edges fail with probability q with the routers that know the faults:
// adaptive Valiant around each failed edge by a random 3-detour or a
// shortest path (searched once per failed edge met), and safety levels
// (computed once per trial, in the timed part). It reports packet-hops per
// second of routing and allocations per trial.
func BenchmarkFaultAware(b *testing.B) {
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"adaptive-detour", with(Config{Router: "adaptive-valiant"}, reroute, "detour")},
		{"adaptive-shortest", with(Config{Router: "adaptive-valiant"}, reroute, "shortest")},
		{"safety-levels", Config{Router: "safety-levels"}},
	} {
		for _, q := range []float64{0.01, 0.05} {
			b.Run(fmt.Sprintf("%s/q=%v", c.name, q), func(b *testing.B) {
				cfg := c.cfg
				cfg.Pattern, cfg.N, cfg.Mu, cfg.Q = "random", 14, 1, q
				b.ReportAllocs()
				benchRoute(b, cfg)
			})
		}
	}
}

package routers

import (
	"math"
	"math/bits"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestLemmaI4 checks E f(p,v) = 1/2 for every priority p (thesis Lemma I.4 [Schömer 1988])
// at n = 8 under Valiant single-port routing of random permutations: the mean
// over trials of Σ_v f(p,v)/2^n lies within 4.5 standard errors of 1/2 for
// every p, and the per-node mean at node 0 within 5.
func TestLemmaI4(t *testing.T) {
	const n, trials = 8, 400
	nodes := 1 << n
	cfg := Config{Router: "valiant", Pattern: "random", N: n, Mu: 1, Record: engine.Record{Loads: true}}
	var s Sim
	prios := cfg.Prios()
	sum, sumSq := make([]float64, prios), make([]float64, prios)
	node0, node0Sq := make([]float64, prios), make([]float64, prios)
	for trial := range uint64(trials) {
		res, err := s.Trial(cfg, testRand(trial))
		if err != nil {
			t.Fatal(err)
		}
		for p := 1; p < prios; p++ {
			m := float64(res.PrioLoads[p]) / float64(nodes)
			sum[p] += m
			sumSq[p] += m * m
			f := float64(res.Loads[p*nodes])
			node0[p] += f
			node0Sq[p] += f * f
		}
	}
	within := func(s, sq float64) (mean, z float64) {
		mean = s / trials
		se := math.Sqrt((sq/trials - mean*mean) / (trials - 1))
		return mean, math.Abs(mean-0.5) / se
	}
	for p := 1; p < prios; p++ {
		if mean, z := within(sum[p], sumSq[p]); z > 4.5 {
			t.Errorf("p=%d: mean f(p,·) = %.4f, %.1f standard errors from 1/2", p, mean, z)
		}
		if mean, z := within(node0[p], node0Sq[p]); z > 5 {
			t.Errorf("p=%d: mean f(p,0) = %.4f, %.1f standard errors from 1/2", p, mean, z)
		}
	}
}

// TestValiantStructure: priorities strictly increase along every route, each
// packet takes exactly dist(s,y)+dist(y,z) hops, and the f(p,v) table sums to
// the per-priority totals.
func TestValiantStructure(t *testing.T) {
	for _, port := range []Port{SinglePort, AllPort} {
		cfg := Config{Router: "valiant", Pattern: "complement", N: 7, Mu: 2, Port: port,
			Record: engine.Record{Packets: true, Loads: true, Trace: true}}
		var s Sim
		res, err := s.Trial(cfg, testRand(7))
		if err != nil {
			t.Fatal(err)
		}
		lastPrio := make([]uint8, s.Req.Packets())
		for _, snd := range res.Trace {
			if snd.Prio <= lastPrio[snd.Packet] {
				t.Fatalf("packet %d: priority %d after %d", snd.Packet, snd.Prio, lastPrio[snd.Packet])
			}
			lastPrio[snd.Packet] = snd.Prio
			if d := bits.TrailingZeros32(snd.From^snd.To) + 1; int(snd.Prio) != d && int(snd.Prio) != d+cfg.N {
				t.Fatalf("packet %d crosses dimension %d with priority %d", snd.Packet, d, snd.Prio)
			}
		}
		for id := range s.Req.Packets() {
			want := bits.OnesCount32(s.Req.Src(id)^s.Via[id]) + bits.OnesCount32(s.Via[id]^s.Req.Dst[id])
			if int(res.PacketHops[id]) != want {
				t.Fatalf("packet %d: %d hops, route length %d", id, res.PacketHops[id], want)
			}
		}
		for p := range cfg.Prios() {
			var total int64
			for v := range 1 << cfg.N {
				total += int64(res.Loads[p<<cfg.N+v])
			}
			if total != res.PrioLoads[p] {
				t.Fatalf("priority %d: Σ_v f = %d, total %d", p, total, res.PrioLoads[p])
			}
		}
	}
}

// TestPortModels routes the same instances (same requests and
// intermediates) single-port and all-port. All-port can only be faster (thesis
// Bem 1); a search over 34,560 instances (n = 2…9, four patterns, μ = 1, 2, 4,
// both routers, three disciplines, 60 seeds) found none where it is slower.
// This keeps a tenth of that search.
func TestPortModels(t *testing.T) {
	for n := 2; n <= 8; n++ {
		for _, pattern := range []string{"random", "transpose", "bitrev", "complement"} {
			for _, mu := range []int{1, 2} {
				for _, router := range []string{"valiant", "ecube"} {
					for _, disc := range []engine.Discipline{engine.Priority, engine.FIFO, engine.Farthest} {
						for seed := range uint64(6) {
							cfg := Config{Router: router, Pattern: pattern, N: n, Mu: mu, Queue: disc}
							var s Sim
							rng := testRand(seed)
							if err := s.Draw(cfg, rng); err != nil {
								t.Fatal(err)
							}
							single, err := s.Route(cfg, rng)
							if err != nil {
								t.Fatal(err)
							}
							cfg.Port = AllPort
							all, err := s.Route(cfg, rng)
							if err != nil {
								t.Fatal(err)
							}
							if all.T > single.T {
								t.Errorf("%s %s n=%d mu=%d %v seed=%d: all-port T=%d > single-port T=%d",
									router, pattern, n, mu, disc, seed, all.T, single.T)
							}
						}
					}
				}
			}
		}
	}
}

// TestTransposeFunnel: under greedy e-cube every transpose packet from
// (a, b) (high half a, low half b) passes the diagonal node (a, a), so
// 2^{n/2}−1 packets leave each diagonal node and single-port T ≥ 2^{n/2}−1;
// Valiant stays linear in n and beats it from n = 10 on.
func TestTransposeFunnel(t *testing.T) {
	var s Sim
	for n := 4; n <= 12; n += 2 {
		greedy, err := s.Trial(Config{Router: "ecube", Pattern: "transpose", N: n, Mu: 1}, testRand(1))
		if err != nil {
			t.Fatal(err)
		}
		if lower := 1<<(n/2) - 1; greedy.T < lower {
			t.Errorf("n=%d: greedy e-cube transpose T = %d below the funnel bound %d", n, greedy.T, lower)
		}
		valiant, err := s.Trial(Config{Router: "valiant", Pattern: "transpose", N: n, Mu: 1}, testRand(1))
		if err != nil {
			t.Fatal(err)
		}
		if n >= 10 && valiant.T >= greedy.T {
			t.Errorf("n=%d: Valiant T = %d not below greedy T = %d", n, valiant.T, greedy.T)
		}
		if valiant.T > 4*n {
			t.Errorf("n=%d: Valiant T = %d above 4n", n, valiant.T)
		}
	}
}

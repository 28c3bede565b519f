package routers

import (
	"math"
	"math/bits"
	"testing"
)

// TestLemmaI4 checks E f(p,v) = 1/2 for every priority p (thesis Lemma I.4)
// at n = 8 under Valiant single-port routing of random permutations: the mean
// over trials of Σ_v f(p,v)/2^n lies within 4.5 standard errors of 1/2 for
// every p, and the per-node mean at node 0 within 5.
func TestLemmaI4(t *testing.T) {
	const n, trials = 8, 400
	nodes := 1 << n
	cfg := Config{Router: "valiant", Pattern: "random", N: n, Mu: 1, Record: Record{Loads: true}}
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
			Record: Record{Packets: true, Loads: true, Trace: true}}
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

// TestPortModels routes the same instances (same intermediates) single-port
// and all-port. All-port can only be faster on these instances (thesis Bem 1).
func TestPortModels(t *testing.T) {
	slower := 0
	for n := 2; n <= 10; n++ {
		for seed := range uint64(20) {
			cfg := Config{Router: "valiant", Pattern: "random", N: n, Mu: 1}
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
				slower++
				t.Logf("n=%d seed=%d: all-port T=%d > single-port T=%d", n, seed, all.T, single.T)
			}
		}
	}
	if slower > 0 {
		t.Errorf("all-port slower than single-port on %d instances", slower)
	}
}

package delayseq_test

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// traced runs one trial of cfg recorded with loads and trace.
func traced(t *testing.T, s *routers.Sim, cfg routers.Config, seed uint64) *engine.Result {
	t.Helper()
	cfg.Record = engine.Record{Loads: true, Trace: true}
	res, err := s.Trial(cfg, testRand(seed))
	if err != nil {
		t.Fatal(err)
	}
	return &res.Result
}

// TestCritical extracts the critical delay sequence of every
// run of single-port priority routing — Valiant at n = 2…10 and greedy
// e-cube, four request patterns, μ = 1, 2, 4, many seeds — and checks it
// with Check (shape, times, the proof's invariant and counting steps, and
// T ≤ Σ f(p_i,v_i) of Lemma I.1), and checks that each move crosses the
// dimension of its priority, so that D is one of the sequences Lemma I.3
// counts. On each run Σ_π h(π) = Σ_i f(p_i,v_i) for
// the extracted and (Valiant) for the canonical fixed sequence, and
// Σ x ≤ Σ h.
func TestCritical(t *testing.T) {
	trials := map[int]uint64{2: 40, 3: 40, 4: 30, 5: 15, 6: 10, 8: 4, 10: 2}
	type point struct {
		router string
		n      int
	}
	var points []point
	for _, n := range []int{2, 3, 4, 5, 6, 8, 10} {
		points = append(points, point{"valiant", n})
	}
	for _, n := range []int{3, 6} {
		points = append(points, point{"ecube", n})
	}
	var s routers.Sim
	runs, moves := 0, 0
	for _, pt := range points {
		for _, pattern := range []string{"random", "transpose", "bitrev", "complement"} {
			for _, mu := range []int{1, 2, 4} {
				cfg := routers.Config{Router: pt.router, N: pt.n, Pattern: pattern, Mu: mu}
				seqs := func(d delayseq.Seq) []delayseq.Seq { return []delayseq.Seq{d} }
				if pt.router == "valiant" {
					seqs = func(d delayseq.Seq) []delayseq.Seq { return []delayseq.Seq{d, delayseq.Canonical(pt.n)} }
				}
				for seed := range trials[pt.n] {
					res := traced(t, &s, cfg, seed)
					name := fmt.Sprintf("%s n=%d %s mu=%d seed=%d (T=%d)", pt.router, pt.n, pattern, mu, seed, res.T)
					d, err := delayseq.Critical(res, pt.n)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if err := d.Check(res); err != nil {
						t.Fatalf("%s: D = %v: %v", name, d, err)
					}
					for _, seq := range seqs(d) {
						x, h := delayseq.SumXH(res, seq)
						if load := seq.Load(res); h != load || x > h {
							t.Fatalf("%s: D = %v: Σx = %d, Σh = %d, Σ f(p_i,v_i) = %d", name, seq, x, h, load)
						}
					}
					for i := 1; i < len(d); i++ {
						if d[i].Node == d[i-1].Node {
							continue
						}
						moves++
						// Lemma I.3 counts sequences whose moves cross
						// dimension d(p_{i−1}) = p_{i−1} mod n.
						dim := (int(d[i-1].Prio)-1)%pt.n + 1
						if d[i].Node^d[i-1].Node != 1<<(dim-1) {
							t.Fatalf("%s: D = %v: step %d does not cross dimension %d", name, d, i+1, dim)
						}
					}
					runs++
				}
			}
		}
	}
	if moves == 0 {
		t.Errorf("no step of %d extracted sequences moves between nodes", runs)
	}
}

// TestCriticalEnd routes one packet 0 → 1 → 0 on Q_1 (Valiant
// with intermediate 1): T = 2, and node 1, which sent the last packet,
// never sends a packet of priority < 2, but received one from node 0. The
// sequence must continue there: stopping at node 1 (the stop rule of the
// thesis' closing remark) would give Σ f = 1 < T.
func TestCriticalEnd(t *testing.T) {
	cfg := routers.Config{Router: "valiant", N: 1, Pattern: "identity", Mu: 1, Record: engine.Record{Loads: true, Trace: true}}
	s := routers.Sim{Drawn: routers.Drawn{Req: hypercube.Request{N: 1, Mu: 1, Dst: []uint32{0, 1}}, Via: []uint32{1, 1}}}
	res, err := s.Route(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := delayseq.Critical(&res.Result, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := delayseq.Seq{{Node: 0, Prio: 1, T: 0}, {Node: 1, Prio: 2, T: 1}}
	if res.T != 2 || !slices.Equal(d, want) {
		t.Fatalf("T = %d, D = %v; want T = 2, D = %v", res.T, d, want)
	}
	if err := d.Check(&res.Result); err != nil {
		t.Error(err)
	}
	if err := d[1:].Check(&res.Result); err == nil {
		t.Errorf("Check accepts %v with Σ f = %d < T = %d", d[1:], d[1:].Load(&res.Result), res.T)
	}
	if x, h := delayseq.SumXH(&res.Result, delayseq.Canonical(1)); x != 1 || h != 2 {
		t.Errorf("canonical D = %v: Σx = %d, Σh = %d, want 1 and 2", delayseq.Canonical(1), x, h)
	}
}

// TestCriticalAllPort: the all-port model sends several packets
// per node and step, outside Lemma I.1, and the extraction says so.
func TestCriticalAllPort(t *testing.T) {
	var s routers.Sim
	cfg := routers.Config{Router: "valiant", Port: routers.AllPort, N: 6, Pattern: "random", Mu: 1}
	_, err := delayseq.Critical(traced(t, &s, cfg, 1), 6)
	if err == nil || !strings.Contains(err.Error(), "single-port") {
		t.Errorf("all-port run: err = %v, want a single-port error", err)
	}
}

// TestCheckRejects breaks a valid critical delay sequence in several ways
// and expects Check to name each break.
func TestCheckRejects(t *testing.T) {
	const n = 6
	var s routers.Sim
	cfg := routers.Config{Router: "valiant", N: n, Pattern: "random", Mu: 1}
	var (
		res  *engine.Result
		d    delayseq.Seq
		move int // a step i with v_{i−1} ≠ v_i
	)
	for seed := uint64(0); move == 0 && seed < 100; seed++ {
		res = traced(t, &s, cfg, seed)
		var err error
		if d, err = delayseq.Critical(res, n); err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(d) && move == 0; i++ {
			if d[i].Node != d[i-1].Node {
				move = i
			}
		}
	}
	if move == 0 {
		t.Fatal("no sequence in 100 runs moves between nodes")
	}
	if err := d.Check(res); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(delayseq.Seq) delayseq.Seq) delayseq.Seq { return f(slices.Clone(d)) }
	// A node the predecessor cannot be: two dimensions away from v_i.
	far := d[move].Node ^ 3
	if far == d[move-1].Node {
		far = d[move].Node ^ 5
	}
	cases := []struct {
		name string
		d    delayseq.Seq
		want string
	}{
		{"empty", nil, "empty"},
		{"priorities swapped", edit(func(e delayseq.Seq) delayseq.Seq {
			e[move-1].Prio, e[move].Prio = e[move].Prio, e[move-1].Prio
			return e
		}), "not above"},
		{"priority out of range", edit(func(e delayseq.Seq) delayseq.Seq { e[len(e)-1].Prio = 2*n + 1; return e }), "outside"},
		{"non-edge step", edit(func(e delayseq.Seq) delayseq.Seq { e[move-1].Node = far; return e }), "never sent"},
		{"wrong t_i", edit(func(e delayseq.Seq) delayseq.Seq { e[move-1].T--; return e }), "last packet"},
		{"wrong t_l", edit(func(e delayseq.Seq) delayseq.Seq { e[len(e)-1].T--; return e }), "t_l"},
		{"first step dropped", d[move:], "t_{i−1} = -1"},
	}
	for _, c := range cases {
		err := c.d.Check(res)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: D = %v: Check = %v, want an error containing %q", c.name, c.d, err, c.want)
		}
	}
}

// TestCanonical compares with the walk written out for n = 3 and
// checks the shape of Lemma I.3 for n = 1…10: priorities 1…2n, and v_{i−1}
// reaches v_i across dimension d(p_{i−1}).
func TestCanonical(t *testing.T) {
	got := delayseq.Canonical(3)
	want := delayseq.Seq{{0, 1, -1}, {1, 2, -1}, {3, 3, -1}, {7, 4, -1}, {6, 5, -1}, {4, 6, -1}}
	if !slices.Equal(got, want) {
		t.Errorf("delayseq.Canonical(3) = %v, want %v", got, want)
	}
	for n := 1; n <= 10; n++ {
		d := delayseq.Canonical(n)
		if len(d) != 2*n || d[0].Node != 0 {
			t.Fatalf("n=%d: %v", n, d)
		}
		for i := 1; i < len(d); i++ {
			dim := (int(d[i-1].Prio)-1)%n + 1
			if int(d[i].Prio) != i+1 || d[i].Node^d[i-1].Node != 1<<(dim-1) {
				t.Fatalf("n=%d: step %d of %v is no hop across dimension %d", n, i+1, d, dim)
			}
		}
	}
}

// TestFixedDelaySeqLemmaI5 measures Σ_π x(π) and Σ_π h(π) for the canonical
// fixed sequence over 2000 Valiant runs of the transpose permutation on Q_6.
// Routes are oblivious, so E[Σx] = Σ_s Pr(π_s meets D) is computed exactly by
// enumerating every intermediate y of every packet; it must be at most n
// (the premise of Lemma I.5), and the 99% confidence interval of the mean of
// Σx must contain it. E[Σh] = Σ_i E f(p_i,v_i) = 2n · ½ = n (Lemma I.4),
// and the interval of the mean of Σh must contain n.
func TestFixedDelaySeqLemmaI5(t *testing.T) {
	const n, trials = 6, 2000
	d := delayseq.Canonical(n)
	var exact float64
	for s := range uint32(1 << n) {
		z := hypercube.Transpose(n, s)
		for y := range uint32(1 << n) {
			if meets(n, s, y, z, d) {
				exact += 1.0 / (1 << n)
			}
		}
	}
	if exact > n {
		t.Fatalf("E[Σx] = %.4f > n = %d", exact, n)
	}
	var s routers.Sim
	cfg := routers.Config{Router: "valiant", N: n, Pattern: "transpose", Mu: 1}
	xs, hs := make([]float64, trials), make([]float64, trials)
	for i := range xs {
		x, h := delayseq.SumXH(traced(t, &s, cfg, uint64(i)), d)
		xs[i], hs[i] = float64(x), float64(h)
	}
	if mean, ci := stats.MeanCI(xs, 0.99); !ci.Contains(exact) {
		t.Errorf("mean Σx = %.4f, 99%% interval %v misses the exact E[Σx] = %.4f", mean, ci, exact)
	}
	if mean, ci := stats.MeanCI(hs, 0.99); !ci.Contains(n) {
		t.Errorf("mean Σh = %.4f, 99%% interval %v misses n = %d", mean, ci, n)
	}
}

// meets reports whether the Valiant route s → y → z on Q_n (e-cube in each
// phase, priority d in phase 1 and d+n in phase 2) leaves some v_i of d with
// priority p_i.
func meets(n int, s, y, z uint32, d delayseq.Seq) bool {
	at := s
	for phase, target := range []uint32{y, z} {
		for x := at ^ target; x != 0; x &= x - 1 {
			p := uint8(bits.TrailingZeros32(x) + 1 + phase*n)
			if slices.ContainsFunc(d, func(st delayseq.Step) bool { return st.Node == at && st.Prio == p }) {
				return true
			}
			at ^= x & -x
		}
	}
	return false
}

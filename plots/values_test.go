package plots

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/confluent"
	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/stats"
)

// The values every figure plots, against the rows of the small runs read
// on their own: one series or more of each figure.

// only returns the series of o in panels titled panel, named name.
func only(o Output, panel, name string) []Series {
	return slices.DeleteFunc(slices.Clone(o.Series), func(s Series) bool { return s.Panel != panel || s.Name != name })
}

// pairs checks the points of s against the per-instance values f of the
// rows a and b that agree in n and trial, at n.
func pairs(t *testing.T, s Series, a, b []row, f func(n, ya, yb float64) float64, col string) {
	t.Helper()
	want := map[[2]float64]int{}
	for _, ra := range a {
		for _, rb := range where(b, "n", fmt.Sprint(ra.f("n")), "trial", fmt.Sprint(ra.f("trial"))) {
			want[[2]float64{ra.f("n"), f(ra.f("n"), ra.f(col), rb.f(col))}]++
		}
	}
	for _, p := range s.Points {
		if want[[2]float64{p.X, p.Y}] != p.N {
			t.Errorf("%s: %v drawn for %d trials, want %d", s.Panel, p, p.N, want[[2]float64{p.X, p.Y}])
		}
		delete(want, [2]float64{p.X, p.Y})
	}
	if len(want) > 0 || len(s.Points) == 0 {
		t.Errorf("%s: pairs not drawn: %v", s.Panel, want)
	}
}

func TestChapterIValues(t *testing.T) {
	o := drawAll(t)
	vt := rows(t, "valiant-tail", "trials")
	tail(t, series(t, o["t-tail"], "n = 5", "single-port"), where(vt, "n", "5", "port", "single"), func(r row) float64 { return r.f("T") / 5 })
	bem1 := series(t, o["t-tail"], "Bem 1", "per trial")
	pairs(t, bem1, where(vt, "port", "single"), where(vt, "port", "all"), func(_, a, b float64) float64 { return b - a }, "T")
	slower := 0
	for _, p := range bem1.Points {
		slower += map[bool]int{true: p.N}[p.Y > 0]
	}
	if c := fmt.Sprintf("T all-port = T single-port: %d of %d trials above it", slower, len(where(vt, "port", "all"))); !strings.Contains(o["t-tail"].Caption, c) {
		t.Errorf("t-tail caption %q lacks %q", o["t-tail"].Caption, c)
	}

	ds := where(rows(t, "delay-sequences", "delayseq"), "router", "valiant")
	positive := slices.DeleteFunc(slices.Clone(ds), func(r row) bool { return r.f("T") <= 0 })
	for name, col := range map[string]string{"Σ_{i} f(p_{i}, v_{i}) along D (Lemma I.1)": "d_load", "Σ_{p} f(p, w_{p}) (Lemma I.2)": "upfal_load", "first bound (Ch. I.2)": "naive_load"} {
		each(t, series(t, o["delayseq"], "loads", name), positive, numOf("n"), func(r row) float64 { return r.f(col) / r.f("T") })
	}
	tail(t, series(t, o["delayseq"], "n = 4", "fixed D"), where(ds, "n", "4"), numOf("x_fixed"))
	tail(t, series(t, o["delayseq"], "n = 5", "extracted D"), where(ds, "n", "5"), numOf("x_extracted"))
	for _, s := range o["delayseq"].Series {
		if s.Name != "fixed D" || s.Tail || s.Bound {
			continue
		}
		nn := facetNum(strings.ReplaceAll(s.Panel, " ", ""))
		for _, p := range s.Points {
			k, trials := 0, where(ds, "n", fmt.Sprint(nn))
			for _, r := range trials {
				if r.f("h_fixed") >= 12*p.X*nn-1e-9 && r.f("x_fixed") < p.X*nn {
					k++
				}
			}
			if p.N != len(trials) || !near(p.Y, float64(k)/float64(len(trials))) || 2*nn*(math.Ceil(p.X*nn)-1) < 12*p.X*nn-1e-9 {
				t.Errorf("Lemma I.6 at n = %v, c = %v: %v of %d, want %d of the trials, where the event is possible", nn, p.X, p.Y, p.N, k)
			}
		}
	}

	rc := rows(t, "routing-compare", "trials")
	overNN1 := func(r row) float64 { n := r.f("n"); return r.f("T") / (n * (n + 1) / 2) }
	want(t, series(t, o["routing-compare"], "transpose", "e-cube"), where(rc, "pattern", "transpose", "router", "ecube", "port", "single"), numOf("n"), overNN1, nil, "range", 0)
	each(t, series(t, o["routing-compare"], "random", "bitonic"), where(rc, "pattern", "random", "router", "bitonic", "port", "single"), numOf("n"), overNN1)
	if s := series(t, o["routing-compare"], "bit-reversal", "Valiant"); s.Labelled {
		t.Error("routing-compare: Valiant labelled at its line's end in small multiples")
	}
	if s := series(t, o["faulty-bitonic"], "single-port", "γ ≥ 2"); !s.Labelled {
		t.Error("faulty-bitonic: γ ≥ 2's line not labelled at its end in a panel of its own")
	}

	// priority-load: per permutation and priority, the node means of f
	// over the trials, their mean and range.
	nl := where(rows(t, "priority-load", "nodeloads"), "pattern", "bitrev")
	sums, trials := map[[2]float64]float64{}, map[float64]bool{}
	for _, r := range nl {
		sums[[2]float64{r.f("p"), r.f("v")}] += r.f("f")
		trials[r.f("trial")] = true
	}
	for _, p := range series(t, o["priority-load"], "", "bit-reversal").Points {
		var means []float64
		for k, sum := range sums {
			if k[0] == p.X {
				means = append(means, sum/float64(len(trials)))
			}
		}
		if m, _ := stats.MeanCI(means, 0.95); !near(p.Y, m) || p.Lo != slices.Min(means) || p.Hi != slices.Max(means) {
			t.Errorf("priority-load at p = %v: %v [%v, %v], want %v over %d nodes", p.X, p.Y, p.Lo, p.Hi, m, len(means))
		}
	}
	qd := rows(t, "queue-disciplines", "trials")
	want(t, series(t, o["queue-disciplines"], "all-port", "FIFO"), where(qd, "port", "all", "queue", "fifo"), numOf("n"), func(r row) float64 { return r.f("T") / r.f("n") }, nil, "mean", 0)
	rl := rows(t, "relations", "trials")
	want(t, series(t, o["relations"], "single-port", "μ = 2"), where(rl, "port", "single", "mu", "2"), func(r row) float64 { return 2 * r.f("n") },
		func(r row) float64 { return r.f("T") / (2 * r.f("n")) }, nil, "max", 0)
}

func TestChapterIIValues(t *testing.T) {
	o := drawAll(t)
	bt := rows(t, "butterfly-tail", "trials")
	inTurn := where(bt, "router", "disjoint", "pipelined", "0", "trim", "0")
	one := where(bt, "router", "valiant", "port", "all")
	want(t, series(t, o["butterfly-time"], "mean time", "1 copy: Valiant, all-port"), one,
		numOf("n"), func(r row) float64 { return r.f("T") / r.f("n") }, nil, "mean", 0)
	want(t, series(t, o["butterfly-time"], "mean time", "n copies, pipelined"), where(bt, "router", "disjoint", "pipelined", "1", "trim", "0"),
		numOf("n"), func(r row) float64 { return r.f("T") / r.f("n") }, nil, "mean", 0)
	pairs(t, series(t, o["butterfly-time"], "over one copy", "per trial"), one, inTurn, func(_, a, b float64) float64 { return b / a }, "T")
	pairs(t, series(t, o["butterfly-time"], "load", "per trial"), one, inTurn, func(n, a, b float64) float64 { return b / a / n }, "hops")
	tail(t, series(t, o["butterfly-tail"], "n = 4", "n copies, phases in turn"), where(inTurn, "n", "4"), func(r row) float64 { return r.f("T") / 4 })

	// butterfly-loads: the mean over the trials of the fraction of nodes
	// with each load, at p = 2.
	lc := where(rows(t, "butterfly-loads", "loadcounts"), "p", "2")
	frac := map[float64]map[float64]float64{} // trial, f
	for _, r := range lc {
		if frac[r.f("trial")] == nil {
			frac[r.f("trial")] = map[float64]float64{}
		}
		frac[r.f("trial")][r.f("f")] += r.f("nodes") / (4 << 4)
	}
	for _, p := range series(t, o["butterfly-loads"], "p = 2", "measured").Points {
		var xs []float64
		for _, byF := range frac {
			xs = append(xs, byF[p.X])
		}
		if m, _ := stats.MeanCI(xs, 0.95); !near(p.Y, m) || p.N != len(frac) {
			t.Errorf("butterfly-loads at f = %v: %v from %d trials, want %v from %d", p.X, p.Y, p.N, m, len(frac))
		}
	}

	rlo := rows(t, "replication-loss", "trials")
	copies := where(rlo, "router", "disjoint", "pieces", "1", "pipelined", "0", "trim", "0")
	rlOne := where(rlo, "router", "valiant", "port", "all")
	o1 := o["replication-loss"]
	want(t, series(t, o1, "n = 6", "n copies"), where(copies, "n", "6"), numOf("q"), numOf("lost"), nil, "share",
		len(only(o1, "n = 4", "n copies")[0].Points)+len(only(o1, "n = 6", "n copies")[0].Points))
	s := only(o1, "n = 4", "1 copy (Valiant)")
	want(t, s[1], where(rlOne, "n", "4"), numOf("q"), numOf("lost"), numOf("messages"), "pooled",
		len(s[1].Points)+len(only(o1, "n = 6", "1 copy (Valiant)")[1].Points))

	// replication-bandwidth at the largest n and q = 0.1: data sent and
	// messages lost per message, pooled per m.
	for _, p := range series(t, o["replication-bandwidth"], "n = 6, q = 0.1", "m of n pieces (m = 1 rightmost)").Points {
		var lost, msgs, moved float64
		for _, r := range where(rlo, "router", "disjoint", "pipelined", "0", "trim", "0", "n", "6", "q", "0.1") {
			if math.Abs(r.f("moved")/r.f("messages")-p.X) < 0.3*p.X {
				lost, msgs, moved = lost+r.f("lost"), msgs+r.f("messages"), moved+r.f("moved")
			}
		}
		if !near(p.X, moved/msgs) || !near(p.Y, lost/msgs) {
			t.Errorf("bandwidth: (%v, %v), want (%v, %v)", p.X, p.Y, moved/msgs, lost/msgs)
		}
	}
	// replication-threshold: where the share lost first reaches 1%,
	// interpolated log–log.
	for _, p := range series(t, o["replication-threshold"], "", "n copies").Points {
		var qs, ys []float64
		for _, q := range []float64{0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3} {
			var lost, msgs float64
			for _, r := range where(copies, "n", fmt.Sprint(p.X), "q", fmt.Sprint(q)) {
				lost, msgs = lost+r.f("lost"), msgs+r.f("messages")
			}
			qs, ys = append(qs, q), append(ys, lost/msgs)
		}
		if q, ok := crossing(qs, ys, 0.01); !ok || !near(p.Y, q) {
			t.Errorf("threshold at n = %v: %v, want %v", p.X, p.Y, q)
		}
	}
	rr := rows(t, "replication-rare", "estimates")
	rare := series(t, o["replication-rare"], "n = 8", "m = 2 of n pieces")
	each(t, rare, where(rr, "router", "disjoint", "pieces", "2"), numOf("q"), numOf("loss"))
	for _, p := range rare.Points {
		if !near(p.Hi-p.Y, p.Y-p.Lo) || p.Hi <= p.Y {
			t.Errorf("replication-rare: bar [%v, %v] about %v", p.Lo, p.Hi, p.Y)
		}
	}
}

// TestExactValues: the figures of exact laws plot delayseq's values.
func TestExactValues(t *testing.T) {
	o := drawAll(t)
	for name, counts := range map[string][]int{"Q_{n}: the sequences of Lemma I.3": delayseq.Counts(), "BF_{n}: the sequences of Lemma II.1": delayseq.ButterflyCounts()} {
		s := series(t, o["sequence-counts"], "", name)
		for _, p := range s.Points {
			if p.Y != float64(counts[int(p.X)]) || p.Y == 0 {
				t.Errorf("%s at n = %v: %v, want %d", name, p.X, p.Y, counts[int(p.X)])
			}
		}
	}
	for _, c := range []struct {
		panel, name string
		law         delayseq.PacketLaw
	}{{"Q_{n}, n = 7", "exact, Q_{n}", delayseq.CubePackets()}, {"BF_{n}, n = 5", "exact, BF_{n}", delayseq.ButterflyExact().Packets}} {
		s := series(t, o["packet-laws"], c.panel, c.name)
		n := int(facetNum(strings.ReplaceAll(c.panel[strings.Index(c.panel, "n ="):], " ", "")))
		if len(s.Points) != n {
			t.Errorf("%s: %d points, want a = 1 … %d", c.panel, len(s.Points), n)
		}
		for _, p := range s.Points {
			if p.Y != c.law.Worst[n][int(p.X)] {
				t.Errorf("%s at a = %v: %v, want %v", c.panel, p.X, p.Y, c.law.Worst[n][int(p.X)])
			}
		}
	}
	bf := delayseq.ButterflyExact()
	for _, p := range series(t, o["butterfly-exact"], "n = 6", "exact, BF_{n}").Points {
		if k := int(math.Round(p.X * 6)); p.Y != bf.SumX[6][k] {
			t.Errorf("Lemma II.4 at n = 6, k = %d: %v, want %v", k, p.Y, bf.SumX[6][k])
		}
	}
	if got := len(slices.DeleteFunc(slices.Clone(o["butterfly-exact"].Series), func(s Series) bool { return s.Bound || !strings.Contains(s.Panel, "n = 7") })); got != 2 {
		t.Errorf("butterfly-exact: %d series at n = 7, want Lemma II.4's and II.5's", got)
	}
}

func TestChapterIIIValues(t *testing.T) {
	o := drawAll(t)
	de := rows(t, "detour-existence", "trials")
	want(t, series(t, o["detour-existence"], "n = 6", "measured"), where(de, "n", "6"), numOf("q"), numOf("no_detour"), nil, "share", points(o["detour-existence"], "", "measured"))
	mt := rows(t, "matching", "trials")
	want(t, series(t, o["matching"], "n = 4", "heuristic detours"), where(mt, "n", "4", "detours", "heuristic"), numOf("q"),
		func(r row) float64 { return 1 - r.f("ok") }, nil, "share", len(only(o["matching"], "n = 4", "heuristic detours")[0].Points)+len(only(o["matching"], "n = 6", "heuristic detours")[0].Points))
	complete := where(mt, "n", "6", "ok", "1")
	s := only(o["matching"], "n = 6", "random detours")
	want(t, s[0], where(complete, "detours", "random"), numOf("q"), numOf("gamma"), nil, "mean", 0)
	want(t, series(t, o["matching"], "n = 6, q = 0.1", "optimal detours"), where(complete, "detours", "optimal", "q", "0.1"), numOf("gamma"), numOf("gamma"), nil, "freq", 0)
	mr := slices.DeleteFunc(where(rows(t, "matching", "rounds"), "detours", "heuristic", "n", "6", "q", "0.05"), func(r row) bool { return r.f("failed") == 0 })
	want(t, series(t, o["matching-rounds"], "q = 0.05", "n = 6"), mr, numOf("round"), numOf("pending"), numOf("failed"), "pooled", points(o["matching-rounds"], "", "n = 4")/2+points(o["matching-rounds"], "", "n = 6")/2)

	fb := slices.DeleteFunc(rows(t, "faulty-bitonic", "trials"), func(r row) bool { return !(r.f("gamma") > 0 && r.f("max_step") > 0) })
	each(t, series(t, o["faulty-bitonic"], "single-port", "single-port"), where(fb, "port", "single"), numOf("gamma"), func(r row) float64 { return r.f("max_step") - r.f("gamma") - 2 })
	single := where(fb, "port", "single")
	s = only(o["faulty-bitonic"], "single-port", "γ ≥ 2")
	want(t, s[0], slices.DeleteFunc(slices.Clone(single), func(r row) bool { return r.f("gamma") < 2 }), numOf("q"), numOf("over_steps"), nil, "share",
		len(s[0].Points)+len(only(o["faulty-bitonic"], "single-port", "γ = 1")[0].Points))
	want(t, only(o["faulty-bitonic"], "all-port", "all-port")[1], where(fb, "port", "all"), numOf("q"), func(r row) float64 {
		n := r.f("n")
		return r.f("T") / ((r.f("gamma") + 2) * n * (n + 1) / 2)
	}, nil, "max", 0)

	fv := slices.DeleteFunc(where(rows(t, "faulty-valiant", "trials"), "router", "valiant"), func(r row) bool {
		return !(r.f("ok") == 1 && r.f("d") > 1 && r.f("T_intact") > 0)
	})
	each(t, series(t, o["faulty-valiant"], "node-confluent, on arrival", "detour queues: FIFO"),
		where(fv, "confluent", "node", "delivery", "arrival", "detour-queue", "fifo"), numOf("d"), numOf("excess"))
	lock := only(o["faulty-valiant"], "", "out of lockstep: FIFO detour queues")[0]
	want(t, lock, where(fv, "delivery", "queue", "detour-queue", "fifo"), numOf("q"), func(r row) float64 { return 1 - r.f("lockstep") }, nil, "share",
		points(o["faulty-valiant"], "", lock.Name)+points(o["faulty-valiant"], "", "out of lockstep: the thesis' model")+
			points(o["faulty-valiant"], "", "out of lockstep: delivery on arrival")+points(o["faulty-valiant"], "", "out of lockstep: on arrival, FIFO"))
	each(t, series(t, o["faulty-valiant"], "", "ψ, per trial"), where(fv, "confluent", "edge"), numOf("gamma"), func(r row) float64 { return r.f("d") - r.f("gamma") - 2 })
	thesis := where(fv, "delivery", "queue", "detour-queue", "priority")
	each(t, series(t, o["faulty-valiant-slowdown"], "edge-confluent", "heuristic detours"),
		where(thesis, "confluent", "edge", "detours", "heuristic"), numOf("q"), func(r row) float64 { return r.f("T") / (r.f("d") * r.f("T_intact")) })
	tail(t, series(t, o["faulty-valiant-slowdown"], "n = 4", "edge-confluent"), where(thesis, "confluent", "edge", "n", "4"), func(r row) float64 { return r.f("T") / (r.f("d") * 4) })

	ab := where(rows(t, "adaptive-baselines", "trials"), "port", "single", "n", "6")
	ab = slices.DeleteFunc(ab, func(r row) bool { return r.f("q") == 0 })
	s = slices.DeleteFunc(slices.Clone(o["adaptive-baselines"].Series), func(s Series) bool { return s.Name != "adaptive e-cube, shortest path" })
	shortest := where(ab, "router", "adaptive-ecube", "reroute", "shortest")
	want(t, s[0], shortest, numOf("q"), numOf("lost"), numOf("messages"), "pooled", 0)
	want(t, s[1], shortest, numOf("q"), numOf("stretch"), nil, "mean", 0)
	want(t, s[2], shortest, numOf("q"), numOf("T"), nil, "mean", 0)

	dl := where(rows(t, "faulty-valiant", "trials"), "confluent", "edge", "detour-queue", "priority", "n", "4")
	want(t, series(t, o["faulty-valiant-delivered"], "n = 4, over detours", "random detours"), slices.DeleteFunc(where(dl, "router", "valiant", "detours", "random", "delivery", "queue"),
		func(r row) bool { return r.f("q") == 0 }), numOf("q"), numOf("ok"), nil, "share", 0)
	want(t, series(t, o["faulty-valiant-delivered"], "n = 4, on their own", "safety levels [Wu 1997]"), slices.DeleteFunc(where(dl, "router", "safety-levels", "delivery", "arrival"),
		func(r row) bool { return r.f("q") == 0 }), numOf("q"), func(r row) float64 { return map[bool]float64{true: 1}[r.f("lost") == 0] }, nil, "share", 0)
}

func TestCollectivesValues(t *testing.T) {
	o := drawAll(t)
	cs := rows(t, "collectives-size", "collectives")
	each(t, series(t, o["collectives-size-aas"], "cube network", "dimension exchange"),
		where(cs, "op", "aas", "algo", "dimex", "topology", "cube", "port", "single", "model", "sf"), numOf("m"), numOf("time"))
	cb := rows(t, "collectives-bounds", "collectives")
	s := only(o["collectives-bounds"], "total exchange", "pairwise exchange")
	log2p := func(r row) float64 { return math.Log2(r.f("p")) }
	aas := where(cb, "op", "aas", "algo", "pairwise")
	each(t, s[0], aas, log2p, func(r row) float64 { return r.f("rho") / r.f("bound_steps") })
	each(t, s[1], aas, log2p, func(r row) float64 { return r.f("rho_m") / r.f("bound_rho") })
	each(t, s[2], aas, log2p, func(r row) float64 { return r.f("eta") / r.f("bound_eta") })
}

// TestThesisDilation: Fig. 7 draws confluent.HubDilations, the family the
// report checks (confluent's TestHub holds its values to MinNode, Node
// and Edge): each line is its column at n = 3 … hubMaxN.
func TestThesisDilation(t *testing.T) {
	o := drawAll(t)["thesis-fig7"]
	rows, err := confluent.HubDilations(hubMaxN, hubBudget)
	if err != nil || len(o.Series) < 4 {
		t.Fatalf("%d series, %v", len(o.Series), err)
	}
	for k, of := range []func(confluent.Dilations) int{
		func(r confluent.Dilations) int { return r.Least }, func(r confluent.Dilations) int { return r.Zero },
		func(r confluent.Dilations) int { return r.Ones }, func(r confluent.Dilations) int { return r.Edge },
	} {
		s := o.Series[k]
		for i, r := range rows {
			if p := s.Points[i]; len(s.Points) != len(rows) || p.X != float64(r.N) || p.Y != float64(of(r)) {
				t.Errorf("%s: (%v, %v), want (%d, %d)", s.Name, p.X, p.Y, r.N, of(r))
			}
		}
	}
}

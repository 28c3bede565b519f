package plots

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/stats"
)

// The values every figure plots, against the rows of the small runs read
// on their own: one series or more of each figure.

func TestChapterIValues(t *testing.T) {
	o := drawAll(t)
	vt := rows(t, "valiant-tail", "trials")
	tail(t, series(t, o["t-tail"], "n = 5", "single-port"), where(vt, "n", "5", "port", "single"), func(r row) float64 { return r.f("T") / 5 })
	diffs, slower, all := map[[2]float64]int{}, 0, 0
	for _, a := range where(vt, "port", "all") {
		for _, s := range where(vt, "port", "single", "n", fmt.Sprint(a.f("n")), "trial", fmt.Sprint(a.f("trial"))) {
			diffs[[2]float64{a.f("n"), a.f("T") - s.f("T")}]++
			slower, all = slower+map[bool]int{true: 1}[a.f("T") > s.f("T")], all+1
		}
	}
	pairs := series(t, o["t-tail"], "Bem 1", "per trial")
	for _, p := range pairs.Points {
		if diffs[[2]float64{p.X, p.Y}] != p.N {
			t.Errorf("Bem 1: %v drawn for %d trials, want %d", p, p.N, diffs[[2]float64{p.X, p.Y}])
		}
		delete(diffs, [2]float64{p.X, p.Y})
	}
	if len(diffs) > 0 || len(pairs.Points) == 0 {
		t.Errorf("Bem 1: pairs not drawn: %v", diffs)
	}
	if c := fmt.Sprintf("T all-port = T single-port: %d of %d trials above it", slower, all); !strings.Contains(o["t-tail"].Caption, c) {
		t.Errorf("t-tail caption %q lacks %q", o["t-tail"].Caption, c)
	}

	ds := rows(t, "delay-sequences", "delayseq")
	distinct(t, series(t, o["delayseq"], "Lemma I.1", "per trial"), ds, numOf("n"), func(r row) float64 { return r.f("d_load") / r.f("T") })
	tail(t, series(t, o["delayseq"], "n = 4", "fixed D"), where(ds, "n", "4"), numOf("x_fixed"))
	tail(t, series(t, o["delayseq"], "n = 5", "extracted D"), where(ds, "n", "5"), numOf("x_extracted"))
	joint := o["delayseq"].Series
	joint = slices.DeleteFunc(slices.Clone(joint), func(s Series) bool { return s.Name != "fixed D" || s.Tail || s.Panel != "n = 5" })
	if len(joint) != 1 {
		t.Fatalf("%d joint-event series at n = 5", len(joint))
	}
	for _, p := range joint[0].Points {
		k := 0
		for _, r := range where(ds, "n", "5") {
			if r.f("h_fixed") >= 12*p.X*5-1e-9 && r.f("x_fixed") < p.X*5 {
				k++
			}
		}
		if !near(p.Y, float64(k)/float64(len(where(ds, "n", "5")))) {
			t.Errorf("Lemma I.6 at c = %v: %v, want %d of the trials", p.X, p.Y, k)
		}
	}

	rc := rows(t, "routing-compare", "trials")
	want(t, series(t, o["routing-compare"], "transpose", "e-cube"), where(rc, "pattern", "transpose", "router", "ecube", "port", "single"), numOf("n"), numOf("T"), nil, "range")
	pl := where(rows(t, "priority-load", "loads"), "pattern", "bitrev")
	s := series(t, o["priority-load"], "n = 4", "bit-reversal")
	points := 0
	for _, sr := range o["priority-load"].Series {
		points += len(sr.Points) * map[bool]int{false: 1}[sr.Bound]
	}
	for _, p := range s.Points {
		var fs []float64
		for _, r := range where(pl, "p", fmt.Sprint(p.X)) {
			fs = append(fs, r.f("f_mean"))
		}
		m, ci := stats.MeanCI(fs, 1-0.05/float64(points))
		if !near(p.Y, m) || !near(p.Lo, ci.Lo) || !near(p.Hi, ci.Hi) {
			t.Errorf("priority-load at p = %v: %v [%v, %v], want %v %v, Bonferroni over %d points", p.X, p.Y, p.Lo, p.Hi, m, ci, points)
		}
	}
	qd := rows(t, "queue-disciplines", "trials")
	want(t, series(t, o["queue-disciplines"], "all-port", "FIFO"), where(qd, "port", "all", "queue", "fifo"), numOf("n"), func(r row) float64 { return r.f("T") / r.f("n") }, nil, "mean")
	rl := rows(t, "relations", "trials")
	want(t, series(t, o["relations"], "single-port", "μ = 2"), where(rl, "port", "single", "mu", "2"), func(r row) float64 { return 2 * r.f("n") },
		func(r row) float64 { return r.f("T") / (2 * r.f("n")) }, nil, "max")
}

func TestChapterIIValues(t *testing.T) {
	o := drawAll(t)
	bt := rows(t, "butterfly-tail", "trials")
	inTurn := where(bt, "router", "disjoint", "pipelined", "0", "trim", "0")
	want(t, series(t, o["butterfly-time"], "against one copy", "1 copy: Valiant, all-port"), where(bt, "router", "valiant", "port", "all"),
		numOf("n"), func(r row) float64 { return r.f("T") / r.f("n") }, nil, "mean")
	want(t, series(t, o["butterfly-time"], "disjoint paths", "n copies, pipelined"), where(bt, "router", "disjoint", "pipelined", "1", "trim", "0"),
		numOf("n"), func(r row) float64 { return r.f("T") / r.f("n") }, nil, "mean")
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
	one := where(rlo, "router", "valiant", "port", "all")
	want(t, series(t, o["replication-loss"], "n = 6", "n copies"), where(copies, "n", "6"), numOf("q"), numOf("lost"), nil, "share")
	s := slices.DeleteFunc(slices.Clone(o["replication-loss"].Series), func(s Series) bool { return s.Panel != "n = 4" || s.Name != "1 copy (Valiant)" })
	want(t, s[1], where(one, "n", "4"), numOf("q"), numOf("lost"), numOf("messages"), "pooled")

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
	distinct(t, rare, where(rr, "router", "disjoint", "pieces", "2"), numOf("q"), numOf("loss"))
	for _, p := range rare.Points {
		if !near(p.Hi-p.Y, p.Y-p.Lo) {
			t.Errorf("replication-rare: bar [%v, %v] about %v", p.Lo, p.Hi, p.Y)
		}
	}
}

func TestChapterIIIValues(t *testing.T) {
	o := drawAll(t)
	de := rows(t, "detour-existence", "trials")
	want(t, series(t, o["detour-existence"], "n = 6", "measured"), where(de, "n", "6"), numOf("q"), numOf("no_detour"), nil, "share")
	mt := rows(t, "matching", "trials")
	want(t, series(t, o["matching"], "n = 4", "heuristic detours"), where(mt, "n", "4", "detours", "heuristic"), numOf("q"),
		func(r row) float64 { return 1 - r.f("ok") }, nil, "share")
	complete := where(mt, "n", "6", "ok", "1")
	s := slices.DeleteFunc(slices.Clone(o["matching"].Series), func(s Series) bool { return s.Panel != "n = 6" || s.Name != "random detours" })
	want(t, s[0], where(complete, "detours", "random"), numOf("q"), numOf("gamma"), nil, "mean")
	want(t, series(t, o["matching"], "n = 6, q = 0.1", "optimal detours"), where(complete, "detours", "optimal", "q", "0.1"), numOf("gamma"), numOf("gamma"), nil, "freq")

	fb := slices.DeleteFunc(rows(t, "faulty-bitonic", "trials"), func(r row) bool { return !(r.f("gamma") > 0 && r.f("max_step") > 0) })
	distinct(t, series(t, o["faulty-bitonic"], "single-port", "random detours"), where(fb, "port", "single", "detours", "random"), numOf("gamma"), numOf("max_step"))
	above := func(r row) float64 { return map[bool]float64{true: 1}[r.f("max_step") > r.f("gamma")+2] }
	s = slices.DeleteFunc(slices.Clone(o["faulty-bitonic"].Series), func(s Series) bool { return s.Panel != "all-port" || s.Name != "heuristic detours" })
	want(t, s[1], where(fb, "port", "all", "detours", "heuristic"), numOf("q"), above, nil, "share")
	want(t, s[2], where(fb, "port", "all", "detours", "heuristic"), numOf("q"), func(r row) float64 {
		n := r.f("n")
		return r.f("T") / ((r.f("gamma") + 2) * n * (n + 1) / 2)
	}, nil, "max")

	fv := slices.DeleteFunc(where(rows(t, "faulty-valiant", "trials"), "router", "valiant"), func(r row) bool {
		return !(r.f("ok") == 1 && r.f("q") > 0 && r.f("T_intact") > 0)
	})
	distinct(t, series(t, o["faulty-valiant"], "node-confluent, delivery arrival", "detour queues: FIFO"),
		where(fv, "confluent", "node", "delivery", "arrival", "detour-queue", "fifo"), numOf("d"), numOf("excess"))
	distinct(t, series(t, o["faulty-valiant-slowdown"], "edge-confluent, delivery queue", "heuristic detours"),
		where(fv, "confluent", "edge", "delivery", "queue", "detours", "heuristic"), numOf("d"), func(r row) float64 { return r.f("T") / r.f("T_intact") })

	ab := where(rows(t, "adaptive-baselines", "trials"), "port", "single", "n", "6")
	ab = slices.DeleteFunc(ab, func(r row) bool { return r.f("q") == 0 })
	s = slices.DeleteFunc(slices.Clone(o["adaptive-baselines"].Series), func(s Series) bool { return s.Name != "adaptive e-cube, shortest path" })
	want(t, s[0], where(ab, "router", "adaptive-ecube", "reroute", "shortest"), numOf("q"), numOf("lost"), numOf("messages"), "pooled")
	want(t, s[1], where(ab, "router", "adaptive-ecube", "reroute", "shortest"), numOf("q"), numOf("stretch"), nil, "mean")
	want(t, s[2], where(ab, "router", "adaptive-ecube", "reroute", "shortest"), numOf("q"), numOf("T"), nil, "mean")

	dl := where(rows(t, "faulty-valiant", "trials"), "confluent", "edge", "detour-queue", "priority", "n", "4")
	want(t, series(t, o["faulty-valiant-delivered"], "n = 4, over detours", "random detours"), slices.DeleteFunc(where(dl, "router", "valiant", "detours", "random", "delivery", "queue"),
		func(r row) bool { return r.f("q") == 0 }), numOf("q"), numOf("ok"), nil, "share")
	want(t, series(t, o["faulty-valiant-delivered"], "n = 4, on their own", "safety levels [Wu 1997]"), slices.DeleteFunc(where(dl, "router", "safety-levels", "delivery", "arrival"),
		func(r row) bool { return r.f("q") == 0 }), numOf("q"), func(r row) float64 { return map[bool]float64{true: 1}[r.f("lost") == 0] }, nil, "share")
}

func TestCollectivesValues(t *testing.T) {
	o := drawAll(t)
	cs := rows(t, "collectives-size", "collectives")
	distinct(t, series(t, o["collectives-size-aas"], "cube network", "dimension exchange"),
		where(cs, "op", "aas", "algo", "dimex", "topology", "cube", "port", "single", "model", "sf"), numOf("m"), numOf("time"))
	cb := rows(t, "collectives-bounds", "collectives")
	s := slices.DeleteFunc(slices.Clone(o["collectives-bounds"].Series), func(s Series) bool { return s.Panel != "total exchange" || s.Name != "pairwise exchange" })
	log2p := func(r row) float64 { return math.Log2(r.f("p")) }
	aas := where(cb, "op", "aas", "algo", "pairwise")
	distinct(t, s[0], aas, log2p, func(r row) float64 { return r.f("rho") / r.f("bound_steps") })
	distinct(t, s[1], aas, log2p, func(r row) float64 { return r.f("rho_m") / r.f("bound_rho") })
	distinct(t, s[2], aas, log2p, func(r row) float64 { return r.f("eta") / r.f("bound_eta") })
}

package plots

import (
	"math"
	"slices"

	"gonum.org/v1/plot/vg"

	"github.com/hyperroute/hyperroute/stats"
)

// The figures of thesis Chapter II [Schömer 1988]: n copies on disjoint
// paths, the butterfly simulated on the cube.

// copies names the series of butterfly-time: n copies with their phases
// run one way, or one Valiant copy.
func copies(r Row) string {
	if r.Str("router") == "valiant" {
		return "copies=Valiant " + r.Str("port") + "-port"
	}
	switch p, t := r.Num("pipelined") == 1, r.Num("trim") == 1; {
	case p && t:
		return "copies=pipelined, trimmed"
	case p:
		return "copies=pipelined"
	case t:
		return "copies=trimmed"
	}
	return "copies=phases in turn"
}

// inTurn selects n copies with their phases one after the other, full
// routes: Theorem II.1's setting.
func inTurn(r Row) bool { return r.Str("router") == "disjoint" && copies(r) == "copies=phases in turn" }

// oneCopy selects one copy routed by Valiant, all-port.
func oneCopy(r Row) bool { return r.Str("router") == "valiant" && r.Str("port") == "all" }

// copiesOverOne pairs, per trial, n copies (phases in turn) with one.
func copiesOverOne(f func(x, a, b float64) float64) *Pair {
	return &Pair{A: oneCopy, B: inTurn, On: []string{"n", "trial"}, F: f}
}

var butterflyTime = Figure{
	Name: "butterfly-time", Experiment: "butterfly-tail",
	Caption: "Ch. II.1 and remark Bem (II.5): n copies of a permutation routed on n disjoint paths, the wrapped butterfly " +
		"simulated on the all-port cube. Top: the mean of T/n against n for the four ways to run the copies' phases, for " +
		"one copy routed by Valiant, and the growth T ∝ n·log n would give from n copies' first point (phases in turn, " +
		"full routes: Theorem II.1's setting): T/n levels off, so the n-fold request costs a constant factor. Middle, " +
		"trial by trial: T of n copies over T of one Valiant copy on the same permutation and intermediates; above 1, so " +
		"not the same time, but a ratio that does not grow with n. Bottom, trial by trial: the packet-hops the nodes " +
		"handle with n copies over those with one copy, divided by n; at least 1, the n-fold load.",
	Where: []string{"queue", "priority", "pattern", "random", "mu", "1", "q", "0"},
	Panels: []Panel{{
		Title: "the mean time",
		X:     Axis{Label: "cube dimension n", Ints: true},
		Y:     Axis{Label: "mean T / n (steps per dimension)", Zero: true},
		Layers: []Layer{
			Data{By: copies, X: col("n"), Y: tOverN},
			Curve{Name: "growth as n·log n", F: func(n, _ float64) float64 { return math.Log(n) }, Through: "copies=phases in turn", Ints: true, Dash: 2},
		},
	}, {
		Title: "n copies over one copy, trial by trial", Height: 1.5 * vg.Inch,
		X: Axis{Label: "cube dimension n", Ints: true},
		Y: Axis{Label: "T of n copies / T of one"},
		Layers: []Layer{
			Data{Name: "stat=per trial", X: col("n"), Y: col("T"), Of: "each", Check: sameTime,
				Pair: copiesOverOne(func(_, a, b float64) float64 { return b / a })},
			*sameTime,
		},
	}, {
		Title: "the nodes' load, trial by trial", Height: 1.5 * vg.Inch,
		X: Axis{Label: "cube dimension n", Ints: true},
		Y: Axis{Label: "packet-hops, n copies / (n · one)"},
		Layers: []Layer{
			Data{Name: "stat=per trial", X: col("n"), Y: col("hops"), Of: "each", Check: nFold,
				Pair: copiesOverOne(func(n, a, b float64) float64 { return b / a / n })},
			*nFold,
		},
	}},
}

var (
	sameTime = level("the same time", 1, false)
	nFold    = level("n-fold load", 1, true)
)

// theoremII1 is Theorem II.1's bound on Pr(T ≥ x·n).
var theoremII1 = &Curve{Name: "Theorem II.1", Kind: "theorem-ii1", X: "t", Facet: "n",
	Scale: func(x, n float64) float64 { return x * n }, Dash: 1, Reach: true}

var butterflyTail = Figure{
	Name: "butterfly-tail", Experiment: "butterfly-tail", Wide: true,
	Caption: "Theorem II.1, one panel per n: the tail Pr(T ≥ x·n) of n copies on disjoint paths, phases in turn and " +
		"full routes (the theorem's setting), log–log, against the theorem's bound. The bound is 1 up to T/n ≈ 24·ln 6 ≈ 43 " +
		"for large n, further right at the n drawn (the verdict gives where), and falls only there, far right of every trial: the theorem cannot fail at these n (the union over the ⅓n·6ⁿ " +
		"delay sequences costs n·ln 6 in the exponent).",
	Where:  []string{"queue", "priority", "pattern", "random", "mu", "1", "q", "0"},
	Panels: []Panel{tailPanel("T", Data{Name: "copies=phases in turn", Y: tOverN, Of: "tail", Bars: "verdict", Keep: inTurn, Check: theoremII1}, *theoremII1)},
}

var butterflyLoads = Figure{
	Name: "butterfly-loads", Experiment: "butterfly-loads", Table: "loadcounts", Wide: true,
	Caption: "Lemma II.2 at the largest n, one panel per priority p (the hops a copy has taken; phase 2 from p = n+1 " +
		"on): the mean over the trials of the fraction of butterfly nodes w with f(p,w) = f, the last category f or more, " +
		"against Bin(N, 1/N) with N from the proof of Lemma II.2, log y. E f(p,w) = 1 holds by counting; the law is what " +
		"the report tests, a t test per category over the trials.",
	Where: []string{"router", "disjoint", "queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Facet: "p", Last: "n", Cols: 6,
		X: Axis{Label: "load f (the last: f or more)", Ints: true},
		Y: Axis{Label: "fraction of nodes", Log: true},
		Layers: []Layer{
			Computed{New: func() collector { return &loadLaw{loads: map[string]stats.NodeLoads{}, ns: map[string]int{}} }},
		},
	}},
}

// lossKey names the series of replication-loss: n copies (m = 1, phases
// in turn) or one Valiant copy; "" for the others.
func lossKey(r Row) string {
	switch {
	case r.Str("router") == "valiant" && r.Str("port") == "all":
		return "loss=1 copy"
	case inTurn(r) && r.Num("pieces") == 1:
		return "loss=n copies"
	}
	return ""
}

func isLoss(key string) func(Row) bool { return func(r Row) bool { return lossKey(r) == key } }

var (
	anyLost = &Curve{Name: "Theorem II.2: 2(2nq)ⁿ, n copies", Kind: "any-message-loss", X: "q", Facet: "n", Dash: 1}
	oneLost = &Curve{Name: "2(nq)ⁿ: n copies", Kind: "message-loss", X: "q", Facet: "n", Dash: 1}
)

var replicationLoss = Figure{
	Name: "replication-loss", Experiment: "replication-loss", Wide: true,
	Caption: "Theorem II.2. Above, as the thesis states it: the share of trials in which some message of the permutation " +
		"is lost, against the edge failure probability q, one panel per n, log–log, for n copies on disjoint paths and " +
		"for one Valiant copy on the same faults, against 2(2nq)ⁿ, which bounds n copies only. " +
		"Below, the share of messages lost, pooled over the trials, with the exact loss of a message (n copies: the " +
		"upper end of its bracket solid, the lower dotted; one copy: 1 − (1 − q/2)^(2n)) and the proof of Theorem II.2's " +
		"2(nq)ⁿ. The pooled intervals treat the messages of a trial as independent, which they are not (they share the " +
		"faults); the report tests the ratio with its standard error over the trials instead.",
	Where: []string{"queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Facet: "n",
		X:     Axis{Label: "edge failure probability q", Log: true},
		Y:     Axis{Label: "Pr(some message lost)", Log: true, Max: 1},
		Layers: []Layer{
			Data{By: lossKey, Keep: isLoss("loss=n copies"), X: col("q"), Y: col("lost"), Of: "share", Bars: "verdict", Check: anyLost},
			Data{By: lossKey, Keep: isLoss("loss=1 copy"), X: col("q"), Y: col("lost"), Of: "share", Bars: "verdict"},
			*anyLost,
		},
	}, {
		Facet: "n",
		X:     Axis{Label: "edge failure probability q", Log: true},
		Y:     Axis{Label: "share of messages lost", Log: true, Max: 1},
		Layers: []Layer{
			Data{By: lossKey, Keep: isLoss("loss=n copies"), X: col("q"), Y: col("lost"), W: col("messages"), Of: "pooled", Bars: "verdict", Check: oneLost},
			Data{By: lossKey, Keep: isLoss("loss=1 copy"), X: col("q"), Y: col("lost"), W: col("messages"), Of: "pooled", Bars: "verdict"},
			Curve{Name: "exact, n copies", Kind: "mean-loss", X: "q", Facet: "n", Args: []string{"form", "upper"}, Colour: "loss=n copies"},
			Curve{Kind: "mean-loss", X: "q", Facet: "n", Args: []string{"form", "lower"}, Colour: "loss=n copies", Dash: 2},
			Curve{Name: "exact, 1 copy", Kind: "valiant-loss", X: "q", Facet: "n", Colour: "loss=1 copy"},
			*oneLost,
		},
	}},
}

var replicationBandwidth = Figure{
	Name: "replication-bandwidth", Experiment: "replication-loss", Wide: true,
	Caption: "At the largest n, one panel per q: the share of messages lost against the data sent over cube links per " +
		"message (in message lengths; a piece is 1/m of a message), log–log. The line runs through m = n pieces (least " +
		"data, left) to m = 1, n copies (right); the other marker is one Valiant copy. Dispersal trades bandwidth for loss.",
	Where: []string{"queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Facet: "q", Last: "n", Cols: 5,
		X: Axis{Label: "data sent per message (message lengths)", Log: true},
		Y: Axis{Label: "share of messages lost", Log: true, Max: 1},
		Layers: []Layer{Computed{New: func() collector {
			return &sums{cols: []string{"lost", "messages", "moved"}, draw: bandwidth, key: func(r Row) (string, float64) {
				if oneCopy(r) {
					return "loss=1 copy", 0
				}
				return map[bool]string{true: "pieces=" + r.Str("pieces")}[inTurn(r)], 0
			}}
		}}},
	}},
}

// sums collects per facet, series and x the sums of columns over the
// rows that key names (a key of "" leaves a row out), and draws what draw
// makes of them: per series, at each x, the sums and the rows.
type sums struct {
	key  func(Row) (string, float64)
	cols []string
	draw func(at map[string]map[float64][]float64) []drawn
	at   map[string]map[string]map[float64][]float64
}

func (c *sums) add(facet string, r Row) {
	key, x := c.key(r)
	if key == "" {
		return
	}
	if c.at == nil {
		c.at = map[string]map[string]map[float64][]float64{}
	}
	f := deep(c.at, facet)
	if f[key] == nil {
		f[key] = map[float64][]float64{}
	}
	v := f[key][x]
	if v == nil {
		v = make([]float64, len(c.cols)+1)
	}
	for i, col := range c.cols {
		v[i] += r.Num(col)
	}
	v[len(c.cols)]++
	f[key][x] = v
}

func (c *sums) series(facet string) []drawn { return c.draw(c.at[facet]) }

// bandwidth draws m of n pieces (one point per m) and one Valiant copy:
// the messages lost against the data sent per message, pooled.
func bandwidth(at map[string]map[float64][]float64) []drawn {
	pieces := drawn{key: "loss=m of n pieces", how: lineMarks, bars: "bars: 95 % Clopper–Pearson intervals of the pooled counts", barsShort: "bars: 95 %"}
	one := drawn{key: "loss=1 copy", how: marks}
	for key, s := range at {
		p := estimate(Data{Of: "pooled"}, &cell{ys: s[0][:1], ws: s[0][1:2]}, s[0][2]/s[0][1], 0, 0.95, 0.025)
		p.N = 0
		if key == "loss=1 copy" {
			one.pts = append(one.pts, p)
		} else {
			pieces.pts = append(pieces.pts, p)
		}
	}
	sortPoints(pieces.pts)
	return []drawn{pieces, one}
}

// lossLevel is the share of messages lost at which replication-threshold
// reads off q.
const lossLevel = 0.01

// invert returns the q at which f(n, q) = lossLevel.
func invert(f func(n int, q float64) float64) func(n, _ float64) float64 {
	return func(n, _ float64) float64 {
		return stats.InvertQ(func(q float64) float64 { return f(int(n), q) }, lossLevel)
	}
}

var replicationThreshold = Figure{
	Name: "replication-threshold", Experiment: "replication-loss",
	Caption: "The edge failure probability q at which 1 % of the messages are lost, against n: measured for n copies " +
		"(interpolated log–log between the grid's q), exact (both ends of the bracket), the q at which the proof's " +
		"2(nq)ⁿ = 1 %, Theorem II.2's q below which all messages of a permutation arrive with probability ≥ 99 %, " +
		"and one Valiant copy's exact q.",
	Where: []string{"queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		X: Axis{Label: "cube dimension n", Ints: true},
		Y: Axis{Label: "q at which 1 % of messages are lost", Log: true},
		Layers: []Layer{
			Computed{New: func() collector {
				return &sums{cols: []string{"lost", "messages"}, draw: threshold, key: func(r Row) (string, float64) {
					return map[bool]string{true: "n=" + r.Str("n")}[lossKey(r) == "loss=n copies"], r.Num("q")
				}}
			}},
			Curve{Name: "exact, n copies", Colour: "loss=n copies", Ints: true,
				F: invert(func(n int, q float64) float64 { _, h := stats.MeanMessageLoss(n, 1, q); return h })},
			Curve{Colour: "loss=n copies", Ints: true, Dash: 2,
				F: invert(func(n int, q float64) float64 { l, _ := stats.MeanMessageLoss(n, 1, q); return l })},
			Curve{Name: "2(nq)ⁿ = 1 %", Ints: true, Dash: 1, F: invert(stats.MessageLossBound)},
			Curve{Name: "Theorem II.2: all arrive w.p. 99 %", Ints: true, Dash: 3,
				F: func(n, _ float64) float64 { return stats.TheoremII2MaxQ(int(n), -math.Log(lossLevel/2)/n) }},
			Curve{Name: "exact, 1 copy", Colour: "loss=1 copy", Ints: true, F: invert(stats.ValiantLoss)},
		},
	}},
}

// threshold draws, per n, the q at which the share of the messages of n
// copies lost first reaches lossLevel.
func threshold(at map[string]map[float64][]float64) []drawn {
	d := drawn{key: "loss=n copies", how: marks}
	for n, byQ := range at {
		var qs, ys []float64
		trials := 0.0
		for _, q := range sortedKeys(byQ) {
			qs, ys, trials = append(qs, q), append(ys, byQ[q][0]/byQ[q][1]), trials+byQ[q][2]
		}
		if q, ok := crossing(qs, ys, lossLevel); ok {
			d.pts = append(d.pts, Point{X: facetNum(n), Y: q, Lo: math.NaN(), Hi: math.NaN(), N: int(trials)})
		}
	}
	sortPoints(d.pts)
	return []drawn{d}
}

// crossing returns the x at which the increasing measurements ys over the
// increasing xs first reach level, interpolated linearly in log x and log
// y (in y where a measurement is 0), and whether they do.
func crossing(xs, ys []float64, level float64) (float64, bool) {
	for i := 1; i < len(xs); i++ {
		if ys[i-1] >= level || ys[i] < level {
			continue
		}
		a, b := ys[i-1], ys[i]
		u := (level - a) / (b - a)
		if a > 0 {
			u = math.Log(level/a) / math.Log(b/a)
		}
		return xs[i-1] * math.Pow(xs[i]/xs[i-1], u), true
	}
	return 0, false
}

// rareKey names the series of replication-rare: one Valiant copy, n
// copies, m = 2 and m = n/2 of n pieces; "" for the other m.
func rareKey(r Row) string {
	switch m, n := r.Num("pieces"), r.Num("n"); {
	case r.Str("router") == "valiant":
		return "loss=1 copy"
	case m == 1:
		return "loss=n copies"
	case m == 2:
		return "loss=m = 2 of n pieces"
	case m == n/2:
		return "loss=m = n/2 of n pieces"
	}
	return ""
}

var replicationRare = Figure{
	Name: "replication-rare", Experiment: "replication-rare", Table: "estimates", Wide: true,
	Caption: "The proof of Theorem II.2, one panel per n, log–log: the probability that a message is lost, each marker " +
		"one importance-sampled estimate (its bar, mostly inside the marker, from its standard error), on the exact " +
		"loss in the series' colour (n copies and m of n pieces: the upper end of the bracket) and the proof's 2(nq)ⁿ, " +
		"which bounds n copies only: m-of-n pieces send less data and may lie above it without contradicting anything.",
	Panels: []Panel{{
		Facet: "n", Cols: 3,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "Pr(message lost)", Log: true},
		Layers: []Layer{
			Data{By: rareKey, X: col("q"), Y: col("loss"), SE: col("se"), N: col("trials"), Of: "each", Bars: "verdict", Check: oneLost,
				Keep: func(r Row) bool { return rareKey(r) == "loss=n copies" }},
			Data{By: rareKey, X: col("q"), Y: col("loss"), SE: col("se"), N: col("trials"), Of: "each", Bars: "verdict",
				Keep: func(r Row) bool { k := rareKey(r); return k != "" && k != "loss=n copies" }},
			Curve{Kind: "mean-loss", X: "q", Facet: "n", Args: []string{"form", "upper"}, Colour: "loss=n copies"},
			Curve{Kind: "mean-loss", X: "q", Facet: "n", Args: []string{"m", "2", "form", "upper"}, Colour: "loss=m = 2 of n pieces"},
			Curve{Colour: "loss=m = n/2 of n pieces", F: func(q, n float64) float64 { _, h := stats.MeanMessageLoss(int(n), int(n)/2, q); return h }},
			Curve{Kind: "valiant-loss", X: "q", Facet: "n", Colour: "loss=1 copy"},
			*oneLost,
		},
	}},
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys[V any](m map[float64]V) []float64 {
	keys := make([]float64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

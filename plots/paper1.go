package plots

import (
	"math"
	"slices"

	"gonum.org/v1/plot/vg"

	"github.com/hyperroute/hyperroute/stats"
)

// The figures of thesis Chapter I [Schömer 1988]: Valiant's two-phase
// routing on Q_n.

// tOverN is T/n, the steps per dimension.
func tOverN(r Row) float64 { return r.Num("T") / r.Num("n") }

// is keeps the rows whose column col is one of vals.
func is(col string, vals ...string) func(Row) bool {
	return func(r Row) bool { return slices.Contains(vals, r.Str(col)) }
}

// over is the Expr a/b of two columns.
func over(a, b string) Expr { return func(r Row) float64 { return r.Num(a) / r.Num(b) } }

// level is the line y = v, a bound checked (below it, or above it if
// lower).
func level(name string, v float64, lower bool) *Curve {
	return &Curve{Name: name, F: func(float64, float64) float64 { return v }, Dash: 1, Lower: lower}
}

// theoremI1 is Theorem I.1's bound on Pr(T ≥ x·n), reaching right to
// where it falls below the data.
var theoremI1 = &Curve{Name: "Theorem I.1", Kind: "theorem-i1", X: "t", Facet: "n",
	Scale: func(x, n float64) float64 { return x * n }, Dash: 1, Reach: true}

// tailPanel is one panel per n of the tail Pr(Y ≥ x·n) of layers, log–log.
func tailPanel(what string, layers ...Layer) Panel {
	return Panel{Facet: "n", Cols: 5,
		X: Axis{Label: "x = " + what + " / n (steps per dimension)", Log: true},
		Y: Axis{Label: "Pr(" + what + " ≥ x·n)", Log: true, Max: 1}, Layers: layers}
}

var tTail = Figure{
	Name: "t-tail", Experiment: "valiant-tail", Wide: true,
	Caption: "Theorem I.1 and remark Bem 1. Above, one panel per n: the tail Pr(T ≥ x·n) of Valiant's routing time, " +
		"log–log, single-port (the theorem's setting) and all-port (Bem 1's claim that the proof covers it), against the " +
		"theorem's bound. The bound is 1 up to T/n = 24·ln 18 ≈ 69.4 and falls only there, far right of every trial: the " +
		"theorem cannot fail at these n. Below, Bem 1 trial by trial: T all-port − T single-port on the same request and " +
		"intermediates; a point above 0 is a trial in which all-port was slower.",
	Where: []string{"router", "valiant", "queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{
		tailPanel("T", Data{By: by("port"), Y: tOverN, Of: "tail", Bars: "verdict", Check: theoremI1}, *theoremI1),
		{Title: "Bem 1: all-port never slower", Height: 1.6 * vg.Inch,
			X: Axis{Label: "cube dimension n", Ints: true},
			Y: Axis{Label: "T all-port − T single-port (steps)"},
			Layers: []Layer{
				Data{Name: "stat=per trial", X: col("n"), Y: col("T"), Of: "each", Check: samePort,
					Pair: &Pair{A: is("port", "single"), B: is("port", "all"), On: []string{"n", "trial"}}},
				*samePort,
			},
		}},
}

var samePort = level("T all-port = T single-port", 0, false)

// delaySeq draws the delay-sequence analysis: Ch. I.2's first bound,
// Lemmas I.1, I.2, I.5 and I.6.
var delaySeq = Figure{
	Name: "delayseq", Experiment: "delay-sequences", Table: "delayseq", Wide: true,
	Caption: "The delay-sequence analysis of Ch. I.2–I.3, single-port, priority queues. Top: trial by trial, the loads that " +
		"bound the run time T over T: Σ_i f(p_i, v_i) along the critical delay sequence D extracted by Lemma I.1's rule, " +
		"Σ_p f(p, w_p) along its Upfal form (Lemma I.2), and the first bound of Ch. I.2 along the route of the packet " +
		"that arrives last; each is at least 1 in every trial. Middle, one panel per n: the tail of Σx, the packets that " +
		"meet a sequence, for the fixed sequence (the e-cube walk 0 → 2ⁿ−1 → 0, chosen before the run) against Lemma I.5's " +
		"binomial bound and its exponential form, and for the extracted D, which the lemma does not cover (it is chosen " +
		"after the randomness and lies above the bound). Bottom, one panel per n: the share of trials with Σh ≥ 12cn and " +
		"Σx < cn for the fixed sequence (Lemma I.6's joint event, γ = 6) at every c = Σh/(12n) measured where the event is " +
		"possible (a packet visits the sequence at most 2n times), against e^(−E(6)·cn).",
	Where: []string{"router", "valiant", "port", "single", "queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Title: "T against the loads that bound it, trial by trial", Height: 1.8 * vg.Inch,
		Keep: func(r Row) bool { return r.Num("T") > 0 },
		X:    Axis{Label: "cube dimension n", Ints: true},
		Y:    Axis{Label: "load / T", Log: true},
		Layers: []Layer{
			Data{Name: "load=d", X: col("n"), Y: over("d_load", "T"), Of: "each", Dodge: true, Check: atLeastT},
			Data{Name: "load=upfal", X: col("n"), Y: over("upfal_load", "T"), Of: "each", Dodge: true, Check: atLeastT},
			Data{Name: "load=naive", X: col("n"), Y: over("naive_load", "T"), Of: "each", Dodge: true, Check: atLeastT},
			*atLeastT,
		},
	}, {
		Facet: "n", Cols: 6,
		X: Axis{Label: "m (packets)", Zero: true},
		Y: Axis{Label: "Pr(Σx ≥ m)", Log: true, Max: 1},
		Layers: []Layer{
			Data{Name: "seq=fixed", Y: col("x_fixed"), Of: "tail", Bars: "verdict", Check: lemmaI5},
			Data{Name: "seq=extracted", Y: col("x_extracted"), Of: "tail", Bars: "verdict"},
			*lemmaI5,
			Curve{Name: "Lemma I.5, e^{−(c ln c − c + 1)n}", Kind: "lemma-i5", X: "c", Facet: "n", Args: []string{"form", "exp"},
				Scale: func(m, n float64) float64 { return m / n }, Dash: 2},
		},
	}, {
		Facet: "n", Cols: 6,
		X: Axis{Label: "c", Log: true},
		Y: Axis{Label: "Pr(Σh ≥ 12cn, Σx < cn)", Log: true, Max: 1},
		Layers: []Layer{
			Computed{New: func() collector { return &jointEvents{trials: map[string][][2]float64{}} }},
			*lemmaI6,
		},
	}},
}

// atLeastT is Lemma I.1's T ≤ Σf (and Lemma I.2's, and the first bound's),
// a lower bound on a load over T.
var atLeastT = level("load = T", 1, true)

// lemmaI5 is Lemma I.5's binomial bound on Pr(Σx ≥ m), in steps.
var lemmaI5 = &Curve{Name: "Lemma I.5, B(m, 2ⁿ, n/2ⁿ)", Kind: "lemma-i5", X: "c", Facet: "n", Args: []string{"form", "binomial"},
	Scale: func(m, n float64) float64 { return m / n }, Steps: true, Dash: 1}

// lemmaI6 is Lemma I.6's bound on the joint event at c.
var lemmaI6 = &Curve{Name: "Lemma I.6, e^{−E(6)·cn}", F: func(c, n float64) float64 { return stats.LemmaI6Bound(int(n), 6, c) }, Dash: 1}

// jointEvents collects Σh and Σx of the fixed sequence per facet (an n)
// and draws the share of trials in Lemma I.6's event Σh ≥ 12cn and Σx <
// cn at every c = Σh/(12n) measured where the event is possible, as the
// report judges it: a share at the verdict's level.
type jointEvents struct {
	trials map[string][][2]float64
	shares *cells
}

func (j *jointEvents) add(facet string, r Row) {
	j.trials[facet] = append(j.trials[facet], [2]float64{r.Num("h_fixed"), r.Num("x_fixed")})
}

func (j *jointEvents) series(facet string) []drawn {
	if j.shares == nil {
		j.shares = Data{Name: "seq=fixed", Of: "share", Bars: "verdict", Marks: true, Check: lemmaI6}.collector().(*cells)
		for f, trials := range j.trials {
			n := facetNum(f)
			for _, h := range slices.Compact(slices.Sorted(func(yield func(float64) bool) {
				for _, t := range trials {
					yield(t[0])
				}
			})) {
				c := h / (12 * n)
				if h <= 0 || 2*n*(math.Ceil(c*n)-1) < h {
					continue // a packet visits the sequence at most 2n times
				}
				for _, u := range trials {
					j.shares.put(f, "seq=fixed", c, b2f(u[0] >= h && u[1] < c*n), 0, 0, 0)
				}
			}
		}
	}
	return j.shares.series(facet)
}

var routingCompare = Figure{
	Name: "routing-compare", Experiment: "routing-compare",
	Caption: "Bitonic sort (Ch. I.1) against the greedy and the randomized router, one panel per permutation: the routing " +
		"time T over bitonic sort's n(n+1)/2 steps against n, log y. Bitonic sort: every trial, each at 1 exactly; e-cube " +
		"and Valiant: the mean over the trials, bars from the smallest to the largest. Greedy e-cube needs Θ(2^(n/2)) on " +
		"transpose and bit-reversal and overtakes the sort; Valiant's T/n stays O(1), so its ratio falls as 1/n.",
	Where: []string{"port", "single", "queue", "priority", "mu", "1"},
	Panels: []Panel{{
		Facet: "pattern", Cols: 3,
		X: Axis{Label: "cube dimension n", Ints: true},
		Y: Axis{Label: "T / (n(n+1)/2)", Log: true},
		Layers: []Layer{
			Data{By: by("router"), X: col("n"), Y: overNN1, Of: "each", Keep: is("router", "bitonic"), Check: sortTime},
			Data{By: by("router"), X: col("n"), Y: overNN1, Bars: "range", Keep: is("router", "ecube", "valiant")},
			*sortTime,
		},
	}},
}

// overNN1 is T over bitonic sort's n(n+1)/2 steps.
func overNN1(r Row) float64 { n := r.Num("n"); return r.Num("T") / (n * (n + 1) / 2) }

var sortTime = level("T = n(n+1)/2", 1, false)

var priorityLoad = Figure{
	Name: "priority-load", Experiment: "priority-load", Table: "nodeloads",
	Caption: "Lemma I.4 node by node: E f(p, v) = ½ for Valiant's routing of any permutation. For each priority p and " +
		"permutation, the mean of f(p, v) over the trials at each node v: the marker is their mean over the nodes, the bar " +
		"runs from the smallest node's to the largest's. Between the dotted lines is where the report's exact test accepts a node: " +
		"its sum over the K trials within the two-sided quantiles of Bin(K·N, 1/(2N)) at 1 − 0.01/(nodes × priorities × " +
		"permutations), N = 2^(p−1) in phase 1 and 2^(2n−p) in phase 2; a bar beyond it is a node the test rejects.",
	Where:  []string{"router", "valiant", "mu", "1"},
	Pooled: []string{"n"},
	Panels: []Panel{{
		X:      Axis{Label: "priority p", Ints: true},
		Y:      Axis{Label: "mean of f(p, v) over the trials (packets)"},
		Layers: []Layer{Computed{New: func() collector { return &nodeLaw{sums: map[[3]int]int{}, trials: map[string]map[int]bool{}} }}, *half},
	}},
}

var half = level("Lemma I.4: ½", 0.5, false)

// nodeLaw collects the sums of f(p, v) over the trials per permutation,
// priority and node, and draws their spread over the nodes against the
// acceptance band of the report's exact test of each node.
type nodeLaw struct {
	sums   map[[3]int]int // pattern index, p, v
	trials map[string]map[int]bool
	keys   []string
	n      int
}

func (c *nodeLaw) add(_ string, r Row) {
	key := "pattern=" + r.Str("pattern")
	i := slices.Index(c.keys, key)
	if i < 0 {
		i, c.keys, c.trials[key] = len(c.keys), append(c.keys, key), map[int]bool{}
	}
	c.sums[[3]int{i, int(r.Num("p")), int(r.Num("v"))}] += int(r.Num("f"))
	c.trials[key][int(r.Num("trial"))], c.n = true, int(r.Num("n"))
}

func (c *nodeLaw) series(string) []drawn {
	K := math.MaxInt
	for _, t := range c.trials {
		K = min(K, len(t))
	}
	alpha := Alpha / float64(len(c.sums)) / 2
	lo, hi := drawn{name: "the exact test's acceptance band", how: curve, dash: 2}, drawn{how: curve, dash: 2}
	for p := 1; p <= 2*c.n; p++ {
		N := stats.LemmaI4Law(c.n, p)
		total, q := K*N, 1/float64(2*N)
		a := 0 // the least sum whose lower tail is ≥ alpha, and b the largest whose upper tail is
		for ; 1-stats.BinomTail(a+1, total, q) < alpha; a++ {
		}
		b := a
		for ; stats.BinomTail(b+1, total, q) >= alpha; b++ {
		}
		for _, x := range []float64{float64(p) - 0.45, float64(p) + 0.45} {
			lo.pts = append(lo.pts, Point{X: x, Y: float64(a) / float64(K), Lo: math.NaN(), Hi: math.NaN()})
			hi.pts = append(hi.pts, Point{X: x, Y: float64(b) / float64(K), Lo: math.NaN(), Hi: math.NaN()})
		}
	}
	out := []drawn{lo, hi}
	for i, key := range c.keys {
		s := drawn{key: key, how: marks, dodge: true, bars: "bars: the smallest and the largest node's mean over the trials", barsShort: "bars: range over the nodes"}
		for p := 1; p <= 2*c.n; p++ {
			var means []float64
			for k, sum := range c.sums {
				if k[0] == i && k[1] == p {
					means = append(means, float64(sum)/float64(len(c.trials[key])))
				}
			}
			if len(means) > 0 {
				m, _ := stats.MeanCI(means, 0.95)
				s.pts = append(s.pts, Point{X: float64(p), Y: m, Lo: slices.Min(means), Hi: slices.Max(means), N: len(c.trials[key])})
			}
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out[2:], func(a, b drawn) int { return compareKeys(a.key, b.key) })
	return out
}

var queueDisciplines = Figure{
	Name: "queue-disciplines", Experiment: "queue-disciplines",
	Caption: "The mean of T/n against n under the thesis' priority rule and under FIFO, random and farthest-first queues, one panel per port model.",
	Where:   []string{"router", "valiant", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Facet: "port", Cols: 2,
		X:      Axis{Label: "cube dimension n", Ints: true},
		Y:      Axis{Label: "mean T / n (steps per dimension)", Zero: true},
		Layers: []Layer{Data{By: by("queue"), X: col("n"), Y: tOverN}},
	}},
}

// bem2 is the line T/(μn) = R of Bem 2 at S = 1, as the verdict checks it.
var bem2 = level("Bem 2: R = 24(1 + ln 18)", stats.TheoremI1R(1), false)

var relations = Figure{
	Name: "relations", Experiment: "relations",
	Caption: "Bem 2: T = O(μn) with high probability, Pr(T ≥ R·μn) ≤ e^(−S·μn) with R = 24(S + ln 18) ≈ 93 at S = 1. " +
		"The largest T/(μn) over the trials of each n and μ against μ·n, one panel per port model, log y, and R dashed: " +
		"no trial comes near it, so the remark cannot fail at these n, and says nothing about the constant.",
	Where: []string{"router", "valiant", "queue", "priority", "pattern", "random"},
	Panels: []Panel{{
		Facet: "port", Cols: 2,
		X: Axis{Label: "μ · n (packets per node × dimension)"},
		Y: Axis{Label: "largest T / (μ·n)", Log: true},
		Layers: []Layer{
			Data{By: by("mu"), X: func(r Row) float64 { return r.Num("mu") * r.Num("n") },
				Y: func(r Row) float64 { return r.Num("T") / (r.Num("mu") * r.Num("n")) }, Of: "max", Check: bem2},
			*bem2,
		},
	}},
}

package plots

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/hyperroute/hyperroute/stats"
)

// The figures of thesis Chapter I [Schömer 1988]: Valiant's two-phase
// routing on Q_n.

// tOverN is T/n, the steps per dimension.
func tOverN(r Row) float64 { return r.Num("T") / r.Num("n") }

// theoremI1 is Theorem I.1's bound on Pr(T ≥ x·n), reaching right to
// where it falls below the data.
var theoremI1 = &Curve{Name: "Theorem I.1", Kind: "theorem-i1", X: "t", Facet: "n",
	Scale: func(x, n float64) float64 { return x * n }, Dash: 1, Reach: true}

var tTail = Figure{
	Name: "t-tail", Experiment: "valiant-tail", Wide: true,
	Doc: "CCDF of T/n per n, single- and all-port, against the Theorem I.1 bound; T all-port − T single-port per trial (Bem 1)",
	Caption: "Above, one panel per n: the tail Pr(T ≥ x·n) of Valiant's routing time against x = T/n, log–log, " +
		"single-port (Theorem I.1's setting) and all-port, and Theorem I.1's bound, which covers single-port only: it is 1 " +
		"up to T/n = 24·ln 18 ≈ 69, far right of every measured T/n, and falls only where the x axis ends. " +
		"Below, Bem 1 trial by trial: T all-port − T single-port on the same request and intermediates; " +
		"a point above 0 is a trial in which all-port was slower.",
	Where: []string{"router", "valiant", "queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Facet: "n", Cols: 5,
		X: Axis{Label: "x = T / n (steps per dimension)", Log: true},
		Y: Axis{Label: "Pr(T ≥ x·n)", Log: true, Max: 1},
		Layers: []Layer{
			Tail{By: by("port"), Y: tOverN, Check: theoremI1, Keep: func(r Row) bool { return r.Str("port") == "single" }},
			Tail{By: by("port"), Y: tOverN, Keep: func(r Row) bool { return r.Str("port") == "all" }},
			*theoremI1,
		},
	}, {
		Title:  "Bem 1: all-port never slower",
		X:      Axis{Label: "cube dimension n", Ints: true},
		Y:      Axis{Label: "T all-port − T single-port (steps)"},
		Height: 1.6 * vg.Inch,
		Layers: []Layer{
			Pairs{Name: "stat=per trial", Of: "port", A: "single", B: "all", On: []string{"n", "trial"},
				X: col("n"), Y: col("T"), Check: zero},
			*zero,
		},
	}},
}

// zero is the line y = 0, a bound checked.
var zero = &Curve{Name: "T all-port = T single-port", F: func(float64, float64) float64 { return 0 }, Dash: 1}

// delaySeq draws the delay-sequence analysis: Lemmas I.1, I.5 and I.6.
var delaySeq = Figure{
	Name: "delayseq", Experiment: "delay-sequences", Table: "delayseq", Wide: true,
	Doc: "Lemma I.1 per trial (Σf/T ≥ 1), the tail of Σx against Lemma I.5 per n, and the joint event of Lemma I.6 per n",
	Caption: "Top: Lemma I.1 trial by trial: Σf/T ≥ 1 along the critical delay sequence extracted from each run. " +
		"Middle, one panel per n: the tail of Σx, the packets that meet the sequence, for the fixed sequence " +
		"(the e-cube walk 0 → 2ⁿ−1 → 0, chosen before the run) and for the extracted one, against Lemma I.5's " +
		"binomial bound and its exponential form. Lemma I.5 covers only the fixed sequence: the extracted one is " +
		"chosen after the randomness and lies far above the bound. " +
		"Bottom, one panel per n: the share of trials with Σh ≥ 12cn and Σx < cn for the fixed sequence (Lemma I.6's " +
		"joint event, γ = 6) at every c = Σh/(12n) measured, against Lemma I.6's e^(−E(6)·cn).",
	Where: []string{"router", "valiant", "port", "single", "queue", "priority", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Title:  "Lemma I.1",
		X:      Axis{Label: "cube dimension n", Ints: true},
		Y:      Axis{Label: "Σf / T"},
		Height: 1.6 * vg.Inch,
		Layers: []Layer{
			Points{Name: "stat=per trial", X: col("n"), Y: func(r Row) float64 { return r.Num("d_load") / r.Num("T") },
				Keep: func(r Row) bool { return r.Num("T") > 0 }, Check: lemmaI1},
			*lemmaI1,
		},
	}, {
		Facet: "n", Cols: 6,
		X: Axis{Label: "m (packets)", Zero: true},
		Y: Axis{Label: "Pr(Σx ≥ m)", Log: true, Max: 1},
		Layers: []Layer{
			Tail{Name: "seq=fixed", Y: col("x_fixed"), Check: lemmaI5},
			Tail{Name: "seq=extracted", Y: col("x_extracted")},
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
			Curve{Name: "Lemma I.6, e^{−E(6)·cn}", F: func(c, n float64) float64 { return stats.LemmaI6Bound(int(n), 6, c) }, Dash: 1},
		},
	}},
}

// lemmaI1 is Lemma I.1's T ≤ Σf, a lower bound on Σf/T.
var lemmaI1 = &Curve{Name: "Lemma I.1: Σf/T ≥ 1", F: func(float64, float64) float64 { return 1 }, Dash: 1, Lower: true}

// lemmaI5 is Lemma I.5's binomial bound on Pr(Σx ≥ m), in steps.
var lemmaI5 = &Curve{Name: "Lemma I.5, B(m, 2ⁿ, n/2ⁿ)", Kind: "lemma-i5", X: "c", Facet: "n", Args: []string{"form", "binomial"},
	Scale: func(m, n float64) float64 { return m / n }, Steps: true, Dash: 1}

// jointEvents collects Σh and Σx of the fixed sequence per facet (an n)
// and draws the share of trials in Lemma I.6's event Σh ≥ 12cn and Σx <
// cn at every c = Σh/(12n) measured, where the share changes.
type jointEvents struct {
	trials map[string][][2]float64
}

func (j *jointEvents) add(facet string, r Row) {
	j.trials[facet] = append(j.trials[facet], [2]float64{r.Num("h_fixed"), r.Num("x_fixed")})
}

func (j *jointEvents) series(facet string) []drawn {
	d := drawn{key: "seq=fixed", how: marks, check: lemmaI6, bars: "bars: 95 % Clopper–Pearson intervals", barsShort: "bars: 95 % Clopper–Pearson intervals"}
	trials, n := j.trials[facet], facetNum(facet)
	seen := map[float64]bool{}
	for _, t := range trials {
		c := t[0] / (12 * n)
		if t[0] <= 0 || seen[c] {
			continue
		}
		seen[c] = true
		k := 0
		for _, u := range trials {
			if u[0] >= t[0] && u[1] < c*n {
				k++
			}
		}
		e := &cell{n: len(trials), k: float64(k)}
		d.pts = append(d.pts, estimate(Stat{Of: "share"}, e, c, 0, 0.95))
	}
	sortPoints(d.pts)
	return []drawn{d}
}

// lemmaI6 is Lemma I.6's bound on the joint event at c.
var lemmaI6 = &Curve{Name: "Lemma I.6", F: func(c, n float64) float64 { return stats.LemmaI6Bound(int(n), 6, c) }}

var routingCompare = Figure{
	Name: "routing-compare", Experiment: "routing-compare",
	Doc: "mean T against n for e-cube, Valiant and bitonic on random, transpose and bit-reversal permutations, with n(n+1)/2",
	Caption: "One panel per permutation: the mean routing time T against n, log y, with bars from the smallest to the " +
		"largest T over the trials. Bitonic sort takes exactly n(n+1)/2 steps on every permutation (the dashed line, " +
		"which its markers sit on); greedy e-cube needs Θ(2^(n/2)) on transpose and bit-reversal; Valiant stays O(n).",
	Where: []string{"port", "single", "queue", "priority", "mu", "1"},
	Panels: []Panel{{
		Facet: "pattern", Cols: 3, FacetName: identityName,
		X: Axis{Label: "cube dimension n", Ints: true},
		Y: Axis{Label: "T (steps)", Log: true},
		Layers: []Layer{
			Stat{By: by("router"), X: col("n"), Y: col("T"), Bars: "range", Keep: isBitonic(true), Check: nn1},
			Stat{By: by("router"), X: col("n"), Y: col("T"), Bars: "range", Keep: isBitonic(false)},
			*nn1,
		},
	}},
}

func isBitonic(b bool) func(Row) bool {
	return func(r Row) bool { return (r.Str("router") == "bitonic") == b }
}

// nn1 is bitonic sort's n(n+1)/2 steps.
var nn1 = &Curve{Name: "n(n+1)/2", F: func(n, _ float64) float64 { return n * (n + 1) / 2 }, Ints: true, Dash: 1}

var priorityLoad = Figure{
	Name: "priority-load", Experiment: "priority-load", Table: "loads",
	Doc: "mean f(p,v) per priority p against Lemma I.4's 1/2, with simultaneous 95% intervals",
	Caption: "The mean load f(p,v) per priority p, averaged over the nodes v in each trial and then over the trials, " +
		"one series per permutation, against Lemma I.4's E f(p,v) = 1/2 for every permutation. The bars hold for all " +
		"points at once, as the verdict tests them; markers at one p are set apart only where they would overlap.",
	Where: []string{"router", "valiant", "port", "single", "queue", "priority", "mu", "1"},
	Panels: []Panel{{
		Facet: "n",
		X:     Axis{Label: "priority p", Ints: true},
		Y:     Axis{Label: "mean f(p,v) (packets)"},
		Layers: []Layer{
			Stat{By: by("pattern"), X: col("p"), Y: col("f_mean"), Marks: true, Joint: true, Dodge: true},
			Curve{Name: "Lemma I.4: 1/2", F: func(float64, float64) float64 { return 0.5 }, Dash: 1},
		},
	}},
}

var queueDisciplines = Figure{
	Name: "queue-disciplines", Experiment: "queue-disciplines",
	Doc:     "mean T/n against n per queue discipline and port model",
	Caption: "The mean of T/n against n under the thesis' priority rule and under FIFO, random and farthest-first queues, one panel per port model.",
	Where:   []string{"router", "valiant", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		Facet: "port", Cols: 2, FacetName: identityName,
		X: Axis{Label: "cube dimension n", Ints: true},
		Y: Axis{Label: "mean T / n (steps per dimension)", Zero: true},
		Layers: []Layer{
			Stat{By: by("queue"), X: col("n"), Y: tOverN},
		},
	}},
}

// bem2R is the R of Bem 2 at S = 1, as the verdict checks it.
var bem2R = stats.TheoremI1R(1)

var relations = Figure{
	Name: "relations", Experiment: "relations",
	Doc: "the largest T/(μn) over the trials against μ·n for μ-bounded requests, against Bem 2's R",
	Caption: "Bem 2 says T = O(μn) with high probability: Pr(T ≥ R·μn) ≤ e^(−S·μn), R = 24(S + ln 18) ≈ 93 at S = 1. " +
		"Markers: the largest T/(μn) over the trials of each n and μ, against μ·n, one panel per port model, log y; " +
		"the dashed line is R. No trial comes near it: the bound holds with a wide margin and says nothing about the constant.",
	Where: []string{"router", "valiant", "queue", "priority", "pattern", "random"},
	Panels: []Panel{{
		Facet: "port", Cols: 2, FacetName: identityName,
		X: Axis{Label: "μ · n (packets per node × dimension)"},
		Y: Axis{Label: "largest T / (μ·n)", Log: true},
		Layers: []Layer{
			Stat{By: by("mu"), X: func(r Row) float64 { return r.Num("mu") * r.Num("n") },
				Y: func(r Row) float64 { return r.Num("T") / (r.Num("mu") * r.Num("n")) }, Of: "max", Check: bem2},
			*bem2,
		},
	}},
}

// bem2 is the line T/(μn) = R.
var bem2 = &Curve{Name: "Bem 2: R = 24(1 + ln 18)", F: func(float64, float64) float64 { return bem2R }, Dash: 1}

// identityName titles a facet by its identity's name.
func identityName(key string) string {
	if i, ok := rank[key]; ok {
		return identities[i].name
	}
	return keyName(key)
}

// facetNum is the number of a facet key "n=8", NaN if it has none.
func facetNum(key string) float64 {
	_, v, _ := strings.Cut(strings.Split(key, ",")[0], "=")
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return math.NaN()
	}
	return x
}

// sortPoints sorts pts by x.
func sortPoints(pts []Point) {
	slices.SortFunc(pts, func(a, b Point) int { return cmp.Compare(a.X, b.X) })
}

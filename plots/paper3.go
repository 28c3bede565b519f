package plots

import (
	"math"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/hyperroute/hyperroute/figstyle"
)

// The figures of thesis Chapter III [Schömer 1988]: detours around failed
// edges.

var detourMissing = &Curve{Name: "n·2ⁿ·q·(3q)ⁿ⁻¹", Kind: "detour-missing", X: "q", Facet: "n", Dash: 1}

var detourExistence = Figure{
	Name: "detour-existence", Experiment: "detour-existence", Wide: true,
	Caption: "Ch. III.1, one panel per n, log–log: the share of trials in which some failed edge has no intact detour " +
		"of length 3, against the edge failure probability q, and the thesis' bound n·2ⁿ·q·(3q)ⁿ⁻¹. The trials route " +
		"nothing; where no trial had such an edge, the marker is the share's upper limit, and where the bound lies below " +
		"that limit (about 3/N), no count of the N trials could have contradicted it.",
	Panels: []Panel{{
		Facet: "n", Cols: 3,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "Pr(a failed edge without a detour)", Log: true, Max: 1},
		Layers: []Layer{
			Data{Name: "stat=measured", X: col("q"), Y: col("no_detour"), Of: "share", Bars: "verdict", Check: detourMissing},
			*detourMissing,
		},
	}},
}

// matchingSharp is the thesis' (n/5)(10q)^n, which holds for q ≤ 1/10.
var matchingSharp = &Curve{Name: "(n/5)(10q)ⁿ, q ≤ 0.1", Kind: "matching-failure", X: "q", Facet: "n", Dash: 1,
	Scale: func(q, _ float64) float64 {
		if q > 0.1 {
			return math.NaN()
		}
		return q
	}}

func heuristic(r Row) bool { return r.Str("detours") == "heuristic" }
func complete(r Row) bool  { return r.Num("ok") == 1 }

var matching = Figure{
	Name: "matching", Experiment: "matching", Wide: true,
	Caption: "Lemma III.1 (III.1). Top, one panel per n, log–log: the share of trials in which the heuristic parallel matching finds no " +
		"complete detour system, against q, with the thesis' (n/5)(10q)ⁿ (for q ≤ 0.1) and (11q)ⁿ. " +
		"Middle, at the largest n: the mean γ of the complete systems of each strategy against q. " +
		"Bottom, at the largest n, one panel per q: the share of complete systems with each γ.",
	Panels: []Panel{{
		Facet: "n", Cols: 6, Keep: heuristic,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "Pr(the matching fails)", Log: true, Max: 1},
		Layers: []Layer{
			Data{By: by("detours"), X: col("q"), Y: func(r Row) float64 { return 1 - r.Num("ok") }, Of: "share", Bars: "verdict", Check: matchingSharp},
			*matchingSharp,
			Curve{Name: "(11q)ⁿ", Kind: "matching-failure", X: "q", Facet: "n", Args: []string{"form", "loose"}, Dash: 2},
		},
	}, {
		Last: "n", Keep: complete,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "mean γ of complete systems"},
		Layers: []Layer{
			Data{By: by("detours"), X: col("q"), Y: col("gamma")},
		},
	}, {
		Facet: "q", Last: "n", Cols: 6, Keep: complete,
		X: Axis{Label: "γ (most detours on one middle edge)", Ints: true},
		Y: Axis{Label: "share of complete systems", Zero: true},
		Layers: []Layer{
			Data{By: by("detours"), X: col("gamma"), Y: col("gamma"), Of: "freq", Marks: true},
		},
	}},
}

// matchingRounds draws the recursion of the heuristic matching's proof.
var matchingRounds = Figure{
	Name: "matching-rounds", Experiment: "matching", Table: "rounds", Wide: true,
	Caption: "Ch. III.1, the recursion in the proof of Lemma III.1 (III.1): for q ≤ 1/10, after round k of the heuristic " +
		"matching, g(k), the share of the failed edges still without a detour, is at most (5q)^k (top), and f(k), the " +
		"share of the intact edges reserved as middle edges, at most 2q (bottom); one panel per q, one line per n, " +
		"pooled over the trials (g over those with a failed edge), log y. The pooled intervals treat the edges of a trial " +
		"as independent; the report tests the ratio with its standard error over the trials.",
	Where: []string{"detours", "heuristic"},
	Panels: []Panel{{
		Facet: "q", Cols: 6, Keep: func(r Row) bool { return r.Num("q") <= 0.1 && r.Num("failed") > 0 },
		X: Axis{Label: "round k", Ints: true},
		Y: Axis{Label: "g(k): failed edges pending", Log: true, Max: 1},
		Layers: []Layer{
			Data{By: by("n"), X: col("round"), Y: col("pending"), W: col("failed"), Of: "pooled", Bars: "verdict", Check: gRound},
			*gRound,
		},
	}, {
		Facet: "q", Cols: 6, Keep: func(r Row) bool { return r.Num("q") <= 0.1 },
		X: Axis{Label: "round k", Ints: true},
		Y: Axis{Label: "f(k): intact edges reserved", Log: true, Max: 1},
		Layers: []Layer{
			Data{By: by("n"), X: col("round"), Y: col("reserved"), W: col("intact"), Of: "pooled", Bars: "verdict", Check: fRound},
			*fRound,
		},
	}},
}

var (
	gRound = &Curve{Name: "(5q)^{k}", F: func(k, q float64) float64 { return math.Pow(5*q, k) }, Ints: true, Dash: 1}
	fRound = &Curve{Name: "2q", F: func(_, q float64) float64 { return 2 * q }, Dash: 2}
)

// sortStep is faulty-bitonic's rows: bitonic over a complete system on a
// cube with a failed edge.
func sortStep(r Row) bool { return r.Num("gamma") > 0 && r.Num("max_step") > 0 }

// gammaClass splits the trials by γ = 1 and γ ≥ 2.
func gammaClass(r Row) string {
	if r.Num("gamma") <= 1 {
		return "gamma=1"
	}
	return "gamma=2 or more"
}

var (
	gammaPlus2 = level("γ + 2", 0, false)
	twoGamma1  = &Curve{Name: "2γ + 1", F: func(g, _ float64) float64 { return g - 1 }, Dash: 2}
	sortBound  = level("T = (γ + 2)·n(n+1)/2", 1, false)
)

var faultyBitonic = Figure{
	Name: "faulty-bitonic", Experiment: "faulty-bitonic",
	Caption: "Remark Bem (III.1): bitonic sort over a complete detour system with delay factor γ + 2. Top, trial by trial " +
		"and one panel per port model: the slowest compare-exchange step less γ + 2, against the system's γ. All-port " +
		"(the thesis' model, every intact out-link sends) it is 0 in every trial; single-port, outside the model, a node " +
		"must also forward the words on its detours' last edges, and a step can take up to 2γ + 1 (dashed) under any " +
		"schedule. Middle: single-port, the share of trials with a step above γ + 2 against q, for γ = 1 (never) and γ ≥ 2. " +
		"Bottom: the largest T over the thesis' (γ + 2)·n(n+1)/2 against q, per port model.",
	Where:  []string{"router", "bitonic"},
	Pooled: []string{"n", "q", "detours"},
	Panels: []Panel{{
		Facet: "port", Cols: 2, Keep: sortStep,
		X: Axis{Label: "γ", Ints: true},
		Y: Axis{Label: "slowest step − (γ + 2) (time units)"},
		Layers: []Layer{
			Data{By: by("port"), X: col("gamma"), Y: func(r Row) float64 { return r.Num("max_step") - r.Num("gamma") - 2 }, Of: "each", Check: gammaPlus2},
			*gammaPlus2, *twoGamma1,
		},
	}, {
		Title: "single-port", Keep: func(r Row) bool { return sortStep(r) && r.Str("port") == "single" },
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "Pr(a step above γ + 2)", Zero: true},
		Layers: []Layer{
			Data{By: gammaClass, X: col("q"), Y: col("over_steps"), Of: "share", Bars: "verdict"},
		},
	}, {
		Facet: "port", Cols: 2, Keep: sortStep,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "largest T / ((γ+2)·n(n+1)/2)"},
		Layers: []Layer{
			Data{By: by("port"), X: col("q"), Of: "max", Check: sortBound, Y: func(r Row) float64 {
				n := r.Num("n")
				return r.Num("T") / ((r.Num("gamma") + 2) * n * (n + 1) / 2)
			}},
			*sortBound,
		},
	}},
}

// routed selects the trials of Valiant's routing simulated over a complete
// detour system with d > 1, in the thesis' model if thesis.
func routed(thesis bool) func(Row) bool {
	return func(r Row) bool {
		return r.Num("ok") == 1 && r.Num("d") > 1 && r.Num("T_intact") > 0 &&
			(!thesis || r.Str("delivery") == "queue" && r.Str("detour-queue") == "priority")
	}
}

// model names the delivery rule and detour queue discipline of a trial.
func model(r Row) string {
	return "model=" + r.Str("delivery") + "/" + r.Str("detour-queue")
}

var (
	dT    = level("T_{faulty} = d·T_{intact}", 0, false)
	dTLaw = &Curve{Name: "T_{faulty} = d·(T_{intact} − 1) + 1", F: func(d, _ float64) float64 { return 1 - d }, Dash: 2}
	psi   = level("d = γ + 2", 0, false)
)

var faultyValiant = Figure{
	Name: "faulty-valiant", Experiment: "faulty-valiant",
	Caption: "Ch. III.2: Valiant's routing simulated on a faulty cube in rounds of d sub-steps, against the same instance " +
		"on the intact cube. Top, trial by trial and one panel per confluent system and delivery rule: 𝒯 − d·T against " +
		"the dilation d. The statement judged is 𝒯 = d·T (0, dashed); the thesis' schedule gives 𝒯 = d·(T−1) + 1 " +
		"(1 − d, dotted), which every trial of the thesis' model (delivery from the queue, priority detour queues) meets. " +
		"Middle: Lemma III.1 (III.2), the share of trials in which a packet left its intact schedule, per delivery rule " +
		"and detour queue discipline (0 in the thesis' model), and the share with a send outside its queue's sub-step (the " +
		"monotonicity after the lemma), all models. Bottom: the dilation of the edge-confluent ψ less γ + 2, trial by trial. " +
		"Only Valiant's trials are drawn; the verdicts count e-cube's on the same systems as well.",
	Where:  []string{"router", "valiant"},
	Pooled: []string{"n", "q", "detours"},
	Panels: []Panel{{
		Facet: "confluent,delivery", Cols: 2, Keep: routed(false),
		X: Axis{Label: "dilation d (sub-steps per step)", Ints: true},
		Y: Axis{Label: "T_{faulty} − d·T_{intact} (sub-steps)"},
		Layers: []Layer{
			Data{By: by("detour-queue"), X: col("d"), Y: col("excess"), Of: "each", Check: dT},
			*dT, *dTLaw,
		},
	}, {
		Keep: routed(false), Height: 1.8 * vg.Inch,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "share of trials", Zero: true},
		Layers: []Layer{
			Data{By: model, X: col("q"), Y: func(r Row) float64 { return 1 - r.Num("lockstep") }, Of: "share", Bars: "verdict"},
			Data{Name: "check=monotone", X: col("q"), Y: func(r Row) float64 { return 1 - r.Num("monotone") }, Of: "share", Bars: "verdict"},
		},
	}, {
		Keep: func(r Row) bool { return routed(false)(r) && r.Str("confluent") == "edge" }, Height: 1.3 * vg.Inch,
		X: Axis{Label: "γ of the detour system", Ints: true},
		Y: Axis{Label: "d − (γ + 2)"},
		Layers: []Layer{
			Data{Name: "psi=per trial", X: col("gamma"), Y: func(r Row) float64 { return r.Num("d") - r.Num("gamma") - 2 }, Of: "each", Check: psi},
			*psi,
		},
	}},
}

var (
	dLine = level("T_{faulty} = d·T_{intact}", 1, false)
)

var faultyValiantSlowdown = Figure{
	Name: "faulty-valiant-slowdown", Experiment: "faulty-valiant", Wide: true,
	Caption: "Theorems III.1 and III.2 and the delay factor 3 of the introduction, Valiant's routing in the thesis' model " +
		"(delivery from the queue, priority detour queues). Top, trial by trial against q: 𝒯/(d·T), the faulty time over " +
		"d times the intact time of the same instance, node-confluent (Theorem III.1) and edge-confluent (Theorem III.2), " +
		"one colour per detour strategy; both theorems say at most 1. The heuristic matching's system is 1-conjunct, so " +
		"edge-confluent its d is 3: those points are the introduction's delay factor 3. Bottom, one panel per n: the tail " +
		"of 𝒯/(d·n) over edge-confluent systems (Theorem III.2 applied: 𝒯 ≤ d·T carries Theorem I.1 over) against " +
		"Theorem I.1's bound, 1 up to T/n ≈ 69.4. Only Valiant's trials are drawn; the verdicts count e-cube's on the " +
		"same systems as well.",
	Where:  []string{"router", "valiant"},
	Pooled: []string{"n"},
	Panels: []Panel{{
		Facet: "confluent",
		Cols:  2, Keep: routed(true),
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "T_{faulty} / (d·T_{intact})"},
		Layers: []Layer{
			Data{By: by("detours"), X: col("q"), Y: func(r Row) float64 { return r.Num("T") / (r.Num("d") * r.Num("T_intact")) }, Of: "each", Check: dLine},
			*dLine,
		},
	}, tailPanel("T_{faulty}/d", Data{Name: "confluent=edge", Y: func(r Row) float64 { return r.Num("T") / (r.Num("d") * r.Num("n")) }, Of: "tail", Bars: "verdict",
		Keep: func(r Row) bool { return routed(true)(r) && r.Str("confluent") == "edge" }, Check: theoremI1}, *theoremI1)},
}

// method names a router and, for the adaptive ones, its reroute rule.
func method(r Row) string {
	switch rt := r.Str("router"); rt {
	case "adaptive-ecube", "adaptive-valiant":
		return "router=" + rt + ",reroute=" + r.Str("reroute")
	default:
		return "router=" + rt
	}
}

// family is e-cube (with its adaptive forms and safety levels) or Valiant
// (with its adaptive forms).
func family(r Row) string {
	if strings.Contains(r.Str("router"), "valiant") {
		return "family=valiant"
	}
	return "family=ecube"
}

func positiveQ(r Row) bool { return r.Num("q") > 0 }

var adaptiveBaselines = Figure{
	Name: "adaptive-baselines", Experiment: "adaptive-baselines", Wide: true,
	Caption: "At the largest n, single-port, against q: the share of messages lost (pooled over the trials), the stretch " +
		"of the delivered packets' routes (hops over fault-free hops) and the mean T. Left e-cube, its adaptive forms " +
		"rerouting around a failed edge on their own (by a random intact 3-detour or a shortest intact path) and safety " +
		"levels; right the same for Valiant. E-cube and Valiant do not know the faults and lose what meets one.",
	Where: []string{"port", "single", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		FacetBy: family, Last: "n", Cols: 2, Keep: positiveQ,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "share of messages lost", Log: true, Max: 1},
		Layers: []Layer{
			Data{By: method, X: col("q"), Y: col("lost"), W: col("messages"), Of: "pooled"},
		},
	}, {
		FacetBy: family, Last: "n", Cols: 2, Keep: positiveQ,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "stretch (hops / fault-free hops)"},
		Layers: []Layer{
			Data{By: method, X: col("q"), Y: col("stretch")},
		},
	}, {
		FacetBy: family, Last: "n", Cols: 2, Keep: positiveQ,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "mean T (steps)", Zero: true},
		Layers: []Layer{
			Data{By: method, X: col("q"), Y: col("T")},
		},
	}},
}

// delivers names what delivers a trial of faulty-valiant: a detour
// strategy, or a router on its own; and its family.
func delivers(r Row) string {
	if d := r.Str("detours"); d != "none" {
		return "detours=" + d
	}
	return method(r)
}

var faultyValiantDelivered = Figure{
	Name: "faulty-valiant-delivered", Experiment: "faulty-valiant", Wide: true,
	Caption: "One row per n, against q: the share of trials in which every packet is delivered. Left, Valiant's routing " +
		"simulated over each strategy's detour system (it delivers all when the strategy finds a complete system; " +
		"optimal and random succeed exactly when every failed edge has an intact detour). Right, without detours: " +
		"Valiant not knowing the faults, its adaptive forms and safety levels, when they lose no packet.",
	Where: []string{"confluent", "edge", "detour-queue", "priority"},
	Panels: []Panel{{
		Cols: 2, Keep: func(r Row) bool {
			// Over detours the thesis' rule, delivery from the queue; on
			// their own the routers' rule, done on arrival.
			rt, rule := r.Str("router"), map[bool]string{true: "arrival", false: "queue"}[r.Str("detours") == "none"]
			return r.Num("q") > 0 && r.Str("delivery") == rule && (rt == "valiant" || rt == "adaptive-valiant" || rt == "safety-levels")
		},
		FacetBy: func(r Row) string {
			side := "with=detours"
			if r.Str("detours") == "none" {
				side = "with=none"
			}
			return "n=" + r.Str("n") + "," + side
		},
		X:      Axis{Label: "edge failure probability q", Log: true},
		Y:      Axis{Label: "share of trials delivering all", Zero: true, Max: 1},
		Height: figstyle.PanelHeight * 0.7,
		Layers: []Layer{
			Data{By: delivers, X: col("q"), Of: "share", Y: func(r Row) float64 {
				if r.Str("detours") != "none" {
					return r.Num("ok")
				}
				return b2f(r.Num("lost") == 0)
			}},
		},
	}},
}

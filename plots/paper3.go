package plots

import (
	"math"
	"strings"
)

// The figures of thesis Chapter III [Schömer 1988]: detours around failed
// edges.

var detourMissing = &Curve{Name: "n·2ⁿ·q·(3q)ⁿ⁻¹", Kind: "detour-missing", X: "q", Facet: "n", Dash: 1}

var detourExistence = Figure{
	Name: "detour-existence", Experiment: "detour-existence", Wide: true,
	Doc: "how often some failed edge has no intact detour, against q per n, with the thesis' bound",
	Caption: "One panel per n, log–log: the share of trials in which some failed edge has no intact detour of length 3, " +
		"against the edge failure probability q, and the thesis' bound n·2ⁿ·q·(3q)ⁿ⁻¹. The trials route nothing; " +
		"where no trial had such an edge, the marker is the share's upper limit.",
	Panels: []Panel{{
		Facet: "n", Cols: 3,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "Pr(a failed edge without a detour)", Log: true, Max: 1},
		Layers: []Layer{
			Stat{Name: "stat=measured", X: col("q"), Y: col("no_detour"), Of: "share", Check: detourMissing},
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
	Doc: "how often the heuristic matching fails against q per n, with its bounds; γ of heuristic, optimal and random systems",
	Caption: "Top, one panel per n, log–log: the share of trials in which the heuristic parallel matching finds no " +
		"complete detour system, against q, with the thesis' (n/5)(10q)ⁿ (for q ≤ 0.1) and (11q)ⁿ. " +
		"Middle, at the largest n: the mean γ of the complete systems of each strategy against q. " +
		"Bottom, at the largest n, one panel per q: the share of complete systems with each γ.",
	Panels: []Panel{{
		Facet: "n", Cols: 6, Keep: heuristic,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "Pr(the matching fails)", Log: true, Max: 1},
		Layers: []Layer{
			Stat{By: by("detours"), X: col("q"), Y: func(r Row) float64 { return 1 - r.Num("ok") }, Of: "share", Check: matchingSharp},
			*matchingSharp,
			Curve{Name: "(11q)ⁿ", Kind: "matching-failure", X: "q", Facet: "n", Args: []string{"form", "loose"}, Dash: 2},
		},
	}, {
		Last: "n", Keep: complete,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "mean γ of complete systems"},
		Layers: []Layer{
			Stat{By: by("detours"), X: col("q"), Y: col("gamma")},
		},
	}, {
		Facet: "q", Last: "n", Cols: 6, Keep: complete,
		X: Axis{Label: "γ (most detours on one middle edge)", Ints: true},
		Y: Axis{Label: "share of complete systems", Zero: true},
		Layers: []Layer{
			Stat{By: by("detours"), X: col("gamma"), Y: col("gamma"), Of: "freq", Marks: true},
		},
	}},
}

// sortStep is faulty-bitonic's rows: bitonic over a complete system on a
// cube with a failed edge.
func sortStep(r Row) bool { return r.Num("gamma") > 0 && r.Num("max_step") > 0 }

var gammaPlus2 = &Curve{Name: "γ + 2", F: func(g, _ float64) float64 { return g + 2 }, Dash: 1}
var one = &Curve{Name: "T = (γ + 2)·n(n+1)/2", F: func(float64, float64) float64 { return 1 }, Dash: 1}

var faultyBitonic = Figure{
	Name: "faulty-bitonic", Experiment: "faulty-bitonic",
	Doc: "bitonic sort over detours: every slowest step against γ + 2, the share of trials above it, and T over (γ + 2)·n(n+1)/2",
	Caption: "Bitonic sort over a complete detour system, one column per port model. Top: the slowest compare-exchange " +
		"step of every trial against the system's γ, with the thesis' delay factor γ + 2; all-port it is γ + 2 exactly, " +
		"single-port a word waits behind others at its detour's middle edge and the step takes longer. Middle: the share " +
		"of trials whose slowest step exceeds γ + 2, against q. Bottom: the largest T over the thesis' (γ + 2)·n(n+1)/2, against q.",
	Where:  []string{"router", "bitonic"},
	Pooled: []string{"n", "q"},
	Panels: []Panel{{
		Facet: "port", Cols: 2, FacetName: identityName, Keep: sortStep,
		X: Axis{Label: "γ", Ints: true},
		Y: Axis{Label: "slowest step (time units)", Zero: true},
		Layers: []Layer{
			Points{By: by("detours"), X: col("gamma"), Y: col("max_step"), Check: gammaPlus2},
			*gammaPlus2,
		},
	}, {
		Facet: "port", Cols: 2, FacetName: identityName, Keep: sortStep,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "Pr(slowest step > γ + 2)", Log: true, Max: 1},
		Layers: []Layer{
			Stat{By: by("detours"), X: col("q"), Y: func(r Row) float64 { return b2f(r.Num("max_step") > r.Num("gamma")+2) }, Of: "share"},
		},
	}, {
		Facet: "port", Cols: 2, FacetName: identityName, Keep: sortStep,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "largest T / ((γ+2)·n(n+1)/2)"},
		Layers: []Layer{
			Stat{By: by("detours"), X: col("q"), Of: "max", Check: one, Y: func(r Row) float64 {
				n := r.Num("n")
				return r.Num("T") / ((r.Num("gamma") + 2) * n * (n + 1) / 2)
			}},
			*one,
		},
	}},
}

// routed selects the trials of Valiant's routing simulated over a complete
// detour system on a cube with a failed edge.
func routed(r Row) bool { return r.Num("ok") == 1 && r.Num("q") > 0 && r.Num("T_intact") > 0 }

// simModel titles a facet of confluent system and delivery rule.
func simModel(key string) string {
	parts := strings.Split(key, ",")
	var out []string
	for _, p := range parts {
		_, v, _ := strings.Cut(p, "=")
		out = append(out, v)
	}
	return out[0] + "-confluent, delivery " + out[1]
}

var (
	dT    = &Curve{Name: "T_{faulty} = d·T_{intact}", F: func(float64, float64) float64 { return 0 }, Dash: 1}
	dTLaw = &Curve{Name: "T_{faulty} = d·(T_{intact} − 1) + 1", F: func(d, _ float64) float64 { return 1 - d }, Dash: 2}
	dLine = &Curve{Name: "T_{faulty} / T_{intact} = d", F: func(d, _ float64) float64 { return d }, Dash: 1}
)

var faultyValiant = Figure{
	Name: "faulty-valiant", Experiment: "faulty-valiant",
	Doc: "the faulty time 𝒯 − d·T per trial against the dilation d, per confluent system, delivery rule and detour queue discipline",
	Caption: "Valiant's routing simulated on a faulty cube in rounds of d sub-steps, trial by trial: 𝒯 − d·T, the faulty " +
		"time less d times the intact time of the same instance, against the dilation d, one panel per confluent system " +
		"and delivery rule. The statement judged is 𝒯 = d·T (0, dashed); the thesis' schedule gives 𝒯 = d·(T−1) + 1 " +
		"(dotted, 1 − d), which every trial under the thesis' model meets. A point above 0 is a trial slower than d·T.",
	Where:  []string{"router", "valiant"},
	Pooled: []string{"n", "q", "detours"},
	Panels: []Panel{{
		Facet: "confluent,delivery", Cols: 2, FacetName: simModel, Keep: routed,
		X: Axis{Label: "dilation d (sub-steps per step)", Ints: true},
		Y: Axis{Label: "T_{faulty} − d·T_{intact} (steps)"},
		Layers: []Layer{
			Points{By: by("detour-queue"), X: col("d"), Y: col("excess"), Check: dT},
			*dT, *dTLaw,
		},
	}},
}

var faultyValiantSlowdown = Figure{
	Name: "faulty-valiant-slowdown", Experiment: "faulty-valiant",
	Doc: "the slowdown 𝒯/T per trial against the dilation d with the line y = d, per confluent system and delivery rule",
	Caption: "The slowdown 𝒯/T of Valiant's routing simulated over detours against the same instance on the intact cube, " +
		"trial by trial, against the dilation d of the confluent system, one panel per confluent system and delivery rule, " +
		"shared y axis, one colour per detour strategy. Theorems III.1 (node-confluent) and III.2 (edge-confluent) bound it by d.",
	Where:  []string{"router", "valiant"},
	Pooled: []string{"n", "q", "detour-queue"},
	Panels: []Panel{{
		Facet: "confluent,delivery", Cols: 2, FacetName: simModel, Keep: routed,
		X: Axis{Label: "dilation d (sub-steps per step)", Ints: true},
		Y: Axis{Label: "slowdown T_{faulty} / T_{intact}", Zero: true},
		Layers: []Layer{
			Points{By: by("detours"), X: col("d"), Y: func(r Row) float64 { return r.Num("T") / r.Num("T_intact") }, Check: dLine},
			*dLine,
		},
	}},
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
		return "family=Valiant and its rerouting"
	}
	return "family=e-cube, its rerouting and safety levels"
}

func positiveQ(r Row) bool { return r.Num("q") > 0 }

var adaptiveBaselines = Figure{
	Name: "adaptive-baselines", Experiment: "adaptive-baselines", Wide: true,
	Doc: "uncoordinated rerouting around failed edges and safety levels against e-cube and Valiant: messages lost, stretch and mean T against q",
	Caption: "At the largest n, single-port, against q: the share of messages lost (pooled over the trials), the stretch " +
		"of the delivered packets' routes (hops over fault-free hops) and the mean T. Left e-cube, its adaptive forms " +
		"rerouting around a failed edge on their own (by a random intact 3-detour or a shortest intact path) and safety " +
		"levels; right the same for Valiant. E-cube and Valiant do not know the faults and lose what meets one.",
	Where: []string{"port", "single", "pattern", "random", "mu", "1"},
	Panels: []Panel{{
		FacetBy: family, Last: "n", Cols: 2, Keep: positiveQ, FacetName: familyName,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "share of messages lost", Log: true, Max: 1},
		Layers: []Layer{
			Stat{By: method, X: col("q"), Y: col("lost"), W: col("messages"), Of: "pooled"},
		},
	}, {
		FacetBy: family, Last: "n", Cols: 2, Keep: positiveQ, FacetName: familyName,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "stretch (hops / fault-free hops)"},
		Layers: []Layer{
			Stat{By: method, X: col("q"), Y: col("stretch")},
		},
	}, {
		FacetBy: family, Last: "n", Cols: 2, Keep: positiveQ, FacetName: familyName,
		X: Axis{Label: "edge failure probability q", Log: true},
		Y: Axis{Label: "mean T (steps)", Zero: true},
		Layers: []Layer{
			Stat{By: method, X: col("q"), Y: col("T")},
		},
	}},
}

func familyName(key string) string { _, v, _ := strings.Cut(key, "="); return v }

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
	Doc: "share of trials delivering every packet against q per n: each detour strategy, and the routings without detours",
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
			side := "with=over detours"
			if r.Str("detours") == "none" {
				side = "with=on their own"
			}
			return "n=" + r.Str("n") + "," + side
		},
		FacetName: func(key string) string { return strings.ReplaceAll(keyName(key), "with = ", "") },
		X:         Axis{Label: "edge failure probability q", Log: true},
		Y:         Axis{Label: "share of trials delivering all", Zero: true, Max: 1},
		Height:    PanelHeight * 0.7,
		Layers: []Layer{
			Stat{By: delivers, X: col("q"), Of: "share", Y: func(r Row) float64 {
				if r.Str("detours") != "none" {
					return r.Num("ok")
				}
				return b2f(r.Num("lost") == 0)
			}},
		},
	}},
}

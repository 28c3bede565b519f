package paperreport

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/confluent"
	"github.com/hyperroute/hyperroute/stats"
)

// perNQ groups the rows that keep accepts by n and q and counts, per
// point, the rows and those for which hit holds.
func perNQ(x map[string][]float64, keep, hit func(i int) bool) (rows, hits map[nq]int) {
	rows, hits = map[nq]int{}, map[nq]int{}
	for i := range x["n"] {
		if keep(i) {
			k := nq{int(x["n"][i]), x["q"][i]}
			rows[k]++
			hits[k] += b2i(hit(i))
		}
	}
	return rows, hits
}

// proportions are the points k of N at every n and q against bound(n, q),
// where the bound is below 1.
func proportions(rows, hits map[nq]int, bound func(n int, q float64) float64) []point {
	var pts []point
	for k, N := range rows {
		if b := bound(k.n, k.q); b < 1 {
			pts = append(pts, proportion(k.String(), hits[k], N, b))
		}
	}
	return pts
}

func checkDetourExistence(dir string) (Verdict, error) {
	_, x, err := trialsOf(dir, "detour-existence", "trials", nil, []string{"n", "q", "no_detour"})
	if err != nil {
		return Verdict{}, err
	}
	rows, hits := perNQ(x, func(int) bool { return true }, func(i int) bool { return x["no_detour"][i] == 1 })
	v := bounded(proportions(rows, hits, stats.DetourMissingBound))
	v.Measured = fmt.Sprintf("share of faulty cubes in which some failed edge has no intact 3-detour, %s (%s), at the points where the bound is below 1", axes(rows), counts(rows))
	return v, nil
}

func checkLemmaIII1Matching(dir string) (Verdict, error) {
	s, x, err := trialsOf(dir, "matching", "trials", []string{"detours"}, []string{"n", "q", "ok", "gamma"})
	if err != nil {
		return Verdict{}, err
	}
	heuristic := func(i int) bool { return s["detours"][i] == "heuristic" }
	rows, fails := perNQ(x, heuristic, func(i int) bool { return x["ok"][i] != 1 })
	if len(rows) == 0 {
		return notMeasured("matching has no rows of strategy heuristic"), nil
	}
	_, wide := perNQ(x, heuristic, func(i int) bool { return x["ok"][i] == 1 && x["gamma"][i] > 1 })
	v := bounded(proportions(rows, fails, stats.MatchingFailureBound))
	v.Measured = fmt.Sprintf("share of faulty cubes in which the heuristic finds no complete system, and γ of the systems it finds, %s (%s)", axes(rows), counts(rows))
	for k, c := range wide {
		if c > 0 {
			v.Kind = Contradicted
			v.Why = fmt.Sprintf("contradicted: the heuristic's system is not 1-conjunct in %d trials at %s; %s", c, k, v.Why)
			return v, nil
		}
	}
	v.Why += "; every system the heuristic found is 1-conjunct"
	return v, nil
}

func checkBitonicFaulty(dir string) (Verdict, error) {
	s, x, err := trialsOf(dir, "faulty-bitonic", "trials", []string{"port"}, []string{"n", "q", "ok", "gamma", "max_step", "T", "failed_edges"})
	if err != nil {
		return Verdict{}, err
	}
	type tally struct{ trials, over, overT, most int }
	ports := map[string]*tally{}
	var ns []int
	var qs []float64
	for i, p := range s["port"] {
		if x["ok"][i] != 1 || x["failed_edges"][i] == 0 {
			continue
		}
		if ports[p] == nil {
			ports[p] = &tally{}
		}
		t, n, g := ports[p], int(x["n"][i]), x["gamma"][i]
		ns, qs = append(ns, n), append(qs, x["q"][i])
		t.trials++
		if x["max_step"][i] > g+2 {
			t.over++
			t.most = max(t.most, int(x["max_step"][i]-g-2))
		}
		if x["T"][i] > (g+2)*float64(n*(n+1)/2) {
			t.overT++
		}
	}
	if len(ports) == 0 {
		return notMeasured("faulty-bitonic has no routed trial with a failed edge"), nil
	}
	v := Verdict{Measured: fmt.Sprintf("slowest compare-exchange step against γ + 2, and T against (γ + 2)·n(n+1)/2, per port model, n = %s, q = %s, routed trials with a failed edge", span(ns), fspan(qs))}
	var holds, fails []string
	for _, p := range sortedKeys(ports) {
		t := ports[p]
		if t.over == 0 && t.overT == 0 {
			holds = append(holds, fmt.Sprintf("in the %s-port model in all %d trials", p, t.trials))
			continue
		}
		fails = append(fails, fmt.Sprintf("in the %s-port model: a step takes more than γ + 2 in %d of %d trials (up to γ + 2 + %d), T exceeds (γ + 2)·n(n+1)/2 in %d",
			p, t.over, t.trials, t.most, t.overT))
	}
	v.Kind, v.Why = Holds, "holds "+strings.Join(holds, "; ")
	if len(fails) > 0 {
		v.Kind, v.Why = Contradicted, "contradicted "+strings.Join(fails, "; ")
		if len(holds) > 0 {
			v.Why += "; holds " + strings.Join(holds, "; ")
		}
	}
	return v, nil
}

// simulated is the faulty-valiant rows of the simulation of the intact
// cube: e-cube and Valiant over a complete detour system with d > 1.
type simulated struct {
	model        []string // "delivery/detour-queue"
	confluent    []string
	n, T, intact []float64
	d, lockstep  []float64
}

// thesisModel is the delivery rule and detour queue discipline of the
// thesis' formal model (Ch. III.2).
const thesisModel = "queue/priority"

// lastSimulated is the last readSimulated of a directory, read once for the
// four statements that judge it; not kept while the tests edit rows.
var lastSimulated struct {
	dir string
	sim *simulated
}

func readSimulated(dir string) (*simulated, error) {
	if lastSimulated.sim != nil && lastSimulated.dir == dir && edit == nil {
		return lastSimulated.sim, nil
	}
	s, x, err := trialsOf(dir, "faulty-valiant", "trials", []string{"router", "detours", "confluent", "delivery", "detour-queue"},
		[]string{"n", "ok", "d", "T", "T_intact", "lockstep"})
	if err != nil {
		return nil, err
	}
	out := &simulated{}
	for i, r := range s["router"] {
		if r != "valiant" && r != "ecube" || s["detours"][i] == "none" || x["ok"][i] != 1 || !(x["d"][i] > 1) {
			continue
		}
		out.model = append(out.model, s["delivery"][i]+"/"+s["detour-queue"][i])
		out.confluent = append(out.confluent, s["confluent"][i])
		out.n, out.T, out.intact = append(out.n, x["n"][i]), append(out.T, x["T"][i]), append(out.intact, x["T_intact"][i])
		out.d, out.lockstep = append(out.d, x["d"][i]), append(out.lockstep, x["lockstep"][i])
	}
	if len(out.T) == 0 {
		return nil, fmt.Errorf("faulty-valiant has no routed trial of ecube or valiant over detours with d > 1")
	}
	if edit == nil {
		lastSimulated.dir, lastSimulated.sim = dir, out
	}
	return out, nil
}

// where says in how many of the rows of each model hit holds.
func (sim *simulated) where(keep, hit func(i int) bool) (inThesis, thesisRows int, others []string) {
	rows, hits := map[string]int{}, map[string]int{}
	for i, m := range sim.model {
		if keep(i) {
			rows[m]++
			hits[m] += b2i(hit(i))
		}
	}
	for _, m := range sortedKeys(rows) {
		if m != thesisModel {
			others = append(others, fmt.Sprintf("%s: %d of %d", m, hits[m], rows[m]))
		}
	}
	return hits[thesisModel], rows[thesisModel], others
}

func (sim *simulated) ns() string {
	var ns []int
	for _, n := range sim.n {
		ns = append(ns, int(n))
	}
	return span(ns)
}

func checkLockstep(dir string) (Verdict, error) {
	sim, err := readSimulated(dir)
	if err != nil {
		return Verdict{}, err
	}
	broken, rows, others := sim.where(func(int) bool { return true }, func(i int) bool { return sim.lockstep[i] != 1 })
	v := Verdict{Measured: fmt.Sprintf("trials out of lockstep, e-cube and Valiant over detours with d > 1, n = %s, per delivery/detour-queue model: %s: %d of %d; %s",
		sim.ns(), thesisModel, broken, rows, strings.Join(others, "; "))}
	switch {
	case rows == 0:
		return notMeasured("faulty-valiant has no trial of the thesis' model (delivery queue, detour-queue priority)"), nil
	case broken > 0:
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted in the thesis' model (%s) in %d of %d trials", thesisModel, broken, rows)
	default:
		v.Kind, v.Why = Holds, fmt.Sprintf("holds in the thesis' model (%s) in all %d trials; the other models are outside the statement", thesisModel, rows)
	}
	return v, nil
}

func checkDT(dir string) (Verdict, error) {
	sim, err := readSimulated(dir)
	if err != nil {
		return Verdict{}, err
	}
	thesis := func(i int) bool { return sim.model[i] == thesisModel }
	equal, rows, _ := sim.where(thesis, func(i int) bool { return sim.T[i] == sim.d[i]*sim.intact[i] })
	minus, _, _ := sim.where(thesis, func(i int) bool { return sim.T[i] == sim.d[i]*(sim.intact[i]-1)+1 })
	if rows == 0 {
		return notMeasured("faulty-valiant has no trial of the thesis' model (delivery queue, detour-queue priority)"), nil
	}
	v := Verdict{Measured: fmt.Sprintf("𝒯 against d·T_intact in the thesis' model (%s), n = %s, %d trials with d > 1: 𝒯 = d·T in %d, 𝒯 = d·(T − 1) + 1 in %d",
		thesisModel, sim.ns(), rows, equal, minus)}
	if equal < rows {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted in the thesis' model (%s): 𝒯 ≠ d·T in %d of %d trials", thesisModel, rows-equal, rows)
		return v, nil
	}
	v.Kind, v.Why = Holds, fmt.Sprintf("holds in all %d trials", rows)
	return v, nil
}

// confluentCheck returns the check of 𝒯 ≤ d·T_intact for the confluent
// system sys ("node": Satz III.1, "edge": Satz III.2).
func confluentCheck(sys string) func(string) (Verdict, error) {
	return func(dir string) (Verdict, error) {
		sim, err := readSimulated(dir)
		if err != nil {
			return Verdict{}, err
		}
		keep := func(i int) bool { return sim.confluent[i] == sys }
		over, rows, others := sim.where(keep, func(i int) bool { return sim.T[i] > sim.d[i]*sim.intact[i] })
		if rows == 0 {
			return notMeasured("faulty-valiant has no trial of the thesis' model with confluent %s", sys), nil
		}
		lo, hi, dmax := math.Inf(1), 0.0, 0.0
		for i := range sim.T {
			if keep(i) && sim.model[i] == thesisModel && sim.intact[i] > 0 {
				r := sim.T[i] / sim.intact[i]
				lo, hi, dmax = math.Min(lo, r), math.Max(hi, r), math.Max(dmax, sim.d[i])
			}
		}
		v := Verdict{Measured: fmt.Sprintf("𝒯/T_intact with confluent %s in the thesis' model (%s), n = %s, %d trials with d > 1: %s … %s (d up to %s); trials with 𝒯 > d·T in the other models: %s",
			sys, thesisModel, sim.ns(), rows, num(lo), num(hi), num(dmax), strings.Join(others, "; "))}
		if over > 0 {
			v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted in the thesis' model (%s): 𝒯 > d·T in %d of %d trials", thesisModel, over, rows)
			return v, nil
		}
		v.Kind, v.Why = Holds, fmt.Sprintf("holds in the thesis' model in all %d trials", rows)
		return v, nil
	}
}

// fig7MaxN is the largest n of Abb. 7's family checked, as thesis-fig7 draws it.
const fig7MaxN = 10

// fig7Budget bounds confluent.MinNode's search per system.
const fig7Budget = 1 << 22

func checkFig7(string) (Verdict, error) {
	var least []int
	for n := 3; n <= fig7MaxN; n++ {
		y, err := confluent.Hub(n, 0)
		if err != nil {
			return Verdict{}, err
		}
		if _, g := y.Gamma(); g != 1 {
			return Verdict{Kind: Contradicted, Why: fmt.Sprintf("the family confluent.Hub is %d-conjunct at n=%d, not 1-conjunct", g, n)}, nil
		}
		phi, exact, err := confluent.MinNode(y, fig7Budget)
		if err != nil {
			return Verdict{}, err
		}
		if !exact {
			return notMeasured("the least dilation of Hub(%d, 0) is not found within %d search steps", n, fig7Budget), nil
		}
		least = append(least, phi.D)
	}
	steps := make([]int, 0, len(least)-1)
	for i := 1; i < len(least); i++ {
		steps = append(steps, least[i]-least[i-1])
	}
	v := Verdict{Measured: fmt.Sprintf("least node-confluent dilation of the 1-conjunct family confluent.Hub(n, 0) (2n failed edges), n = 3 … %d: %s", fig7MaxN, strings.Trim(fmt.Sprint(least), "[]"))}
	if slices.Min(steps) <= 0 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted: the least dilation does not grow at every n (increments %v)", steps)
		return v, nil
	}
	v.Kind, v.Why = Holds, fmt.Sprintf("holds for n = 3 … %d: the least dilation grows by %s per dimension", fig7MaxN, fspan(intsToFloats(steps)))
	return v, nil
}

func intsToFloats(xs []int) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = float64(x)
	}
	return out
}

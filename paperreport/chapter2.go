package paperreport

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/hyperroute/hyperroute/stats"
)

// loadLaw is Lemma II.2's law tested at one n of butterfly-loads: the
// trials, the priorities tested, and the smallest p-value with its
// priority (before the Bonferroni factor Priorities).
type loadLaw struct {
	N, Trials, Priorities, LeastP int
	LeastPValue                   float64
}

// loadLaws reads the loadcounts of butterfly-loads (router disjoint,
// priority queues, random permutations, μ = 1) and tests f(p, w) against
// Bin(N, 1/N) at every n (stats.LoadLaws); an n with fewer than two trials
// has no entry.
func loadLaws(rs results) ([]loadLaw, error) {
	loads, trials := map[int]stats.NodeLoads{}, map[int]map[int]bool{}
	err := groupsOf(rs, "butterfly-loads", "loadcounts", []string{"router", "queue", "pattern"}, []string{"n", "mu", "trial", "p", "f", "nodes"}, func(s map[string][]string, x map[string][]float64) {
		for i, r := range s["router"] {
			if r != "disjoint" || s["queue"][i] != "priority" || s["pattern"][i] != "random" || x["mu"][i] != 1 {
				continue
			}
			n, k, f := int(x["n"][i]), [2]int{int(x["trial"][i]), int(x["p"][i])}, int(x["f"][i])
			if loads[n] == nil {
				loads[n], trials[n] = stats.NodeLoads{}, map[int]bool{}
			}
			c := loads[n][k]
			for len(c) <= f {
				c = append(c, 0)
			}
			c[f] += int64(x["nodes"][i])
			loads[n][k], trials[n][k[0]] = c, true
		}
	})
	if err != nil {
		return nil, err
	}
	var out []loadLaw
	for _, n := range sortedKeys(loads) {
		tests := stats.LoadLaws(n, loads[n], Alpha)
		if len(tests) == 0 {
			continue
		}
		l := loadLaw{N: n, Trials: len(trials[n]), Priorities: len(tests), LeastPValue: 2}
		for _, lt := range tests {
			if lt.PValue < l.LeastPValue {
				l.LeastP, l.LeastPValue = lt.P, lt.PValue
			}
		}
		out = append(out, l)
	}
	return out, nil
}

func checkLemmaII2(rs results) (Verdict, error) {
	laws, err := loadLaws(rs)
	if err != nil {
		return Verdict{}, err
	}
	if len(laws) == 0 {
		return notMeasured("butterfly-loads has no n with two trials of router disjoint"), nil
	}
	var ns []int
	tests, per := 0, map[int]int{}
	least := laws[0]
	for _, l := range laws {
		ns, tests, per[l.N] = append(ns, l.N), tests+l.Priorities, l.Trials
		if l.LeastPValue < least.LeastPValue {
			least = l
		}
	}
	v := Verdict{Measured: fmt.Sprintf("per priority p, the share of butterfly nodes with each load f(p, w) against Bin(N, 1/N), N = 2^{p−1} in phase 1 (the nodes p − 1 layers back) and 2^{n−h+1} in phase 2 (h hops into it), n = %s (%s), %d priorities", span(ns), counts(per), tests)}
	bp := math.Min(1, least.LeastPValue*float64(tests))
	if bp < Alpha {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted at n=%d, p=%d: t tests per load, p-value × %d priorities = %s < %g", least.N, least.LeastP, tests, num(bp), Alpha)
		return v, nil
	}
	z := distuv.UnitNormal.Quantile(1-Alpha/(2*float64(tests))) + distuv.UnitNormal.Quantile(Power)
	v.Kind, v.Why = Holds, fmt.Sprintf("holds at all %d priorities: no load's share differs from the law at level %g (t tests over the trials, Bonferroni: %s); E f(p, w) = 1 follows", tests, Alpha, num(bp))
	v.Power = fmt.Sprintf("a load's share off its law by %s standard errors of its mean over the trials would be detected with probability %g", num(z), Power)
	return v, nil
}

func checkSatzII1(rs results) (Verdict, error) {
	s, x, err := trialsOf(rs, "butterfly-tail", "trials", []string{"router", "port"}, []string{"n", "pipelined", "trim", "T"})
	if err != nil {
		return Verdict{}, err
	}
	samples := byN(x, "T", func(i int) bool {
		return s["router"][i] == "disjoint" && s["port"][i] == "single" && x["pipelined"][i] == 0 && x["trim"][i] == 0
	})
	if len(samples) == 0 {
		return notMeasured("butterfly-tail has no rows of router disjoint with full routes, phases one after the other"), nil
	}
	v := tail(samples, stats.TheoremII1Tail)
	v.Measured = fmt.Sprintf("tail of T, n copies, full routes, phases one after the other, n = %s (%s); largest T/n = %s", span(sortedKeys(samples)), counts(lens(samples)), num(largestPerN(samples)))
	return v, nil
}

// nq is a grid point of the loss experiments.
type nq struct {
	n int
	q float64
}

func (k nq) String() string { return fmt.Sprintf("n=%d, q=%s", k.n, num(k.q)) }

// replicationLoss reads the trials of replication-loss with n copies
// (router disjoint, pieces 1; its butterfly nodes are single-port), grouped by n and q: per trial the messages
// and the lost ones.
func replicationLoss(rs results) (messages, lost map[nq][]float64, err error) {
	s, x, err := trialsOf(rs, "replication-loss", "trials", []string{"router", "port"}, []string{"n", "q", "pieces", "messages", "lost"})
	if err != nil {
		return nil, nil, err
	}
	messages, lost = map[nq][]float64{}, map[nq][]float64{}
	for i, r := range s["router"] {
		if r == "disjoint" && s["port"][i] == "single" && x["pieces"][i] == 1 {
			k := nq{int(x["n"][i]), x["q"][i]}
			messages[k], lost[k] = append(messages[k], x["messages"][i]), append(lost[k], x["lost"][i])
		}
	}
	if len(messages) == 0 {
		return nil, nil, fmt.Errorf("replication-loss has no rows of router disjoint with n copies")
	}
	return messages, lost, nil
}

// axes names the n and q of the points.
func axes[V any](m map[nq]V) string {
	var ns []int
	var qs []float64
	for k := range m {
		ns, qs = append(ns, k.n), append(qs, k.q)
	}
	return fmt.Sprintf("n = %s, q = %s", span(ns), fspan(qs))
}

// lossPoint is replication-rare's estimate of a loss probability: the
// estimate with its standard error, or a share of 0 of its trials if
// nothing was lost.
func lossPoint(at string, n int, est, se float64, trials int, bound float64) point {
	if est == 0 {
		return share(at, n, 0, trials, bound)
	}
	return estimate(at, n, est, se, bound)
}

func checkMessageLoss(rs results) (Verdict, error) {
	var pts []point
	var measured, missing []string
	messages, lost, err := replicationLoss(rs)
	if err != nil {
		missing = append(missing, err.Error())
	} else {
		for k, ms := range messages {
			b := stats.MessageLossBound(k.n, k.q)
			if b >= 1 {
				continue
			}
			pts = append(pts, ratioPoint("replication-loss "+k.String(), k.n, lost[k], ms, b))
		}
		measured = append(measured, fmt.Sprintf("replication-loss: the messages lost over the messages sent, pooled over the trials, %s (%s)", axes(messages), counts(lens(messages))))
	}
	est, err := rareEstimates(rs)
	if err != nil {
		missing = append(missing, err.Error())
	} else {
		for k, e := range est {
			if b := stats.MessageLossBound(k.n, k.q); b < 1 {
				pts = append(pts, lossPoint("replication-rare "+k.String(), k.n, e[0], e[1], int(e[2]), b))
			}
		}
		measured = append(measured, fmt.Sprintf("replication-rare: Pr(message lost) estimated to its relative standard error, %s", axes(est)))
	}
	if len(measured) == 0 {
		return Verdict{}, fmt.Errorf("%s", missing[0])
	}
	v := bounded(pts)
	v.Measured = strings.Join(measured, "; ")
	if len(missing) > 0 {
		v.Why += "; not measured: " + strings.Join(missing, "; ")
	}
	// Each measured experiment's points are in its own figure.
	if messages != nil && est != nil {
		v.Files = []string{"replication-rare.png", "replication-loss.png"}
	}
	return v, nil
}

// rareEstimates reads replication-rare's estimates of n copies (router
// disjoint, pieces 1): loss, standard error and trials per n and q.
func rareEstimates(rs results) (map[nq][3]float64, error) {
	s, x, err := trialsOf(rs, "replication-rare", "estimates", []string{"router"}, []string{"n", "q", "pieces", "loss", "se", "trials"})
	if err != nil {
		return nil, err
	}
	out := map[nq][3]float64{}
	for i, r := range s["router"] {
		if r == "disjoint" && x["pieces"][i] == 1 {
			out[nq{int(x["n"][i]), x["q"][i]}] = [3]float64{x["loss"][i], x["se"][i], x["trials"][i]}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("replication-rare has no estimates of router disjoint with n copies")
	}
	return out, nil
}

func checkSatzII2(rs results) (Verdict, error) {
	messages, lost, err := replicationLoss(rs)
	if err != nil {
		return Verdict{}, err
	}
	var pts []point
	for k, ls := range lost {
		b := stats.AnyMessageLossBound(k.n, k.q)
		if b >= 1 {
			continue
		}
		some := 0
		for _, l := range ls {
			some += b2i(l > 0)
		}
		pts = append(pts, share(k.String(), k.n, some, len(ls), b))
	}
	v := bounded(pts)
	v.Measured = fmt.Sprintf("share of trials in which some message is lost, n copies, %s (%s), at the points where 2(2nq)^n < 1, i.e. q < 1/(2n), S = −ln(2nq)", axes(messages), counts(lens(messages)))
	return v, nil
}

// nCopies reads butterfly-tail's pairs: per n and trial, T of n copies
// (disjoint: full routes, phases one after the other, the butterfly's
// nodes single-port, so the cube all-port) and of one copy (Valiant
// all-port) on the same permutation and intermediates, with their hops.
func nCopies(rs results) (copies, one map[[2]int][2]float64, err error) {
	s, x, err := trialsOf(rs, "butterfly-tail", "trials", []string{"router", "port"}, []string{"n", "trial", "pipelined", "trim", "T", "hops"})
	if err != nil {
		return nil, nil, err
	}
	copies, one = map[[2]int][2]float64{}, map[[2]int][2]float64{}
	for i, r := range s["router"] {
		k := [2]int{int(x["n"][i]), int(x["trial"][i])}
		switch {
		case r == "disjoint" && s["port"][i] == "single" && x["pipelined"][i] == 0 && x["trim"][i] == 0:
			copies[k] = [2]float64{x["T"][i], x["hops"][i]}
		case r == "valiant" && s["port"][i] == "all":
			one[k] = [2]float64{x["T"][i], x["hops"][i]}
		}
	}
	for k := range copies {
		if _, ok := one[k]; !ok {
			delete(copies, k)
		}
	}
	if len(copies) == 0 {
		return nil, nil, fmt.Errorf("butterfly-tail has no trial run both by disjoint (full routes, phases one after the other) and by valiant all-port")
	}
	return copies, one, nil
}

// pairKeys returns the keys of m, (n, trial), in increasing order: sums
// over them are the same in every run.
func pairKeys[V any](m map[[2]int]V) [][2]int {
	return slices.SortedFunc(maps.Keys(m), func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
}

func checkNCopies(rs results) (Verdict, error) {
	copies, one, err := nCopies(rs)
	if err != nil {
		return Verdict{}, err
	}
	slower, most, first := 0, 0.0, [2]int{math.MaxInt, 0}
	ratio := map[int][]float64{}
	for _, k := range pairKeys(copies) {
		c := copies[k]
		o := one[k]
		if o[0] > 0 {
			ratio[k[0]] = append(ratio[k[0]], c[0]/o[0])
		}
		if c[0] > o[0] {
			slower++
			most = math.Max(most, c[0]/o[0])
			if k[0] < first[0] || k[0] == first[0] && k[1] < first[1] {
				first = k
			}
		}
	}
	var means []string
	for _, n := range sortedKeys(ratio) {
		means = append(means, fmt.Sprintf("%s at n=%d", num(stat.Mean(ratio[n], nil)), n))
	}
	v := Verdict{Measured: fmt.Sprintf("T of n copies on the butterfly's disjoint paths (all-port cube) against T of one copy (Valiant all-port) on the same %d permutations and intermediates, n = %s; mean ratio %s", len(copies), span(sortedKeys(ratio)), strings.Join(means, ", "))}
	if slower == 0 {
		v.Kind, v.Why, v.Power = Holds, fmt.Sprintf("holds in all %d pairs: n copies never take longer", len(copies)), everyTrial(len(copies))
		return v, nil
	}
	// The sentence sits in the argument for time c·n: read as "the same
	// order", it holds while the ratio does not grow with n; it would be
	// contradicted by a ratio growing as fast as log n (n copies in time
	// n·log n, one in time n), the criterion of Bem (II.5).
	ns := sortedKeys(ratio)
	lo, hi := ns[0], ns[len(ns)-1]
	growth := stat.Mean(ratio[hi], nil) / stat.Mean(ratio[lo], nil)
	logGrowth := math.Log(float64(hi)) / math.Log(float64(lo))
	literal := fmt.Sprintf("n copies take longer in %d of %d pairs (share %s), at most %s× as long; smallest instance n=%d, trial %d: %s against %s",
		slower, len(copies), num(float64(slower)/float64(len(copies))), num(most), first[0], first[1], num(copies[first][0]), num(one[first][0]))
	if len(ns) < 2 || growth >= logGrowth {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("%s, and the mean ratio grows by %s× from n=%d to n=%d, as fast as log n would (%s×)", literal, num(growth), lo, hi, num(logGrowth))
		return v, nil
	}
	v.Kind = Corrected
	v.Why = fmt.Sprintf("not the same time but the same order: %s; the mean ratio changes by %s× from n=%d to n=%d, where a ratio growing as log n would change by %s×. Corrected: the n-fold request takes a bounded multiple (here %s … %s) of one copy's time, c·n as the thesis' argument gives. Part of the multiple is the routes' length, not the n-fold traffic: a copy's full butterfly route has n + 1 hops a phase, one copy's e-cube route n/2 on average; these runs hold no single copy on a butterfly route to tell the two apart",
		literal, num(growth), lo, hi, num(logGrowth), num(minMean(ratio)), num(maxMean(ratio)))
	v.Power = fmt.Sprintf("a ratio growing as fast as log n (× %s over these n) would have shown; slower growth would not", num(logGrowth))
	return v, nil
}

// minMean and maxMean are the least and the largest mean of the groups.
func minMean(g map[int][]float64) float64 {
	m := math.Inf(1)
	for _, x := range g {
		m = math.Min(m, stat.Mean(x, nil))
	}
	return m
}

func maxMean(g map[int][]float64) float64 {
	m := math.Inf(-1)
	for _, x := range g {
		m = math.Max(m, stat.Mean(x, nil))
	}
	return m
}

func checkBemII5Time(rs results) (Verdict, error) {
	copies, _, err := nCopies(rs)
	if err != nil {
		return Verdict{}, err
	}
	perN := map[int][]float64{}
	for _, k := range pairKeys(copies) {
		c := copies[k]
		perN[k[0]] = append(perN[k[0]], c[0]/float64(k[0]))
	}
	ns := sortedKeys(perN)
	if len(ns) < 2 {
		return notMeasured("butterfly-tail has pairs at one n only: growth needs two"), nil
	}
	lo, hi := ns[0], ns[len(ns)-1]
	mlo, mhi := stat.Mean(perN[lo], nil), stat.Mean(perN[hi], nil)
	// Under T ∝ n·log n, T/n would grow by log(hi)/log(lo).
	nlogn := math.Log(float64(hi)) / math.Log(float64(lo))
	var means []string
	for _, n := range ns {
		means = append(means, fmt.Sprintf("%s at n=%d", num(stat.Mean(perN[n], nil)), n))
	}
	v := Verdict{Measured: fmt.Sprintf("mean T/n of n copies on disjoint paths (full routes, phases one after the other), n = %s: %s", span(ns), strings.Join(means, ", "))}
	growth := mhi / mlo
	if growth >= nlogn {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted: T/n grows by %s× from n=%d to n=%d, as fast as n·log n (%s×)", num(growth), lo, hi, num(nlogn))
		return v, nil
	}
	v.Kind = Holds
	v.Why = fmt.Sprintf("holds at n = %s: T/n grows by %s× from n=%d to n=%d (a growth that flattens: %s), while T ∝ n·log n would give %s×; measured points cannot prove linearity, Satz II.1 bounds it", span(ns), num(growth), lo, hi, strings.Join(means[max(0, len(means)-3):], ", "), num(nlogn))
	v.Power = fmt.Sprintf("growth as fast as n·log n (T/n × %s over these n) would have shown; slower super-linear growth would not", num(nlogn))
	return v, nil
}

func checkBemII5Load(rs results) (Verdict, error) {
	copies, one, err := nCopies(rs)
	if err != nil {
		return Verdict{}, err
	}
	below, lo, hi := 0, math.Inf(1), 0.0
	var first [2]int
	perN := map[int][]float64{}
	for _, k := range pairKeys(copies) {
		c := copies[k]
		r := c[1] / one[k][1] // the packet-hops a node handles, n copies over one
		perN[k[0]] = append(perN[k[0]], r/float64(k[0]))
		lo, hi = math.Min(lo, r/float64(k[0])), math.Max(hi, r/float64(k[0]))
		if r < float64(k[0]) {
			if below == 0 {
				first = k
			}
			below++
		}
	}
	v := Verdict{Measured: fmt.Sprintf("the packet-hops the nodes handle (every move of every copy, straight edges inside a node included) with n copies over those with one copy (Valiant all-port), same %d instances, n = %s: %s … %s times n", len(copies), span(sortedKeys(perN)), num(lo), num(hi))}
	if below > 0 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted: the load rises less than n-fold in %d of %d pairs, first at n=%d, trial %d", below, len(copies), first[0], first[1])
		return v, nil
	}
	// The copies' full routes have n + 1 hops a phase each, 2n(n + 1) a
	// message, one copy's e-cube routes at most 2n: the packet-hops rise at
	// least (n + 1)-fold in every trial.
	v.Kind, v.Why = Vacuous, fmt.Sprintf("cannot fail at these n: the n copies of a message take n full butterfly routes of n + 1 hops a phase, 2n(n + 1) hops, one copy's e-cube routes at most 2n, so the packet-hops rise at least (n + 1)-fold in every trial by construction and a rise below n-fold is impossible (measured %s … %s times n over %d pairs, the rest one copy's routes shorter than n); the internal load the remark means, the packets a node holds at once, is not measured", num(lo), num(hi), len(copies))
	return v, nil
}

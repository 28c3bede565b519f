package paperreport

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/hyperroute/hyperroute/stats"
)

func checkBitonic(rs results) (Verdict, error) {
	s, x, err := trialsOf(rs, "routing-compare", "trials", []string{"router", "pattern"}, []string{"n", "T"})
	if err != nil {
		return Verdict{}, err
	}
	var ns []int
	var patterns []string
	per := map[[2]string]int{}
	total, off := 0, ""
	for i, r := range s["router"] {
		if r != "bitonic" {
			continue
		}
		n := int(x["n"][i])
		ns, patterns = append(ns, n), append(patterns, s["pattern"][i])
		per[[2]string{s["pattern"][i], fmt.Sprint(n)}]++
		total++
		if want := n * (n + 1) / 2; x["T"][i] != float64(want) && off == "" {
			off = fmt.Sprintf("n=%d, %s: T = %s, not %d", n, s["pattern"][i], num(x["T"][i]), want)
		}
	}
	if total == 0 {
		return notMeasured("routing-compare has no rows of router bitonic"), nil
	}
	slices.Sort(patterns)
	v := Verdict{Measured: fmt.Sprintf("T of bitonic sort at n = %s on %s (%s)", span(ns), strings.Join(slices.Compact(patterns), ", "), counts(per))}
	if off != "" {
		v.Kind, v.Why = Contradicted, "contradicted at "+off
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, fmt.Sprintf("holds in all %d trials: T = n(n+1)/2", total), everyTrial(total)
	return v, nil
}

// delaySeqs reads the delayseq table of delay-sequences.
func delaySeqs(rs results, cols ...string) (map[string][]float64, error) {
	_, x, err := trialsOf(rs, "delay-sequences", "delayseq", nil, append([]string{"n", "T"}, cols...))
	return x, err
}

// delaySeqFigure is the file of the delayseq figure, one for every n.
func delaySeqFigure(map[string][]float64) []string {
	return []string{"delayseq.png"}
}

// atMost judges T ≤ col in every trial of the delayseq table: holds, or
// contradicted at the first trial where it fails; measured names col and
// the ratio col/T.
func atMost(rs results, col, what string) (Verdict, error) {
	x, err := delaySeqs(rs, col)
	if err != nil {
		return Verdict{}, err
	}
	per := map[int]int{}
	lo, hi, off, bad := math.Inf(1), 0.0, "", 0
	for i, t := range x["T"] {
		n := int(x["n"][i])
		per[n]++
		if t > x[col][i] {
			bad++
			if off == "" {
				off = fmt.Sprintf("n=%d: T = %s > %s", n, num(t), num(x[col][i]))
			}
		}
		if t > 0 {
			r := x[col][i] / t
			lo, hi = math.Min(lo, r), math.Max(hi, r)
		}
	}
	v := Verdict{Measured: fmt.Sprintf("T and %s, single-port, n = %s (%s): ratio to T %s … %s",
		what, span(sortedKeys(per)), counts(per), num(lo), num(hi)), Files: delaySeqFigure(x)}
	if off != "" {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted in %d of %d trials (share %s), the first at %s", bad, len(x["T"]), num(float64(bad)/float64(len(x["T"]))), off)
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, fmt.Sprintf("holds in all %d trials", len(x["T"])), everyTrial(len(x["T"]))
	return v, nil
}

func checkNaive(rs results) (Verdict, error) {
	return atMost(rs, "naive_load", "Σ_j Σ_{p ≤ p_π(u_j)} f(p, u_j) along the route of the packet that arrives last")
}

func checkLemmaI1(rs results) (Verdict, error) {
	return atMost(rs, "d_load", "Σ_i f(p_i, v_i) along the critical delay sequence D extracted by the lemma's rule")
}

// checkLemmaI1Proof reads the delayseq table, every row of which is a run
// whose critical delay sequence passed delayseq.Seq.Check: the proof's
// invariants and counting steps, or the run would have stopped.
func checkLemmaI1Proof(rs results) (Verdict, error) {
	x, err := delaySeqs(rs, "d_len")
	if err != nil {
		return Verdict{}, err
	}
	per := map[int]int{}
	for _, n := range x["n"] {
		per[int(n)]++
	}
	lo, hi := slices.Min(x["d_len"]), slices.Max(x["d_len"])
	return Verdict{Kind: Holds,
		Measured: fmt.Sprintf("the critical delay sequences of the runs of delay-sequences, n = %s (%s), of length %s … %s, each checked step by step as it was extracted (a violation stops the run, so every row written passed)", span(sortedKeys(per)), counts(per), num(lo), num(hi)),
		Why:      fmt.Sprintf("holds in all %d trials: at t_{i−1} + 1, v_i sends and receives no more packets of priority < p_i (invariants (1), (2)); t_i − t_{i−1} ≤ f(p_i, v_i); t_1 ≤ f(p_1, v_1) − 1", len(x["n"])),
		Power:    everyTrial(len(x["n"])),
		Files:    delaySeqFigure(x)}, nil
}

func checkLemmaI2(rs results) (Verdict, error) {
	x, err := delaySeqs(rs, "d_load", "upfal_load")
	if err != nil {
		return Verdict{}, err
	}
	bad, off := 0, ""
	lo, hi := math.Inf(1), 0.0
	for i, t := range x["T"] {
		if t > x["upfal_load"][i] || x["upfal_load"][i] < x["d_load"][i] {
			bad++
			if off == "" {
				off = fmt.Sprintf("n=%s: T = %s, Σ_p f(p, w_p) = %s, Σ_i f(p_i, v_i) = %s", num(x["n"][i]), num(t), num(x["upfal_load"][i]), num(x["d_load"][i]))
			}
		}
		if t > 0 {
			lo, hi = math.Min(lo, x["upfal_load"][i]/t), math.Max(hi, x["upfal_load"][i]/t)
		}
	}
	ns := map[int]int{}
	for _, n := range x["n"] {
		ns[int(n)]++
	}
	v := Verdict{Measured: fmt.Sprintf("T against Σ_{p=1}^{2n} f(p, w_p) for Upfal's form w of the extracted D (each w_{p−1} = w_p or a neighbour, checked in the run), n = %s (%s): ratio to T %s … %s",
		span(sortedKeys(ns)), counts(ns), num(lo), num(hi)), Files: delaySeqFigure(x)}
	if bad > 0 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted in %d of %d trials, the first at %s", bad, len(x["T"]), off)
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, fmt.Sprintf("holds in all %d trials: T ≤ Σ_i f(p_i, v_i) ≤ Σ_p f(p, w_p)", len(x["T"])), everyTrial(len(x["T"]))
	return v, nil
}

// nodeKey is a node and priority of Lemma I.4 under one permutation.
type nodeKey struct {
	pattern string
	n, p, v int
}

// lemmaI4Block reports whether v stands for its block of priority p:
// nodes whose f(p, ·) are counted from the same packets (phase 1: the
// same dimensions ≥ p; phase 2: the same dimensions ≤ p − n); the blocks'
// loads are independent, one node per block is taken.
func lemmaI4Block(n, p, v int) bool {
	if p <= n {
		return v&(1<<(p-1)-1) == 0
	}
	return v>>(p-n) == 0
}

// checkLemmaI4 tests, at every node v and priority p of every permutation,
// the sum of f(p, v) over the trials of the nodeloads table against its
// exact law Bin(K·N, 1/(2N)) (two-sided, Bonferroni over the nodes and
// priorities), which holds if f(p, v) ~ Bin(N, 1/(2N)) and so E f(p, v) =
// ½; and per permutation and priority the law of f(p, ·) pooled over one
// node per independent block and the trials by a χ² test whose bins hold
// 5 or more expected.
func checkLemmaI4(rs results) (Verdict, error) {
	sums := map[nodeKey]int64{}
	trials := map[[2]string]map[float64]bool{}
	type lawKey struct {
		pattern string
		n, p    int
	}
	pooled := map[lawKey][]int64{} // counts by load
	err := groupsOf(rs, "priority-load", "nodeloads", []string{"router", "pattern"}, []string{"n", "mu", "trial", "p", "v", "f"}, func(s map[string][]string, x map[string][]float64) {
		for i, r := range s["router"] {
			if r != "valiant" || x["mu"][i] != 1 {
				continue
			}
			k := nodeKey{s["pattern"][i], int(x["n"][i]), int(x["p"][i]), int(x["v"][i])}
			f := int64(x["f"][i])
			sums[k] += f
			tk := [2]string{k.pattern, fmt.Sprint(k.n)}
			if trials[tk] == nil {
				trials[tk] = map[float64]bool{}
			}
			trials[tk][x["trial"][i]] = true
			if lemmaI4Block(k.n, k.p, k.v) {
				lk := lawKey{k.pattern, k.n, k.p}
				for int64(len(pooled[lk])) <= f {
					pooled[lk] = append(pooled[lk], 0)
				}
				pooled[lk][f]++
			}
		}
	})
	if err != nil {
		return Verdict{}, err
	}
	if len(sums) == 0 {
		return notMeasured("priority-load has no nodeloads rows of router valiant with μ = 1"), nil
	}
	m := float64(len(sums))
	least, at, K := 2.0, nodeKey{}, math.MaxInt
	var ns []int
	var patterns []string
	dev := 0.0
	for k, sum := range sums {
		kt := len(trials[[2]string{k.pattern, fmt.Sprint(k.n)}])
		K = min(K, kt)
		ns, patterns = append(ns, k.n), append(patterns, k.pattern)
		N := stats.LemmaI4Law(k.n, k.p)
		total, q := kt*N, 1/float64(2*N)
		pv := math.Min(1, 2*math.Min(stats.BinomTail(int(sum), total, q), 1-stats.BinomTail(int(sum)+1, total, q)))
		dev = math.Max(dev, math.Abs(float64(sum)/float64(kt)-0.5))
		if pv < least || pv == least && fmt.Sprint(k) < fmt.Sprint(at) {
			least, at = pv, k
		}
	}
	gofLeast, gofAt := 2.0, lawKey{}
	for k, c := range pooled {
		N := stats.LemmaI4Law(k.n, k.p)
		var total int64
		for _, x := range c {
			total += x
		}
		obs, probs := binLaw(c, N, 1/float64(2*N), total)
		if len(obs) < 2 {
			continue
		}
		if _, _, p := stats.ChiSquare(obs, probs); p < gofLeast {
			gofLeast, gofAt = p, k
		}
	}
	slices.Sort(patterns)
	v := Verdict{Measured: fmt.Sprintf("f(p, v) at every node v and priority p, n = %s, %s (%d nodes and priorities, %d trials each): largest |mean over the trials − ½| = %s at one node",
		span(ns), strings.Join(slices.Compact(patterns), ", "), len(sums), K, num(dev))}
	bp := math.Min(1, least*m)
	gp := math.Min(1, gofLeast*float64(len(pooled)))
	switch {
	case bp < Alpha:
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted at %s, n=%d, p=%d, v=%d: the sum of f(p, v) over the trials against Bin(K·N, 1/(2N)), N = %d: p-value %s × %.0f = %s < %g", at.pattern, at.n, at.p, at.v, stats.LemmaI4Law(at.n, at.p), num(least), m, num(bp), Alpha)
	case gp < Alpha:
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted at %s, n=%d, p=%d: the law of f(p, ·) against Bin(N, 1/(2N)), N = %d, χ² p-value × %d = %s < %g", gofAt.pattern, gofAt.n, gofAt.p, stats.LemmaI4Law(gofAt.n, gofAt.p), len(pooled), num(gp), Alpha)
	default:
		v.Kind = Holds
		v.Why = fmt.Sprintf("holds at all %d nodes and priorities: no node's sum of f(p, v) over the trials differs from its exact law Bin(K·N, 1/(2N)) (N = 2^{p−1}, or 2^{2n−p} in phase 2) at level %g (two-sided, Bonferroni: smallest p-value × %.0f = %s); the law of f(p, ·), pooled over one node per independent block and the trials, fits Bin(N, 1/(2N)) at every priority (χ², Bonferroni over %d: %s)", len(sums), Alpha, m, num(bp), len(pooled), num(gp))
		z := distuv.UnitNormal.Quantile(1-Alpha/(2*m)) + distuv.UnitNormal.Quantile(Power)
		v.Power = fmt.Sprintf("at a single node the exact test detects with probability %g a mean E f(p, v) off ½ by %s (%d trials; %s at p = 1, where the variance is smallest)",
			Power, num(z*math.Sqrt(0.5/float64(K))), K, num(z*math.Sqrt(0.25/float64(K))))
	}
	return v, nil
}

// binLaw returns the counts c (by value) against Bin(N, q) with total
// draws, in bins of 5 or more expected: the low values one each while
// their expected counts last, the rest in one tail bin.
func binLaw(c []int64, N int, q float64, total int64) (obs []int64, probs []float64) {
	left := 1.0
	var rest int64
	for _, x := range c {
		rest += x
	}
	for k := 0; k < N; k++ {
		pk := stats.BinomPMF(k, N, q)
		if float64(total)*pk < 5 || float64(total)*(left-pk) < 5 {
			break
		}
		var x int64
		if k < len(c) {
			x = c[k]
		}
		obs, probs = append(obs, x), append(probs, pk)
		left -= pk
		rest -= x
	}
	return append(obs, rest), append(probs, left)
}

func checkLemmaI5(rs results) (Verdict, error) {
	x, err := delaySeqs(rs, "x_fixed")
	if err != nil {
		return Verdict{}, err
	}
	samples := byN(x, "x_fixed", nil)
	v := tail(samples, func(n int, m float64) float64 { return stats.LemmaI5Binomial(n, m/float64(n)) })
	v.Measured = fmt.Sprintf("tail of Σx for the fixed sequence (e-cube walk 0 → 2^n−1 → 0), n = %s (%s), against B(cn, 2^n, n/2^n) at every c = Σx/n measured", span(sortedKeys(samples)), counts(lens(samples)))
	v.Files = delaySeqFigure(x)
	return v, nil
}

// lemmaI6Gamma is the γ of Lemma I.6 the thesis sets in Satz I.1.
const lemmaI6Gamma = 6

func checkLemmaI6(rs results) (Verdict, error) {
	x, err := delaySeqs(rs, "x_fixed", "h_fixed")
	if err != nil {
		return Verdict{}, err
	}
	hs, xs := byN(x, "h_fixed", nil), byN(x, "x_fixed", nil)
	var pts []point
	impossible := 0
	for _, n := range sortedKeys(hs) {
		h, xx := hs[n], xs[n]
		// The event's count changes only at c = h/(2γn) for a measured h.
		for _, hv := range slices.Compact(slices.Sorted(slices.Values(h))) {
			if hv <= 0 {
				continue
			}
			c := hv / (2 * lemmaI6Gamma * float64(n))
			// A packet leaves at most 2n of the fixed sequence's 2n nodes
			// with their priority, so fewer than cn packets give Σh ≤
			// 2n·(⌈cn⌉ − 1): below hv the event is impossible.
			if 2*float64(n)*(math.Ceil(c*float64(n))-1) < hv {
				impossible++
				continue
			}
			k := 0
			for i := range h {
				if h[i] >= hv && xx[i] < c*float64(n) {
					k++
				}
			}
			pts = append(pts, share(fmt.Sprintf("n=%d, c=%s", n, num(c)), n, k, len(h), stats.LemmaI6Bound(n, lemmaI6Gamma, c)))
		}
	}
	measured := fmt.Sprintf("share of trials with Σh ≥ 12cn and Σx < cn for the fixed sequence, at every c = Σh/(12n) measured, n = %s (%s)",
		span(sortedKeys(hs)), counts(lens(hs)))
	if len(pts) == 0 {
		return Verdict{Kind: Vacuous, Measured: measured, Files: delaySeqFigure(x),
			Why: fmt.Sprintf("cannot fail at these n: at all %d values of c measured the event is impossible — a packet visits the sequence at most 2n times, and 2n·(⌈cn⌉ − 1) < 12cn; it is possible only where 2n·(⌈cn⌉ − 1) ≥ 12cn, from n = 7 on (cn ≥ 7 there, cn ≥ 2 from n = 12), which runs at larger n would reach", impossible)}, nil
	}
	v := bounded(pts)
	v.Measured = measured
	v.Why += fmt.Sprintf("; at %d further values of c the event is impossible (2n·(⌈cn⌉ − 1) < 12cn) and not counted", impossible)
	v.Files = delaySeqFigure(x)
	return v, nil
}

// valiantTail reads the trials of valiant-tail.
func valiantTail(rs results) (map[string][]string, map[string][]float64, error) {
	return trialsOf(rs, "valiant-tail", "trials", []string{"router", "port"}, []string{"n", "trial", "T"})
}

// satzI1 judges the tail of T of Valiant's routing in port model port
// against the Theorem I.1 bound.
func satzI1(rs results, port string) (Verdict, error) {
	s, x, err := valiantTail(rs)
	if err != nil {
		return Verdict{}, err
	}
	samples := byN(x, "T", func(i int) bool { return s["router"][i] == "valiant" && s["port"][i] == port })
	if len(samples) == 0 {
		return notMeasured("valiant-tail has no %s-port rows of router valiant", port), nil
	}
	v := tail(samples, stats.TheoremI1Tail)
	v.Measured = fmt.Sprintf("tail of T, %s-port, n = %s (%s); largest T/n = %s", port, span(sortedKeys(samples)), counts(lens(samples)), num(largestPerN(samples)))
	return v, nil
}

func checkSatzI1(rs results) (Verdict, error) { return satzI1(rs, "single") }

func checkBem1AllPort(rs results) (Verdict, error) { return satzI1(rs, "all") }

func checkBem1(rs results) (Verdict, error) {
	s, x, err := valiantTail(rs)
	if err != nil {
		return Verdict{}, err
	}
	type key struct{ n, trial int }
	single, all := map[key]float64{}, map[key]float64{}
	for i, r := range s["router"] {
		k := key{int(x["n"][i]), int(x["trial"][i])}
		switch {
		case r != "valiant":
		case s["port"][i] == "single":
			single[k] = x["T"][i]
		case s["port"][i] == "all":
			all[k] = x["T"][i]
		}
	}
	var ns []int
	pairs, slower, lo, hi, most := 0, 0, math.Inf(1), 0.0, 0.0
	var first key
	for k, ta := range all {
		ts, ok := single[k]
		if !ok || ts == 0 {
			continue
		}
		pairs++
		ns = append(ns, k.n)
		lo, hi = math.Min(lo, ta/ts), math.Max(hi, ta/ts)
		if ta > ts {
			if slower == 0 || k.n < first.n || k.n == first.n && k.trial < first.trial {
				first = k
			}
			slower++
			most = math.Max(most, ta-ts)
		}
	}
	if pairs == 0 {
		return notMeasured("valiant-tail has no trial run in both port models"), nil
	}
	v := Verdict{Measured: fmt.Sprintf("T all-port / T single-port on the same %d trials (same request and intermediates), n = %s: %s … %s", pairs, span(ns), num(lo), num(hi))}
	if slower > 0 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted as a claim about every run: all-port is slower in %d of %d trials (share %s), by at most %s step(s); smallest instance n=%d, trial %d: all-port T = %s > single-port %s. What fails is the remark for the priority rule both models run here, every out-link queue serving its smallest priority first (ties by the smaller packet id): sending on more links at once changes which packets meet later. An all-port node may always send just what single-port sends, so some all-port schedule is never slower; the rule is not that schedule. The remark's purpose, that the proof gives Valiant's all-port O(n) too, is the next row",
			slower, pairs, num(float64(slower)/float64(pairs)), num(most), first.n, first.trial, num(all[first]), num(single[first]))
		return v, nil
	}
	v.Kind, v.Why, v.Power = Holds, fmt.Sprintf("holds in all %d paired trials", pairs), everyTrial(pairs)
	return v, nil
}

// bem2S is the S at which Bem 2 is checked.
const bem2S = 1

func checkBem2(rs results) (Verdict, error) {
	s, x, err := trialsOf(rs, "relations", "trials", []string{"router", "port"}, []string{"n", "mu", "T"})
	if err != nil {
		return Verdict{}, err
	}
	type key struct{ n, mu int }
	per := map[key][]float64{} // T/(μn)
	for i, r := range s["router"] {
		if r == "valiant" && s["port"][i] == "single" {
			k := key{int(x["n"][i]), int(x["mu"][i])}
			per[k] = append(per[k], x["T"][i]/float64(k.mu*k.n))
		}
	}
	if len(per) == 0 {
		return notMeasured("relations has no single-port rows of router valiant"), nil
	}
	R := stats.TheoremI1R(bem2S)
	var ns, mus []int
	sizes := map[key]int{}
	fmin, fmax, top, cost := math.Inf(1), 0.0, 0.0, math.Inf(1)
	var pts []point
	for k, xs := range per {
		slices.Sort(xs)
		w := xs[len(xs)-1]
		ns, mus, sizes[k] = append(ns, k.n), append(mus, k.mu), len(xs)
		fmin, fmax, top = math.Min(fmin, R/w), math.Max(fmax, R/w), math.Max(top, w)
		cost = math.Min(cost, reach(xs, R))
		hits := len(xs) - sort.SearchFloat64s(xs, R)
		pts = append(pts, share(fmt.Sprintf("n=%d, μ=%d", k.n, k.mu), k.n, hits, len(xs), math.Exp(-bem2S*float64(k.mu*k.n))))
	}
	v := bounded(pts)
	v.Measured = fmt.Sprintf("T/(μn), single-port, n = %s, μ = %s (%s), against the event T ≥ R·μn and its bound e^{−Sμn} for S = %d, R = 24(S + ln 18) = %s as the proof gives: largest %s", span(ns), span(mus), counts(sizes), bem2S, num(R), num(top))
	if top < R && v.Kind != Contradicted {
		// A share of 0 supports the bound only where the bound is at
		// least 3/N (bounded); the event itself lies far out.
		v.Why += fmt.Sprintf("; the event lies %s times above the largest T/(μn) measured at each point%s", between(fmin, fmax), reachNote(cost))
	}
	return v, nil
}

// largestPerN returns the largest of the samples divided by their n.
func largestPerN(samples map[int][]float64) float64 {
	worst := 0.0
	for n, ts := range samples {
		worst = math.Max(worst, slices.Max(ts)/float64(n))
	}
	return worst
}

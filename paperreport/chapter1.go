package paperreport

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/stats"
)

func checkBitonic(dir string) (Verdict, error) {
	s, x, err := trialsOf(dir, "routing-compare", "trials", []string{"router", "pattern"}, []string{"n", "T"})
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
	v.Kind, v.Why = Holds, fmt.Sprintf("holds in all %d trials: T = n(n+1)/2", total)
	return v, nil
}

// delaySeqs reads the delayseq table of delay-sequences.
func delaySeqs(dir string) (map[string][]float64, error) {
	_, x, err := trialsOf(dir, "delay-sequences", "delayseq", nil, []string{"n", "T", "d_load", "x_fixed", "h_fixed"})
	return x, err
}

// delaySeqFigure is the file of the delayseq figure, one for every n.
func delaySeqFigure(map[string][]float64) []string {
	return []string{"delayseq.png"}
}

func checkLemmaI1(dir string) (Verdict, error) {
	x, err := delaySeqs(dir)
	if err != nil {
		return Verdict{}, err
	}
	per := map[int]int{}
	lo, hi, off := math.Inf(1), 0.0, ""
	for i, t := range x["T"] {
		n := int(x["n"][i])
		per[n]++
		if t > x["d_load"][i] && off == "" {
			off = fmt.Sprintf("n=%d: T = %s > Σf = %s", n, num(t), num(x["d_load"][i]))
		}
		if t > 0 {
			r := x["d_load"][i] / t
			lo, hi = math.Min(lo, r), math.Max(hi, r)
		}
	}
	v := Verdict{Measured: fmt.Sprintf("T and Σ f(p_i, v_i) along the extracted D, single-port, n = %s (%s): Σf/T = %s … %s",
		span(sortedKeys(per)), counts(per), num(lo), num(hi)), Files: delaySeqFigure(x)}
	switch {
	case off != "":
		v.Kind, v.Why = Contradicted, "contradicted at "+off
	case lo >= LooseFactor:
		v.Kind, v.Why = Loose, fmt.Sprintf("holds in all %d trials, loose by a factor %s … %s", len(x["T"]), num(lo), num(hi))
	default:
		v.Kind, v.Why = Holds, fmt.Sprintf("holds in all %d trials", len(x["T"]))
	}
	return v, nil
}

// loadKey is a point of Lemma I.4: the permutation, n, μ and the priority.
type loadKey struct {
	pattern  string
	n, mu, p int
}

func (k loadKey) String() string { return fmt.Sprintf("%s, n=%d, p=%d", k.pattern, k.n, k.p) }

// checkLemmaI4 tests, per point, the mean of f(p, ·) over the nodes
// against μ/2 across trials (t tests). The nodeloads table's f(p, v) of
// single nodes is not tested: f(p, v) is a small, skewed count, on which
// t tests at 20 480 points (Bonferroni) reject in their far tails where the
// t approximation does not hold.
func checkLemmaI4(dir string) (Verdict, error) {
	s, x, err := trialsOf(dir, "priority-load", "loads", []string{"router", "pattern"}, []string{"n", "mu", "p", "f_mean"})
	if err != nil {
		return Verdict{}, err
	}
	groups := map[loadKey][]float64{}
	for i, r := range s["router"] {
		if r == "valiant" {
			k := loadKey{s["pattern"][i], int(x["n"][i]), int(x["mu"][i]), int(x["p"][i])}
			groups[k] = append(groups[k], x["f_mean"][i])
		}
	}
	if len(groups) == 0 {
		return notMeasured("priority-load has no rows of router valiant"), nil
	}
	var ns []int
	var patterns []string
	per := map[loadKey]int{}
	least, at, dev := 2.0, loadKey{}, 0.0
	for k, xs := range groups {
		ns, patterns, per[k] = append(ns, k.n), append(patterns, k.pattern), len(xs)
		if len(xs) < 2 {
			return notMeasured("priority-load has %d trial at %s", len(xs), k), nil
		}
		_, p := stats.TTest(xs, float64(k.mu)/2)
		m, _ := stats.MeanCI(xs, 0.95)
		dev = math.Max(dev, math.Abs(m-float64(k.mu)/2))
		if p < least || p == least && k.String() < at.String() {
			least, at = p, k
		}
	}
	slices.Sort(patterns)
	v := Verdict{Measured: fmt.Sprintf("the mean of f(p, ·) over the nodes per trial, n = %s, %s, every p (%d points, %s): largest |mean − μ/2| = %s",
		span(ns), strings.Join(slices.Compact(patterns), ", "), len(groups), counts(per), num(dev))}
	bp := math.Min(1, least*float64(len(groups)))
	if bp < Alpha {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted at %s: t test against μ/2, p-value %s × %d points = %s < %g", at, num(least), len(groups), num(bp), Alpha)
		return v, nil
	}
	v.Kind, v.Why = Holds, fmt.Sprintf("holds at all %d points: no mean differs from μ/2 at level %g (t tests, smallest p-value × %d points = %s)", len(groups), Alpha, len(groups), num(bp))
	return v, nil
}

func checkLemmaI5(dir string) (Verdict, error) {
	x, err := delaySeqs(dir)
	if err != nil {
		return Verdict{}, err
	}
	samples := byN(x, "x_fixed", nil)
	v := tail(samples, func(n int, m float64) float64 { return stats.LemmaI5Binomial(n, m/float64(n)) })
	v.Measured = fmt.Sprintf("tail of Σx for the fixed sequence (e-cube walk 0 → 2^n−1 → 0), n = %s (%s)", span(sortedKeys(samples)), counts(lens(samples)))
	v.Files = delaySeqFigure(x)
	return v, nil
}

// lemmaI6Gamma is the γ of Lemma I.6 the thesis sets in Satz I.1.
const lemmaI6Gamma = 6

func checkLemmaI6(dir string) (Verdict, error) {
	x, err := delaySeqs(dir)
	if err != nil {
		return Verdict{}, err
	}
	hs, xs := byN(x, "h_fixed", nil), byN(x, "x_fixed", nil)
	var pts []point
	for _, n := range sortedKeys(hs) {
		h, xx := hs[n], xs[n]
		// The event's count changes only at c = h/(2γn) for a measured h.
		for _, hv := range slices.Compact(slices.Sorted(slices.Values(h))) {
			if hv <= 0 {
				continue
			}
			c := hv / (2 * lemmaI6Gamma * float64(n))
			k := 0
			for i := range h {
				if h[i] >= hv && xx[i] < c*float64(n) {
					k++
				}
			}
			pts = append(pts, proportion(fmt.Sprintf("n=%d, c=%s", n, num(c)), k, len(h), stats.LemmaI6Bound(n, lemmaI6Gamma, c)))
		}
	}
	v := bounded(pts)
	v.Measured = fmt.Sprintf("share of trials with Σh ≥ 12cn and Σx < cn for the fixed sequence, at every c = Σh/(12n) measured, n = %s (%s)",
		span(sortedKeys(hs)), counts(lens(hs)))
	v.Files = delaySeqFigure(x)
	return v, nil
}

// valiantTail reads the trials of valiant-tail.
func valiantTail(dir string) (map[string][]string, map[string][]float64, error) {
	return trialsOf(dir, "valiant-tail", "trials", []string{"router", "port"}, []string{"n", "trial", "T"})
}

func checkSatzI1(dir string) (Verdict, error) {
	s, x, err := valiantTail(dir)
	if err != nil {
		return Verdict{}, err
	}
	samples := byN(x, "T", func(i int) bool { return s["router"][i] == "valiant" && s["port"][i] == "single" })
	if len(samples) == 0 {
		return notMeasured("valiant-tail has no single-port rows of router valiant"), nil
	}
	v := tail(samples, stats.TheoremI1Tail)
	v.Measured = fmt.Sprintf("tail of T, single-port, n = %s (%s); largest T/n = %s", span(sortedKeys(samples)), counts(lens(samples)), num(largestPerN(samples)))
	return v, nil
}

func checkBem1(dir string) (Verdict, error) {
	s, x, err := valiantTail(dir)
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
	pairs, slower, lo, hi := 0, 0, math.Inf(1), 0.0
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
		}
	}
	if pairs == 0 {
		return notMeasured("valiant-tail has no trial run in both port models"), nil
	}
	v := Verdict{Measured: fmt.Sprintf("T all-port / T single-port on the same %d trials (same request and intermediates), n = %s: %s … %s", pairs, span(ns), num(lo), num(hi))}
	if slower > 0 {
		v.Kind, v.Why = Contradicted, fmt.Sprintf("contradicted in %d of %d trials, the first at n=%d, trial %d: all-port T = %s > single-port %s",
			slower, pairs, first.n, first.trial, num(all[first]), num(single[first]))
		return v, nil
	}
	v.Kind, v.Why = Holds, fmt.Sprintf("holds in all %d paired trials", pairs)
	return v, nil
}

// bem2S is the S at which Bem 2 is checked.
const bem2S = 1

func checkBem2(dir string) (Verdict, error) {
	s, x, err := trialsOf(dir, "relations", "trials", []string{"router", "port"}, []string{"n", "mu", "T"})
	if err != nil {
		return Verdict{}, err
	}
	type key struct{ n, mu int }
	worst, per := map[key]float64{}, map[key]int{}
	R := stats.TheoremI1R(bem2S)
	for i, r := range s["router"] {
		if r != "valiant" || s["port"][i] != "single" {
			continue
		}
		k := key{int(x["n"][i]), int(x["mu"][i])}
		worst[k] = math.Max(worst[k], x["T"][i]/float64(k.mu*k.n))
		per[k]++
	}
	if len(per) == 0 {
		return notMeasured("relations has no single-port rows of router valiant"), nil
	}
	var ns, mus []int
	fmin, fmax, hit := math.Inf(1), 0.0, false
	for k, w := range worst {
		ns, mus = append(ns, k.n), append(mus, k.mu)
		fmin, fmax = math.Min(fmin, R/w), math.Max(fmax, R/w)
		hit = hit || w >= R
	}
	v := Verdict{Measured: fmt.Sprintf("T/(μn), single-port, n = %s, μ = %s (%s): largest %s", span(ns), span(mus), counts(per), num(R/fmin))}
	if hit {
		hits := map[key]int{}
		for i, r := range s["router"] {
			if k := (key{int(x["n"][i]), int(x["mu"][i])}); r == "valiant" && s["port"][i] == "single" && x["T"][i] >= R*float64(k.mu*k.n) {
				hits[k]++
			}
		}
		var pts []point
		for k, c := range per {
			pts = append(pts, proportion(fmt.Sprintf("n=%d, μ=%d", k.n, k.mu), hits[k], c, math.Exp(-bem2S*float64(k.mu*k.n))))
		}
		w := bounded(pts)
		v.Kind, v.Why = w.Kind, w.Why
		return v, nil
	}
	v.Kind, v.Why = Loose, fmt.Sprintf("holds at every point for S = %d, R = 24(S + ln 18) = %s: no trial reaches T = R·μn; R is %s times the largest T/(μn) measured per point", bem2S, num(R), between(fmin, fmax))
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

package paperreport

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/hyperroute/hyperroute/stats"
)

// point is a measured value at one point of a grid against an upper bound
// the statement puts on it: a share of independent trials, an estimate
// with a standard error, or an exact value.
type point struct {
	at         string // the point, e.g. "n=8, q=0.01"
	n          int    // its cube dimension, for the smallest instance; 0 if none
	est, bound float64
	k, trials  int     // a share: k of trials (trials = 0: not a share)
	se         float64 // the standard error of an estimate; 0 for an exact value
}

// share is the point of k of trials independent trials against bound.
func share(at string, n, k, trials int, bound float64) point {
	return point{at: at, n: n, est: float64(k) / float64(trials), bound: bound, k: k, trials: trials}
}

// estimate is the point of an estimate with standard error se.
func estimate(at string, n int, est, se, bound float64) point {
	return point{at: at, n: n, est: est, bound: bound, se: se}
}

// exact is the point of a value computed without sampling error.
func exact(at string, n int, value, bound float64) point {
	return point{at: at, n: n, est: value, bound: bound}
}

func (p point) isShare() bool { return p.trials > 0 }
func (p point) isExact() bool { return p.trials == 0 && p.se == 0 }

// pvalue is the chance, if the true value were the bound, of a value at
// least as large as the one measured: the one-sided test of the bound.
func (p point) pvalue() float64 {
	switch {
	case p.isShare():
		return stats.BinomTail(p.k, p.trials, p.bound)
	case p.isExact():
		if p.est > p.bound {
			return 0
		}
		return 1
	}
	return 1 - distuv.UnitNormal.CDF((p.est-p.bound)/p.se)
}

// informative reports whether the point counts as support at the test's
// level: a true value at the bound would stand out from 0 (a share: bound
// ≥ Support/trials; an estimate: bound ≥ Support standard errors), and
// some measured value could have been called a violation (a share whose
// bound is near 1 cannot be).
func (p point) informative(level float64) bool {
	switch {
	case p.isShare():
		return float64(p.trials)*p.bound >= Support && critical(p.trials, p.bound, 1-level) <= p.trials
	case p.isExact():
		return true
	}
	return p.bound >= Support*p.se
}

// upper is the one-sided upper confidence limit of the true value at the
// given level.
func (p point) upper(level float64) float64 {
	switch {
	case p.isShare():
		return stats.ClopperPearson(p.k, p.trials, 2*level-1).Hi
	case p.isExact():
		return p.est
	}
	return p.est + distuv.UnitNormal.Quantile(level)*p.se
}

// detect is the smallest true value that the one-sided test at the given
// level calls above the bound with probability Power: the test's power.
func (p point) detect(level float64) float64 {
	switch {
	case p.isExact():
		return p.bound
	case !p.isShare():
		return p.bound + (distuv.UnitNormal.Quantile(level)+distuv.UnitNormal.Quantile(Power))*p.se
	}
	k := critical(p.trials, p.bound, 1-level)
	if k > p.trials {
		return math.Inf(1)
	}
	lo, hi := p.bound, 1.0
	for range 60 {
		mid := (lo + hi) / 2
		if stats.BinomTail(k, p.trials, mid) >= Power {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// critical is the least count k of trials that a one-sided binomial test
// of the rate bound rejects at level alpha: Pr(Bin(trials, bound) ≥ k) <
// alpha; trials + 1 if none.
func critical(trials int, bound, alpha float64) int {
	k := int(math.Floor(float64(trials) * bound))
	for k <= trials && stats.BinomTail(k, trials, bound) >= alpha {
		k++
	}
	return k
}

// bounded judges an upper bound at the points, at level 1 − Alpha
// Bonferroni-corrected over them: contradicted if some point lies above it
// beyond sampling error; weak if no point counts as support
// (informative); loose if at every informative point the bound is at
// least LooseFactor times the upper confidence limit of the true value;
// else holds. Every verdict but a contradiction states the power.
func bounded(pts []point) Verdict {
	if len(pts) == 0 {
		return notMeasured("no measured point where the bound is below 1")
	}
	slices.SortFunc(pts, func(a, b point) int { return cmp.Or(cmp.Compare(a.n, b.n), strings.Compare(a.at, b.at)) })
	m := len(pts)
	alpha := Alpha / float64(m)
	level := 1 - alpha
	var beyond, above, info []point
	zeros, exactZeros := 0, 0
	for _, p := range pts {
		if p.est > p.bound {
			above = append(above, p)
			if p.pvalue() < alpha {
				beyond = append(beyond, p)
			}
		}
		if p.informative(level) {
			info = append(info, p)
		}
		switch {
		case p.est > 0:
		case p.isExact():
			exactZeros++
		default:
			zeros++
		}
	}
	excess := func(p point) float64 { return p.est / p.bound }
	if len(beyond) > 0 {
		w := slices.MaxFunc(beyond, func(a, b point) int { return cmp.Compare(excess(a), excess(b)) })
		first := beyond[0]
		return Verdict{Kind: Contradicted, Why: fmt.Sprintf("above the bound beyond sampling error at %d of %d points (one-sided test, level %g, Bonferroni); largest excess %s× the bound at %s (measured %s%s > bound %s); smallest instance %s",
			len(beyond), m, 1-Alpha, num(excess(w)), w.at, num(w.est), ofTrials(w), num(w.bound), first.at)}
	}
	var notes []string
	if exactZeros > 0 {
		notes = append(notes, fmt.Sprintf("exactly 0 at %d of the %d points", exactZeros, m))
	}
	if zeros > 0 {
		notes = append(notes, fmt.Sprintf("measured 0 at %d of the %d points", zeros, m))
	}
	if len(above) > 0 {
		w := slices.MinFunc(above, func(a, b point) int { return cmp.Compare(a.pvalue(), b.pvalue()) })
		notes = append(notes, fmt.Sprintf("measured above the bound at %s, by no more than sampling error: most at %s, %s%s against %s, a value this large has probability %s if the true value is the bound",
			points(len(above)), w.at, num(w.est), ofTrials(w), num(w.bound), num(w.pvalue())))
	}
	if len(info) == 0 {
		d := slices.MinFunc(pts, func(a, b point) int { return cmp.Compare(a.detect(level)/a.bound, b.detect(level)/b.bound) })
		v := Verdict{Kind: Weak, Why: fmt.Sprintf("no violation at the %d points, but none counts as support: at every point %s", m, supportRule(pts))}
		v.Power = fmt.Sprintf("the smallest violation the data could have detected (power %g, level %g, Bonferroni): a true value of %s, %s× the bound, at %s", Power, 1-Alpha, num(d.detect(level)), num(d.detect(level)/d.bound), d.at)
		if len(notes) > 0 {
			v.Why += "; " + strings.Join(notes, "; ")
		}
		return v
	}
	if len(info) < m {
		notes = append(notes, fmt.Sprintf("%d of the %d points do not count as support (%s)", m-len(info), m, supportRule(pts)))
	}
	v := Verdict{Kind: Holds, Why: "holds at " + map[bool]string{true: "the one point", false: fmt.Sprintf("all %d points", m)}[m == 1], Power: powerOf(info, level)}
	// A value of exactly 0 makes any bound infinitely loose: the range is
	// over the others.
	flo, fhi, infinite := math.Inf(1), 0.0, 0
	for _, p := range info {
		if f := p.bound / p.upper(level); math.IsInf(f, 1) {
			infinite++
		} else {
			flo, fhi = math.Min(flo, f), math.Max(fhi, f)
		}
	}
	if infinite == len(info) {
		fhi = math.Inf(1)
	}
	if flo >= LooseFactor {
		v.Kind = Loose
		limit := fmt.Sprintf("the upper %g confidence limit of the true value", 1-Alpha)
		if slices.IndexFunc(info, func(p point) bool { return !p.isExact() }) < 0 {
			limit = "the exact value"
		}
		blo, bhi := math.Inf(1), 0.0
		for _, p := range info {
			blo, bhi = math.Min(blo, p.bound), math.Max(bhi, p.bound)
		}
		v.Why += fmt.Sprintf(", loose: at the %s that %s the bound, %s there, is %s times %s", points(len(info)), countVerb(len(info)), factors(blo, bhi), factors(flo, fhi), limit)
		if 0 < infinite && infinite < len(info) {
			v.Why += " where that is not 0"
		}
	}
	if len(notes) > 0 {
		v.Why += "; " + strings.Join(notes, "; ")
	}
	return v
}

// supportRule says when the points of pts count as support, for the kinds
// of points among them.
func supportRule(pts []point) string {
	var rules []string
	if slices.ContainsFunc(pts, point.isShare) {
		rules = append(rules, fmt.Sprintf("a share of N trials counts only where its bound is at least %d/N and some count of N could exceed it beyond sampling error", Support))
	}
	if slices.ContainsFunc(pts, func(p point) bool { return !p.isShare() && !p.isExact() }) {
		rules = append(rules, fmt.Sprintf("an estimate counts only where its bound is at least %d standard errors", Support))
	}
	if len(rules) == 0 {
		return "every exact value counts"
	}
	return strings.Join(rules, "; ")
}

// powerOf states the smallest violations the test detects at the points.
func powerOf(pts []point, level float64) string {
	if slices.IndexFunc(pts, func(p point) bool { return !p.isExact() }) < 0 {
		return "exact values: any excess over the bound would show"
	}
	lo, hi := math.Inf(1), 0.0
	for _, p := range pts {
		if !p.isExact() {
			f := p.detect(level) / p.bound
			lo, hi = math.Min(lo, f), math.Max(hi, f)
		}
	}
	return fmt.Sprintf("the test (one-sided, level %g, Bonferroni) detects with probability %g a true value %s times the bound at the %s that %s", 1-Alpha, Power, factors(lo, hi), points(len(pts)), countVerb(len(pts)))
}

// points is "1 point" or "k points".
func points(k int) string {
	if k == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", k)
}

// countVerb is "count" for k points that count as support, agreeing with k.
func countVerb(k int) string {
	if k == 1 {
		return "counts"
	}
	return "count"
}

// ofTrials names k of N for a share.
func ofTrials(p point) string {
	if p.isShare() {
		return fmt.Sprintf(" (%d of %d)", p.k, p.trials)
	}
	return ""
}

// factors names a range of factors, "2.5 … 4" or "3"; an infinite factor
// (a value of 0 exactly) is "∞".
func factors(lo, hi float64) string {
	f := func(x float64) string {
		if math.IsInf(x, 1) {
			return "∞"
		}
		return num(x)
	}
	if f(lo) == f(hi) {
		return f(lo)
	}
	return f(lo) + " … " + f(hi)
}

// everyTrial is the power of a statement checked in each of N trials: the
// smallest share of trials whose failure would have shown with
// probability Power.
func everyTrial(N int) string {
	r := 1 - math.Pow(1-Power, 1/float64(N))
	return fmt.Sprintf("checked in each of %d trials: a failure in a share %s of trials would have shown with probability %g", N, num(r), Power)
}

// enumerated is the power of a statement checked on every case.
const enumerated = "exact: every case enumerated, no sampling"

// tail judges a bound on Pr(X ≥ t) against samples of X per n: every
// distinct value t of a sample where the bound is below 1 is a point. If
// the bound is 1 at every measured value of every n, the check cannot fail
// (Vacuous): the verdict says from which t on the bound is below 1, as a
// multiple of n and of the largest value measured, and how many trials
// reaching it would take, extrapolating the measured tail's last decade.
func tail(samples map[int][]float64, bound func(n int, t float64) float64) Verdict {
	var pts []point
	var trivial []int
	fmin, fmax, tmin, tmax := math.Inf(1), 0.0, math.Inf(1), 0.0
	cost := math.Inf(1) // log10 of the trials to reach the threshold, least over n
	for _, n := range sortedKeys(samples) {
		xs := slices.Sorted(slices.Values(samples[n]))
		if len(xs) == 0 {
			continue
		}
		values, tails := stats.CCDF(xs)
		nontrivial := false
		for i, t := range values {
			if b := bound(n, t); b < 1 {
				k := int(math.Round(tails[i] * float64(len(xs))))
				pts = append(pts, share(fmt.Sprintf("n=%d, X ≥ %s", n, num(t)), n, k, len(xs), b))
				nontrivial = true
			}
		}
		if nontrivial {
			continue
		}
		trivial = append(trivial, n)
		hi := xs[len(xs)-1]
		t0 := math.Ceil(hi)
		for bound(n, t0) >= 1 && t0 < 1e4*(hi+1) {
			t0++
		}
		fmin, fmax = math.Min(fmin, t0/hi), math.Max(fmax, t0/hi)
		tmin, tmax = math.Min(tmin, t0/float64(n)), math.Max(tmax, t0/float64(n))
		cost = math.Min(cost, reach(xs, t0))
	}
	if len(pts) == 0 {
		v := Verdict{Kind: Vacuous, Why: fmt.Sprintf("cannot fail at these n: the bound is 1 at every value measured; it falls below 1 only from X ≥ %s·n (%s times the largest value measured at each n)",
			factors(tmin, tmax), factors(fmin, fmax))}
		v.Why += reachNote(cost)
		return v
	}
	v := bounded(pts)
	if len(trivial) > 0 {
		v.Why += fmt.Sprintf("; at n = %s the bound is 1 at every measured value", span(trivial))
	}
	return v
}

// reach estimates log10 of the trials it takes to see a value ≥ t in the
// sorted sample xs: the sample's tail falls by 10 from its 10th largest
// value to its largest, extrapolated so; +Inf if the sample has fewer than
// 10 values or no spread there.
func reach(xs []float64, t float64) float64 {
	if len(xs) < 10 {
		return math.Inf(1)
	}
	lo, hi := xs[len(xs)-10], xs[len(xs)-1]
	if hi <= lo {
		return math.Inf(1)
	}
	return math.Log10(float64(len(xs))) + math.Max(0, t-hi)/(hi-lo)
}

// reachNote says what reaching a threshold would cost, from the least
// log10 of trials over the points; empty if unknown.
func reachNote(cost float64) string {
	if math.IsInf(cost, 1) {
		return "; to bite, a trial must reach the threshold, which no sample measured comes near (too few values, or too little spread at the top, to extrapolate what that would cost)"
	}
	return fmt.Sprintf("; to bite, a trial must reach the threshold: the measured tail, falling by 10 from its 10th largest value to its largest and extrapolated so, puts that near 10^−%.0f, some 10^%.0f trials", cost, cost)
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// between names a range of values, "2.5 … 4" or "3" if it is one value.
func between(lo, hi float64) string {
	if num(lo) == num(hi) {
		return num(lo)
	}
	return num(lo) + " … " + num(hi)
}

// num formats a measured or bound value with 3 significant digits.
func num(x float64) string {
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// span names a set of integers: "4, 6, 8" or "4 … 14".
func span(xs []int) string {
	xs = slices.Compact(slices.Sorted(slices.Values(xs)))
	if len(xs) > 4 {
		return fmt.Sprintf("%d … %d", xs[0], xs[len(xs)-1])
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// fspan names a set of numbers: "0.01, 0.02" or "0.001 … 0.3".
func fspan(xs []float64) string {
	xs = slices.Compact(slices.Sorted(slices.Values(xs)))
	if len(xs) > 4 {
		return num(xs[0]) + " … " + num(xs[len(xs)-1])
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = num(x)
	}
	return strings.Join(s, ", ")
}

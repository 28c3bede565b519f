package paperreport

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/stats"
)

// point is a measured value at one point of a grid against an upper bound
// the statement puts on it.
type point struct {
	at    string  // the point, e.g. "n=8, q=0.01"
	est   float64 // the measured value
	bound float64 // the statement's upper bound on it
	// lower gives the lower end of a confidence interval of the true
	// value at the given level; nil if est is exact (no sampling error).
	lower func(level float64) float64
}

// proportion is a point whose value is k of N independent trials, with
// the Clopper–Pearson interval.
func proportion(at string, k, N int, bound float64) point {
	return point{at: at, est: float64(k) / float64(N), bound: bound, lower: func(level float64) float64 {
		return stats.ClopperPearson(k, N, 2*level-1).Lo
	}}
}

// bounded judges an upper bound at the points: contradicted if a point
// exceeds it, where the point has sampling error beyond the one-sided
// level 1 − Alpha/len(pts); loose if the bound exceeds every measured
// value above 0 by LooseFactor or more; else holds.
func bounded(pts []point) Verdict {
	if len(pts) == 0 {
		return notMeasured("no measured point where the bound is below 1")
	}
	slices.SortFunc(pts, func(a, b point) int { return strings.Compare(a.at, b.at) })
	level := 1 - Alpha/float64(len(pts))
	var above, beyond []point
	fmin, fmax, zeros := math.Inf(1), 0.0, 0
	for _, p := range pts {
		if p.est > p.bound {
			above = append(above, p)
			if p.lower == nil || p.lower(level) > p.bound {
				beyond = append(beyond, p)
			}
		}
		if p.est <= 0 {
			zeros++
			continue
		}
		f := p.bound / p.est
		fmin, fmax = math.Min(fmin, f), math.Max(fmax, f)
	}
	worst := func(ps []point) point {
		return slices.MaxFunc(ps, func(a, b point) int { return cmp.Compare(a.est/a.bound, b.est/b.bound) })
	}
	if len(beyond) > 0 {
		w := worst(beyond)
		return Verdict{Kind: Contradicted, Why: fmt.Sprintf("above the bound at %d of %d points beyond sampling error (level %g, Bonferroni); worst at %s: measured %s > bound %s",
			len(beyond), len(pts), 1-Alpha, w.at, num(w.est), num(w.bound))}
	}
	var why []string
	if zeros > 0 {
		why = append(why, fmt.Sprintf("measured 0 at %d of the %d points", zeros, len(pts)))
	}
	if zeros < len(pts) {
		why = append(why, fmt.Sprintf("bound/measured %s where measured > 0", between(fmin, fmax)))
	}
	if len(above) > 0 {
		w := worst(above)
		why = append(why, fmt.Sprintf("above the bound at %d of %d points within sampling error (level %g, Bonferroni), most at %s: %s > %s",
			len(above), len(pts), 1-Alpha, w.at, num(w.est), num(w.bound)))
		return Verdict{Kind: Holds, Why: "holds within sampling error at all " + strconv.Itoa(len(pts)) + " points: " + strings.Join(why, "; ")}
	}
	if zeros < len(pts) && fmin >= LooseFactor {
		v := Verdict{Kind: Loose, Why: fmt.Sprintf("holds at all %d points, loose by a factor %s where measured > 0", len(pts), between(fmin, fmax))}
		if zeros > 0 {
			v.Why += "; " + why[0]
		}
		return v
	}
	return Verdict{Kind: Holds, Why: fmt.Sprintf("holds at all %d points: %s", len(pts), strings.Join(why, "; "))}
}

// tail judges a bound on Pr(X ≥ t) against samples of X per n: every
// distinct value t of a sample where the bound is below 1 is a point. If
// the bound is 1 at every measured value of some n, the verdict says from
// which t on it is below 1, as a multiple of the largest value measured.
func tail(samples map[int][]float64, bound func(n int, t float64) float64) Verdict {
	var pts []point
	var trivial []string
	fmin, fmax := math.Inf(1), 0.0
	for _, n := range sortedKeys(samples) {
		xs := slices.Sorted(slices.Values(samples[n]))
		values, tails := stats.CCDF(xs)
		nontrivial := false
		for i, t := range values {
			if b := bound(n, t); b < 1 {
				k := int(math.Round(tails[i] * float64(len(xs))))
				pts = append(pts, proportion(fmt.Sprintf("n=%d, X ≥ %s", n, num(t)), k, len(xs), b))
				nontrivial = true
			}
		}
		if nontrivial || len(xs) == 0 {
			continue
		}
		hi := xs[len(xs)-1]
		t0 := math.Ceil(hi)
		for bound(n, t0) >= 1 && t0 < 1e4*(hi+1) {
			t0++
		}
		f := t0 / hi
		fmin, fmax = math.Min(fmin, f), math.Max(fmax, f)
		trivial = append(trivial, strconv.Itoa(n))
	}
	if len(pts) == 0 {
		return Verdict{Kind: Loose, Why: fmt.Sprintf("holds at every measured value: the bound is 1 (trivial) up to the largest value measured at every n; it falls below 1 only at %s times that value", between(fmin, fmax))}
	}
	v := bounded(pts)
	if len(trivial) > 0 {
		v.Why += fmt.Sprintf("; at n = %s the bound is 1 at every measured value", strings.Join(trivial, ", "))
	}
	return v
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

// between names a range of factors, "2.5 … 4" or "3" if it is one value.
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

package summary

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/hyperroute/hyperroute/stats"
)

// Sample is what Of reports of a sample: its size, mean and standard
// deviation (n−1 denominator, 0 for one value), minimum, quantiles
// (Hyndman–Fan type 7, NumPy's default) and maximum.
type Sample struct {
	N                          int
	Mean, SD                   float64
	Min, Median, P90, P99, Max float64
}

// Of summarises xs, which must not be empty.
func Of(xs []float64) Sample {
	s := Sample{N: len(xs), Min: slices.Min(xs), Max: slices.Max(xs)}
	s.Mean, _ = stats.MeanCI(xs, 0.95)
	if len(xs) > 1 {
		s.SD = stats.StdDev(xs)
	}
	q := stats.Quantiles(xs, 0.5, 0.9, 0.99)
	s.Median, s.P90, s.P99 = q[0], q[1], q[2]
	return s
}

// Stats are the statistics Estimate computes.
var Stats = []string{"mean", "median", "p90", "p99", "max", "share"}

// Estimate returns statistic stat of xs (one of Stats) with its two-sided
// confidence interval at level: for the mean Student's t interval
// (stats.MeanCI); for a quantile the distribution-free interval between
// order statistics, [x_(l), x_(u)] with l and u the (1∓level)/2 quantiles
// of Binomial(n, p) (and u+1), clipped to the sample; for the maximum none
// (NaN); for share, the share of nonzero values, Wilson's interval. The
// interval is NaN where xs is too small to have one.
func Estimate(stat string, xs []float64, level float64) (v float64, iv stats.Interval, err error) {
	nan := stats.Interval{Lo: math.NaN(), Hi: math.NaN()}
	if len(xs) == 0 {
		return math.NaN(), nan, nil
	}
	switch stat {
	case "mean":
		v, iv = stats.MeanCI(xs, level)
		return v, iv, nil
	case "median":
		return quantile(xs, 0.5, level)
	case "p90":
		return quantile(xs, 0.9, level)
	case "p99":
		return quantile(xs, 0.99, level)
	case "max":
		return slices.Max(xs), nan, nil
	case "share":
		k := 0
		for _, x := range xs {
			if x != 0 {
				k++
			}
		}
		return float64(k) / float64(len(xs)), stats.Wilson(k, len(xs), level), nil
	}
	return 0, nan, fmt.Errorf("unknown statistic %q (want one of %v)", stat, Stats)
}

// quantile returns the p-quantile of xs with its order-statistic interval.
func quantile(xs []float64, p, level float64) (float64, stats.Interval, error) {
	s := slices.Clone(xs)
	slices.Sort(s)
	v := stats.Quantiles(s, p)[0]
	b := distuv.Binomial{N: float64(len(s)), P: p}
	// Pr(x_(l) ≤ Q(p) < x_(u)) = Pr(l ≤ B < u) ≥ level for B ~ Bin(n, p),
	// ranks 1-based.
	l, u := int(quantileBinom(b, (1-level)/2)), int(quantileBinom(b, (1+level)/2))+1
	l, u = max(l, 1), min(u, len(s))
	return v, stats.Interval{Lo: s[l-1], Hi: s[u-1]}, nil
}

// quantileBinom returns the smallest k with Pr(B ≤ k) ≥ a.
func quantileBinom(b distuv.Binomial, a float64) float64 {
	k := sort.Search(int(b.N), func(k int) bool { return b.CDF(float64(k)) >= a })
	return float64(k)
}

package stats

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// MeanCI returns the sample mean x̄ of sample and its two-sided Student t
// confidence interval at the given level (e.g. 0.95),
//
//	x̄ ± t_{(1+level)/2, n−1} · s/√n,
//
// with s the sample standard deviation (StdDev) and t the quantile of
// Student's t distribution with n−1 degrees of freedom. With fewer than two
// observations the interval is [NaN, NaN] (and the mean of none is NaN).
func MeanCI(sample []float64, level float64) (mean float64, ci Interval) {
	mean, s := stat.MeanStdDev(sample, nil)
	if len(sample) < 2 {
		return mean, Interval{math.NaN(), math.NaN()}
	}
	n := float64(len(sample))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile((1 + level) / 2)
	half := t * s / math.Sqrt(n)
	return mean, Interval{mean - half, mean + half}
}

// StdDev returns the sample standard deviation with the n−1 denominator,
//
//	s = √( Σ (x_i − x̄)² / (n−1) ).
func StdDev(sample []float64) float64 {
	return stat.StdDev(sample, nil)
}

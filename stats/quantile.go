package stats

import (
	"math"
	"slices"
)

// Quantiles returns the sample quantiles of sample at the probabilities ps,
// by definition 7 of Hyndman and Fan (1996), the default of R's quantile and
// of NumPy's quantile ("linear"): with the sorted sample x_0 ≤ … ≤ x_{n−1}
// and h = (n−1)·p,
//
//	Q(p) = x_⌊h⌋ + (h − ⌊h⌋)·(x_⌊h⌋+1 − x_⌊h⌋).
//
// The sample is not modified. Quantiles panics if the sample is empty or a p
// lies outside [0, 1].
func Quantiles(sample []float64, ps ...float64) []float64 {
	if len(sample) == 0 {
		panic("stats: quantile of an empty sample")
	}
	x := slices.Clone(sample)
	slices.Sort(x)
	q := make([]float64, len(ps))
	for i, p := range ps {
		if !(p >= 0 && p <= 1) {
			panic("stats: quantile probability outside [0, 1]")
		}
		h := float64(len(x)-1) * p
		lo := int(math.Floor(h))
		if lo == len(x)-1 {
			q[i] = x[lo]
			continue
		}
		q[i] = x[lo] + (h-float64(lo))*(x[lo+1]-x[lo])
	}
	return q
}

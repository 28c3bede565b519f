package stats

import (
	"math"
	"slices"
)

// KS2 returns the two-sample Kolmogorov–Smirnov statistic
//
//	D = sup_x |F_x(x) − F_y(x)|
//
// of the empirical distribution functions of x and y, and its asymptotic
// p-value Q_KS(λ) with Stephens' effective-n correction,
//
//	n_e = n_x·n_y/(n_x+n_y),   λ = (√n_e + 0.12 + 0.11/√n_e)·D,
//
// where Q_KS is the Kolmogorov survival function (KolmogorovQ). This is the
// approximation of Numerical Recipes §14.3 and of scipy.stats.ks_2samp's
// "asymp" mode before SciPy 1.5; it is good for n_e ≥ 4 or so. Ties are
// handled exactly: D is evaluated after all copies of a value. The samples
// are not modified. KS2 panics if a sample is empty.
// M. A. Stephens, J. R. Stat. Soc. B 32 (1970) 115–122.
func KS2(x, y []float64) (d, p float64) {
	if len(x) == 0 || len(y) == 0 {
		panic("stats: KS2 of an empty sample")
	}
	d = ksStatistic(x, y)
	ne := float64(len(x)) * float64(len(y)) / float64(len(x)+len(y))
	sq := math.Sqrt(ne)
	return d, KolmogorovQ((sq + 0.12 + 0.11/sq) * d)
}

// ksStatistic returns sup |F_x − F_y| by merging the sorted samples.
func ksStatistic(x, y []float64) float64 {
	xs, ys := slices.Clone(x), slices.Clone(y)
	slices.Sort(xs)
	slices.Sort(ys)
	nx, ny := float64(len(xs)), float64(len(ys))
	var d float64
	i, j := 0, 0
	for i < len(xs) && j < len(ys) {
		v := min(xs[i], ys[j])
		for i < len(xs) && xs[i] == v {
			i++
		}
		for j < len(ys) && ys[j] == v {
			j++
		}
		d = max(d, math.Abs(float64(i)/nx-float64(j)/ny))
	}
	return d
}

// KolmogorovQ returns the survival function of the Kolmogorov distribution,
// the limit of Pr(√n·D_n > λ):
//
//	Q_KS(λ) = 2 Σ_{j≥1} (−1)^{j−1} e^{−2j²λ²},
//
// evaluated for small λ through the equivalent
// 1 − (√(2π)/λ) Σ_{j≥1} e^{−(2j−1)²π²/(8λ²)}, which converges faster there.
func KolmogorovQ(lambda float64) float64 {
	switch {
	case lambda <= 0:
		return 1
	case lambda < 1:
		var s float64
		for j := 1; j <= 5; j++ {
			k := float64(2*j - 1)
			s += math.Exp(-k * k * math.Pi * math.Pi / (8 * lambda * lambda))
		}
		return 1 - math.Sqrt(2*math.Pi)/lambda*s
	}
	var s float64
	for j := 1; j <= 20; j++ {
		fj := float64(j)
		term := math.Exp(-2 * fj * fj * lambda * lambda)
		if j%2 == 0 {
			term = -term
		}
		s += term
	}
	return 2 * s
}

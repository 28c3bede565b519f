package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Wilson returns the Wilson score interval for a success probability from k
// successes in n trials at the given confidence level (e.g. 0.95): with
// p̂ = k/n and z the (1+level)/2 quantile of the standard normal,
//
//	(p̂ + z²/(2n) ± z·√(p̂(1−p̂)/n + z²/(4n²))) / (1 + z²/n).
//
// E. B. Wilson, J. Am. Stat. Assoc. 22 (1927) 209–212.
func Wilson(k, n int, level float64) Interval {
	z := distuv.UnitNormal.Quantile((1 + level) / 2)
	fn := float64(n)
	p := float64(k) / fn
	z2n := z * z / fn
	center := p + z2n/2
	half := z * math.Sqrt(p*(1-p)/fn+z2n/(4*fn))
	return Interval{(center - half) / (1 + z2n), (center + half) / (1 + z2n)}
}

// ClopperPearson returns the exact (Clopper–Pearson) interval for a success
// probability from k successes in n trials at the given confidence level,
// from quantiles of the beta distribution with α = 1 − level:
//
//	Lo = Beta(k, n−k+1).Quantile(α/2)   (0 for k = 0),
//	Hi = Beta(k+1, n−k).Quantile(1−α/2) (1 for k = n).
//
// It is the set of p with Pr(Bin(n,p) ≥ k) > α/2 and Pr(Bin(n,p) ≤ k) > α/2.
// C. J. Clopper, E. S. Pearson, Biometrika 26 (1934) 404–413.
func ClopperPearson(k, n int, level float64) Interval {
	alpha := 1 - level
	iv := Interval{Lo: 0, Hi: 1}
	if k > 0 {
		iv.Lo = distuv.Beta{Alpha: float64(k), Beta: float64(n - k + 1)}.Quantile(alpha / 2)
	}
	if k < n {
		iv.Hi = distuv.Beta{Alpha: float64(k + 1), Beta: float64(n - k)}.Quantile(1 - alpha/2)
	}
	return iv
}

package stats

import "math"

// TheoremI1LogBound returns the natural logarithm of the thesis' tail bound
// for the run time T of two-phase randomized routing of a permutation on Q_n
// with γ = 6 ([Schömer 1988, Theorem I.1], proof):
//
//	Pr(T ≥ 12cn) ≤ ½·18^n · 2 · e^{−min(c/2, c ln c − c + 1)·n},
//
// the number of delay sequences (Lemma I.3) times the bound
// e^{−(c ln c − c + 1)·n} + e^{−c·n/2} for one sequence (Lemmas I.5 and I.6,
// E(6) ≥ ½), which needs c ≥ 1 (Chernoff in Lemma I.5). Values above 1 are
// reported as 1 (logarithm 0); the bound is below 1 only for
// c > 2 ln 18 ≈ 5.78, i.e. T ≥ 69.4·n, so the c ≥ 1 condition never binds.
func TheoremI1LogBound(n int, c float64) float64 {
	rate := math.Min(c/2, rateExcess(c))
	return math.Min(0, LemmaI3LogCount(n)+math.Ln2-rate*float64(n))
}

// TheoremI1Bound returns the bound of TheoremI1LogBound, e^{TheoremI1LogBound}.
func TheoremI1Bound(n int, c float64) float64 {
	return math.Exp(TheoremI1LogBound(n, c))
}

// TheoremI1LogTail returns the natural logarithm of the Theorem I.1 bound on
// Pr(T ≥ t), which is TheoremI1LogBound at c = t/(12n).
func TheoremI1LogTail(n int, t float64) float64 {
	return TheoremI1LogBound(n, t/(12*float64(n)))
}

// TheoremI1Tail returns the Theorem I.1 bound on Pr(T ≥ t), e^{TheoremI1LogTail}.
func TheoremI1Tail(n int, t float64) float64 {
	return math.Exp(TheoremI1LogTail(n, t))
}

// BestC returns the smallest c for which the Theorem I.1 bound on
// Pr(T ≥ 12cn) is at most level, 0 < level ≤ 1 (up to rounding). Writing
// the bound as e^{−(min(c/2, c ln c − c + 1) − ln 18)·n}, it is ≤ level
// exactly when
//
//	min(c/2, c ln c − c + 1) ≥ a = ln 18 − ln(level)/n,
//
// and since both terms increase for c ≥ 1 the answer is
// max(2a, h⁻¹(a)) with h(c) = c ln c − c + 1, where h⁻¹ is found by
// bisection. For every level ≤ 1 the first term is the larger one, so
// BestC = 2·(ln 18 − ln(level)/n). BestC panics if level ≤ 0.
func BestC(n int, level float64) float64 {
	if !(level > 0) {
		panic("stats: BestC level must be positive")
	}
	if level >= 1 {
		return 0
	}
	return smallestRateC(math.Log(18) - math.Log(level)/float64(n))
}

// TheoremI1R returns R(S) for thesis Theorem I.1 in the form
//
//	for every S there is R with Pr(T ≥ R·n) ≤ e^{−S·n}
//
// as the γ = 6 proof gives it. With c = R/12 the bound of TheoremI1Bound is
// e^{−(min(c/2, c ln c − c + 1) − ln 18)·n}, which is ≤ e^{−S·n} for every n
// as soon as min(c/2, c ln c − c + 1) ≥ S + ln 18. TheoremI1R returns 12
// times the smallest such c ≥ 1 (see BestC); for S ≥ −1.233 that is
// R = 24·(S + ln 18) ≈ 24·S + 69.4. The thesis rounds ln 18 ≈ 2.890 up to 3,
// choosing R with S ≤ min{R/24, (R/12) ln(R/12) − R/12 + 1} − 3, which gives
// the slightly larger R = 24·(S + 3).
func TheoremI1R(S float64) float64 {
	return 12 * smallestRateC(S+math.Log(18))
}

// smallestRateC returns the smallest c ≥ 1 with min(c/2, h(c)) ≥ a, where
// h(c) = c ln c − c + 1 increases from h(1) = 0; a ≤ 0 gives 1.
func smallestRateC(a float64) float64 {
	if a <= 0 {
		return 1
	}
	lo, hi := 1.0, 2.0
	for rateExcess(hi) < a {
		lo, hi = hi, 2*hi
	}
	for {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			return math.Max(2*a, hi)
		}
		if rateExcess(mid) < a {
			lo = mid
		} else {
			hi = mid
		}
	}
}

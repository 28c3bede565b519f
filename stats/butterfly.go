package stats

import "math"

// TheoremII1LogBound returns the natural logarithm of the thesis' tail bound
// for the run time T = T_Ph1 + T_Ph2 of two-phase routing with n disjoint
// paths on the butterfly BF_n, γ = 6 ([Schömer 1988, Theorem II.1], proof):
//
//	Pr(T ≥ 12cn + 2) ≤ 2 · ⅓·n·6^n · 2 · e^{−min(c/2, c ln c − c + 1)·n},
//
// twice (one term per phase, Pr(T_Ph ≥ 6cn + 1)) the number of delay
// sequences of Lemma II.1 times the bound for one sequence. Values above 1
// are reported as 1 (logarithm 0); the bound is below 1 only for
// c > 2 ln 6 ≈ 3.58.
func TheoremII1LogBound(n int, c float64) float64 {
	rate := math.Min(c/2, rateExcess(c))
	return math.Min(0, 2*math.Ln2+LemmaII1LogCount(n)-rate*float64(n))
}

// TheoremII1Bound returns e^{TheoremII1LogBound}.
func TheoremII1Bound(n int, c float64) float64 {
	return math.Exp(TheoremII1LogBound(n, c))
}

// TheoremII1LogTail returns the natural logarithm of the Theorem II.1 bound
// on Pr(T ≥ t), which is TheoremII1LogBound at c = (t − 2)/(12n).
func TheoremII1LogTail(n int, t float64) float64 {
	return TheoremII1LogBound(n, (t-2)/(12*float64(n)))
}

// TheoremII1Tail returns e^{TheoremII1LogTail}.
func TheoremII1Tail(n int, t float64) float64 {
	return math.Exp(TheoremII1LogTail(n, t))
}

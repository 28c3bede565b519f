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

// LemmaII2Law returns N such that, in the proof of thesis Lemma II.2, the
// copies f(p, w) that leave a node w of BF_n with priority p are
// Bin(N, 1/N) for a permutation routed on the wrapped butterfly with full
// routes and no faults (priority = hops taken, n+1 more in phase 2; N = 1:
// exactly one). Phase 1 (p = 0 … n): a copy that leaves w with p ≥ 1 hops
// taken started p layers before w and, after its first hop (a cross edge),
// was in one of 2^{p−1} super-nodes; it reaches w iff its intermediate
// agrees with w in the p−1 dimensions crossed since, independently for
// different super-nodes, so N = 2^{p−1} (and N = 1 for p = 0). Phase 2
// (p = n+1+h): the copies of the messages whose intermediate agrees with w
// outside the h−1 dimensions crossed after the first hop, and is w's
// address for h ≤ 1, and whose destination agrees with w in those h−1
// dimensions: N = 2^{n−h+1} for h ≥ 1 and 2^n for h = 0. In both phases
// E f(p, w) = 1 (Lemma II.2).
func LemmaII2Law(n, p int) (N int) {
	switch h := p - (n + 1); {
	case p == 0:
		return 1
	case p <= n:
		return 1 << (p - 1)
	case h == 0:
		return 1 << n
	default:
		return 1 << (n - h + 1)
	}
}

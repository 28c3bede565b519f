package stats

import "math"

// LemmaI5Binomial returns the binomial form of the thesis' bound on the
// number of packets that meet a fixed delay sequence D in two-phase routing
// on Q_n ([Schömer 1988, Lemma I.5]): with x(π) = 1 if packet π leaves some
// v_i with priority p_i,
//
//	Pr(Σ_π x(π) ≥ c·n) ≤ B(⌈cn⌉, 2^n, n/2^n),
//
// by Hoeffding (the 2^n x(π) are independent with Σ E[x(π)] ≤ n) and the
// monotonicity of B in q. Hoeffding needs ⌈cn⌉ ≥ n+1; below that the
// trivial bound 1 is reported. It needs n ≤ 62.
func LemmaI5Binomial(n int, c float64) float64 {
	return math.Exp(LemmaI5LogBinomial(n, c))
}

// LemmaI5LogBinomial returns the natural logarithm of LemmaI5Binomial.
func LemmaI5LogBinomial(n int, c float64) float64 {
	N := 1 << n
	h := Hoeffding{N: N, QBar: float64(n) / float64(N)}
	return h.LogTail(int(math.Ceil(c * float64(n))))
}

// LemmaI5Exp returns the exponential form of thesis Lemma I.5,
//
//	Pr(Σ_π x(π) ≥ c·n) ≤ (n/(cn))^{cn} · e^{cn−n} = e^{−(c ln c − c + 1)·n},
//
// which is Chernoff's bound on B(cn, 2^n, n/2^n), valid for c ≥ 1; below
// that the trivial bound 1 is reported. It is never below LemmaI5Binomial.
func LemmaI5Exp(n int, c float64) float64 {
	return math.Exp(LemmaI5LogExp(n, c))
}

// LemmaI5LogExp returns −(c ln c − c + 1)·n for c ≥ 1 and 0 otherwise, the
// natural logarithm of LemmaI5Exp.
func LemmaI5LogExp(n int, c float64) float64 {
	if c < 1 {
		return 0
	}
	return -rateExcess(c) * float64(n)
}

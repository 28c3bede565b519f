package stats

import "math"

// Chernoff is Chernoff's bound on the upper tail of the binomial
// distribution Bin(N, Q) [Chernoff 1952], the thesis' "Satz von Chernoff"
// [Schömer 1988, Ch. I.3]:
//
//	B(m, N, q) ≤ (Nq/m)^m · e^{m−Nq}   for m ≥ Nq.
//
// The bound holds for real m; below Nq it is reported as the trivial bound 1.
type Chernoff struct {
	N int     // number of trials
	Q float64 // success probability of each trial, 0 ≤ Q ≤ 1
}

// Tail returns the Chernoff bound on Pr(Bin(N, Q) ≥ m).
func (c Chernoff) Tail(m float64) float64 {
	return math.Exp(c.LogTail(m))
}

// LogTail returns the natural logarithm of Tail,
//
//	m ln(Nq/m) + m − Nq = −Nq · h(m/(Nq)),   h(r) = r ln r − r + 1,
//
// which stays finite far below the float64 range.
func (c Chernoff) LogTail(m float64) float64 {
	mu := float64(c.N) * c.Q
	switch {
	case m <= mu:
		return 0
	case mu == 0:
		return math.Inf(-1)
	}
	return -mu * rateExcess(m/mu)
}

// rateExcess returns h(r) = r ln r − r + 1 ≥ 0 for r ≥ 0 (h(0) = 1), the
// exponent of the Chernoff bound per unit of mean and of Lemma I.5.
func rateExcess(r float64) float64 {
	if r == 0 {
		return 1
	}
	return r*math.Log(r) - r + 1
}

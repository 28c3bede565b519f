package stats

import "math"

// LemmaI6Exponent returns the rate of thesis Lemma I.6 [Schömer 1988],
//
//	E(γ) = γ ln 2 − 1 − ln 2 − ln(1+γ),
//
// which is positive for γ > 5.036; E(6) = 0.5198 ≥ ½ gives the c/2 of
// Theorem I.1.
func LemmaI6Exponent(gamma float64) float64 {
	return gamma*math.Ln2 - 1 - math.Ln2 - math.Log1p(gamma)
}

// LemmaI6Bound returns the thesis' bound on the chance that few packets meet
// a fixed delay sequence D but stay on it long (thesis Lemma I.6): with h(π)
// the number of times packet π leaves some v_i with priority p_i and x(π)
// whether it does at all,
//
//	Pr(Σ_π h(π) ≥ 2γcn and Σ_π x(π) < cn) ≤ e^{−E(γ)·c·n},
//
// with E from LemmaI6Exponent. A bound above 1 (E(γ) < 0) is reported as 1.
func LemmaI6Bound(n int, gamma, c float64) float64 {
	return math.Exp(LemmaI6LogBound(n, gamma, c))
}

// LemmaI6LogBound returns min(0, −E(γ)·c·n), the natural logarithm of
// LemmaI6Bound.
func LemmaI6LogBound(n int, gamma, c float64) float64 {
	return math.Min(0, -LemmaI6Exponent(gamma)*c*float64(n))
}

// LemmaI6PerPacket returns the thesis' bound on how long one packet π stays
// on a fixed delay sequence within one phase Ph (claim in the proof of
// thesis Lemma I.6):
//
//	Pr(h^Ph(π) ≥ a) ≤ (1/2)^{a−1},
//
// since each further step on D has probability (1/2)^{p_i − p_{i−1}} ≤ ½.
// For a ≤ 1 the trivial bound 1 is reported.
func LemmaI6PerPacket(a int) float64 {
	if a <= 1 {
		return 1
	}
	return math.Ldexp(1, 1-a)
}

// FixedSeqTail returns the bound of thesis Lemmas I.5 and I.6 on the visits
// Σ_π h(π) = Σ_i f(p_i, v_i) of the packets to one delay sequence D fixed
// before the randomness (the bound the proof of Theorem I.1 multiplies by
// the number of sequences):
//
//	Pr(Σ_π h(π) ≥ m) ≤ e^{−(c ln c − c + 1)·n} + e^{−E(γ)·c·n},  c = m/(2γn),
//
// since Σh ≥ 2γcn needs Σx ≥ cn (Lemma I.5) or many visits by few packets
// (Lemma I.6). It is capped at 1, and is 1 for c < 1.
func FixedSeqTail(n int, gamma, m float64) float64 {
	c := m / (2 * gamma * float64(n))
	return math.Min(1, LemmaI5Exp(n, c)+LemmaI6Bound(n, gamma, c))
}

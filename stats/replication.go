package stats

import "math"

// MessageLossBound returns the thesis' bound on the chance that the message
// M_s of one node is lost when it travels as n copies on node-disjoint paths
// in each phase and every directed edge of Q_n fails independently with
// probability q ([Schömer 1988, Ch. II.5]):
//
//	Pr(M_s lost) ≤ Pr(lost in phase 1) + Pr(lost in phase 2) ≤ 2·(nq)^n,
//
// because the k paths of length k and n−k of length k+2 fail independently,
// each with probability ≤ length·q, and (kq)^k·((k+2)q)^{n−k} ≤ (nq)^n.
// Values above 1 are reported as 1.
func MessageLossBound(n int, q float64) float64 {
	return math.Exp(LogMessageLossBound(n, q))
}

// LogMessageLossBound returns min(0, ln 2 + n·ln(nq)), the natural logarithm
// of MessageLossBound.
func LogMessageLossBound(n int, q float64) float64 {
	return math.Min(0, math.Ln2+float64(n)*math.Log(float64(n)*q))
}

// AnyMessageLossBound returns the thesis' bound on the chance that any of the
// 2^n messages of a permutation is lost (thesis Ch. II.5, before
// Theorem II.2):
//
//	Pr(∃s: M_s lost) ≤ 2^n · 2(nq)^n = 2·(2nq)^n.
//
// Values above 1 are reported as 1.
func AnyMessageLossBound(n int, q float64) float64 {
	return math.Exp(LogAnyMessageLossBound(n, q))
}

// LogAnyMessageLossBound returns min(0, ln 2 + n·ln(2nq)), the natural
// logarithm of AnyMessageLossBound.
func LogAnyMessageLossBound(n int, q float64) float64 {
	return math.Min(0, math.Ln2+float64(n)*math.Log(2*float64(n)*q))
}

// TheoremII2MaxQ returns the edge failure probability up to which thesis
// Theorem II.2 guarantees delivery of all messages with probability
// ≥ 1 − 2e^{−S·n}:
//
//	q ≤ 1/(2n·e^S)   ⇒   2·(2nq)^n ≤ 2e^{−S·n}.
func TheoremII2MaxQ(n int, S float64) float64 {
	return 1 / (2 * float64(n) * math.Exp(S))
}

// TheoremII2Prob returns max(0, 1 − 2e^{−S·n}), the probability with which
// thesis Theorem II.2 guarantees that all messages arrive when
// q ≤ TheoremII2MaxQ(n, S).
func TheoremII2Prob(n int, S float64) float64 {
	return math.Max(0, -math.Expm1(math.Ln2-S*float64(n)))
}

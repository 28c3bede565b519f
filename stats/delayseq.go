package stats

import "math"

// LemmaI3LogCount returns ln(½·18^n), the natural logarithm of the thesis'
// bound on the number of critical delay sequences D = ((v_1,p_1), …,
// (v_l,p_l)) of two-phase routing on Q_n ([Schömer 1988, Lemma I.3]):
//
//	|DS| ≤ 2^{n−1} · Σ_{l=0}^{2n} C(2n,l)·2^l = ½·2^n·3^{2n} = ½·18^n.
//
// (The priorities form a subset of {1…2n}; v_l is any of 2^n nodes and each
// earlier v_i one of 2 choices.)
func LemmaI3LogCount(n int) float64 {
	return float64(n)*math.Log(18) - math.Ln2
}

// LemmaII1LogCount returns ln(⅓·n·6^n), the natural logarithm of the thesis'
// bound on the number of critical delay sequences D = (w_1, …, w_n) of one
// phase of the butterfly routing on BF_n (thesis Lemma II.1):
//
//	|DS| ≤ n·2^n·3^{n−1} = ⅓·n·6^n.
//
// (w_n is any of the n·2^n butterfly nodes; each w_{j−1} is w_j or one of its
// 2 predecessors.)
func LemmaII1LogCount(n int) float64 {
	return math.Log(float64(n)) + float64(n)*math.Log(6) - math.Log(3)
}

// LemmaI4Law returns the N of the law Bin(N, 1/(2N)) of f(p, v) in
// Valiant's routing of a permutation on Q_n, from the proof of thesis Lemma I.4:
// phase 1 (p ≤ n), the 2^{p−1} sources that differ from v below dimension
// p, each leaving v with priority p with chance 2^{−p}; phase 2 (p = n +
// p′), symmetric, the 2^{n−p′} destinations that agree with v below p′ and
// differ in p′, each with chance 2^{−(n−p′+1)}.
func LemmaI4Law(n, p int) int {
	if p <= n {
		return 1 << (p - 1)
	}
	return 1 << (2*n - p)
}

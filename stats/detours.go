package stats

import "math"

// DetourMissingBound returns the thesis' bound on the chance that some failed
// edge v -d-> w of Q_n has no intact detour U^i: v -i-> u -d-> u' -i-> w,
// i ≠ d, when every directed edge fails independently with probability q
// ([Schömer 1988, Ch. III.1]):
//
//	Pr(∃ failed edge with all n−1 detours broken) ≤ n·2^n · q · (3q)^{n−1},
//
// since a detour is broken with probability ≤ 3q and the n−1 detours of an
// edge share no edge. Values above 1 are reported as 1.
func DetourMissingBound(n int, q float64) float64 {
	return math.Exp(LogDetourMissingBound(n, q))
}

// LogDetourMissingBound returns the natural logarithm of DetourMissingBound,
// min(0, ln n + n ln 2 + ln q + (n−1)·ln(3q)).
func LogDetourMissingBound(n int, q float64) float64 {
	if q <= 0 {
		return math.Inf(-1)
	}
	fn := float64(n)
	return math.Min(0, math.Log(fn)+fn*math.Ln2+math.Log(q)+(fn-1)*math.Log(3*q))
}

// DetourMaxQ returns 1/(7e^S), the edge failure probability up to which
// DetourMissingBound is at most e^{−S·n} for every n ≥ 1 (thesis Ch. III.1):
// n·2^n·q·(3q)^{n−1} = (n/3)·(6q)^n ≤ (n/3)·(6/7)^n·e^{−S·n} and
// (n/3)·(6/7)^n < 0.8.
func DetourMaxQ(S float64) float64 {
	return 1 / (7 * math.Exp(S))
}

// MatchingFailureBound returns the thesis' bound on the chance that the
// parallel heuristic (every failed edge of dimension d tries the detours
// i = d+1, d+2, … cyclically and reserves a free middle edge) leaves some
// failed edge without a detour (thesis Ch. III.1, the bound behind its
// Lemma III.1):
//
//	Pr(failure) ≤ n · q·2^n·(5q)^{n−1} = (n/5)·(10q)^n   for q ≤ 1/10,
//
// from g(k) ≤ (5q)^k, the chance that a failed edge has no free intact
// detour after k rounds. For q > 1/10, and for values above 1, the trivial
// bound 1 is reported.
func MatchingFailureBound(n int, q float64) float64 {
	return math.Exp(LogMatchingFailureBound(n, q))
}

// LogMatchingFailureBound returns the natural logarithm of
// MatchingFailureBound, min(0, ln(n/5) + n·ln(10q)) for q ≤ 1/10.
func LogMatchingFailureBound(n int, q float64) float64 {
	if q > 0.1 {
		return 0
	}
	fn := float64(n)
	return math.Min(0, math.Log(fn/5)+fn*math.Log(10*q))
}

// MatchingFailureLooseBound returns (11q)^n, the thesis' simpler form of
// MatchingFailureBound: (n/5)·(10q)^n ≤ (11q)^n for every n ≥ 1, as
// n/5 ≤ 1.1^n. Values above 1 are reported as 1.
func MatchingFailureLooseBound(n int, q float64) float64 {
	return math.Exp(LogMatchingFailureLooseBound(n, q))
}

// LogMatchingFailureLooseBound returns min(0, n·ln(11q)), the natural
// logarithm of MatchingFailureLooseBound.
func LogMatchingFailureLooseBound(n int, q float64) float64 {
	return math.Min(0, float64(n)*math.Log(11*q))
}

// MatchingMaxQ returns 1/(11e^S), the edge failure probability up to which
// the heuristic succeeds with probability ≥ 1 − e^{−S·n} (thesis Ch. III.1):
// (11q)^n ≤ e^{−S·n}.
func MatchingMaxQ(S float64) float64 {
	return 1 / (11 * math.Exp(S))
}

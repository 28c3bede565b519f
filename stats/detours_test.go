package stats

import (
	"math"
	"testing"
)

// TestDetourMissingBound checks n·2^n·q·(3q)^{n−1} = (n/3)·(6q)^n, that it is
// above the union bound with the exact chance q·(1−(1−q)^3)^{n−1} that a
// failed edge has all n−1 detours broken, and that q = 1/(7e^S) gives at
// most e^{−S·n}.
func TestDetourMissingBound(t *testing.T) {
	for n := 1; n <= 60; n++ {
		fn := float64(n)
		for _, q := range []float64{1e-6, 1e-3, 0.01, 0.05} {
			want := math.Min(0, math.Log(fn/3)+fn*math.Log(6*q))
			got := LogDetourMissingBound(n, q)
			if !closeAbs(got, want, 1e-12*math.Max(1, -want)) {
				t.Errorf("LogDetourMissingBound(%d, %v) = %v, want %v", n, q, got, want)
			}
			broken := -math.Expm1(3 * math.Log1p(-q))
			union := math.Log(fn) + fn*math.Ln2 + math.Log(q) + (fn-1)*math.Log(broken)
			if union > got+1e-12 {
				t.Errorf("n=%d q=%v: ln union bound %v above ln bound %v", n, q, union, got)
			}
		}
		for _, S := range []float64{0, 0.5, 1, 2, 5} {
			if got := DetourMaxQ(S) * 7 * math.Exp(S); !closeAbs(got, 1, 1e-12) {
				t.Errorf("S=%v: DetourMaxQ·7e^S = %v, want 1", S, got)
			}
			if got := LogDetourMissingBound(n, DetourMaxQ(S)); got > -S*fn+1e-12 {
				t.Errorf("n=%d S=%v: ln bound %v at q = 1/(7e^S) above −Sn", n, S, got)
			}
		}
	}
	if got := DetourMissingBound(1, 0); got != 0 {
		t.Errorf("DetourMissingBound(1, 0) = %v, want 0", got)
	}
}

// TestMatchingFailureBound iterates the recurrences of thesis Ch. III.1
// [Schömer 1988] with equality, f(1) = q, g(1) = 3q, f(k+1) = f(k) + q·g(k),
// g(k+1) = g(k)·(3q + f(k)), and checks
// n·2^n·q·g(n−1) ≤ (n/5)·(10q)^n ≤ (11q)^n for q ≤ 1/10, and
// (11q)^n = e^{−S·n} at q = 1/(11e^S).
func TestMatchingFailureBound(t *testing.T) {
	for _, q := range []float64{1e-4, 1e-3, 0.01, 0.05, 0.1} {
		f, lg := q, math.Log(3*q) // f(k) and ln g(k), k = n−1
		for n := 2; n <= 100; n++ {
			fn := float64(n)
			recur := math.Log(fn) + fn*math.Ln2 + math.Log(q) + lg
			tight, loose := LogMatchingFailureBound(n, q), LogMatchingFailureLooseBound(n, q)
			if recur > tight+1e-9 || tight > loose+1e-12 {
				t.Errorf("n=%d q=%v: ln recurrence %v, ln (n/5)(10q)^n %v, ln (11q)^n %v",
					n, q, recur, tight, loose)
			}
			f, lg = f+q*math.Exp(lg), lg+math.Log(3*q+f)
		}
	}
	// (1/5)·(10q)^1 = 0.3 < 1, but the induction needs q ≤ 1/10.
	if got := MatchingFailureBound(1, 0.15); got != 1 {
		t.Errorf("MatchingFailureBound(1, 0.15) = %v, want 1 (q > 1/10)", got)
	}
	if got, want := MatchingFailureBound(10, 0.01), 2*math.Pow(0.1, 10); !closeRel(got, want, 1e-12) {
		t.Errorf("MatchingFailureBound(10, 0.01) = %v, want %v", got, want)
	}
	for n := 1; n <= 30; n++ {
		for _, S := range []float64{0.5, 1, 3} {
			if got := MatchingFailureLooseBound(n, MatchingMaxQ(S)); !closeRel(got, math.Exp(-S*float64(n)), 1e-12) {
				t.Errorf("n=%d S=%v: (11q)^n = %v at q = 1/(11e^S)", n, S, got)
			}
		}
	}
}

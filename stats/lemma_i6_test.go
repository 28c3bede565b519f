package stats

import (
	"math"
	"math/big"
	"testing"
)

func TestLemmaI6Exponent(t *testing.T) {
	// E(6) = 5 ln 2 − 1 − ln 7 (SciPy 1.17: 0.5198257537444133); the root
	// 5.03637825180828 is from scipy.optimize.brentq.
	if got := LemmaI6Exponent(6); !closeAbs(got, 0.5198257537444133, 1e-15) || got < 0.5 {
		t.Errorf("E(6) = %v, want 0.5198257537444133 ≥ ½", got)
	}
	if got := LemmaI6Exponent(5.03637825180828); !closeAbs(got, 0, 1e-13) {
		t.Errorf("E(5.0364) = %v, want 0", got)
	}
	if got := LemmaI6Bound(10, 6, 2); !closeRel(got, math.Exp(-0.5198257537444133*20), 1e-12) {
		t.Errorf("LemmaI6Bound(10, 6, 2) = %v", got)
	}
	if got := LemmaI6Bound(10, 4, 2); got != 1 {
		t.Errorf("LemmaI6Bound with E(4) < 0 = %v, want 1", got)
	}
}

// TestLemmaI6Proof checks the last steps of the proof exactly: for k = cn
// packets on D, the number of (a_1 … a_{k−1}) ≥ 0 with Σ a_j = γk, times
// Π (½)^{a_j−1}, i.e. C(γk+k−2, k−2)·2^{−(γk−k+1)}, is at most
// ½·e^{−E(γ)·k}, and twice that (two phases) is LemmaI6Bound.
func TestLemmaI6Proof(t *testing.T) {
	for _, gamma := range []int{6, 8, 12} {
		for k := 2; k <= 80; k++ {
			ways := new(big.Int).Binomial(int64(gamma*k+k-2), int64(k-2))
			f := new(big.Float).SetInt(ways)
			f.SetMantExp(f, -(gamma*k - k + 1))
			phase := logBig(f)
			bound := LemmaI6LogBound(1, float64(gamma), float64(k))
			if phase+math.Ln2 > bound+1e-12 {
				t.Errorf("γ=%d k=%d: ln(2·proof term) = %v > ln bound %v", gamma, k, phase+math.Ln2, bound)
			}
		}
	}
}

func TestLemmaI6PerPacket(t *testing.T) {
	for a, want := range []float64{1, 1, 0.5, 0.25, 0.125} {
		if got := LemmaI6PerPacket(a); got != want {
			t.Errorf("LemmaI6PerPacket(%d) = %v, want %v", a, got, want)
		}
	}
}

// TestFixedSeqTail checks the combined bound of Lemmas I.5 and I.6: 1 below
// c = 1, the sum of the two terms above, and the thresholds where it falls
// to 1% (computed independently by notebooks/looseness.py: m = 141 at
// n = 4, 322 at n = 14).
func TestFixedSeqTail(t *testing.T) {
	if got := FixedSeqTail(10, 6, 119); got != 1 {
		t.Errorf("FixedSeqTail(10, 6, 119) = %v, want 1 (c < 1)", got)
	}
	c := 2.0
	want := math.Exp(-(c*math.Log(c)-c+1)*10) + math.Exp(-LemmaI6Exponent(6)*c*10)
	if got := FixedSeqTail(10, 6, 240); math.Abs(got-want) > 1e-15*want {
		t.Errorf("FixedSeqTail(10, 6, 240) = %v, want %v", got, want)
	}
	for _, tc := range []struct{ n, m int }{{4, 141}, {14, 322}} {
		if above, below := FixedSeqTail(tc.n, 6, float64(tc.m-1)), FixedSeqTail(tc.n, 6, float64(tc.m)); above <= 0.01 || below > 0.01 {
			t.Errorf("n=%d: bound %v at m=%d, %v at m=%d; want it to cross 1%% there", tc.n, above, tc.m-1, below, tc.m)
		}
	}
}

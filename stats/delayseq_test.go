package stats

import (
	"math"
	"math/big"
	"testing"
)

// TestLemmaI3LogCount checks the count of the proof,
// 2^{n−1}·Σ_{l=0}^{2n} C(2n,l)·2^l, exactly against ½·18^n and its logarithm.
func TestLemmaI3LogCount(t *testing.T) {
	for n := 1; n <= 40; n++ {
		sum := new(big.Int)
		for l := 0; l <= 2*n; l++ {
			term := new(big.Int).Binomial(int64(2*n), int64(l))
			sum.Add(sum, term.Lsh(term, uint(l)))
		}
		sum.Lsh(sum, uint(n-1))
		half18 := new(big.Int).Exp(big.NewInt(18), big.NewInt(int64(n)), nil)
		half18.Rsh(half18, 1)
		if sum.Cmp(half18) != 0 {
			t.Fatalf("n=%d: proof count %v ≠ ½·18^n = %v", n, sum, half18)
		}
		want := logBig(new(big.Float).SetInt(sum))
		if got := LemmaI3LogCount(n); !closeAbs(got, want, 1e-12*want) {
			t.Errorf("LemmaI3LogCount(%d) = %v, want %v", n, got, want)
		}
	}
}

// TestLemmaII1LogCount checks ln(⅓·n·6^n) against the proof's n·2^n·3^{n−1}.
func TestLemmaII1LogCount(t *testing.T) {
	for n := 1; n <= 40; n++ {
		count := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(n-1)), nil)
		count.Lsh(count, uint(n))
		count.Mul(count, big.NewInt(int64(n)))
		want := logBig(new(big.Float).SetInt(count))
		if got := LemmaII1LogCount(n); !closeAbs(got, want, 1e-12*math.Max(1, want)) {
			t.Errorf("LemmaII1LogCount(%d) = %v, want %v", n, got, want)
		}
	}
}

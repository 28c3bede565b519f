package stats

import (
	"math"
	"testing"
)

func TestTheoremII1Bound(t *testing.T) {
	for _, c := range []struct {
		n       int
		c, want float64 // want: ln(2·⅓·n·6^n·2·e^{−min(c/2, c ln c − c + 1)·n}) or 0
	}{
		{10, 10, math.Log(4.0/3*10*math.Pow(6, 10)) - 5*10},
		{20, 4, math.Log(4.0/3*20*math.Pow(6, 20)) - 2*20},
		{10, 3.5, 0},
		{10, 1, 0},
	} {
		if got := TheoremII1LogBound(c.n, c.c); !closeAbs(got, c.want, 1e-12*math.Max(1, -c.want)) {
			t.Errorf("TheoremII1LogBound(%d, %v) = %v, want %v", c.n, c.c, got, c.want)
		}
		if got, want := TheoremII1Bound(c.n, c.c), math.Exp(c.want); !closeRel(got, want, 1e-12) {
			t.Errorf("TheoremII1Bound(%d, %v) = %v, want %v", c.n, c.c, got, want)
		}
	}
}

// TestTheoremII1Tail checks the tail form at t = 12cn + 2.
func TestTheoremII1Tail(t *testing.T) {
	for _, n := range []int{3, 10, 30} {
		for _, c := range []float64{1, 4, 10} {
			tt := 12*c*float64(n) + 2
			if got, want := TheoremII1LogTail(n, tt), TheoremII1LogBound(n, c); !closeAbs(got, want, 1e-12*math.Max(1, -want)) {
				t.Errorf("TheoremII1LogTail(%d, %v) = %v, want %v", n, tt, got, want)
			}
			if got, want := TheoremII1Tail(n, tt), TheoremII1Bound(n, c); !closeRel(got, want, 1e-12) {
				t.Errorf("TheoremII1Tail(%d, %v) = %v, want %v", n, tt, got, want)
			}
		}
	}
}

// TestLemmaII2Law checks the law's sizes: N = 1 at the first two
// priorities, doubling along phase 1 to 2^{n−1}, 2^n at the start of phase
// 2 and halving to 2 at its last hop.
func TestLemmaII2Law(t *testing.T) {
	want := []int{1, 1, 2, 4, 8, 16, 32, 32, 16, 8, 4, 2} // n = 5
	for p, N := range want {
		if got := LemmaII2Law(5, p); got != N {
			t.Errorf("LemmaII2Law(5, %d) = %d, want %d", p, got, N)
		}
	}
}

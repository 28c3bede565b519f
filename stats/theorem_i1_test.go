package stats

import (
	"math"
	"testing"
)

func TestTheoremI1Bound(t *testing.T) {
	for _, c := range []struct {
		n       int
		c, want float64 // want is ln(½·18^n·2·e^{−min(c/2, c ln c − c + 1)·n}) or 0
	}{
		{10, 10, math.Log(math.Pow(18, 10)) - 5*10},
		{4, 8, math.Log(math.Pow(18, 4)) - 4*4},
		{30, 6, math.Log(math.Pow(18, 30)) - 3*30},
		{10, 5.7, 0}, // below 2 ln 18: trivial
		{10, 1, 0},
		{10, 0.5, 0},
	} {
		if got := TheoremI1LogBound(c.n, c.c); !closeAbs(got, c.want, 1e-12*math.Max(1, -c.want)) {
			t.Errorf("TheoremI1LogBound(%d, %v) = %v, want %v", c.n, c.c, got, c.want)
		}
		if got, want := TheoremI1Bound(c.n, c.c), math.Exp(c.want); !closeRel(got, want, 1e-12) {
			t.Errorf("TheoremI1Bound(%d, %v) = %v, want %v", c.n, c.c, got, want)
		}
		t12 := 12 * c.c * float64(c.n)
		if got := TheoremI1LogTail(c.n, t12); !closeAbs(got, c.want, 1e-12*math.Max(1, -c.want)) {
			t.Errorf("TheoremI1LogTail(%d, %v) = %v, want %v", c.n, t12, got, c.want)
		}
		if got, want := TheoremI1Tail(c.n, t12), math.Exp(c.want); !closeRel(got, want, 1e-12) {
			t.Errorf("TheoremI1Tail(%d, %v) = %v, want %v", c.n, t12, got, want)
		}
	}
}

// TestBestC checks that the bound at BestC equals the level and exceeds it
// just below, and the closed form 2(ln 18 − ln(level)/n).
func TestBestC(t *testing.T) {
	for _, n := range []int{1, 4, 10, 20} {
		for _, level := range []float64{0.5, 1e-3, 1e-30, 1e-300} {
			c := BestC(n, level)
			if want := 2 * (math.Log(18) - math.Log(level)/float64(n)); !closeRel(c, want, 1e-12) {
				t.Errorf("BestC(%d, %v) = %v, want %v", n, level, c, want)
			}
			if got := TheoremI1LogBound(n, c); !closeAbs(got, math.Log(level), 1e-9) {
				t.Errorf("n=%d level=%v: ln bound at BestC = %v", n, level, got)
			}
			if got := TheoremI1LogBound(n, c*(1-1e-6)); got <= math.Log(level) {
				t.Errorf("n=%d level=%v: bound just below BestC already ≤ level", n, level)
			}
		}
	}
	if got := BestC(10, 1); got != 0 {
		t.Errorf("BestC(10, 1) = %v, want 0", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("BestC(10, 0) did not panic")
		}
	}()
	BestC(10, 0)
}

// TestTheoremI1R checks thesis Theorem I.1 [Schömer 1988],
// Pr(T ≥ R·n) ≤ e^{−S·n}, with equality for every n at R = TheoremI1R(S),
// that a smaller R fails, and R ≤ the thesis' 24(S+3).
func TestTheoremI1R(t *testing.T) {
	for _, S := range []float64{0.01, 0.5, 1, 3, 10} {
		R := TheoremI1R(S)
		if want := 24 * (S + math.Log(18)); !closeRel(R, want, 1e-12) {
			t.Errorf("TheoremI1R(%v) = %v, want %v", S, R, want)
		}
		if R > 24*(S+3) {
			t.Errorf("TheoremI1R(%v) = %v above the thesis' 24(S+3)", S, R)
		}
		for n := 1; n <= 30; n++ {
			fn := float64(n)
			if got := TheoremI1LogTail(n, R*fn); !closeAbs(got, -S*fn, 1e-9*math.Max(1, S*fn)) {
				t.Errorf("S=%v n=%d: ln Pr(T ≥ Rn) bound = %v, want %v", S, n, got, -S*fn)
			}
			if got := TheoremI1LogTail(n, 0.999*R*fn); got <= -S*fn {
				t.Errorf("S=%v n=%d: 0.999·R already suffices", S, n)
			}
		}
	}
}

// TestSmallestRateC covers both branches of max(2a, h⁻¹(a)): h(e) = 1, so
// a = 1 gives h⁻¹(1) = e > 2; a = 3 gives 2a = 6; at a = c*/2 they meet,
// where c* = 3.3144458236686756 solves c/2 = c ln c − c + 1 (SciPy 1.17
// scipy.optimize.brentq).
func TestSmallestRateC(t *testing.T) {
	for _, c := range []struct{ a, want float64 }{
		{-1, 1},
		{0, 1},
		{1, math.E},
		{3, 6},
		{3.3144458236686756 / 2, 3.3144458236686756},
	} {
		if got := smallestRateC(c.a); !closeRel(got, c.want, 1e-12) {
			t.Errorf("smallestRateC(%v) = %v, want %v", c.a, got, c.want)
		}
	}
}

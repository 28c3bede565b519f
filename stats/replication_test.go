package stats

import (
	"math"
	"testing"
)

func TestMessageLossValues(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"MessageLossBound(10, 0.01)", MessageLossBound(10, 0.01), 2e-10},
		{"MessageLossBound(10, 0.5)", MessageLossBound(10, 0.5), 1},
		{"AnyMessageLossBound(10, 0.01)", AnyMessageLossBound(10, 0.01), 2 * math.Pow(0.2, 10)},
		{"AnyMessageLossBound(3, 0)", AnyMessageLossBound(3, 0), 0},
		{"TheoremII2MaxQ(10, 1)", TheoremII2MaxQ(10, 1), 1 / (20 * math.E)},
		{"TheoremII2Prob(10, 1)", TheoremII2Prob(10, 1), 1 - 2*math.Exp(-10)},
		{"TheoremII2Prob(10, 0)", TheoremII2Prob(10, 0), 0},
	} {
		if !closeRel(c.got, c.want, 1e-12) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if got, want := LogMessageLossBound(64, 1e-9), math.Ln2+64*math.Log(64e-9); !closeAbs(got, want, 1e-12*-want) {
		t.Errorf("LogMessageLossBound(64, 1e-9) = %v, want %v", got, want)
	}
}

// TestMessageLossAboveExact checks one phase of the argument of thesis
// Ch. II.5 [Schömer 1988] against the exact loss probability of the model:
// with dist(s, y) = k the message is lost only if all n edge-disjoint paths
// (k of length k, n−k of length k+2) hit a failed edge, which has
// probability Π (1 − (1−q)^len); this is at most (kq)^k·((k+2)q)^{n−k} and
// at most (nq)^n, half of MessageLossBound.
func TestMessageLossAboveExact(t *testing.T) {
	for n := 1; n <= 40; n++ {
		for _, q := range []float64{1e-6, 1e-3, 0.01, 0.05} {
			bound := float64(n) * math.Log(float64(n)*q)
			if got := LogMessageLossBound(n, q); !closeAbs(got, math.Min(0, math.Ln2+bound), 1e-12*math.Abs(bound)) {
				t.Errorf("LogMessageLossBound(%d, %v) = %v, want min(0, ln 2 + %v)", n, q, got, bound)
			}
			for k := 1; k <= n; k++ {
				fk := float64(k)
				exact := fk*math.Log(-math.Expm1(fk*math.Log1p(-q))) +
					float64(n-k)*math.Log(-math.Expm1((fk+2)*math.Log1p(-q)))
				step := fk*math.Log(fk*q) + float64(n-k)*math.Log((fk+2)*q)
				if exact > step+1e-9 || step > bound+1e-9 {
					t.Errorf("n=%d q=%v k=%d: ln exact %v, ln (kq)^k((k+2)q)^(n−k) %v, ln (nq)^n %v",
						n, q, k, exact, step, bound)
				}
			}
		}
	}
}

// TestTheoremII2 checks 2·(2nq)^n = 2e^{−S·n} at q = 1/(2n·e^S).
func TestTheoremII2(t *testing.T) {
	for n := 1; n <= 30; n++ {
		for _, S := range []float64{0.5, 1, 2, 5} {
			q := TheoremII2MaxQ(n, S)
			want := math.Ln2 - S*float64(n)
			if got := LogAnyMessageLossBound(n, q); !closeAbs(got, math.Min(0, want), 1e-9) {
				t.Errorf("n=%d S=%v: ln bound at q=%v is %v, want %v", n, S, q, got, want)
			}
			if p := TheoremII2Prob(n, S); !closeAbs(p, math.Max(0, 1-math.Exp(want)), 1e-15) {
				t.Errorf("TheoremII2Prob(%d, %v) = %v", n, S, p)
			}
		}
	}
}

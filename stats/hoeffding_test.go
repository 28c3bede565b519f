package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// poissonTails returns Pr(Z ≥ m), m = 0 … N, for the number Z of successes in
// independent trials with success probabilities q, by dynamic programming.
func poissonTails(q []float64) []float64 {
	pmf := []float64{1}
	for _, qi := range q {
		next := make([]float64, len(pmf)+1)
		for k, p := range pmf {
			next[k] += p * (1 - qi)
			next[k+1] += p * qi
		}
		pmf = next
	}
	tails := make([]float64, len(pmf)+1)
	for k := len(pmf) - 1; k >= 0; k-- {
		tails[k] = tails[k+1] + pmf[k]
	}
	return tails[:len(pmf)]
}

// TestHoeffdingAboveExact checks Pr(Z ≥ m) ≤ B(m, N, q̄) for m ≥ Nq̄+1 on
// random Poisson trials, and the trivial bound 1 below that.
func TestHoeffdingAboveExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 1956))
	for range 300 {
		N := 1 + rng.IntN(60)
		q := make([]float64, N)
		var sum float64
		for i := range q {
			switch rng.IntN(4) {
			case 0:
				q[i] = 0
			case 1:
				q[i] = rng.Float64() * 0.05
			default:
				q[i] = rng.Float64()
			}
			sum += q[i]
		}
		h := Hoeffding{N: N, QBar: sum / float64(N)}
		exact := poissonTails(q)
		for m := 0; m <= N; m++ {
			bound := h.Tail(m)
			if float64(m) < sum+1 {
				if bound != 1 {
					t.Errorf("q=%v m=%d below N·q̄+1: got %v, want 1", q, m, bound)
				}
				continue
			}
			if exact[m] > bound*(1+1e-9) {
				t.Errorf("q=%v m=%d: Pr(Z ≥ m) = %v > Hoeffding %v", q, m, exact[m], bound)
			}
			if lb := h.LogTail(m); !closeAbs(lb, math.Log(bound), 1e-12) {
				t.Errorf("LogTail(%d) = %v, want ln %v", m, lb, bound)
			}
		}
	}
}

// TestHoeffdingCondition shows why the bound needs m ≥ Nq̄+1: for q = (0.9, 0)
// Pr(Z ≥ 1) = 0.9 exceeds B(1, 2, 0.45) = 0.6975.
func TestHoeffdingCondition(t *testing.T) {
	exact := poissonTails([]float64{0.9, 0})[1]
	if b := BinomTail(1, 2, 0.45); !(exact > b) {
		t.Fatalf("counterexample lost: Pr(Z ≥ 1) = %v, B = %v", exact, b)
	}
	if got := (Hoeffding{N: 2, QBar: 0.45}).Tail(1); got != 1 {
		t.Errorf("Hoeffding{2, 0.45}.Tail(1) = %v, want the trivial 1", got)
	}
}

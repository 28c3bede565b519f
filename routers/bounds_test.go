package routers

import (
	"math"
	"testing"

	"github.com/hyperroute/hyperroute/stats"
)

// TestBoundsAboveTails holds the empirical tails of Valiant's single-port
// routing against the bounds of thesis Chapter I that must lie above them:
// for the fixed delay sequence (CanonicalDelaySeq, chosen before the
// randomness) Pr(Σx ≥ m) against the exact binomial tail of Lemma I.5 with
// Hoeffding, Chernoff's bound and Lemma I.5's exponential form, Pr(Σh ≥ m)
// against Lemmas I.5 + I.6 (γ = 6), and Pr(T ≥ t) against Theorem I.1. A
// bound fails if the lower end of a 99.99% Clopper–Pearson interval of the
// empirical tail lies above it, at any threshold.
func TestBoundsAboveTails(t *testing.T) {
	const trials, level = 600, 0.9999
	for _, n := range []int{5, 8, 10} {
		for _, pattern := range []string{"random", "transpose"} {
			cfg := Config{Router: "valiant", N: n, Pattern: pattern, Mu: 1}
			d := CanonicalDelaySeq(n)
			var s Sim
			xs, hs, ts := make([]int, trials), make([]int, trials), make([]int, trials)
			for i := range trials {
				res := traced(t, &s, cfg, uint64(i))
				x, h := SumXH(res, d)
				xs[i], hs[i], ts[i] = int(x), int(h), res.T
			}
			N, q := 1<<n, float64(n)/float64(int(1)<<n)
			fixedH := func(m int) float64 { return stats.FixedSeqTail(n, 6, float64(m)) }
			bounds := []struct {
				name   string
				sample []int
				bound  func(m int) float64
			}{
				{"Σx, exact binomial (Lemma I.5, Hoeffding)", xs, func(m int) float64 { return stats.LemmaI5Binomial(n, float64(m)/float64(n)) }},
				{"Σx, Hoeffding", xs, stats.Hoeffding{N: N, QBar: q}.Tail},
				{"Σx, Chernoff", xs, func(m int) float64 { return stats.Chernoff{N: N, Q: q}.Tail(float64(m)) }},
				{"Σx, Lemma I.5 exponential form", xs, func(m int) float64 { return stats.LemmaI5Exp(n, float64(m)/float64(n)) }},
				{"Σh, Lemmas I.5 + I.6", hs, fixedH},
				{"T, Theorem I.1", ts, func(m int) float64 { return stats.TheoremI1Tail(n, float64(m)) }},
			}
			for _, b := range bounds {
				if m, tail, bound, ok := violation(b.sample, b.bound, level); !ok {
					t.Errorf("n=%d %s: %s: Pr(X ≥ %d) ≥ %.3g (%.4g%% lower confidence limit), above the bound %.3g",
						n, pattern, b.name, m, tail, 100*level, bound)
				}
			}
			if mean := mean(xs); mean > float64(n) {
				t.Errorf("n=%d %s: mean Σx = %.2f above n, the premise of Lemma I.5", n, pattern, mean)
			}
		}
	}
}

// violation returns ok = false and the first threshold m at which the lower
// confidence limit of the empirical Pr(X ≥ m) lies above bound(m).
func violation(sample []int, bound func(int) float64, level float64) (m int, tail, b float64, ok bool) {
	hi := 0
	for _, v := range sample {
		hi = max(hi, v)
	}
	for m := 1; m <= hi; m++ {
		k := 0
		for _, v := range sample {
			if v >= m {
				k++
			}
		}
		lo := stats.ClopperPearson(k, len(sample), level).Lo
		if b := bound(m); lo > b*(1+1e-12) {
			return m, lo, b, false
		}
	}
	return 0, 0, 0, true
}

func mean(s []int) float64 {
	sum := 0.0
	for _, v := range s {
		sum += float64(v)
	}
	return sum / float64(len(s))
}

// TestViolationDetects checks that violation finds a bound below a tail.
func TestViolationDetects(t *testing.T) {
	sample := make([]int, 1000)
	for i := range sample {
		sample[i] = i % 10 // Pr(X ≥ m) = 1 − m/10
	}
	tooLow := func(m int) float64 { return math.Pow(0.5, float64(m)) }
	if m, _, _, ok := violation(sample, tooLow, 0.9999); ok || m != 1 {
		t.Errorf("violation of 2^−m: m = %d, ok = %v; want m = 1", m, ok)
	}
	if _, _, _, ok := violation(sample, func(int) float64 { return 1 }, 0.9999); !ok {
		t.Error("the trivial bound 1 is violated")
	}
}

package routers

import (
	"math"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestLemmaI4PerNode checks thesis Lemma I.4 [Schömer 1988] where it is
// stated, for every priority p and every node v: E[f(p,v)] = 1/2 under
// Valiant's routing of a fixed permutation — transpose, bit reversal,
// complement and the perfect shuffle on Q_4 and Q_5 — from 8000 trials
// each. For a fixed permutation f(p,v) summed over the trials is a sum of
// independent indicators (one per packet and trial) with mean K/2 and
// variance at most K/2, so Bernstein's inequality bounds its deviation
// rigorously; the threshold of each of the 1792 (pattern, n, p, v) cells is
// set so that the chance of any false alarm is below 10⁻⁶ (Bonferroni).
// A mean more than 0.054 from 1/2 in one cell fails the test.
func TestLemmaI4PerNode(t *testing.T) {
	const trials, alpha = 8000, 1e-6
	patterns := []string{"transpose", "bitrev", "complement", "shuffle"}
	ns := []int{4, 5}
	cells := 0
	for _, n := range ns {
		cells += len(patterns) * 2 * n << n
	}
	// The sum S of the cell has mean K/2 and variance at most K/2.
	dev := bernsteinDeviation(trials/2, alpha/float64(cells))
	for _, n := range ns {
		for _, pattern := range patterns {
			cfg := Config{Router: "valiant", N: n, Pattern: pattern, Mu: 1, Record: engine.Record{Loads: true}}
			nodes, prios := 1<<n, cfg.Prios()
			sum := make([]int64, prios*nodes)
			var s Sim
			for trial := range uint64(trials) {
				res, err := s.Trial(cfg, testRand(trial))
				if err != nil {
					t.Fatal(err)
				}
				for i, f := range res.Loads {
					sum[i] += int64(f)
				}
			}
			for i := nodes; i < len(sum); i++ { // priorities 1 … 2n
				if d := math.Abs(float64(sum[i]) - trials/2); d > dev {
					t.Errorf("n=%d %s: p=%d v=%d: mean f(p,v) = %.4f over %d trials, %.0f from K/2 in the sum (at most %.0f by chance)",
						n, pattern, i/nodes, i%nodes, float64(sum[i])/trials, trials, d, dev)
				}
			}
		}
	}
}

// bernsteinDeviation returns the a for which Bernstein's inequality gives
// Pr(|S − E S| ≥ a) ≤ p for a sum S of independent variables within 1 of
// their means and of variance at most v: 2·exp(−a²/(2(v + a/3))) = p.
func bernsteinDeviation(v, p float64) float64 {
	l := math.Log(2 / p)
	return l/3 + math.Sqrt(l*l/9+2*l*v)
}

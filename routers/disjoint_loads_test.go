package routers

import (
	"fmt"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/stats"
)

// lawCategories returns the probabilities of Bin(N, 1/N) for the values
// 0, 1, …, K−1 and K or more, with K the first value whose tail from K on
// has probability below cut; N ≥ 2.
func lawCategories(N int, cut float64) []float64 {
	q := 1 / float64(N)
	var probs []float64
	tail := 1.0
	for k := 0; tail >= cut && k <= N; k++ {
		pk := stats.BinomPMF(k, N, q)
		probs = append(probs, pk)
		tail -= pk
	}
	if tail > 0 {
		probs[len(probs)-1] += tail
	}
	return probs
}

// TestLoadsLaw routes 3000 random permutations on BF_5 and checks Lemma
// II.2 and the law behind it: Σ_w f(p, w) = n·2^n for every priority p of
// both phases (the mean of f over the nodes is 1 by counting alone), and
// at a fixed node w the values of f(p, w) over the independent trials
// follow Bin(N, 1/N) with N = stats.LemmaII2Law(n, p), by a chi-square test at the 0.01% level per
// priority (tail categories merged to an expected count of at least 5).
func TestLoadsLaw(t *testing.T) {
	const n, trials = 5, 3000
	cfg := Config{Router: "disjoint", Pattern: "random", N: n, Mu: 1, Record: engine.Record{Loads: true}}
	prios, nodes := cfg.Prios(), n<<n
	at := make([][]int, prios) // f(p, w) at w = node 0 per trial
	var s Sim
	for trial := range trials {
		res, err := s.Trial(cfg, testRand(uint64(trial)))
		if err != nil {
			t.Fatal(err)
		}
		for p := range prios {
			f := res.Loads[p*res.LoadNodes : (p+1)*res.LoadNodes]
			sum := 0
			for _, x := range f {
				sum += int(x)
			}
			if sum != nodes {
				t.Fatalf("trial %d: Σ_w f(%d, w) = %d, want n·2^n = %d", trial, p, sum, nodes)
			}
			at[p] = append(at[p], int(f[0]))
		}
	}
	for p := range prios {
		N := stats.LemmaII2Law(n, p)
		if N == 1 {
			for trial, f := range at[p] {
				if f != 1 {
					t.Fatalf("p=%d, trial %d: f(p, w) = %d, want 1", p, trial, f)
				}
			}
			continue
		}
		probs := lawCategories(N, 5.0/trials)
		counts := make([]int64, len(probs))
		for _, f := range at[p] {
			counts[min(f, len(probs)-1)]++
		}
		x2, df, pv := stats.ChiSquare(counts, probs)
		msg := fmt.Sprintf("p=%d: f(p, w) counts %v against Bin(%d, 1/%d): X² = %.1f, df %d, p-value %.3g", p, counts, N, N, x2, df, pv)
		if pv < 1e-4 {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
}

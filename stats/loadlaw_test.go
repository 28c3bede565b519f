package stats

import (
	"math/rand/v2"
	"testing"
)

// TestLoadLaws: loads drawn node by node from Bin(N, 1/N) fit the law at
// every priority tested; all of p = 2's loads moved to 0 do not, and its
// mean fraction of load 0 is then 1.
func TestLoadLaws(t *testing.T) {
	const n, trials = 5, 40
	rng := rand.New(rand.NewPCG(1, 2))
	loads := NodeLoads{}
	for trial := range trials {
		for p := range 2*n + 2 {
			N := LemmaII2Law(n, p)
			c := make([]int64, N+1)
			for range n << n {
				f := 0
				for range N {
					if rng.Float64() < 1/float64(N) {
						f++
					}
				}
				c[f]++
			}
			loads[[2]int{trial, p}] = c
		}
	}
	laws := LoadLaws(n, loads, 0.01)
	if len(laws) != 10 {
		t.Fatalf("%d priorities tested, want the 10 with N ≥ 2", len(laws))
	}
	for _, l := range laws {
		if l.PValue < 0.01/10 || l.Trials != trials || len(l.Means) != l.K+1 || l.Lo[0] > l.Means[0] || l.Hi[0] < l.Means[0] {
			t.Errorf("p = %d: %+v", l.P, l)
		}
	}
	for trial := range trials {
		loads[[2]int{trial, 2}] = []int64{n << n}
	}
	if l := LoadLaws(n, loads, 0.01)[0]; l.P != 2 || l.PValue > 1e-6 || l.Means[0] != 1 {
		t.Errorf("every load 0 at p = 2: %+v", l)
	}
}

package stats

import (
	"math/rand/v2"
	"testing"
)

// TestLoadLaws: loads drawn node by node from Bin(N, 1/N) fit the law at
// every priority tested, at n = 3 too, where the tail category would be
// empty in every trial were it not merged (MinTailNodes); all of p = 2's
// loads moved to 0 do not, and its mean fraction of load 0 is then 1.
func TestLoadLaws(t *testing.T) {
	const trials = 40
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{3, 5} {
		loads := NodeLoads{}
		tested := 0
		for p := range 2*n + 2 {
			if LemmaII2Law(n, p) >= 2 {
				tested++
			}
		}
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
		if len(laws) != tested {
			t.Fatalf("n = %d: %d priorities tested, want the %d with N ≥ 2", n, len(laws), tested)
		}
		for _, l := range laws {
			if l.PValue < 0.01/float64(tested) || l.Trials != trials || len(l.Means) != l.K+1 || l.Lo[0] > l.Means[0] || l.Hi[0] < l.Means[0] {
				t.Errorf("n = %d, p = %d: %+v", n, l.P, l)
			}
		}
		for trial := range trials {
			loads[[2]int{trial, 2}] = []int64{int64(n) << n}
		}
		if l := LoadLaws(n, loads, 0.01)[0]; l.P != 2 || l.PValue > 1e-6 || l.Means[0] != 1 {
			t.Errorf("n = %d: every load 0 at p = 2: %+v", n, l)
		}
	}
}

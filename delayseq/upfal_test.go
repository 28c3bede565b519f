package delayseq_test

import (
	"testing"

	"github.com/hyperroute/hyperroute/delayseq"
	"github.com/hyperroute/hyperroute/routers"
)

// TestUpfalAndNaive routes random permutations by Valiant's single-port
// priority routing and checks, per run, Lemma I.2 on the critical delay
// sequence D (Upfal's form w has the lemma's shape, w_p = v_i for
// p_{i−1} < p ≤ p_i, and T ≤ Σ_i f(p_i, v_i) ≤ Σ_p f(p, w_p)) and the naive
// bound of Ch. I.2, T ≤ Σ_j Σ_{p ≤ p_π(u_j)} f(p, u_j).
func TestUpfalAndNaive(t *testing.T) {
	var s routers.Sim
	for n := 2; n <= 7; n++ {
		for seed := range uint64(20) {
			res := traced(t, &s, routers.Config{Router: "valiant", N: n, Pattern: "random", Mu: 1}, seed)
			d, err := delayseq.Critical(res, n)
			if err != nil {
				t.Fatal(err)
			}
			w := d.Upfal(2 * n)
			if err := delayseq.CheckUpfal(w); err != nil {
				t.Fatalf("n=%d: %v (D = %v, w = %v)", n, err, d, w)
			}
			for i, step := range d {
				lo := 1
				if i > 0 {
					lo = int(d[i-1].Prio) + 1
				}
				hi := int(step.Prio)
				if i == len(d)-1 {
					hi = 2 * n
				}
				for p := lo; p <= hi; p++ {
					if w[p-1] != step.Node {
						t.Fatalf("n=%d: w_%d = %d, want v_%d = %d (D = %v)", n, p, w[p-1], i+1, step.Node, d)
					}
				}
			}
			upfal, naive := delayseq.UpfalLoad(res, w), delayseq.Naive(res)
			if l := d.Load(res); int64(res.T) > l || l > upfal {
				t.Fatalf("n=%d: T = %d, Σ_i f(p_i, v_i) = %d, Σ_p f(p, w_p) = %d", n, res.T, l, upfal)
			}
			if int64(res.T) > naive {
				t.Fatalf("n=%d: T = %d > the naive bound %d", n, res.T, naive)
			}
		}
	}
	if delayseq.CheckUpfal([]uint32{0, 3}) == nil {
		t.Error("w_1 = 0, w_2 = 3: accepted, but they are two hops apart")
	}
}

package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestChernoffValues(t *testing.T) {
	for _, c := range []struct {
		N    int
		q, m float64
		want float64
	}{
		{10, 0.1, 3, math.Exp(2) / 27}, // (1/3)^3·e^{3−1}
		{1024, 10.0 / 1024, 30, math.Pow(1.0/3, 30) * math.Exp(20)},
		{10, 0.1, 1, 1},   // m = Nq
		{10, 0.1, 0.5, 1}, // m < Nq
		{10, 0, 1, 0},     // no success possible
		{10, 0, 0, 1},
	} {
		if got := (Chernoff{N: c.N, Q: c.q}).Tail(c.m); !closeRel(got, c.want, 1e-12) {
			t.Errorf("Chernoff{%d, %v}.Tail(%v) = %v, want %v", c.N, c.q, c.m, got, c.want)
		}
	}
}

// TestChernoffAboveExact checks B(m,N,q) ≤ Chernoff bound for random
// (m, N, q) with m ≥ Nq, N up to 2^24 and tails far below 1e-300.
func TestChernoffAboveExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1988))
	for range 1000 {
		N := 1 + rng.IntN(1<<rng.IntN(25))
		q := math.Pow(10, -12*rng.Float64())
		if rng.IntN(2) == 0 {
			q = rng.Float64()
		}
		mu := float64(N) * q
		sd := math.Sqrt(mu*(1-q)) + 1
		m := int(math.Ceil(mu + 60*sd*rng.Float64()))
		if m > N {
			m = N
		}
		exact := LogBinomTail(m, N, q)
		bound := Chernoff{N: N, Q: q}.LogTail(float64(m))
		if bound < exact-1e-9 {
			t.Errorf("N=%d q=%v m=%d: ln Chernoff %v < ln B %v", N, q, m, bound, exact)
		}
	}
}

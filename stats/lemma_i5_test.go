package stats

import (
	"math"
	"testing"
)

// TestLemmaI5Chain checks the proof's chain on a grid:
// B(⌈cn⌉, 2^n, n/2^n) (binomial form) ≤ Chernoff at cn = e^{−(c ln c − c + 1)n}
// (exponential form), and that the exponential form is Chernoff's bound.
func TestLemmaI5Chain(t *testing.T) {
	for n := 1; n <= 40; n++ {
		N := 1 << n
		ch := Chernoff{N: N, Q: float64(n) / float64(N)}
		for c := 0.5; c <= 12; c += 0.05 {
			bin, exp := LemmaI5LogBinomial(n, c), LemmaI5LogExp(n, c)
			if bin > exp+1e-9 {
				t.Errorf("n=%d c=%.2f: ln binomial form %v > ln exponential form %v", n, c, bin, exp)
			}
			if want := ch.LogTail(c * float64(n)); !closeAbs(exp, want, 1e-9*math.Max(1, -want)) {
				t.Errorf("n=%d c=%.2f: ln exponential form %v ≠ ln Chernoff %v", n, c, exp, want)
			}
		}
	}
}

func TestLemmaI5Values(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		// c = e: c ln c − c + 1 = 1.
		{"Exp(10, e)", LemmaI5Exp(10, math.E), math.Exp(-10)},
		{"Exp(10, 3)", LemmaI5Exp(10, 3), math.Exp(-(3*math.Log(3) - 2) * 10)},
		{"Exp(10, 0.9)", LemmaI5Exp(10, 0.9), 1},
		// Hoeffding needs ⌈cn⌉ ≥ n+1.
		{"Binomial(10, 1)", LemmaI5Binomial(10, 1), 1},
		{"Binomial(10, 1.05)", LemmaI5Binomial(10, 1.05), BinomTail(11, 1024, 10.0/1024)},
		{"Binomial(10, 3)", LemmaI5Binomial(10, 3), BinomTail(30, 1024, 10.0/1024)},
		{"Binomial(20, 2.5)", LemmaI5Binomial(20, 2.5), BinomTail(50, 1<<20, 20.0/(1<<20))},
	} {
		if !closeRel(c.got, c.want, 1e-12) {
			t.Errorf("LemmaI5%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

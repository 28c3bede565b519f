package stats

import "testing"

// TestKS2 checks D against hand computation and the p-value against
// scipy.special.kolmogorov((√n_e + 0.12 + 0.11/√n_e)·D) (SciPy 1.17); D also
// equals scipy.stats.ks_2samp(x, y).statistic. (SciPy's own "asymp" p-values,
// from kstwo with n = round(n_e), differ: 0.3333, 0.32, 0.5319, 0.7778.)
func TestKS2(t *testing.T) {
	x := []float64{0.61, 0.29, 0.06, 0.59, -1.73, -0.74, 0.51, -0.56, 0.39, 1.64, 0.05, -0.06, 0.64,
		-0.82, 0.37, 1.77, 1.09, -1.28, 2.36, 1.31, 1.05, -0.32, -0.4, 1.06, -2.47}
	y := []float64{2.2, 1.66, 1.38, 0.2, 0.36, 0.0, 0.96, 1.56, 0.44, 1.5, -0.3, 0.66, 2.31, 3.29,
		-0.27, -0.37, 0.38, 0.7, 0.52, -0.72}
	for _, c := range []struct {
		x, y []float64
		d, p float64
	}{
		// F_x − F_y at 5: 1 − 3/6.
		{[]float64{1, 2, 3, 4, 5}, []float64{3, 4, 5, 6, 7, 8}, 0.5, 0.3670013850902251},
		// At 1.0: 1 − 2/5.
		{[]float64{0.1, 0.4, 0.7, 1.0}, []float64{0.5, 0.8, 1.2, 1.5, 2.0}, 0.6, 0.2587046967126684},
		// Ties: at 3, 5/5 − 4/6 (after 2, 4/5 − 4/6 only).
		{[]float64{1, 1, 2, 2, 3}, []float64{1, 2, 2, 2, 4, 4}, 1.0 / 3, 0.8470543419978267},
		{x, y, 0.23, 0.5411245537216745},
	} {
		d, p := KS2(c.x, c.y)
		if !closeAbs(d, c.d, 1e-12) || !closeAbs(p, c.p, 1e-9) {
			t.Errorf("KS2(%v, %v) = %v, %v; want %v, %v", c.x, c.y, d, p, c.d, c.p)
		}
		if d2, p2 := KS2(c.y, c.x); d2 != d || p2 != p {
			t.Errorf("KS2 not symmetric: %v, %v vs %v, %v", d2, p2, d, p)
		}
	}
}

// TestKolmogorovQ compares with scipy.special.kolmogorov (SciPy 1.17) on both
// sides of the switch between the two series at λ = 1.
func TestKolmogorovQ(t *testing.T) {
	for _, c := range []struct{ lambda, want float64 }{
		{0, 1},
		{0.3, 0.9999906941986655},
		{0.5, 0.9639452436648751},
		{0.8, 0.5441424115741981},
		{0.99, 0.2808738392255489},
		{1.0, 0.26999967167735456},
		{1.2, 0.11224966667072497},
		{1.5, 0.022217962616525127},
		{2.0, 0.0006709252557796953},
		{3.0, 3.045995948942526e-08},
	} {
		if got := KolmogorovQ(c.lambda); !closeRel(got, c.want, 1e-12) {
			t.Errorf("KolmogorovQ(%v) = %v, want %v", c.lambda, got, c.want)
		}
	}
}

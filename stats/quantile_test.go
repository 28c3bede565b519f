package stats

import (
	"slices"
	"testing"
)

// TestQuantiles checks type-7 quantiles against values worked by hand, e.g.
// for (1,2,3,4) at p = 0.9: h = 2.7, 3 + 0.7·(4−3) = 3.7; all agree with
// numpy.quantile (NumPy 2.4, default method "linear").
func TestQuantiles(t *testing.T) {
	for _, c := range []struct {
		sample, ps, want []float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{0, 0.25, 0.5, 0.9, 1}, []float64{1, 1.75, 2.5, 3.7, 4}},
		{[]float64{7, 1, 3, 10, 2}, []float64{0.1, 0.75, 0.8, 0.33}, []float64{1.4, 7, 7.6, 2.32}},
		{[]float64{5}, []float64{0, 0.5, 1}, []float64{5, 5, 5}},
		{[]float64{2.5, -1, 2.5, 8, 0, 3.25}, []float64{0.05, 0.5, 0.95}, []float64{-0.75, 2.5, 6.8125}},
	} {
		in := slices.Clone(c.sample)
		got := Quantiles(c.sample, c.ps...)
		for i := range got {
			if !closeAbs(got[i], c.want[i], 1e-12) {
				t.Errorf("Quantiles(%v, %v) = %v, want %v", c.sample, c.ps, got, c.want)
				break
			}
		}
		if !slices.Equal(in, c.sample) {
			t.Errorf("Quantiles modified its input")
		}
	}
}

func TestQuantilesPanics(t *testing.T) {
	for _, c := range []struct {
		sample []float64
		p      float64
	}{{nil, 0.5}, {[]float64{1}, 1.5}, {[]float64{1}, -0.1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Quantiles(%v, %v) did not panic", c.sample, c.p)
				}
			}()
			Quantiles(c.sample, c.p)
		}()
	}
}

package stats

import (
	"math"
	"testing"
)

// TestMeanCI compares with scipy.stats.t.interval(level, n−1, loc=mean,
// scale=s/√n) and numpy.std(ddof=1) (SciPy 1.17, NumPy 2.4).
func TestMeanCI(t *testing.T) {
	for _, c := range []struct {
		sample   []float64
		level    float64
		mean, sd float64
		lo, hi   float64
	}{
		{[]float64{1, 2, 3, 4, 5}, 0.95, 3, 1.5811388300841898, 1.0367568385224428, 4.963243161477557},
		{[]float64{1, 2, 3, 4, 5}, 0.99, 3, 1.5811388300841898, -0.25558670475778467, 6.255586704757785},
		{[]float64{2.1, 3.7, 1.4, 5.9, 4.4, 3.3, 2.8}, 0.95, 3.3714285714285714, 1.4941154414505438, 1.9896022579066979, 4.7532548849504455},
		{[]float64{2.1, 3.7, 1.4, 5.9, 4.4, 3.3, 2.8}, 0.99, 3.3714285714285714, 1.4941154414505438, 1.2777603451057695, 5.465096797751373},
	} {
		mean, ci := MeanCI(c.sample, c.level)
		if !closeRel(mean, c.mean, 1e-14) || !closeAbs(ci.Lo, c.lo, 1e-9) || !closeAbs(ci.Hi, c.hi, 1e-9) {
			t.Errorf("MeanCI(%v, %v) = %v, %v; want %v, [%v, %v]", c.sample, c.level, mean, ci, c.mean, c.lo, c.hi)
		}
		if sd := StdDev(c.sample); !closeRel(sd, c.sd, 1e-14) {
			t.Errorf("StdDev(%v) = %v, want %v", c.sample, sd, c.sd)
		}
	}
	mean, ci := MeanCI([]float64{4}, 0.95)
	if mean != 4 || !math.IsNaN(ci.Lo) || !math.IsNaN(ci.Hi) {
		t.Errorf("MeanCI of one value = %v, %v; want 4, [NaN, NaN]", mean, ci)
	}
}

func TestIntervalContains(t *testing.T) {
	iv := Interval{Lo: 1, Hi: 2}
	for x, want := range map[float64]bool{0.5: false, 1: true, 1.5: true, 2: true, 2.5: false} {
		if got := iv.Contains(x); got != want {
			t.Errorf("%v.Contains(%v) = %v", iv, x, got)
		}
	}
}

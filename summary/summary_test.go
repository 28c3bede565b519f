package summary

import (
	"math"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/stats"
)

func TestGroupBy(t *testing.T) {
	ports := []any{"single", "all", "single", "all", "single", nil}
	ns := []any{int32(8), int32(10), int32(8), int32(4), int32(10), int32(4)}
	var got [][]int
	var keys [][]any
	for _, g := range GroupBy(ports, ns) {
		got, keys = append(got, g.Rows), append(keys, g.Key)
	}
	// null first, then all before single; n numerically (4 < 8 < 10).
	want := [][]int{{5}, {3}, {1}, {0, 2}, {4}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("groups %v (keys %v), want %v", got, keys, want)
	}
	if keys[2][0] != "all" || keys[2][1] != int32(10) {
		t.Errorf("key of the third group %v, want [all 10]", keys[2])
	}
}

func TestOf(t *testing.T) {
	s := Of([]float64{7, 9, 8})
	if s.N != 3 || s.Mean != 8 || s.SD != 1 || s.Min != 7 || s.Median != 8 || math.Abs(s.P90-8.8) > 1e-12 || math.Abs(s.P99-8.98) > 1e-12 || s.Max != 9 {
		t.Errorf("Of(7, 9, 8) = %+v", s)
	}
	if s := Of([]float64{3}); s.SD != 0 || s.P99 != 3 {
		t.Errorf("Of(3) = %+v", s)
	}
}

// TestEstimate checks the statistics and their intervals: for the median
// of 1 … 100 the order statistics 40 and 61 (Pr(40 ≤ Bin(100, ½) ≤ 60) =
// 0.965, the textbook interval), for p90 those of ranks 84 and 96
// (Pr(84 ≤ Bin(100, 0.9) ≤ 95) = 0.956).
func TestEstimate(t *testing.T) {
	xs := make([]float64, 100)
	for i := range xs {
		xs[len(xs)-1-i] = float64(i + 1) // unsorted
	}
	for _, c := range []struct {
		stat   string
		v      float64
		lo, hi float64
	}{
		{"median", 50.5, 40, 61},
		{"p90", 90.1, 84, 96},
		{"max", 100, math.NaN(), math.NaN()},
	} {
		v, iv, err := Estimate(c.stat, xs, 0.95)
		if err != nil || math.Abs(v-c.v) > 1e-9 || !same(iv.Lo, c.lo) || !same(iv.Hi, c.hi) {
			t.Errorf("%s: %v [%v, %v], %v; want %v [%v, %v]", c.stat, v, iv.Lo, iv.Hi, err, c.v, c.lo, c.hi)
		}
	}
	mean, ci := stats.MeanCI(xs, 0.95)
	if v, iv, _ := Estimate("mean", xs, 0.95); v != mean || iv != ci {
		t.Errorf("mean %v %v, want %v %v", v, iv, mean, ci)
	}
	bits := []float64{0, 1, 0, 0, 2}
	if v, iv, _ := Estimate("share", bits, 0.95); v != 0.4 || iv != stats.Wilson(2, 5, 0.95) {
		t.Errorf("share %v %v", v, iv)
	}
	if _, _, err := Estimate("p95", xs, 0.95); err == nil {
		t.Error("p95: no error")
	}
	if v, iv, _ := Estimate("p99", xs[:10], 0.95); v != slices.Max(xs[:10])-0.09 || iv.Hi != 100 {
		t.Errorf("p99 of 10: %v %v", v, iv)
	}
}

func same(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }

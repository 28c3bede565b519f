package plots

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
)

func TestCCDFSteps(t *testing.T) {
	// Pr(X ≥ 1) = 1, Pr(X ≥ 2) = 3/4, Pr(X ≥ 3) = 1/4, and the level on
	// (v_{k−1}, v_k] is Pr(X ≥ v_k).
	got := ccdfSteps([]float64{2, 1, 3, 2})
	want := plotter.XYs{{X: 1, Y: 1}, {X: 1, Y: 0.75}, {X: 2, Y: 0.75}, {X: 2, Y: 0.25}, {X: 3, Y: 0.25}}
	if !slices.Equal(got, want) {
		t.Errorf("ccdfSteps = %v, want %v", got, want)
	}
	if got := ccdfSteps([]float64{5, 5}); !slices.Equal(got, plotter.XYs{{X: 5, Y: 1}}) {
		t.Errorf("ccdfSteps of a constant = %v", got)
	}
}

func TestIntSteps(t *testing.T) {
	// f(m) = 2^−m drops below 0.1 at m = 4.
	got := intSteps(func(m int) float64 { return math.Ldexp(1, -m) }, 1, 10, 0.1)
	want := plotter.XYs{{X: 0, Y: 0.5}, {X: 1, Y: 0.5}, {X: 1, Y: 0.25}, {X: 2, Y: 0.25}, {X: 2, Y: 0.125}, {X: 3, Y: 0.125}}
	if !slices.Equal(got, want) {
		t.Errorf("intSteps = %v, want %v", got, want)
	}
}

func TestOnLog(t *testing.T) {
	xys := plotter.XYs{{X: 0, Y: 1}, {X: 1, Y: 0}, {X: -1, Y: 2}, {X: 2, Y: -3}, {X: 3, Y: 4}}
	cases := []struct {
		logX, logY bool
		want       plotter.XYs
	}{
		{false, false, xys},
		{true, false, plotter.XYs{{X: 1, Y: 0}, {X: 2, Y: -3}, {X: 3, Y: 4}}},
		{false, true, plotter.XYs{{X: 0, Y: 1}, {X: -1, Y: 2}, {X: 3, Y: 4}}},
		{true, true, plotter.XYs{{X: 3, Y: 4}}},
	}
	for _, c := range cases {
		if got := onLog(xys, c.logX, c.logY); !slices.Equal(got, c.want) {
			t.Errorf("onLog(logX=%v, logY=%v) = %v, want %v", c.logX, c.logY, got, c.want)
		}
	}
}

func TestCurve(t *testing.T) {
	// Geometric sampling of 1/x over [1, 100] at 3 points: 1, 10, 100;
	// 1/100 is below the cut 0.05 and is left out.
	got := curve(func(x float64) float64 { return 1 / x }, 1, 100, 3, true, 0.05)
	if len(got) != 2 || math.Abs(got[1].X-10) > 1e-12 || math.Abs(got[1].Y-0.1) > 1e-12 || got[0] != (plotter.XY{X: 1, Y: 1}) {
		t.Errorf("geometric curve = %v", got)
	}
	got = curve(func(x float64) float64 { return x }, 0, 1, 5, false, 0)
	if want := (plotter.XYs{{X: 0, Y: 0}, {X: 0.25, Y: 0.25}, {X: 0.5, Y: 0.5}, {X: 0.75, Y: 0.75}, {X: 1, Y: 1}}); !slices.Equal(got, want) {
		t.Errorf("even curve = %v, want %v", got, want)
	}
}

func TestDecade(t *testing.T) {
	for _, c := range []struct{ x, want float64 }{{1, 1}, {0.005, 0.001}, {0.001, 0.001}, {35, 10}, {2.5e-4, 1e-4}} {
		if got := decade(c.x); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("decade(%g) = %g, want %g", c.x, got, c.want)
		}
	}
}

func TestSummarizeBy(t *testing.T) {
	ss := summarizeBy([]float64{2, 1, 2, 2}, []float64{4, 7, 6, 8})
	if len(ss) != 2 || ss[0] != (summary{X: 1, Mean: 7, Lo: 7, Hi: 7, Min: 7, Max: 7}) {
		t.Fatalf("summaries = %+v", ss)
	}
	// Mean 6, s = 2, t_{0.975,2} = 4.302653: half-width 4.302653·2/√3.
	s := ss[1]
	half := 4.302652729911275 * 2 / math.Sqrt(3)
	if s.X != 2 || s.Mean != 6 || s.Min != 4 || s.Max != 8 || math.Abs(s.Hi-6-half) > 1e-9 || math.Abs(6-s.Lo-half) > 1e-9 {
		t.Errorf("summary = %+v, want mean 6 ± %.6f, range [4, 8]", s, half)
	}
}

func TestLinearTicks(t *testing.T) {
	var labels []string
	for _, tk := range linearTicks.Ticks(0, 2.6) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if want := []string{"0", "0.5", "1", "1.5", "2", "2.5"}; !slices.Equal(labels, want) {
		t.Errorf("labels on [0, 2.6] = %v, want %v", labels, want)
	}
}

func TestLegendNs(t *testing.T) {
	ns := []int{4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	shown := legendNs(ns)
	if len(shown) != maxLegendN || !shown[4] || !shown[16] {
		t.Errorf("legendNs(4…16) = %v", shown)
	}
	if shown := legendNs([]int{4, 5}); len(shown) != 2 {
		t.Errorf("legendNs(4, 5) = %v", shown)
	}
}

func TestRestrict(t *testing.T) {
	rows := []trial{
		{grid{Port: "single", N: 4}, 1}, {grid{Port: "all", N: 4}, 2},
		{grid{Port: "single", N: 6}, 3}, {grid{Port: "all", N: 6}, 4},
	}
	kept, note := restrict(rows, "port", "single")
	if len(kept) != 2 || kept[0].T != 1 || kept[1].T != 3 || note != "kept port=single, left out [port=all (2 rows)]" {
		t.Errorf("restrict port=single: %v, %q", kept, note)
	}
	// Without the wanted value the smallest is kept, numerically for n.
	kept, note = restrict(rows, "n", "8")
	if len(kept) != 2 || kept[0].N != 4 || !strings.HasPrefix(note, "kept n=4") {
		t.Errorf("restrict n=8: %v, %q", kept, note)
	}
	// One value: nothing to restrict, no note.
	if kept, note := restrict(rows[:1], "port", "all"); len(kept) != 1 || note != "" {
		t.Errorf("restrict of one value: %v, %q", kept, note)
	}
	if got := ordered([]string{"all", "fifo", "single"}, "single", "none", "all"); !slices.Equal(got, []string{"single", "all", "fifo"}) {
		t.Errorf("ordered = %v", got)
	}
}

package summary

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/stats"
)

// TestMean: the mean with its interval to the interval's precision, and
// no interval of one point: "exact" where every value agrees, one trial
// named.
func TestMean(t *testing.T) {
	xs := []float64{10, 12, 11, 13}
	m, ci := stats.MeanCI(xs, 0.95)
	if got := Mean(xs, "steps"); !strings.HasPrefix(got, "11.5 ± 2.1 steps (95% CI [9.4, 13.6])") || m != 11.5 || math.Abs(ci.Hi-13.554) > 1e-3 {
		t.Errorf("Mean = %q", got)
	}
	for _, c := range []struct {
		xs   []float64
		want string
	}{
		{[]float64{165, 165, 165}, "165 steps, exact: the same in all 3 trials"},
		{[]float64{36}, "36 steps (one trial)"},
		{nil, "–"},
	} {
		if got := Mean(c.xs, "steps"); got != c.want {
			t.Errorf("Mean(%v) = %q, want %q", c.xs, got, c.want)
		}
	}
	if Decimals(0.41) != 2 || Decimals(3.2) != 1 || Decimals(12) != 0 || Decimals(0) != 0 {
		t.Errorf("Decimals: %d %d %d %d", Decimals(0.41), Decimals(3.2), Decimals(12), Decimals(0))
	}
}

// TestLoss: the loss over trials is the mean of each trial's share, its
// interval Student's t over the trials; no loss at all is not exact but
// bounded by the chance that a trial loses anything, 1 − 0.05^(1/trials);
// a deterministic loss is exact.
func TestLoss(t *testing.T) {
	l := Loss([]float64{1, 3, 0, 2}, []float64{10, 10, 10, 10})
	m, ci := stats.MeanCI([]float64{0.1, 0.3, 0, 0.2}, 0.95)
	if l.Lost != 6 || l.Sent != 40 || l.Trials != 4 || l.Loss != m || l.Lo != max(ci.Lo, 0) || l.Hi != ci.Hi || l.Exact {
		t.Errorf("Loss = %+v, want mean %v in %v", l, m, ci)
	}
	none := Loss(make([]float64, 20), []float64{5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5})
	if none.Loss != 0 || none.Lo != 0 || math.Abs(none.Hi-(1-math.Pow(0.05, 1.0/20))) > 1e-15 || none.Exact {
		t.Errorf("no loss in 20 trials: %+v", none)
	}
	all := Loss([]float64{5, 5}, []float64{5, 5})
	if all.Loss != 1 || all.Hi != 1 || !(all.Lo < 1) || all.Exact {
		t.Errorf("everything lost: %+v", all)
	}
	if same := Loss([]float64{2, 2}, []float64{8, 8}); !same.Exact || same.Lo != 0.25 || same.Hi != 0.25 {
		t.Errorf("the same loss in every trial: %+v", same)
	}
}

// TestSummarise: rows group by the plan's parameters; the measure's
// sample leaves out the rows not routed (ok false) and, on a faulty cube,
// those that lost everything; the loss and the failed edges only where
// edges fail; the slowdown against the intact time.
func TestSummarise(t *testing.T) {
	cols := map[string][]any{
		"router":       {"v", "v", "v", "v", "v", "v"},
		"q":            {0.0, 0.0, 0.1, 0.1, 0.1, 0.1},
		"T":            {int64(8), int64(10), int64(12), int64(0), int64(14), int64(3)},
		"ok":           {nil, nil, true, false, true, true},
		"T_intact":     {nil, nil, 4.0, nil, 5.0, 4.0},
		"lost":         {0.0, 0.0, 1.0, 0.0, 2.0, 4.0},
		"messages":     {4.0, 4.0, 4.0, 4.0, 4.0, 4.0},
		"failed_edges": {int64(0), int64(0), int64(3), int64(3), int64(2), int64(1)},
	}
	faulty := func(g map[string]any) bool { return g["q"].(float64) > 0 }
	plan := Plan{Params: []string{"router", "q"}, Measure: "T", Routed: "ok", Means: []string{"failed_edges"}, FaultyOnly: []string{"failed_edges"},
		Intact: "T_intact", Lost: "lost", Sent: "messages", Faulty: faulty}
	points, err := Summarise(func(name string) ([]any, bool) { v, ok := cols[name]; return v, ok }, plan)
	if err != nil || len(points) != 2 {
		t.Fatalf("%d points, %v", len(points), err)
	}
	intact, lossy := points[0], points[1]
	if intact.Trials != 2 || intact.Routed != 2 || intact.Sample.Mean != 9 || statValue(intact, "lost") != nil || statValue(intact, "mean_failed_edges") != nil {
		t.Errorf("intact point: %+v", intact)
	}
	// Trials 2 (ok false) and 4 (lost all 4) are not routed.
	if lossy.Trials != 4 || lossy.Routed != 2 || lossy.Sample.Mean != 13 || statValue(lossy, "slowdown") != 13/4.5 ||
		statValue(lossy, "lost") != int64(7) || statValue(lossy, "mean_failed_edges") != 2.25 {
		t.Errorf("faulty point: %+v", lossy)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, points, plan); err != nil || !strings.Contains(b.String(), "7  16 messages") || !strings.Contains(b.String(), "routed") {
		t.Errorf("table:\n%s", b.String())
	}
}

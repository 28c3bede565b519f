package plots

import (
	"context"
	"math"
	"testing"

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/stats"
)

// chapterIISpecs are small runs of the Chapter II experiments, under their
// names, for the figures' tests.
var chapterIISpecs = []string{`name: butterfly-tail
grid:
  n: [3, 4, 5]
  router: [disjoint, valiant]
  port: [single, all]
  pipelined: [false, true]
  trim: [false, true]
skip_invalid: true
trials: 30
seed: 7
`, `name: butterfly-loads
grid:
  n: [3, 5]
  router: disjoint
trials: 300
seed: 7
tables: [trials, loadcounts]
`, `name: replication-loss
grid:
  n: [4, 6]
  router: [disjoint, valiant]
  port: [single, all]
  pieces: [1, 2, 3]
  q: [0.02, 0.05, 0.1, 0.2, 0.3]
skip_invalid: true
trials: 60
seed: 7
`}

// runSpecs runs the specs, given as text, into dir with the experiments
// runner, in the layout the figures read.
func runSpecs(t *testing.T, dir string, specs ...string) {
	t.Helper()
	for _, text := range specs {
		s, err := experiments.Parse("test.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		r := &experiments.Runner{Spec: s, Dir: dir, Workers: 2, Shard: experiments.Unsharded}
		if _, err := r.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoadLawTests checks the per-node law test on measured loads: it
// passes on the loads of disjoint, and fails when the loads are moved
// away from the law (one node's load at one priority doubled in every
// trial that has one at 1, a shift of 1/(n·2^n) in the mean fraction).
func TestLoadLawTests(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, chapterIISpecs[1])
	rows, err := readLoadCounts(dir, "butterfly-loads")
	if err != nil {
		t.Fatal(err)
	}
	var at5 []loadCount
	for _, r := range rows {
		if r.N == 5 {
			at5 = append(at5, r)
		}
	}
	tests := loadLawTests(at5, 5)
	if len(tests) != 2*5+2-2 {
		t.Fatalf("%d priorities tested, want 10 (all but the first two)", len(tests))
	}
	for _, lt := range tests {
		if lt.PValue*float64(len(tests)) < 1e-3 {
			t.Errorf("p=%d: p-value %v on the loads of disjoint", lt.P, lt.PValue)
		}
	}
	// Move every node with load 1 at p = 3 to load 0: the mean fraction
	// of zeros rises by the fraction with load 1.
	for i, r := range at5 {
		if r.P == 3 && r.F == 1 {
			at5[i].F = 0
		}
	}
	for _, lt := range loadLawTests(at5, 5) {
		if lt.P == 3 && lt.PValue > 1e-6 {
			t.Errorf("p=3 moved off the law: p-value %v", lt.PValue)
		}
	}
}

// TestCrossing checks the log–log interpolation of ReplicationThreshold on
// a power law, and that a curve not crossing the level is reported.
func TestCrossing(t *testing.T) {
	xs := []float64{0.01, 0.1, 1}
	ys := []float64{1e-8, 1e-4, 1} // y = x^4
	if x, ok := crossing(xs, ys, 1e-6); !ok || math.Abs(x-math.Pow(1e-6, 0.25)) > 1e-12 {
		t.Errorf("crossing at %v, %v; want 10^(−1.5) (x^4 = 1e-6)", x, ok)
	}
	if x, ok := crossing([]float64{1, 2}, []float64{0, 1}, 0.25); !ok || x != math.Pow(2, 0.25) {
		t.Errorf("from 0: crossing at %v, %v", x, ok)
	}
	if _, ok := crossing(xs, ys, 1e3); ok {
		t.Error("a level above every point is crossed")
	}
}

// TestReplicationThresholdData checks the measured 1% crossings of the
// small replication-loss run against the exact bracket: the measured q
// lies within a factor 1.5 of the bracket's q (60 trials are few).
func TestReplicationThresholdData(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, chapterIISpecs...)
	var notes []string
	pts, err := readLosses(dir, &notes)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{4, 6} {
		var qs, rates []float64
		for _, l := range pts {
			if l.n == n && l.router == "disjoint" && l.pieces == 1 {
				qs, rates = append(qs, l.q), append(rates, l.rate())
			}
		}
		q, ok := crossing(qs, rates, lossLevel)
		lo := stats.InvertQ(func(q float64) float64 { _, h := stats.MeanMessageLoss(n, 1, q); return h }, lossLevel)
		hi := stats.InvertQ(func(q float64) float64 { l, _ := stats.MeanMessageLoss(n, 1, q); return l }, lossLevel)
		if !ok || q < lo/1.5 || q > hi*1.5 {
			t.Errorf("n=%d: 1%% lost at q=%v (%v), exact between %v and %v", n, q, ok, lo, hi)
		}
	}
}

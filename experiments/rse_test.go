package experiments

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/stats"
)

// rseSpec stops each point at a relative standard error of 3 % of T,
// deciding every 5 trials, at most 60.
const rseSpec = `name: rse
grid:
  n: [3, 4, 5]
  router: valiant
  port: [single, all]
trials: 60
seed: 7
tables: [trials, packets]
packet_trials: 7
rse: {measure: T, target: 0.03, batch: 5}
`

// TestRSERows checks that the rule gives the same rows for 1 and 3 workers
// and for shards 0/2 and 1/2 merged as unsharded, that the merged and the
// unsharded runs verify, that each point holds trials 0 … k−1 where k is
// where stats.Sequential, fed the point's T in trial order, stops, and
// that the rows are written round by round (every point's first batch
// before any point's second), not held until a unit's points all stop.
func TestRSERows(t *testing.T) {
	s := mustParse(t, rseSpec)
	one, three, sharded := t.TempDir(), t.TempDir(), t.TempDir()
	run(t, s, one, 1, Unsharded)
	run(t, s, three, 3, Unsharded)
	for i := range 2 {
		run(t, s, sharded, 2, Shard{i, 2})
	}
	if _, err := Merge(sharded, "rse"); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{one, sharded} {
		if rep, err := Verify(dir, "rse"); err != nil || len(rep.Problems) != 0 {
			t.Errorf("verify %s: %v %+v", dir, err, rep.Problems)
		}
	}
	for _, table := range s.Tables {
		a := lines(readRows(t, one, "rse", table))
		if b := lines(readRows(t, three, "rse", table)); !slices.Equal(a, b) {
			t.Errorf("%s: rows with 3 workers differ from 1 worker (%d vs %d rows)", table, len(b), len(a))
		}
		if c := sorted(lines(readRows(t, sharded, "rse", table))); !slices.Equal(sorted(a), c) {
			t.Errorf("%s: rows of shards 0/2 and 1/2 differ from the unsharded run (%d vs %d rows)", table, len(c), len(a))
		}
	}

	_, rows := readRows(t, one, "rse", TableTrials)
	type pt struct {
		n    int64
		port string
	}
	ts := make(map[pt][]float64)
	round := make(map[int64]int64) // by unit (n): the batch of its last row
	for i, r := range rows {
		n := r["n"].(int64)
		if b := r["trial"].(int64) / 5; b < round[n] {
			t.Fatalf("row %d: n=%d trial %d of batch %d after batch %d", i, n, r["trial"], b, round[n])
		} else {
			round[n] = b
		}
		p := pt{n, r["port"].(string)}
		if got := r["trial"].(int64); got != int64(len(ts[p])) {
			t.Fatalf("%v: trial %d after %d trials", p, got, len(ts[p]))
		}
		ts[p] = append(ts[p], float64(r["T"].(int64)))
	}
	if len(ts) != 6 {
		t.Fatalf("%d points in the trials table, want 6", len(ts))
	}
	counts := make(map[int]bool)
	for p, vals := range ts {
		if stop := ruleStops(t, vals, 0.03, 5, 60); stop != len(vals) {
			t.Errorf("%v: %d trials run, the rule stops after %d", p, len(vals), stop)
		}
		counts[len(vals)] = true
	}
	if len(counts) < 2 || counts[60] && len(counts) == 1 {
		t.Errorf("trials per point %v: want the rule to stop points at different counts", counts)
	}
}

// TestRSEOtherRun checks that a run with a rule and one without do not
// mix in one directory, and that the rule is refused with a first trial.
func TestRSEOtherRun(t *testing.T) {
	s := mustParse(t, rseSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	plain, err := s.WithRSE(RSE{})
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Spec: plain, Dir: dir, Workers: 1, Shard: Unsharded}
	if err := r.Prepare(); err == nil || !strings.Contains(err.Error(), `rse "T:0.03:5", want ""`) {
		t.Errorf("a run without rse into a run with it: %v", err)
	}
	if _, err := s.WithFirstTrial(5); err == nil {
		t.Error("rse with first trial 5 accepted")
	}
	if _, err := r.Run(context.Background()); err == nil {
		t.Error("Run after a failed Prepare succeeded")
	}
}

func TestRSEParse(t *testing.T) {
	base := strings.TrimSuffix(rseSpec, "rse: {measure: T, target: 0.03, batch: 5}\n")
	for _, tc := range []struct{ rse, want string }{
		{"rse: {measure: T, target: 0}", "test.yaml:10: rse: target 0: want a relative standard error in (0, 1)"},
		{"rse: {measure: T, target: 1}", "rse: target 1: want"},
		{"rse: {measure: T, target: 0.1, batch: 1}", "test.yaml:10: rse.batch: 1 out of range"},
		{"rse: {measure: route, target: 0.1}", `rse: measure "route": want a numeric or boolean column of the trials table (n, mu, q, k, pieces`},
		{"rse: {target: 0.1}", "rse.measure: missing"},
		{"rse: {measure: T, target: 0.1, stop: 3}", "rse.stop: unknown key"},
		{"profiles:\n  paper:\n    rse: {measure: X, target: 0.1}", `profiles.paper.rse: measure "X"`},
	} {
		_, err := Parse("test.yaml", []byte(base+tc.rse+"\n"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.rse, err, tc.want)
		}
	}
	s := mustParse(t, base+"rse: {measure: hops, target: 0.2}\nprofiles:\n  paper:\n    rse: {measure: T, target: 0.05, batch: 10}\n")
	if want := (RSE{"hops", 0.2, DefaultRSEBatch}); s.RSE != want {
		t.Errorf("rse %+v, want %+v", s.RSE, want)
	}
	p, err := s.WithProfile("paper")
	if err != nil || p.RSE != (RSE{"T", 0.05, 10}) {
		t.Errorf("paper profile rse %+v, %v", p.RSE, err)
	}
	if got, err := ParseRSE(p.RSE.String()); err != nil || got != p.RSE {
		t.Errorf("ParseRSE(%q) = %+v, %v", p.RSE.String(), got, err)
	}
}

// TestStopsAtZero checks that a mean of 0 never stops a point before its
// most trials, and that a constant nonzero measure stops at the first
// batch.
func TestStopsAtZero(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want int
	}{{0, 30}, {4, 5}} {
		seq, _ := stats.NewSequential(0.1, 5, 30)
		n := 0
		for !stops(seq, tc.x) {
			n++
		}
		if n+1 != tc.want {
			t.Errorf("values %v: stopped after %d, want %d", tc.x, n+1, tc.want)
		}
	}
}

// TestRSEBoolean checks that a boolean measure stops a point as its 0s and
// 1s fed to stats.Sequential do: the rate of no_detour in the detours model.
func TestRSEBoolean(t *testing.T) {
	s := mustParse(t, `name: rate
model: detours
grid:
  n: 4
  detours: optimal
  q: [0.1, 0.3]
trials: 400
seed: 3
rse: {measure: no_detour, target: 0.1, batch: 10}
`)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	_, rows := readRows(t, dir, "rate", TableTrials)
	vals := make(map[float64][]float64)
	for _, r := range rows {
		x := 0.0
		if r["no_detour"].(bool) {
			x = 1
		}
		vals[r["q"].(float64)] = append(vals[r["q"].(float64)], x)
	}
	early := false
	for q, xs := range vals {
		stop := ruleStops(t, xs, 0.1, 10, 400)
		if stop != len(xs) {
			t.Errorf("q=%v: %d trials run, the rule stops after %d", q, len(xs), stop)
		}
		early = early || stop < 400
	}
	if len(vals) != 2 || !early {
		t.Errorf("%d points, stopped early: %v; want 2 points, one stopped before 400 trials", len(vals), early)
	}
}

// ruleStops returns after how many of vals, fed in order, the rule of
// target, batch and most trials stops (0 if it does not).
func ruleStops(t *testing.T, vals []float64, target float64, batch, most int) int {
	t.Helper()
	seq, err := stats.NewSequential(target, batch, most)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range vals {
		if stops(seq, x) {
			return i + 1
		}
	}
	return 0
}

// TestRSEProgress checks that a run's progress ends at its totals when
// its rule stops points early: the trials a point does not run leave the
// totals, so that the share done and the time left follow the rule.
func TestRSEProgress(t *testing.T) {
	s := mustParse(t, rseSpec)
	r := &Runner{Spec: s, Dir: t.TempDir(), Workers: 2, Shard: Unsharded}
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	p := r.Progress()
	if p.Trials >= int64(6*s.Trials) {
		t.Fatalf("%d trials run: want the rule to stop a point early", p.Trials)
	}
	if p.Trials != p.TotalTrials || p.Work != p.TotalWork {
		t.Errorf("done %d of %d trials, work %d of %d: want all", p.Trials, p.TotalTrials, p.Work, p.TotalWork)
	}
}

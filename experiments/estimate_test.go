package experiments

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestCostAt checks the line through two calibrations and its fallback to
// a cost in proportion to work.
func TestCostAt(t *testing.T) {
	lo := &Calibration{Work: 10, PerTrial: 100}
	hi := &Calibration{Work: 110, PerTrial: 1100}
	for _, tc := range []struct {
		lo, hi *Calibration
		w      int64
		want   float64
	}{
		{lo, hi, 10, 100}, {lo, hi, 110, 1100}, {lo, hi, 60, 600}, {lo, hi, 210, 2100},
		{&Calibration{Work: 10, PerTrial: 1500}, hi, 55, 550}, // falling line: in proportion to hi
		{hi, hi, 220, 2200},
	} {
		if got := costAt(tc.lo, tc.hi, tc.w); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("costAt(%+v, %+v, %d) = %v, want %v", *tc.lo, *tc.hi, tc.w, got, tc.want)
		}
	}
	for n, want := range map[int64]int64{0: 0, 1: 4096, 4096: 4096, 4097: 8192} {
		if got := blocks(n); got != want {
			t.Errorf("blocks(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestEstimate checks an estimate against a run of the spec: the same
// points, trials and rows per table; a calibration of the least and most
// work point of each router and port (the axes along which the work does
// not change) and the most below the most; the disk between 0.7 and 2 times the files'
// blocks (it overstates: few calibration rows compress worse than a
// unit's, 1.8 times here); and that it writes nothing.
func TestEstimate(t *testing.T) {
	s := mustParse(t, `name: est
grid:
  n: [3, 5, 7]
  router: [ecube, valiant]
  port: [single, all]
trials: 400
seed: 5
tables: [trials, loads]
`)
	dir := t.TempDir()
	e, err := s.Estimate(2)
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Estimate wrote into %s", dir)
	}
	sum := run(t, s, dir, 2, Unsharded)
	if e.Points != 12 || e.Trials != sum.Trials {
		t.Errorf("estimate of %d points, %d trials; the run %d trials", e.Points, e.Trials, sum.Trials)
	}
	for _, table := range s.Tables {
		if e.Rows[table] != sum.Rows[table] {
			t.Errorf("%s: %d rows estimated, %d written", table, e.Rows[table], sum.Rows[table])
		}
	}
	var calibrated []string
	for _, c := range e.Calibrated {
		calibrated = append(calibrated, c.Point)
	}
	if len(calibrated) != 12 {
		t.Errorf("%d points calibrated, want 12 (n=3, 5 and 7 of each router and port): %v", len(calibrated), calibrated)
	}
	var disk int64
	err = filepath.Walk(filepath.Join(dir, "est"), func(path string, fi os.FileInfo, err error) error {
		if err == nil && filepath.Ext(path) == ".parquet" {
			disk += blocks(fi.Size())
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := float64(e.Disk) / float64(disk); r < 0.7 || r > 2 {
		t.Errorf("disk estimated %d bytes, written %d", e.Disk, disk)
	}
	if e.CPU <= 0 || e.Memory <= 0 {
		t.Errorf("CPU %v, memory %d: want both positive", e.CPU, e.Memory)
	}
}

// TestEstimateFamilies checks that the calibration tells apart the points
// that cost differently at the same work: Valiant's single-port routing
// with priority queues takes its fused step, with FIFO or farthest-first
// queues the general one, several times slower per packet-hop. Calibrated
// by router alone (the first point of most work is priority's), the
// estimate was 0.29 of a run's CPU in queue-disciplines, 0.6 to 0.7 of
// this spec's; calibrated per queue discipline it must lie within 0.6 and
// 1.6 times the run's, a ratio of two CPU times of this process, not a
// speed. More than calibFamilies families are each calibrated, in a
// shared budget.
func TestEstimateFamilies(t *testing.T) {
	s := mustParse(t, `name: fam
grid:
  n: [6, 10]
  router: valiant
  queue: [priority, fifo, farthest]
trials: 200
seed: 5
`)
	e, err := s.Estimate(1)
	if err != nil {
		t.Fatal(err)
	}
	// n=6 and n=10 of each queue discipline.
	seen := map[string]bool{}
	for _, c := range e.Calibrated {
		seen[c.Point] = true
	}
	if len(seen) != 6 || len(e.Calibrated) != 6 {
		t.Errorf("calibrated %d points, want 6 (n=6 and n=10 of each queue): %+v", len(seen), e.Calibrated)
	}
	start := cpuTime()
	run(t, s, t.TempDir(), 1, Unsharded)
	took := cpuTime() - start
	if r := float64(e.CPU) / float64(took); r < 0.6 || r > 1.6 {
		t.Errorf("CPU estimated %v, a run took %v: %.2f times", e.CPU, took, r)
	}
	t.Logf("CPU estimated %v, a run took %v", e.CPU, took)

	many := mustParse(t, `name: many
grid:
  n: [3, 4]
  router: [ecube, valiant]
  pattern: [random, transpose, bitrev]
  queue: [priority, fifo, random]
trials: 2
seed: 5
`)
	if e, err = many.Estimate(1); err != nil {
		t.Fatal(err)
	}
	if len(e.Calibrated) != 36 {
		t.Errorf("18 families: %d points calibrated, want 36 (n=3 and n=4 of each)", len(e.Calibrated))
	}
}

// TestRowCosts checks that the cost of a row and of a file are pooled
// over the samples, not clipped at zero one by one: two noisy samples
// whose differences are −2 and +6 µs over 5 rows each give
// 0.4 µs a row; and that building rows costs a row the difference between
// building all and half of them, not all of it.
func TestRowCosts(t *testing.T) {
	cal := func(n int64, took, half time.Duration) rowTiming {
		return rowTiming{encoded: map[string]int64{"trials": n},
			took: map[string]time.Duration{"trials": took}, tookHalf: map[string]time.Duration{"trials": half}}
	}
	row, file := rowCosts([]rowTiming{cal(10, 20*time.Microsecond, 22*time.Microsecond),
		cal(10, 30*time.Microsecond, 24*time.Microsecond), {}}, []string{"trials", "loads"})
	if math.Abs(row["trials"]-400) > 1e-9 || math.Abs(file["trials"]-(50000-400*20)/2) > 1e-9 {
		t.Errorf("trials: %v ns a row, %v ns a file; want 400 and 21000", row["trials"], file["trials"])
	}
	if row["loads"] != 0 || file["loads"] != 0 {
		t.Errorf("loads, not calibrated: %v and %v ns, want 0", row["loads"], file["loads"])
	}
	// Building 10 rows takes 30 µs and 4 of them 18 µs: 2 µs a row, 10 µs
	// a file beside its encoding (no more for the 6 rows' 6 µs of it).
	c := cal(10, 6*time.Microsecond, 6*time.Microsecond)
	c.built, c.builtHalf = map[string]time.Duration{"trials": 30 * time.Microsecond}, map[string]time.Duration{"trials": 18 * time.Microsecond}
	c.builtHalfRows = map[string]int64{"trials": 4}
	row, file = rowCosts([]rowTiming{c}, []string{"trials"})
	if math.Abs(row["trials"]-2000) > 1e-9 || math.Abs(file["trials"]-16000) > 1e-9 {
		t.Errorf("trials built: %v ns a row, %v ns a file; want 2000 and 16000", row["trials"], file["trials"])
	}
	// All 10 rows from trial 0 (node_trials): its building, 30 µs, is the
	// rows' own, 3 µs a row.
	c.builtHalfRows["trials"] = 10
	row, file = rowCosts([]rowTiming{c}, []string{"trials"})
	if math.Abs(row["trials"]-3000) > 1e-9 || math.Abs(file["trials"]-6000) > 1e-9 {
		t.Errorf("trials built in trial 0: %v ns a row, %v ns a file; want 3000 and 6000", row["trials"], file["trials"])
	}
}

// TestRowSample checks the trials whose rows the dry run times: each
// calibration's in turn, again from the first, until minSampleRows rows,
// a trial past node_trials counting none in the nodeloads table.
func TestRowSample(t *testing.T) {
	s := &Spec{Trials: 100, NodeTrials: 1}
	p := &Point{}
	cals := []Calibration{
		{jobs: []job{{p, 0}, {p, 1}, {p, 2}}, outs: []any{"a0", "a1", "a2"}, rows: map[string]float64{"trials": 1, TableNodeLoads: 1000}},
		{jobs: []job{{p, 0}}, outs: []any{"b0"}, rows: map[string]float64{"trials": 1, TableNodeLoads: 3000}},
		{},
	}
	jobs, outs := s.rowSample(cals, TableNodeLoads)
	// Rounds of a0 b0 (4000 rows), a1 b0 (3000), a2 b0 (3000), a0 b0, …:
	// r rounds hold 3000·r + 1000·⌈r/3⌉ rows.
	if len(jobs) != len(outs) || len(jobs) < 4 || outs[0] != "a0" || outs[1] != "b0" || outs[2] != "a1" || outs[3] != "b0" {
		t.Fatalf("nodeloads sample %v: want a0 b0 a1 b0 …", outs)
	}
	rounds := 1
	for 3000*rounds+1000*((rounds+2)/3) < minSampleRows {
		rounds++
	}
	if len(jobs) != 2*rounds {
		t.Errorf("nodeloads sample of %d trials, want %d (%d rows at least)", len(jobs), 2*rounds, minSampleRows)
	}
	// A row a trial: as many trials as a sample takes.
	if jobs, _ := s.rowSample(cals, "trials"); len(jobs) != min(minSampleRows, maxSampleTrials) {
		t.Errorf("trials sample of %d trials, want %d", len(jobs), min(minSampleRows, maxSampleTrials))
	}
	if jobs, _ := s.rowSample(cals[2:], "trials"); len(jobs) != 0 {
		t.Errorf("sample of %d trials from no calibrated trial", len(jobs))
	}
}

// TestBuilderBytes checks the rows a table's builder is taken to hold: a
// row group and a trial's rows, at most the unit's, twice over.
func TestBuilderBytes(t *testing.T) {
	defer func(n int) { maxBatchRows = n }(maxBatchRows)
	maxBatchRows = 100
	schema := arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.PrimitiveTypes.Int64}, {Name: "b", Type: arrow.BinaryTypes.String}}, nil)
	for _, tc := range []struct{ unit, trial, want int64 }{
		{10, 3, 2 * 10 * 28}, {1000, 3, 2 * 103 * 28}, {math.MaxInt64, 7, 2 * 107 * 28},
	} {
		if got := builderBytes(schema, tc.unit, tc.trial); got != tc.want {
			t.Errorf("builderBytes(%d unit rows, %d a trial) = %d, want %d", tc.unit, tc.trial, got, tc.want)
		}
	}
}

// TestFamilyWithoutWork checks that a model without a work measure, where
// every axis leaves the work alone, is calibrated by router, and a model
// whose points run once point by point.
func TestFamilyWithoutWork(t *testing.T) {
	for _, name := range []string{"collectives-scale", "replication-rare"} {
		s, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		fam, keys := s.family(), map[string]bool{}
		for i := range s.points {
			keys[fam(&s.points[i])] = true
		}
		if len(keys) != len(s.points) {
			t.Errorf("%s: %d families of %d points, want one each", name, len(keys), len(s.points))
		}
	}
	s := mustParse(t, `name: nowork
grid:
  n: [4, 6]
  router: [ecube, valiant]
trials: 3
seed: 5
`)
	m := *s.Model
	m.Work = nil
	s.Model = &m
	fam, keys := s.family(), map[string]bool{}
	for i := range s.points {
		keys[fam(&s.points[i])] = true
	}
	if len(keys) != 2 {
		t.Errorf("routing without a work measure: %d families, want 2 (a router each)", len(keys))
	}
}

// TestEstimateOnce checks the estimate of a collectives spec, whose points
// run once and whose cost lies in a few of them (all-to-all by direct
// messages on the largest ring), against a run: the CPU within 0.6 and
// 1.6 times the run's, a ratio of two CPU times of this process. Priced
// at its first point's cost, as before, it was 0.01 of it.
func TestEstimateOnce(t *testing.T) {
	s := mustParse(t, `name: once
model: collectives
grid:
  op: [oab, aas]
  topology: [ring, cube]
  p: [4, 16, 64, 128]
  m: 4
seed: 5
`)
	e, err := s.Estimate(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Calibrated) != len(s.points) {
		t.Errorf("%d of %d points calibrated, want each", len(e.Calibrated), len(s.points))
	}
	start := cpuTime()
	run(t, s, t.TempDir(), 1, Unsharded)
	took := cpuTime() - start
	if r := float64(e.CPU) / float64(took); r < 0.6 || r > 1.6 {
		t.Errorf("CPU estimated %v, a run took %v: %.2f times", e.CPU, took, r)
	}
	t.Logf("CPU estimated %v, a run took %v", e.CPU, took)
}

// TestEstimateRSE checks the trials an rse rule is expected to run against
// a run's: within half and twice as many (1,250 and 960 here). Priced at
// the most trials, as before, the estimate was 12.5 times the run's. And
// rseTrials' arithmetic: the first multiple of the batch at which
// σ²/(R·μ)² trials are reached.
func TestEstimateRSE(t *testing.T) {
	s := mustParse(t, `name: rsest
grid:
  n: [6, 8, 10]
  router: valiant
  port: [single, all]
trials: 2000
seed: 5
rse: {measure: T, target: 0.005, batch: 10}
`)
	e, err := s.Estimate(1)
	if err != nil {
		t.Fatal(err)
	}
	start := cpuTime()
	sum := run(t, s, t.TempDir(), 1, Unsharded)
	took := cpuTime() - start
	if r := float64(e.Trials) / float64(sum.Trials); r < 0.5 || r > 2 {
		t.Errorf("%d trials estimated (at most %d), the run ran %d: %.2f times", e.Trials, e.MaxTrials, sum.Trials, r)
	}
	t.Logf("%d trials estimated (at most %d), %d run; CPU estimated %v, a run took %v", e.Trials, e.MaxTrials, sum.Trials, e.CPU, took)

	for _, c := range []struct {
		cal  Calibration
		want int64
	}{
		{Calibration{rseN: 5, rseMean: 10, rseVar: 0.0625}, 30}, // 25 → 30
		{Calibration{rseN: 5, rseMean: 10, rseVar: 0.0025}, 10}, // 1 → a batch
		{Calibration{rseN: 5, rseMean: 10, rseVar: 100}, 2000},  // 10^4 → the most
		{Calibration{rseN: 1, rseMean: 10}, 2000},
		{Calibration{rseN: 5, rseVar: 1}, 2000},
	} {
		if got := s.rseTrials(1, []*Calibration{&c.cal, &c.cal}); got != c.want {
			t.Errorf("rseTrials(%+v) = %d, want %d", c.cal, got, c.want)
		}
	}
	one, two := &Calibration{rseN: 1, rseMean: 10}, &Calibration{rseN: 5, rseMean: 10, rseVar: 0.0625}
	if got := s.rseTrials(1, []*Calibration{one, two}); got != 30 {
		t.Errorf("a calibration of one trial, its family's other of five: %d trials, want 30 from the other", got)
	}
	// σ²/μ² 0.25 at work 100, 0.0025 at work 10^4: 0.025 at 10^3, whose
	// 1000 trials the nearer calibration would price at the most.
	lo, hi := &Calibration{Work: 100, rseN: 5, rseMean: 10, rseVar: 25}, &Calibration{Work: 10000, rseN: 5, rseMean: 10, rseVar: 0.25}
	for _, c := range []struct {
		w, want int64
	}{{10, 2000}, {100, 2000}, {1000, 1000}, {10000, 100}, {1e6, 100}} {
		if got := s.rseTrials(c.w, []*Calibration{lo, hi}); got != c.want {
			t.Errorf("work %d between %+v and %+v: %d trials, want %d", c.w, lo, hi, got, c.want)
		}
	}
	// Three calibrations, the line weighted by their degrees of freedom:
	// σ²/μ² 25 of 2 values at work 100 (far off the line of the others),
	// 0.025 and 0.0025 of 101 values at 10^3 and 10^4. Weighted, 0.0273
	// at 10^3 and 0.00239 at 10^4 (1092 and 96 trials); unweighted, 0.116
	// and 0.00116 (the most and 46).
	few := &Calibration{Work: 100, rseN: 2, rseMean: 10, rseVar: 2500}
	mid, many := &Calibration{Work: 1000, rseN: 101, rseMean: 10, rseVar: 2.5}, &Calibration{Work: 10000, rseN: 101, rseMean: 10, rseVar: 0.25}
	for _, c := range []struct {
		w, want int64
	}{{1000, 1100}, {10000, 100}} {
		if got := s.rseTrials(c.w, []*Calibration{few, mid, many}); got != c.want {
			t.Errorf("work %d, calibrations of 2, 101 and 101 values: %d trials, want %d", c.w, got, c.want)
		}
	}
}

// TestFamilyApart checks that the routing model's μ sets points apart
// (Model.Apart) though the work changes along it, and n does not.
func TestFamilyApart(t *testing.T) {
	s := mustParse(t, `name: apart
grid:
  n: [4, 6]
  mu: [1, 2]
  router: valiant
trials: 3
seed: 1
`)
	fam, byFamily := s.family(), map[string][]string{}
	for i := range s.points {
		p := &s.points[i]
		byFamily[fam(p)] = append(byFamily[fam(p)], p.String())
	}
	if len(byFamily) != 2 {
		t.Fatalf("families %v, want one for each μ", byFamily)
	}
	for _, pts := range byFamily {
		if len(pts) != 2 {
			t.Errorf("family %v, want n = 4 and 6 of one μ", pts)
		}
	}
}

// wrappedSpec returns a spec of 40 trials of one point whose workers are
// wrap's of the model's.
func wrappedSpec(t *testing.T, wrap func(Worker) Worker) *Spec {
	s := mustParse(t, `name: wrapped
grid:
  n: 4
  router: ecube
trials: 40
seed: 5
`)
	m, newWorker := *s.Model, s.Model.NewWorker
	m.NewWorker = func() Worker { return wrap(newWorker()) }
	s.Model = &m
	return s
}

// TestCalibrationWorkers checks that a calibration runs its trials on as
// many workers at once as the run it prices, at most GOMAXPROCS, each
// warmed up by trial 0, and keeps trial 0 and the timed trials in order.
func TestCalibrationWorkers(t *testing.T) {
	var w busyWorkers
	s := wrappedSpec(t, func(inner Worker) Worker {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.made++
		return busyWorker{inner, &w}
	})
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	// No more workers than processors: 3 of the run's 8.
	c, err := s.calibrate(&s.points[0], time.Hour, 8)
	if err != nil {
		t.Fatal(err)
	}
	if w.made != 3 || w.most != 3 {
		t.Errorf("%d workers made, at most %d trials at once, want 3 and 3", w.made, w.most)
	}
	if c.Trials != 39 || w.trials != 3+39 {
		t.Errorf("%d trials timed, %d run, want 39 and 42 (trial 0 on each worker, then 1 … 39)", c.Trials, w.trials)
	}
	one := s.Model.NewWorker()
	for i, j := range c.jobs {
		if j.trial != i {
			t.Fatalf("trials kept %v, want 0, 1, …", c.jobs)
		}
		out, err := s.calibrationTrial(one, j.point, j.trial)
		if err != nil {
			t.Fatal(err)
		}
		kept, _ := build(s.Model.table(TableTrials), c.jobs[i:i+1], c.outs[i:i+1])
		alone, _ := build(s.Model.table(TableTrials), c.jobs[i:i+1], []any{out})
		if len(kept) != 1 || len(alone) != 1 || !array.RecordEqual(kept[0], alone[0]) {
			t.Fatalf("trial %d kept the row %v, run alone %v", j.trial, kept, alone)
		}
	}
}

// TestCalibrationError checks that a timed trial's error ends the
// calibration and names the trial.
func TestCalibrationError(t *testing.T) {
	s := wrappedSpec(t, func(w Worker) Worker { return failWorker{w} })
	_, err := s.calibrate(&s.points[0], time.Hour, 2)
	if err == nil || !strings.Contains(err.Error(), "trial 5: trial 5 fails") {
		t.Errorf("calibration error %v, want trial 5's", err)
	}
}

// failWorker fails trial 5.
type failWorker struct{ Worker }

func (w failWorker) Trial(s *Spec, p *Point, t Trial) (any, int64, error) {
	if t.Index == 5 {
		return nil, 0, errors.New("trial 5 fails")
	}
	return w.Worker.Trial(s, p, t)
}

// busyWorkers counts the workers made, the trials run and the most timed
// ones (not trial 0) run at once.
type busyWorkers struct {
	mu                      sync.Mutex
	made, trials, now, most int
}

// busyWorker runs each trial for at least a millisecond.
type busyWorker struct {
	Worker
	all *busyWorkers
}

func (w busyWorker) Trial(s *Spec, p *Point, t Trial) (any, int64, error) {
	a := w.all
	a.mu.Lock()
	a.trials, a.now = a.trials+1, a.now+1
	if t.Index != 0 {
		a.most = max(a.most, a.now) // timed trials at once
	}
	a.mu.Unlock()
	time.Sleep(time.Millisecond)
	defer func() {
		a.mu.Lock()
		a.now--
		a.mu.Unlock()
	}()
	return w.Worker.Trial(s, p, t)
}

// TestCalibrationKeeps checks that a calibration keeps for the rows'
// sample no more trials than minSampleRows rows of its largest table take.
func TestCalibrationKeeps(t *testing.T) {
	s := mustParse(t, `name: keeps
grid:
  n: 10
  router: valiant
trials: 200
seed: 1
tables: [trials, packets]
`)
	e, err := s.Estimate(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range e.Calibrated {
		// 1024 packets a trial: 64 trials of 65,536 rows.
		if want := min(c.Trials+1, int(math.Ceil(minSampleRows/c.rows[TablePackets]))); len(c.jobs) != want || len(c.outs) != want {
			t.Errorf("%s: %d trials and %d outputs kept of %d run (%v packets each), want %d", c.Point, len(c.jobs), len(c.outs), c.Trials+1, c.rows[TablePackets], want)
		}
	}
}

// TestRSEStart checks that under an rse rule a calibration times the
// points that share an instance key from trials of each one's own, within
// the spec's, the same each time, and takes the mean and variance of the
// measure in the trials it ran; and from trial 1 without a rule.
func TestRSEStart(t *testing.T) {
	s := mustParse(t, `name: start
grid:
  n: 4
  router: [valiant, ecube]
  port: [single, all]
trials: 1000
seed: 5
rse: {measure: T, target: 0.01, batch: 50}
`)
	calibrated := func(s *Spec, p *Point) *Calibration {
		c, err := s.calibrate(p, time.Millisecond, 1)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	starts := make(map[int]bool)
	for i := range s.points {
		p := &s.points[i]
		if p.Key != s.points[0].Key {
			t.Fatalf("%v and %v: keys %q and %q, want one (they route the same trials)", p, &s.points[0], p.Key, s.points[0].Key)
		}
		c := calibrated(s, p)
		first, last := c.jobs[1].trial, c.jobs[len(c.jobs)-1].trial
		if first < 1 || last >= s.Trials || last-first+1 != c.Trials {
			t.Errorf("%v: trials %d … %d timed (%d), want %d consecutive ones of 1 … %d", p, first, last, len(c.jobs)-1, c.Trials, s.Trials-1)
		}
		checkSpread(t, s, c)
		if again := calibrated(s, p).jobs[1].trial; again != first {
			t.Errorf("%v: timed from trial %d, then %d", p, first, again)
		}
		starts[first] = true
	}
	if len(starts) != len(s.points) {
		t.Errorf("%d points timed from trials %v, want one of each point's own", len(s.points), starts)
	}
	none, err := s.WithRSE(RSE{})
	if err != nil {
		t.Fatal(err)
	}
	if c := calibrated(none, &none.points[0]); c.jobs[1].trial != 1 {
		t.Errorf("without a rule timed from trial %d, want 1", c.jobs[1].trial)
	}
}

// checkSpread checks c's mean and sample variance of s's rse measure
// against those of its trials' rows, taken in two passes.
func checkSpread(t *testing.T, s *Spec, c *Calibration) {
	t.Helper()
	tb := s.Model.table(TableTrials)
	col, _ := measureColumn(tb.Schema, s.RSE.Measure)
	b := array.NewRecordBuilder(memory.DefaultAllocator, tb.Schema)
	defer b.Release()
	xs := make([]float64, len(c.jobs))
	for i, j := range c.jobs {
		x, err := measure(b, tb, col, j, c.outs[i])
		if err != nil {
			t.Fatal(err)
		}
		xs[i] = x
	}
	var mean, ss float64
	for _, x := range xs {
		mean += x / float64(len(xs))
	}
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	v := ss / float64(len(xs)-1)
	if c.rseN != len(xs) || math.Abs(c.rseMean-mean) > 1e-9*mean || math.Abs(c.rseVar-v) > 1e-9*max(v, 1) {
		t.Errorf("%s: measure of %d trials, mean %v, variance %v; its rows' %d, %v, %v", c.Point, c.rseN, c.rseMean, c.rseVar, len(xs), mean, v)
	}
}

package experiments

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"gonum.org/v1/gonum/stat"
)

// Calibration is a point Estimate measured.
type Calibration struct {
	Point    string
	Work     int64 // Model.Work of the point
	Trials   int
	PerTrial time.Duration // CPU per trial, its rows built and encoded
	// With an rse rule, the measure's values in the trials run: how many,
	// their mean and sample variance.
	rseN            int
	rseMean, rseVar float64
	rows            map[string]float64
	disk            map[string]float64 // encoded bytes per row
	empty           map[string]int64   // bytes of a file's fixed part
	// The trials run, for the rows' sample, and their workers' output.
	jobs []job
	outs []any
}

// Calibration budget: the trials run at a point stop at calibTime of CPU
// or calibTrials, whichever comes first; with more than calibFamilies
// families, they share calibFamilies' time, each its part of it.
const (
	calibTime     = 200 * time.Millisecond
	calibTrials   = 100
	calibFamilies = 16
)

// rseCalibTrials is how many trials a calibration times at least under an
// rse rule: with trial 0, nine values of the measure, whose variance is
// then known to about ±50 % (from four, butterfly-tail's points at n = 15
// asked for 33 to 787 trials where all their trials asked for 123 to 327).
const rseCalibTrials = 8

// calibrate measures p: the CPU time of its trials, timed from trial 1 or
// the first trial that records no limited table (packet_trials,
// node_trials), under an rse rule from a trial of p's own (rseStart),
// until budget of CPU or calibTrials, on workers workers at
// once, each after an untimed warm-up trial 0; and from trial 0, which
// records every table, the rows per recording trial; from the rows of
// trial 0 and the timed trials, the CPU time and bytes on disk per row of
// each table; from their values of an rse rule's measure its spread.
func (s *Spec) calibrate(p *Point, budget time.Duration, workers int) (*Calibration, error) {
	c := &Calibration{Point: p.String(), Work: s.Model.work(p.Config), rows: make(map[string]float64),
		disk: make(map[string]float64), empty: make(map[string]int64)}
	// The timed trials follow trial 0 (a second value of the rse measure
	// even where one trial is all the budget allows), or those that
	// record the limited tables.
	first := min(1, s.Trials-1)
	if lim := max(s.PacketTrials, s.NodeTrials); lim > 0 && lim+calibTrials <= s.Trials {
		first = lim
	}
	first = s.rseStart(p, first)
	// Workers beyond the processors take turns: they do not change the
	// CPU a trial takes, only the memory the calibration holds.
	workers = min(workers, runtime.GOMAXPROCS(0))
	if s.once() {
		workers = 1
	}
	ws := make([]Worker, max(1, min(workers, s.Trials-first)))
	for i := range ws {
		ws[i] = s.Model.NewWorker()
	}
	start := cpuTime()
	out0, err := s.warmUp(p, ws)
	if err != nil {
		return nil, err
	}
	// Trial 0's rows and the timed trials', for more rows to encode.
	jobs, outs := []job{{p, 0}}, []any{out0}
	if s.once() {
		// The point's one run, timed: no warm-up.
		c.Trials, c.PerTrial = 1, cpuTime()-start
	} else {
		// An rse rule's spread wants a few values even where a trial
		// takes longer than the budget.
		least := 1
		if s.RSE.On() {
			least = rseCalibTrials
		}
		start = cpuTime()
		timed, timedOuts, err := s.calibrationTrials(p, ws, first, min(s.Trials, first+calibTrials), least, budget)
		if err != nil {
			return nil, err
		}
		c.Trials, c.PerTrial = len(timed), (cpuTime()-start)/time.Duration(len(timed))
		if first == 0 { // trial 0 again (a spec of one trial): kept once
			timed, timedOuts = timed[1:], timedOuts[1:]
		}
		jobs, outs = append(jobs, timed...), append(outs, timedOuts...)
	}
	man := s.manifest()
	meta := func(n int64) map[string]string { return man.FileMeta(TableTrials, Unsharded.Name(), n) }
	if err := c.measureRSE(s, jobs, outs); err != nil {
		return nil, err
	}
	for _, name := range s.Tables {
		t := s.Model.table(name)
		rows0, n0 := build(t, jobs[:1], outs[:1]) // trial 0's rows
		for _, b := range rows0 {
			b.Release()
		}
		batches, n := build(t, jobs, outs)
		size, err := encodedSize(t.Schema, batches, meta(n))
		// Half the rows, for the bytes a row adds beyond a file's fixed
		// part (headers, metadata and each column chunk's own).
		half := firstRows(batches, n/2)
		halfSize, errH := encodedSize(t.Schema, half, meta(n/2))
		for _, b := range half {
			b.Release()
		}
		for _, b := range batches {
			b.Release()
		}
		if err = cmp.Or(err, errH); err != nil {
			return nil, err
		}
		c.rows[name] = float64(n0)
		if n >= 2 {
			c.disk[name] = max(float64(size-halfSize)/float64(n-n/2), 0)
		}
		c.empty[name] = size - int64(c.disk[name]*float64(n))
	}
	// The trials the rows' sample may take, no more than minSampleRows
	// rows of the largest table: the rest are garbage (valiant-tail's
	// n = 16 trials hold 65,536 packets each).
	most := 1.0
	for _, r := range c.rows {
		most = max(most, r)
	}
	keep := min(len(jobs), int(math.Ceil(minSampleRows/most)))
	c.jobs, c.outs = slices.Clone(jobs[:keep]), slices.Clone(outs[:keep])
	return c, nil
}

// rseStart returns the trial at which p's timed trials start under an rse
// rule: one of p's own in from … s.Trials−calibTrials, fixed by p, else
// from. Points that share an instance key (Point.Key) run the same trial
// i: timed from the same trials, they would all see a rare value of the
// measure or all miss it, and their calibrations' errors would add up
// over the grid instead of averaging out. (faulty-valiant's detour
// systems fail in 3.6 % of the trials at q = 0.1 and n = 12; its 16
// points of that q and strategy, calibrated from trials 0 … 8, where none
// failed, were priced at 50 to 100 trials and ran 450 to 500.)
func (s *Spec) rseStart(p *Point, from int) int {
	span := s.Trials - calibTrials - from
	if !s.RSE.On() || span <= 0 {
		return from
	}
	h := fnv.New64a()
	h.Write([]byte(p.String()))
	return from + int(h.Sum64()%uint64(span+1))
}

// warmUp runs trial 0 of p on each of the workers ws at once and returns
// the first's output.
func (s *Spec) warmUp(p *Point, ws []Worker) (any, error) {
	outs, errs := make([]any, len(ws)), make([]error, len(ws))
	var wg sync.WaitGroup
	for k, w := range ws {
		wg.Go(func() { outs[k], errs[k] = s.calibrationTrial(w, p, 0) })
	}
	wg.Wait()
	return outs[0], errors.Join(errs...)
}

// calibrationTrials runs trials from … end−1 of p on the workers ws at
// once, as a run does (parallel), and returns those run and their
// outputs, in trial order. It starts no more once least have ended and
// the process has spent budget of CPU time.
func (s *Spec) calibrationTrials(p *Point, ws []Worker, from, end, least int, budget time.Duration) ([]job, []any, error) {
	outs, ran := make([]any, end-from), make([]bool, end-from)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var made, ended atomic.Int64
	start := cpuTime()
	err := parallel(ctx, end-from, len(ws), func() Worker { return ws[made.Add(1)-1] }, func(w Worker, j int) error {
		out, err := s.calibrationTrial(w, p, from+j)
		outs[j], ran[j] = out, true
		if ended.Add(1) >= int64(least) && cpuTime()-start >= budget {
			stop()
		}
		return err
	})
	if err != nil && !errors.Is(err, context.Canceled) { // canceled: the budget spent
		return nil, nil, err
	}
	var jobs []job
	var kept []any
	for j, o := range outs {
		if ran[j] {
			jobs, kept = append(jobs, job{p, from + j}), append(kept, o)
		}
	}
	return jobs, kept, nil
}

// calibrationTrial runs trial i of p on w.
func (s *Spec) calibrationTrial(w Worker, p *Point, i int) (any, error) {
	rng, seed := TrialRand(s.Seed, s.Name, p.Key, i)
	out, _, err := w.Trial(s, p, Trial{Index: i, Seed: seed, Rand: rng})
	if err != nil {
		return nil, fmt.Errorf("%s: calibration at %v, trial %d: %w", s.Name, p, i, err)
	}
	return out, nil
}

// measureRSE takes the values of s's rse measure in the trials jobs, whose
// workers returned outs, into c.
func (c *Calibration) measureRSE(s *Spec, jobs []job, outs []any) error {
	if !s.RSE.On() {
		return nil
	}
	t := s.Model.table(TableTrials)
	col, _ := measureColumn(t.Schema, s.RSE.Measure)
	b := array.NewRecordBuilder(memory.DefaultAllocator, t.Schema)
	defer b.Release()
	xs := make([]float64, len(jobs))
	for i, j := range jobs {
		x, err := measure(b, t, col, j, outs[i])
		if err != nil {
			return fmt.Errorf("%s: calibration at %v, trial %d: rse measure %s: %w", s.Name, j.point, j.trial, s.RSE.Measure, err)
		}
		xs[i] = x
	}
	c.rseN = len(xs)
	if c.rseN > 1 {
		c.rseMean, c.rseVar = stat.MeanVariance(xs, nil)
	} else {
		c.rseMean = xs[0]
	}
	return nil
}

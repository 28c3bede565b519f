package experiments

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

// Runner runs one shard of an experiment into a results directory.
type Runner struct {
	Spec    *Spec
	Dir     string // results go to Dir/<spec name>/
	Workers int
	Shard   Shard
	Force   bool // redo units whose files are complete
	// Memory is the bytes the trials may use at once, 0 for what the
	// system has available (routers.AvailableMemory).
	Memory int64
	// RedoStale redoes the units written by another build of the harness
	// and skips the others that are complete; without it (or Force)
	// such files are an error.
	RedoStale bool
	// RedoChanged removes the files of another run of the experiment
	// without a profile (an older spec after a pull) and runs anew, if
	// this run has no profile either; Replaced then says how they differed.
	RedoChanged bool
	Replaced    error
	// OnUnit, if set, is called after each unit is written or skipped.
	OnUnit func(UnitDone)
	// Guard, if set, is called before each change to the results
	// directory (a file put in place, set aside or removed; the
	// manifest), which it stops by failing: the lock is no longer held.
	Guard func() error

	units      []Unit
	todo       []bool          // units to run, by index
	stale      map[string]bool // files of another harness build, relative to Dir/<name>
	staleUnits int
	files      []dataset.FileInfo // found by Prepare
	damaged    []Damaged

	mu                 sync.Mutex
	prog               Progress // units, totals and current unit, under mu
	trials, hops, work atomic.Int64
}

// UnitDone reports a unit that was written or skipped.
type UnitDone struct {
	Unit    Unit
	Skipped bool             // its files were complete
	Rows    map[string]int64 // rows written per table
}

// Progress is a snapshot of a run.
type Progress struct {
	Units, TotalUnits   int   // units done (written or skipped) and in all
	Trials, TotalTrials int64 // trials done and to run in this invocation
	// Work and TotalWork estimate the same in packets times dimensions,
	// the size of a trial, for progress bars.
	Work, TotalWork int64
	Unit            string // the unit running, as Unit.String
}

// work estimates the effort of one routing trial of c: packets times
// dimensions.
func work(c routers.Config) int64 { return (int64(c.Mu) << c.N) * int64(c.N) }

// Summary is the outcome of a run.
type Summary struct {
	Run, Skipped int              // units
	Stale        int              // units run because another harness build wrote them
	Rows         map[string]int64 // rows written per table
	Trials, Hops int64
	Elapsed      time.Duration
	// Manifest is the path of the manifest written, "" for a shard of a
	// sharded run (hyperroute merge writes it).
	Manifest string
}

// Prepare checks the runner's settings and its results directory: that it
// can be written and holds no files of another run (a different spec,
// seed, profile, trial count or shard count) nor, unless Force, of another
// build of the harness. It creates Dir/<name>, sets aside the damaged files
// of the shard's units (Damaged) and finds the units to run.
// Run calls it if it has not been called.
func (r *Runner) Prepare() error {
	if r.Workers < 1 {
		return fmt.Errorf("workers=%d: must be at least 1", r.Workers)
	}
	if _, err := NewShard(r.Shard.I, r.Shard.K); err != nil {
		return err
	}
	root := filepath.Join(r.Dir, r.Spec.Name)
	if err := checkWritable(root); err != nil {
		return err
	}
	if err := r.checkExisting(root); err != nil {
		return err
	}
	r.units = r.Spec.Units()
	if err := r.setAsideDamaged(); err != nil {
		return err
	}
	return r.plan()
}

// CheckFresh checks what Prepare checks of a run into a results
// directory that does not exist yet (its settings and the memory of its
// units), creating nothing, so that a run refused creates no directory.
func (r *Runner) CheckFresh() error {
	if r.Workers < 1 {
		return fmt.Errorf("workers=%d: must be at least 1", r.Workers)
	}
	if _, err := NewShard(r.Shard.I, r.Shard.K); err != nil {
		return err
	}
	r.units = r.Spec.Units()
	defer func() { r.units = nil }() // Run prepares anew
	return r.plan()
}

// plan finds the units to run, with their trials and work, and checks that
// each fits in the memory available.
func (r *Runner) plan() error {
	r.todo = make([]bool, len(r.units))
	r.prog = Progress{TotalUnits: len(r.units)}
	available := r.Memory
	if available == 0 {
		available = routers.AvailableMemory()
	}
	m := r.Spec.Model
	for i, u := range r.units {
		r.todo[i] = r.Force || !r.complete(u)
		if r.isStale(u) {
			r.staleUnits++
		}
		if !r.todo[i] {
			continue
		}
		jobs := r.Spec.jobs(u, r.Shard)
		// The workers run as many trials at once, of any point, or hold
		// their outcomes until they are written in trial order; the
		// builders hold up to a row group per table.
		atOnce := int64(min(window(r.Workers), jobs.Len()))
		buffers := r.Spec.bufferBytes(u, r.Shard)
		if err := routers.CheckRows(jobs.Len(), int64(unsafe.Sizeof(outcome{})), available); err != nil && r.Spec.RSE.On() {
			return fmt.Errorf("unit %s: %w", u, err) // a rule holds a unit's outcomes
		}
		for _, p := range jobs.points {
			var trial int64
			if m.Memory != nil {
				trial = m.Memory(p.Config)
			}
			if need := trial*atOnce + buffers; need > available {
				mib := func(b int64) float64 { return float64(b) / (1 << 20) }
				return fmt.Errorf("%v: %d trials at once, needs about %.1f MiB (%.1f MiB of it rows to write), more than the %.1f MiB available on %d workers (--workers)",
					p, atOnce, mib(need), mib(buffers), mib(available), r.Workers)
			}
			r.prog.TotalTrials += int64(jobs.per)
			r.prog.TotalWork += int64(jobs.per) * m.work(p.Config)
		}
	}
	return nil
}

// checkWritable creates dir and a file in it.
func checkWritable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("results directory: %w", err)
	}
	f, err := os.CreateTemp(dir, ".write-test-*")
	if err != nil {
		return fmt.Errorf("results directory: %w", err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// checkExisting fails if root holds part files of another run, and notes
// the files of another harness build. Damaged files are left to
// setAsideDamaged.
func (r *Runner) checkExisting(root string) error {
	files, err := dataset.Scan(r.Dir, r.Spec.Name)
	if err != nil {
		return err
	}
	r.files = files
	want := r.Spec.manifest()
	r.stale = make(map[string]bool)
	for _, f := range files {
		if f.Err != nil {
			continue
		}
		if err := sameRun(want, r.Shard.K, f); err != nil {
			if redone, rerr := r.redoChanged(root, f, err); redone || rerr != nil {
				return rerr
			}
			return fmt.Errorf("%s holds results of another run (%w); remove it or choose another results directory", root, err)
		}
		got, _ := dataset.ManifestFromMeta(f.Meta)
		if sameHarness(got.Harness, want.Harness) {
			continue
		}
		if !r.Force && !r.RedoStale {
			return fmt.Errorf("%s: %s was written by harness %s, this is %s; --redo-stale redoes the units of other builds, --force all units",
				root, f.Path, describeHarness(got.Harness), describeHarness(want.Harness))
		}
		r.stale[f.Path] = true
	}
	return nil
}

// sameHarness reports whether a and b are the same build of the harness.
func sameHarness(a, b dataset.Provenance) bool { return a.Same(b) }

func describeHarness(p dataset.Provenance) string { return p.String() }

// sameRun fails unless file f was written by a run of m's spec, seed,
// profile and trials, in k shards.
func sameRun(m dataset.Manifest, k int, f dataset.FileInfo) error {
	got, err := dataset.ManifestFromMeta(f.Meta)
	if err == nil {
		var fk int
		if _, fk, err = dataset.ParseShard(f.Shard); err == nil {
			err = sameRunAs(m, k, got, fk)
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	return nil
}

// sameRunAs fails unless got, in gotK shards, is a run of m's spec, seed,
// profile and trials, in k shards.
func sameRunAs(m dataset.Manifest, k int, got dataset.Manifest, gotK int) error {
	if err := m.SameRun(got); err != nil {
		return err
	}
	if gotK != k {
		return fmt.Errorf("%d shards, want %d", gotK, k)
	}
	return nil
}

// manifest returns the run's manifest without times and tables.
func (s *Spec) manifest() dataset.Manifest {
	return dataset.Manifest{
		Experiment:  s.Name,
		Description: s.Description,
		Spec:        s.Text,
		SpecSHA256:  dataset.SpecDigest(s.Text),
		MasterSeed:  s.Seed,
		Profile:     s.Profile,
		Trials:      s.Trials,
		FirstTrial:  s.FirstTrial,
		RSE:         s.RSE.String(),
		Units:       len(s.Units()),
		Harness:     dataset.CurrentProvenance(),
		TieBreak:    engine.TieBreak,
	}
}

// complete reports whether every file of unit u is complete and written by
// this build of the harness.
func (r *Runner) complete(u Unit) bool {
	if r.isStale(u) {
		return false
	}
	for _, t := range r.Spec.Tables {
		if !dataset.Complete(r.Spec.Part(r.Dir, t, u, r.Shard).Path()) {
			return false
		}
	}
	return true
}

// isStale reports whether another build of the harness wrote a file of u.
func (r *Runner) isStale(u Unit) bool {
	for _, t := range r.Spec.Tables {
		if r.stale[r.Spec.Part(r.Dir, t, u, r.Shard).Rel()] {
			return true
		}
	}
	return false
}

// Progress returns a snapshot of the run; it is safe to call while Run runs.
func (r *Runner) Progress() Progress {
	r.mu.Lock()
	p := r.prog
	r.mu.Unlock()
	p.Trials, p.Work = r.trials.Load(), r.work.Load()
	return p
}

// Run runs the units of the shard: it skips the complete ones (unless
// Force), runs the trials of each other unit on Workers workers and
// streams their rows to its files, which are in place once all are done
// (runUnit). When ctx is done it stops, keeping the
// units written so far, and returns ctx's error. Before it writes a unit
// it removes the manifest, which would no longer describe the files; an
// unsharded run ends by writing it (Merge).
func (r *Runner) Run(ctx context.Context) (Summary, error) {
	if r.units == nil {
		if err := r.Prepare(); err != nil {
			return Summary{}, err
		}
	}
	start := time.Now()
	sum := Summary{Rows: make(map[string]int64), Stale: r.staleUnits}
	if slices.Contains(r.todo, true) {
		if err := r.guard(); err != nil {
			return sum, err
		}
		if err := r.dropManifest(); err != nil {
			return sum, err
		}
	}
	for i, u := range r.units {
		done := UnitDone{Unit: u, Skipped: !r.todo[i]}
		if r.todo[i] {
			r.mu.Lock()
			r.prog.Unit = u.String()
			r.mu.Unlock()
			rows, err := r.runUnit(ctx, u)
			if err != nil {
				return r.finish(sum, start), err
			}
			done.Rows = rows
			sum.Run++
			for t, n := range rows {
				sum.Rows[t] += n
			}
		} else {
			sum.Skipped++
		}
		r.mu.Lock()
		r.prog.Units++
		r.mu.Unlock()
		if r.OnUnit != nil {
			r.OnUnit(done)
		}
	}
	sum = r.finish(sum, start)
	if r.Shard.K == 1 {
		if _, err := MergeWith(r.Dir, r.Spec.Name, MergeOptions{Guard: r.Guard}); err != nil {
			return sum, err
		}
		sum.Manifest = filepath.Join(r.Dir, r.Spec.Name, dataset.ManifestName)
	}
	return sum, nil
}

// guard calls r.Guard, if set.
func (r *Runner) guard() error {
	if r.Guard == nil {
		return nil
	}
	return r.Guard()
}

func (r *Runner) finish(sum Summary, start time.Time) Summary {
	sum.Trials, sum.Hops, sum.Elapsed = r.trials.Load(), r.hops.Load(), time.Since(start)
	return sum
}

// runUnit runs the trials of u in the runner's shard and writes its
// files. The rows go to the files as the trials end, in trial order (under
// an rse rule, round by round), a row group at a time; the files are
// renamed into place once all are written.
func (r *Runner) runUnit(ctx context.Context, u Unit) (rows map[string]int64, err error) {
	s, sh := r.Spec, r.Shard
	started := time.Now()
	parts := make([]*dataset.PartWriter, len(s.Tables))
	ws := make([]*rowWriter, len(s.Tables))
	defer func() {
		for i := range ws {
			if ws[i] != nil {
				ws[i].release()
			}
			if err != nil && parts[i] != nil {
				parts[i].Abort()
			}
		}
	}()
	for i, t := range s.Tables {
		part := s.Part(r.Dir, t, u, sh)
		removeTemps(part.Path())
		table := s.Model.table(t)
		// The partition columns go into the directory names only.
		if parts[i], err = dataset.CreatePart(part.Path(), part.Keys, table.Schema); err != nil {
			return nil, err
		}
		ws[i] = newRowWriter(table, parts[i].Write)
	}
	if s.RSE.On() {
		err = r.sequential(ctx, u, func(j job, out any) error { return addRows(ws, j, out) })
	} else {
		err = r.streamJobs(ctx, s.jobs(u, sh), ws)
	}
	if err != nil {
		return nil, err
	}
	for _, w := range ws {
		if err = w.flush(); err != nil {
			return nil, err
		}
	}
	m := s.manifest()
	m.Started, m.Finished = started, time.Now()
	rows = make(map[string]int64)
	if err = r.guard(); err != nil {
		return nil, err
	}
	for i, t := range s.Tables {
		if err = parts[i].Close(m.FileMeta(t, sh.Name(), ws[i].rows)); err != nil {
			return nil, err
		}
		rows[t] = ws[i].rows
	}
	return rows, nil
}

// addRows adds the rows of job j's outcome to ws.
func addRows(ws []*rowWriter, j job, out any) error {
	for _, w := range ws {
		if err := w.add(j.point, j.trial, out); err != nil {
			return err
		}
	}
	return nil
}

// streamJobs runs the jobs on the runner's workers and adds the rows each
// leaves to ws, in job order.
func (r *Runner) streamJobs(ctx context.Context, jobs jobList, ws []*rowWriter) error {
	s := r.Spec
	return ordered(ctx, jobs.Len(), r.Workers, window(r.Workers), s.Model.NewWorker, func(w Worker, i int) (any, error) {
		j := jobs.At(i)
		p, trial := j.point, j.trial
		rng, seed := TrialRand(s.Seed, s.Name, p.Key, trial)
		out, hops, err := w.Trial(s, p, Trial{Index: trial, Seed: seed, Rand: rng})
		if err != nil {
			return nil, fmt.Errorf("%s: %v, trial %d: %w", s.Name, p, trial, err)
		}
		r.trials.Add(1)
		r.hops.Add(hops)
		r.work.Add(s.Model.work(p.Config))
		return out, nil
	}, func(i int, out any) error { return addRows(ws, jobs.At(i), out) })
}

// runJobs runs the jobs on the runner's workers and returns what each left
// for the tables, by job.
func (r *Runner) runJobs(ctx context.Context, jobs []job) ([]any, error) {
	s := r.Spec
	outs := make([]any, len(jobs))
	err := parallel(ctx, len(jobs), r.Workers, s.Model.NewWorker, func(w Worker, i int) error {
		p, trial := jobs[i].point, jobs[i].trial
		rng, seed := TrialRand(s.Seed, s.Name, p.Key, trial)
		out, hops, err := w.Trial(s, p, Trial{Index: trial, Seed: seed, Rand: rng})
		if err != nil {
			return fmt.Errorf("%s: %v, trial %d: %w", s.Name, p, trial, err)
		}
		outs[i] = out
		r.trials.Add(1)
		r.hops.Add(hops)
		r.work.Add(s.Model.work(p.Config))
		return nil
	})
	return outs, err
}

// removeTemps removes the temporary files that an interrupted write of path
// left behind.
func removeTemps(path string) {
	tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp"))
	for _, t := range tmps {
		os.Remove(t)
	}
}

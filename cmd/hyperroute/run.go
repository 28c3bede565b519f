package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/progress"
)

func runRun(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	out := fs.String("out", "results", "results directory: files go to DIR/<experiment>/")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	trials := fs.Int("trials", 0, "trials per grid point (default: the spec's)")
	first := fs.Int("first-trial", 0, "index of the first trial: run trials `F` … F+trials−1, to extend a finished run (into another --out)")
	shardFlag := fs.String("shard", "", "run shard `i/k` only: the trials t with t mod k = i (default: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX, else unsharded)")
	shards := fs.Int("shards", 0, "shard count `k` for JOB_COMPLETION_INDEX (default: the spec's shards)")
	profile := fs.String("profile", "", "spec profile to apply, such as paper")
	force := fs.Bool("force", false, "redo units whose files are complete")
	memory := fs.Int64("memory", 0, "`MiB` the trials may use at once, a trial's estimate times the workers (default: MemAvailable of /proc/meminfo)")
	redoStale := fs.Bool("redo-stale", false, "redo the units written by another build of the harness, skip the other complete ones")
	redoChanged := fs.Bool("redo-changed", false, "without --profile: remove the results of another run of the experiment without a profile (an older spec, seed or trial count) and run anew; make's small defaults")
	rse := fs.Float64("rse", 0, "stop each grid point at relative standard error `R` of the spec's rse measure (or --rse-measure), at most --trials trials")
	rseMeasure := fs.String("rse-measure", "", "the trials-table `column` whose mean --rse targets (default: the spec's rse measure)")
	rseBatch := fs.Int("rse-batch", 0, "trials between rse decisions (default: the spec's, else 20)")
	lease := leaseFlag(fs)
	dryRun := fs.Bool("dry-run", false, "print each SPEC's grid points, trials and estimated core-hours, peak memory and disk, from a calibration, and write nothing")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run (pprof) to `FILE`")
	pos, err := parseArgs(fs, args, stderr, -1, "one SPEC (an experiment name or a spec file), or with --dry-run one or more")
	if err != nil {
		return err
	}
	if len(pos) > 1 && !*dryRun {
		return usagef("want one SPEC (an experiment name or a spec file), got %d; more than one only with --dry-run", len(pos))
	}
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["trials"] && *trials < 1 {
		return usagef("trials=%d out of range [1, %d]", *trials, experiments.MaxTrials)
	}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	if err := checkLease(*lease); err != nil {
		return err
	}
	var specs []*experiments.Spec
	for _, arg := range pos {
		spec, err := loadSpec(arg, *profile, *trials)
		if err == nil && (set["rse"] || set["rse-measure"] || set["rse-batch"]) {
			if spec, err = spec.WithRSEFlags(set["rse"], *rse, *rseMeasure, *rseBatch); err != nil {
				err = usageError{err}
			}
		}
		if err != nil {
			return err
		}
		specs = append(specs, spec)
	}
	if *cpuProfile != "" {
		stopProfile, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return err
		}
		defer stopProfile()
	}
	if *dryRun {
		return experiments.PrintEstimates(stdout, specs, *workers)
	}
	spec := specs[0]
	if set["first-trial"] {
		if spec, err = spec.WithFirstTrial(*first); err != nil {
			return usageError{err}
		}
	}
	sh, err := chooseShard(*shardFlag, *shards, spec, os.Getenv)
	if err != nil {
		return err
	}
	if *memory < 0 || *memory > 1<<43 {
		return usagef("memory=%d: want MiB, at least 1 and at most %d", *memory, int64(1)<<43)
	}
	r := &experiments.Runner{Spec: spec, Dir: *out, Workers: *workers, Shard: sh, Force: *force, RedoStale: *redoStale, RedoChanged: *redoChanged, Memory: *memory << 20}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	if _, err := os.Stat(filepath.Join(*out, spec.Name)); errors.Is(err, os.ErrNotExist) {
		if err := r.CheckFresh(); err != nil {
			return usageError{err} // before the directory is made
		}
	}
	shardLock := "" // one lock per shard of a sharded run
	if sh.K > 1 {
		shardLock = sh.Name()
	}
	lock, err := lockRun(*out, spec.Name, shardLock, *lease, stderr)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	r.Guard = lock.Check
	if err := r.Prepare(); err != nil {
		if dataset.IsLost(err) {
			return err
		}
		return usageError{err}
	}
	if r.Replaced != nil {
		fmt.Fprintf(stderr, "%s: the results of an older run of it (%v) are removed, redoing it\n", filepath.Join(*out, spec.Name), r.Replaced)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second signal ends the process at once
	}()
	ctx, lost := context.WithCancel(ctx)
	defer lost()
	go func() {
		select {
		case <-lock.Lost():
			lost() // stop at once: another process may write here now
		case <-ctx.Done():
		}
	}()
	bar := progress.ForRun(stderr, r)
	bar.Damaged(r.Damaged())
	r.OnUnit = bar.Unit
	bar.Start()
	sum, err := r.Run(ctx)
	bar.Stop()
	if lerr := lock.Check(); lerr != nil && err != nil {
		p := r.Progress()
		return fmt.Errorf("%w; stopped, the %d of %d units finished before are kept", lerr, p.Units, p.TotalUnits)
	}
	if errors.Is(err, context.Canceled) {
		p := r.Progress()
		return interrupted(fmt.Sprintf("the %d of %d units finished so far are kept, rerun to resume", p.Units, p.TotalUnits))
	}
	if err != nil {
		return err
	}
	printRunSummary(stderr, spec, sh, *out, sum)
	return nil
}

// startCPUProfile starts writing a CPU profile to path and returns the
// function that ends it.
func startCPUProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, usagef("--cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile: %v", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// loadSpec loads the spec named by arg and applies the profile and trial
// count, if given.
func loadSpec(arg, profile string, trials int) (*experiments.Spec, error) {
	spec, err := experiments.Load(arg)
	if err != nil {
		return nil, usageError{err}
	}
	if profile != "" {
		if spec, err = spec.WithProfile(profile); err != nil {
			return nil, usageError{err}
		}
	}
	if trials != 0 {
		if spec, err = spec.WithTrials(trials); err != nil {
			return nil, usageError{err}
		}
	}
	return spec, nil
}

// chooseShard returns the shard to run: from --shard, else from the
// environment of a Slurm array or Kubernetes Indexed Job, else unsharded.
func chooseShard(flagShard string, shards int, spec *experiments.Spec, getenv func(string) string) (experiments.Shard, error) {
	if flagShard != "" {
		sh, err := experiments.ParseShard(flagShard)
		if err != nil {
			return sh, usagef("--shard: %v", err)
		}
		return sh, nil
	}
	if shards < 0 || shards > experiments.MaxShards {
		return experiments.Shard{}, usagef("--shards=%d out of range [1, %d]", shards, experiments.MaxShards)
	}
	k := spec.Shards
	if shards > 0 {
		k = shards
	}
	sh, ok, err := experiments.ShardFromEnv(getenv, k)
	if err != nil {
		return sh, usageError{err}
	}
	if !ok && shards > 0 {
		return sh, usagef("--shards=%d: JOB_COMPLETION_INDEX is not set (use --shard i/k)", shards)
	}
	return sh, nil
}

func printRunSummary(w io.Writer, spec *experiments.Spec, sh experiments.Shard, out string, sum experiments.Summary) {
	if sum.Run == 0 {
		fmt.Fprintf(w, "%s: all %d units complete, nothing to run (--force redoes them)\n", spec.Name, sum.Skipped)
	} else {
		secs := sum.Elapsed.Seconds()
		var rows []string
		for _, t := range spec.Tables {
			rows = append(rows, fmt.Sprintf("%s %d", t, sum.Rows[t]))
		}
		redone := ""
		if sum.Stale > 0 {
			redone = fmt.Sprintf(" (%d of them written by another harness build)", sum.Stale)
		}
		hops := "" // none for models that route no packets
		if sum.Hops > 0 {
			hops = fmt.Sprintf(", %.3g packet-hops/s", float64(sum.Hops)/secs)
		}
		fmt.Fprintf(w, "%s: %d units run%s, %d skipped (complete); %d trials in %.1fs: %.0f trials/s%s; rows written: %s\n",
			spec.Name, sum.Run, redone, sum.Skipped, sum.Trials, secs, float64(sum.Trials)/secs, hops, strings.Join(rows, ", "))
	}
	dir := filepath.Join(out, spec.Name)
	if sum.Manifest != "" {
		fmt.Fprintf(w, "results in %s/ (tables %s), manifest %s\n", dir, strings.Join(spec.Tables, ", "), sum.Manifest)
		return
	}
	fmt.Fprintf(w, "shard %v done, files in %s/; once all %d shards are done: hyperroute merge %s\n", sh, dir, sh.K, dir)
}

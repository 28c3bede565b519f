package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/progress"
	"github.com/hyperroute/hyperroute/routers"
)

// trialRow is one trial of `hyperroute sim --jsonl`: the trial, its seed
// (and the master seed of a sweep of them), every parameter of the
// configuration that applies to its router and what the run measured.
type trialRow struct {
	trial int
	seed  uint64
	cfg   routers.Config
	res   *routers.Result
	// failed is the number of failed edges of the trial's cube.
	failed int
	// master is the master seed, for sweeps of several.
	master *uint64
}

// MarshalJSON writes the row as one object, its keys in a fixed order.
func (r trialRow) MarshalJSON() ([]byte, error) {
	b := fmt.Appendf(nil, `{"trial":%d,"seed":%d`, r.trial, r.seed)
	if r.master != nil {
		b = fmt.Appendf(b, `,"master_seed":%d`, *r.master)
	}
	for _, p := range routers.Params {
		if !p.Applies(r.cfg) {
			continue
		}
		v := p.Get(r.cfg)
		if p.Type == routers.Name || p.Type == param.Text {
			v = strconv.Quote(v)
		}
		b = fmt.Appendf(b, `,%q:%s`, p.Name, v)
	}
	mq, err := json.Marshal(maxQueue(r.res))
	if err != nil {
		return nil, err
	}
	t := strconv.Itoa(int(r.res.T))
	if !r.res.Routed() {
		t, mq = "null", []byte("null")
	}
	b = fmt.Appendf(b, `,"T":%s,"hops":%d,"max_queue":%s,"failed_edges":%d,"dropped":%d`,
		t, r.res.Hops, mq, r.failed, r.res.Dropped)
	for i, m := range routers.Measures {
		b = fmt.Appendf(b, `,%q:%s`, m.Name, measured(r.res, i, m.Type))
	}
	return append(b, '}'), nil
}

func runSim(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	sf := addSimFlags(fs)
	trials := fs.Int("trials", 100, "number of trials per point")
	out := fs.String("out", "", "write the trials as hyperroute run does, as a run of the spec these flags make, into `DIR`/<stream>/ (Parquet, for summary, plot and the notebooks), and print its summary")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	jsonl := fs.Bool("jsonl", false, "print one JSON object per trial, its parameters included, instead of the summary")
	recordFlag := fs.String("record", "", "print what the trials record instead of the summary: a comma-separated `list` of "+
		strings.Join(experiments.RecordKinds(), ", ")+
		"; one JSON object per line with the key \"record\" naming the table (its columns as in dataset/SCHEMA.md) or trace (t, packet, from, to, prio per send)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	cfgs, err := sf.configs()
	if err != nil {
		return err
	}
	if *recordFlag != "" && *jsonl {
		return usagef("--record and --jsonl: set one of them (--record trials writes the rows of --jsonl)")
	}
	if *out != "" {
		return simOut(simRun{args: args, values: sf.values, faults: cfgs[0].FaultList, trials: *trials, seeds: sf.seeds,
			stream: *sf.stream, workers: *workers, record: *recordFlag, jsonl: *jsonl, out: *out}, stdout, stderr)
	}
	if *trials < 1 {
		return usagef("trials=%d: must be at least 1", *trials)
	}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	var rec experiments.Recording
	for i := range cfgs {
		if err := checkSim(&cfgs[i], *recordFlag, &rec, *trials, *workers, len(cfgs) > 1); err != nil {
			return usageError{err}
		}
	}
	if err := routers.CheckRows(*trials, int64(unsafe.Sizeof(trialRow{})+unsafe.Sizeof(experiments.Recorded{})), routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	seeds := sf.seeds
	points := len(cfgs) * len(seeds)
	table := points > 1 && *recordFlag == "" && !*jsonl
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bar := progress.ForSim(stderr, slices.Repeat(cfgs, len(seeds)), *trials)
	defer bar.Stop()
	var lines sweepTable
	for k := range points {
		cfg, seed := cfgs[k/len(seeds)], seeds[k%len(seeds)]
		var master *uint64
		if len(seeds) > 1 {
			master = &seed
		}
		rows := make([]trialRow, *trials)
		var records []experiments.Recorded
		if *recordFlag != "" {
			records = make([]experiments.Recorded, *trials)
		}
		point := cfg.InstanceKey()
		start := time.Now()
		err := experiments.Parallel(ctx, *trials, *workers, func(s *routers.Sim, i int) error {
			defer bar.TrialDone(cfg)
			rng, trialSeed := experiments.TrialRand(seed, *sf.stream, point, i)
			res, err := s.Trial(cfg, rng)
			if err != nil {
				return err
			}
			rows[i] = trialRow{trial: i, seed: trialSeed, cfg: cfg, res: res, master: master}
			if cfg.Faulty() {
				rows[i].failed = s.Faults.Count()
			}
			if records != nil {
				records[i], err = rec.Trial(s, cfg, res, i, trialSeed)
			}
			return err
		})
		if errors.Is(err, context.Canceled) {
			return interrupted("what is printed so far is complete, nothing else is kept")
		} else if err != nil {
			return err
		}
		elapsed := time.Since(start)
		bar.Pause()
		switch {
		case records != nil:
			for i, r := range records {
				if err := rec.Write(stdout, i, r); err != nil {
					return err
				}
			}
		case *jsonl:
			err = writeJSONL(stdout, rows)
		case table:
			err = lines.add(rows)
		default:
			rep := experiments.TrialsReport{Config: cfg, Elapsed: elapsed}
			for _, r := range rows {
				rep.Results, rep.Failed = append(rep.Results, r.res), append(rep.Failed, r.failed)
			}
			err = rep.Write(stdout)
		}
		if err != nil {
			return err
		}
	}
	if table {
		bar.Pause()
		return lines.write(stdout, *trials, seeds)
	}
	return nil
}

// simFlags are the flags of sim that name the configurations and their
// trials' streams: every parameter of routers.Params, --perm, --faults,
// --seed and --stream.
type simFlags struct {
	values    map[string]*param.Values
	faultFile *string
	seeds     seedList
	stream    *string
}

func addSimFlags(fs *flag.FlagSet) *simFlags {
	f := &simFlags{values: make(map[string]*param.Values)}
	for _, p := range routers.Params {
		f.values[p.Name] = &param.Values{Param: &p.Param}
		if p.Name != faults.ListParam.Name {
			fs.Var(f.values[p.Name], p.Name, p.Usage())
		}
	}
	fs.Var(&param.Values{Param: f.values["pattern"].Param, Into: f.values["pattern"]}, "perm", "the same as --pattern: a `name`")
	f.faultFile = fs.String("faults", "", "a fault list `file`: one failed edge \"v d\" per line")
	f.seeds = seedList{1}
	fs.Var(&f.seeds, "seed", "master `seed`, a list (1,2,3) or a range (1:10) of them, each a point of the sweep")
	f.stream = fs.String("stream", "sim", "name the trial streams are derived from, with the seed and the instance; an experiment's name replays its trials")
	return f
}

// configs returns the configurations the flags name: every combination of
// the values of the parameters given as lists or ranges. Its errors are
// usage errors.
func (f *simFlags) configs() ([]routers.Config, error) {
	if err := experiments.CheckName(*f.stream); err != nil {
		return nil, usagef("stream %v", err)
	}
	base := routers.Defaults()
	if *f.faultFile != "" {
		n := base.N
		switch vs := f.values["n"].Values; {
		case len(vs) > 1:
			return nil, usagef("--faults %s: a fault list is of one cube, so one --n, not %s", *f.faultFile, strings.Join(vs, ","))
		case len(vs) == 1:
			n, _ = strconv.Atoi(vs[0])
		}
		list, err := readFaults(*f.faultFile, n)
		if err != nil {
			return nil, usageError{err}
		}
		base.FaultList = faults.ListOf(list)
	}
	sweep := make(map[string][]string)
	for name, v := range f.values {
		if v.Values != nil {
			sweep[name] = v.Values
		}
	}
	cfgs, err := routers.Sweep(base, sweep)
	if err != nil {
		return nil, usageError{err}
	}
	return cfgs, nil
}

// checkSim sets up what c records for --record and checks that c can run
// trials trials on workers workers; in a sweep, the error names the point.
func checkSim(c *routers.Config, record string, rec *experiments.Recording, trials, workers int, sweep bool) error {
	var err error
	if record != "" {
		*rec, err = experiments.ParseRecording(record, c)
	}
	if err == nil {
		err = c.Validate()
	}
	if err == nil {
		// The workers run trials at once; --record keeps every trial's
		// records until all are done.
		atOnce := min(workers, trials)
		if record != "" {
			atOnce = trials
		}
		err = c.CheckMemory(atOnce, routers.AvailableMemory())
	}
	if err != nil && sweep {
		return fmt.Errorf("at %s: %w", c.Describe(), err)
	}
	return err
}

// readFaults reads the fault list in file for Q_n.
func readFaults(file string, n int) (*faults.Set, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return faults.Parse(f, file, n)
}

// measured returns measure i of res as JSON, null if not reported.
func measured(res *routers.Result, i int, t routers.ParamType) string {
	v, ok := res.Measured(i)
	switch {
	case !ok:
		return "null"
	case t == routers.Bool:
		return strconv.FormatBool(v != 0)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// maxQueue returns the largest queue of res, nil for a router without
// queues.
func maxQueue(res *routers.Result) *int {
	if res.MaxQueue == routers.NoQueue {
		return nil
	}
	return &res.MaxQueue
}

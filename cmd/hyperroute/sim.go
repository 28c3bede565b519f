package main

import (
	"context"
	"encoding/json"
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
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

// trialRow is one trial of `hyperroute sim --jsonl`: the trial, its seed,
// every parameter of the configuration and what the run measured.
type trialRow struct {
	trial int
	seed  uint64
	cfg   routers.Config
	res   *routers.Result
	// failed is the number of failed edges of the trial's cube.
	failed int
}

// MarshalJSON writes the row as one object, its keys in a fixed order.
func (r trialRow) MarshalJSON() ([]byte, error) {
	b := fmt.Appendf(nil, `{"trial":%d,"seed":%d`, r.trial, r.seed)
	for i := range routers.Params {
		p := &routers.Params[i]
		v := p.Get(r.cfg)
		if p.Type == routers.Name {
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
	values := make(map[string]*string)
	for i := range routers.Params {
		p := &routers.Params[i]
		values[p.Name] = paramFlag(fs, p)
	}
	fs.Func("perm", "the same as --pattern", func(v string) error { *values["pattern"] = v; return nil })
	faultFile := fs.String("faults", "", "a fault list: one failed edge \"v d\" per line")
	trials := fs.Int("trials", 100, "number of trials")
	seed := fs.Uint64("seed", 1, "master seed")
	stream := fs.String("stream", "sim", "name the trial streams are derived from, with the seed and the instance; an experiment's name replays its trials")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	jsonl := fs.Bool("jsonl", false, "print one JSON object per trial instead of the summary")
	recordFlag := fs.String("record", "", "print what the trials record instead of the summary: a comma-separated `list` of "+
		strings.Join(recordKinds(), ", ")+
		"; one JSON object per line with the key \"record\" naming the table (its columns as in dataset/SCHEMA.md) or trace (t, packet, from, to, prio per send)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	cfg := routers.Defaults()
	for i := range routers.Params {
		p := &routers.Params[i]
		if err := p.Set(&cfg, *values[p.Name]); err != nil {
			return usageError{err}
		}
	}
	if *faultFile != "" {
		list, err := readFaults(*faultFile, cfg.N)
		if err != nil {
			return usageError{err}
		}
		cfg.FaultList = list
	}
	var rec recording
	if *recordFlag != "" {
		if *jsonl {
			return usagef("--record and --jsonl: set one of them (--record trials writes the rows of --jsonl)")
		}
		var err error
		if rec, err = parseRecord(*recordFlag, &cfg); err != nil {
			return usageError{err}
		}
	}
	if err := cfg.Validate(); err != nil {
		return usageError{err}
	}
	if err := experiments.CheckName(*stream); err != nil {
		return usagef("stream %v", err)
	}
	if *trials < 1 {
		return usagef("trials=%d: must be at least 1", *trials)
	}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	// The workers run trials at once; --record keeps every trial's records
	// until all are done.
	atOnce := min(*workers, *trials)
	if *recordFlag != "" {
		atOnce = *trials
	}
	if err := cfg.CheckMemory(atOnce, routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	if err := routers.CheckRows(*trials, int64(unsafe.Sizeof(trialRow{})+unsafe.Sizeof(recorded{})), routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	rows := make([]trialRow, *trials)
	var records []recorded
	if *recordFlag != "" {
		records = make([]recorded, *trials)
	}
	point := cfg.InstanceKey()
	start := time.Now()
	err := experiments.Parallel(ctx, *trials, *workers, func(s *routers.Sim, i int) error {
		rng, trialSeed := experiments.TrialRand(*seed, *stream, point, i)
		res, err := s.Trial(cfg, rng)
		if err != nil {
			return err
		}
		rows[i] = trialRow{trial: i, seed: trialSeed, cfg: cfg, res: res}
		if cfg.Faulty() {
			rows[i].failed = s.Faults.Count()
		}
		if records != nil {
			records[i], err = rec.trial(s, cfg, res, i, trialSeed)
		}
		return err
	})
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if records != nil {
		for i, r := range records {
			if err := rec.write(stdout, i, r); err != nil {
				return err
			}
		}
		return nil
	}
	if *jsonl {
		return writeJSONL(stdout, rows)
	}
	return printSummary(stdout, cfg, rows, elapsed)
}

// paramFlag defines the flag of parameter p and returns where its value
// goes: a bool flag for a Bool parameter, a string flag otherwise.
func paramFlag(fs *flag.FlagSet, p *routers.Param) *string {
	usage := p.Doc
	if p.Type == routers.Name {
		usage += ": " + fmt.Sprint(p.Names())
	}
	v := p.Default
	if p.Type == routers.Bool {
		fs.BoolFunc(p.Name, usage, func(s string) error {
			b, err := strconv.ParseBool(s)
			v = strconv.FormatBool(b)
			return err
		})
		return &v
	}
	fs.StringVar(&v, p.Name, p.Default, usage)
	return &v
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

func printSummary(w io.Writer, cfg routers.Config, rows []trialRow, elapsed time.Duration) error {
	var ts []float64
	var hops int64
	for _, r := range rows {
		if r.res.Routed() {
			ts = append(ts, float64(r.res.T))
		}
		hops += r.res.Hops
	}
	slices.Sort(ts)
	fmt.Fprintf(w, "%s n=%d %v-port queue=%v pattern=%s mu=%d, %d trials\n",
		cfg.Router, cfg.N, cfg.Port, cfg.Queue, cfg.Pattern, cfg.Mu, len(rows))
	if len(ts) < len(rows) {
		fmt.Fprintf(w, "%d trials not routed: detours=%s found no detour for some failed edge\n", len(rows)-len(ts), cfg.Detours)
	}
	if len(ts) == 0 {
		return nil
	}
	// Quantiles are Hyndman–Fan type 7, as NumPy's default.
	mean, ci := stats.MeanCI(ts, 0.95)
	q := stats.Quantiles(ts, 0.5, 0.9, 0.99)
	// One trial has no sd and no interval.
	sd, interval := "–", "–"
	if len(ts) > 1 {
		sd, interval = fmt.Sprintf("%.3f", stats.StdDev(ts)), fmt.Sprintf("[%.3f, %.3f]", ci.Lo, ci.Hi)
	}
	fmt.Fprintf(w, "%8s %8s %6s %8s %6s %6s %6s\n", "mean", "sd", "min", "median", "p90", "p99", "max")
	fmt.Fprintf(w, "%8.3f %8s %6.0f %8.1f %6.1f %6.1f %6.0f\n", mean, sd, ts[0],
		q[0], q[1], q[2], ts[len(ts)-1])
	_, err := fmt.Fprintf(w, "mean T 95%% CI %s, T/n %.3f; %d packet-hops in %v: %.3g packet-hops/s\n",
		interval, mean/float64(cfg.N), hops, elapsed.Round(time.Millisecond), float64(hops)/elapsed.Seconds())
	return err
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

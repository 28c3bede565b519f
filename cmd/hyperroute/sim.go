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

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
	"gonum.org/v1/gonum/floats"
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
	values := make(map[string]*paramValue)
	for i := range routers.Params {
		p := &routers.Params[i]
		values[p.Name] = &paramValue{p: p}
		fs.Var(values[p.Name], p.Name, paramUsage(p))
	}
	fs.Var(&paramValue{p: values["pattern"].p, into: values["pattern"]}, "perm", "the same as --pattern: a `name`")
	faultFile := fs.String("faults", "", "a fault list: one failed edge \"v d\" per line")
	trials := fs.Int("trials", 100, "number of trials per point")
	seed := fs.Uint64("seed", 1, "master seed")
	stream := fs.String("stream", "sim", "name the trial streams are derived from, with the seed and the instance; an experiment's name replays its trials")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	jsonl := fs.Bool("jsonl", false, "print one JSON object per trial, its parameters included, instead of the summary")
	recordFlag := fs.String("record", "", "print what the trials record instead of the summary: a comma-separated `list` of "+
		strings.Join(recordKinds(), ", ")+
		"; one JSON object per line with the key \"record\" naming the table (its columns as in dataset/SCHEMA.md) or trace (t, packet, from, to, prio per send)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	base := routers.Defaults()
	if *faultFile != "" {
		list, err := readFaults(*faultFile, values["n"].one(base.N))
		if err != nil {
			return usageError{err}
		}
		base.FaultList = list
	}
	sweep := make(map[string][]string)
	for name, v := range values {
		if v.vals != nil {
			sweep[name] = v.vals
		}
	}
	cfgs, err := routers.Sweep(base, sweep)
	if err != nil {
		return usageError{err}
	}
	if *recordFlag != "" && *jsonl {
		return usagef("--record and --jsonl: set one of them (--record trials writes the rows of --jsonl)")
	}
	var rec recording
	for i := range cfgs {
		if err := checkSim(&cfgs[i], *recordFlag, &rec, *trials, *workers, len(cfgs) > 1); err != nil {
			return usageError{err}
		}
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bar := simProgress(stderr, cfgs, *trials)
	defer bar.stop()
	for k, cfg := range cfgs {
		rows := make([]trialRow, *trials)
		var records []recorded
		if *recordFlag != "" {
			records = make([]recorded, *trials)
		}
		point := cfg.InstanceKey()
		start := time.Now()
		err := experiments.Parallel(ctx, *trials, *workers, func(s *routers.Sim, i int) error {
			defer bar.trialDone(cfg)
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
		bar.pause()
		switch {
		case records != nil:
			for i, r := range records {
				if err := rec.write(stdout, i, r); err != nil {
					return err
				}
			}
		case *jsonl:
			err = writeJSONL(stdout, rows)
		default:
			if k > 0 {
				fmt.Fprintln(stdout)
			}
			err = printSummary(stdout, cfg, rows, elapsed)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkSim sets up what c records for --record and checks that c can run
// trials trials on workers workers; in a sweep, the error names the point.
func checkSim(c *routers.Config, record string, rec *recording, trials, workers int, sweep bool) error {
	err := c.Validate()
	if err == nil && record != "" {
		*rec, err = parseRecord(record, c)
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
		return fmt.Errorf("at %s: %w", header(*c, ""), err)
	}
	return err
}

// paramValue is the flag of a parameter: one value, a comma-separated list
// or a range lo:hi[:step] (routers.Param.ParseValues); nil until set. A
// flag with into sets that one (an alias).
type paramValue struct {
	p    *routers.Param
	vals []string
	into *paramValue
}

func (v *paramValue) String() string {
	if v == nil || v.p == nil {
		return ""
	}
	if v.vals == nil {
		return v.p.Default
	}
	return strings.Join(v.vals, ",")
}

func (v *paramValue) Set(s string) error {
	vals, err := v.p.ParseValues(s)
	if err != nil {
		return err
	}
	if v.into != nil {
		v = v.into
	}
	v.vals = vals
	return nil
}

func (v *paramValue) IsBoolFlag() bool { return v.p != nil && v.p.Type == routers.Bool }

// one returns the value of an Int parameter if set to one value, else def.
func (v *paramValue) one(def int) int {
	if len(v.vals) == 1 {
		def, _ = strconv.Atoi(v.vals[0])
	}
	return def
}

// paramUsage is the help of p's flag; its type in backquotes names the
// flag's value.
func paramUsage(p *routers.Param) string {
	switch p.Type {
	case routers.Int:
		return p.Doc + ": an `int`, a list (4,6,8) or a range (4:16:2)"
	case routers.Float:
		return p.Doc + ": a `number`, a list (0,0.01) or a range (0:0.1:0.02)"
	case routers.Name:
		return p.Doc + ": a `name` of " + strings.Join(p.Names(), ", ") + ", or a list of them"
	}
	return p.Doc + " (true,false sweeps both)"
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

// header names cfg: the router, n, port, queue, pattern and μ, then every
// other parameter not at its default and those of the router's own that
// it uses; trials, if not "", follows.
func header(cfg routers.Config, trials string) string {
	b := fmt.Sprintf("%s n=%d %v-port queue=%v pattern=%s mu=%d", cfg.Router, cfg.N, cfg.Port, cfg.Queue, cfg.Pattern, cfg.Mu)
	var own []string
	if k, err := routers.Lookup(cfg.Router); err == nil {
		own = k.Params
	}
	for _, p := range routers.Params[6:] {
		v := p.Get(cfg)
		uses := slices.Contains(own, p.Name) && (cfg.HasDetours() || !slices.Contains([]string{"confluent", "delivery", "detour-queue"}, p.Name))
		if v != p.Default || uses {
			b += " " + p.Name + "=" + v
		}
	}
	if cfg.FaultList != nil {
		b += fmt.Sprintf(" fault list of %d failed edges", cfg.FaultList.Count())
	}
	if trials != "" {
		b += ", " + trials
	}
	return b
}

// printSummary prints what the trials of cfg measured: T in steps, what
// was lost on a faulty cube, the slowdown of a simulation over detours and
// the speed.
func printSummary(w io.Writer, cfg routers.Config, rows []trialRow, elapsed time.Duration) error {
	var ts []float64
	var hops, failed int64
	m := make(map[string][]float64) // the measures reported, by name
	for _, r := range rows {
		if r.res.Routed() {
			ts = append(ts, float64(r.res.T))
		}
		hops += r.res.Hops
		failed += int64(r.failed)
		for i, ms := range routers.Measures {
			if v, ok := r.res.Measured(i); ok {
				m[ms.Name] = append(m[ms.Name], v)
			}
		}
	}
	fmt.Fprintln(w, header(cfg, fmt.Sprintf("%d trials", len(rows))))
	if cfg.Faulty() {
		printLoss(w, cfg, rows, failed, m)
	}
	if len(ts) < len(rows) {
		fmt.Fprintf(w, "%d trials not routed: detours=%s found no detour for some failed edge\n", len(rows)-len(ts), cfg.Detours)
	}
	if len(ts) == 0 {
		return nil
	}
	slices.Sort(ts)
	// Quantiles are Hyndman–Fan type 7, as NumPy's default.
	mean, ci := stats.MeanCI(ts, 0.95)
	q := stats.Quantiles(ts, 0.5, 0.9, 0.99)
	// One trial has no sd and no interval.
	sd, interval := "–", "–"
	if len(ts) > 1 {
		sd, interval = fmt.Sprintf("%.3f", stats.StdDev(ts)), fmt.Sprintf("[%.3f, %.3f]", ci.Lo, ci.Hi)
	}
	p99, p99Head, note := fmt.Sprintf(" %6.1f", q[2]), fmt.Sprintf(" %6s", "p99"), ""
	if len(ts) < 100 {
		p99, p99Head, note = "", "", fmt.Sprintf(" (p99 left out: from fewer than 100 it is about the max)")
	}
	fmt.Fprintf(w, "T (steps) over %d routed trials%s:\n", len(ts), note)
	fmt.Fprintf(w, "%8s %8s %6s %8s %6s%s %6s\n", "mean", "sd", "min", "median", "p90", p99Head, "max")
	fmt.Fprintf(w, "%8.3f %8s %6.0f %8.1f %6.1f%s %6.0f\n", mean, sd, ts[0], q[0], q[1], p99, ts[len(ts)-1])
	if ti := m["T_intact"]; len(ti) > 0 {
		mi, _ := stats.MeanCI(ti, 0.95)
		md, _ := stats.MeanCI(m["d"], 0.95)
		fmt.Fprintf(w, "intact cube: mean T_intact %.3f steps; dilation d mean %.3f, max %.0f; slowdown mean T / mean T_intact %.3f\n",
			mi, md, slices.Max(m["d"]), mean/mi)
	}
	speed := ""
	if hops > 0 {
		speed = fmt.Sprintf("; %d packet-hops in %v: %.3g packet-hops/s", hops, elapsed.Round(time.Millisecond), float64(hops)/elapsed.Seconds())
	}
	_, err := fmt.Fprintf(w, "mean T 95%% CI %s, T/n %.3f%s\n", interval, mean/float64(cfg.N), speed)
	return err
}

// printLoss prints the failed edges of a faulty cube and what was lost on
// them: messages (packets for single-copy routers), and for disjoint
// routing the loss per message and the copies dropped.
func printLoss(w io.Writer, cfg routers.Config, rows []trialRow, failed int64, m map[string][]float64) {
	faults := fmt.Sprintf("q=%v", cfg.Q)
	switch {
	case cfg.K > 0:
		faults = fmt.Sprintf("k=%d", cfg.K)
	case cfg.FaultList != nil:
		faults = "fault list"
	}
	var dropped int64
	for _, r := range rows {
		dropped += int64(r.res.Dropped)
	}
	lost, msgs := floats.Sum(m["lost"]), floats.Sum(m["messages"])
	fmt.Fprintf(w, "%s: %.1f failed directed edges per trial of %d; ", faults, float64(failed)/float64(len(rows)), cfg.N<<cfg.N)
	switch {
	case len(m["lost"]) == 0 || msgs == 0:
		fmt.Fprintf(w, "%d packets lost\n", dropped)
	case cfg.Router != "disjoint":
		fmt.Fprintf(w, "lost %.0f of %.0f packets (%.3g%%)\n", lost, msgs, 100*lost/msgs)
	default:
		ci := stats.Wilson(int(lost), int(msgs), 0.95)
		ci.Lo = max(ci.Lo, 0) * min(lost, 1) // 0 for no loss, not 1e-20
		fmt.Fprintf(w, "lost %.0f of %.0f messages: loss per message %.3g (95%% CI [%.3g, %.3g]); %d copies dropped\n",
			lost, msgs, lost/msgs, ci.Lo, ci.Hi, dropped)
	}
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

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
)

// simRun is what sim --out writes: the command line, its parameters'
// values, the trials, master seed, stream and workers, what to record.
type simRun struct {
	args    []string
	values  map[string]*param.Values
	faults  faults.List
	trials  int
	seeds   seedList
	stream  string
	workers int
	record  string
	jsonl   bool
	out     string
}

// simOut runs the trials of sim's points as hyperroute run runs a spec:
// the spec the flags make (simSpec), named after the stream, into
// DIR/<stream>/ with its manifest, then prints the run's summary table. The
// run directory is that of any run: summary, plot, verify, merge and the
// notebooks read it, and a rerun of the same command skips what is done.
func simOut(r simRun, stdout, stderr io.Writer) error {
	switch {
	case r.jsonl:
		return usagef("--out and --jsonl: the rows go to DIR/%s/trials (--jsonl prints them instead)", r.stream)
	case len(r.seeds) > 1:
		return usagef("--out takes one --seed: a run directory holds one master seed (run --first-trial extends a run)")
	}
	text, err := simSpec(r)
	if err != nil {
		return err
	}
	if _, err := experiments.Parse("sim --out", []byte(text)); err != nil {
		return usageError{err}
	}
	tmp, err := os.CreateTemp("", "hyperroute-sim-*.yaml")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := runRun([]string{tmp.Name(), "--out", r.out, "--workers", strconv.Itoa(r.workers)}, stdout, stderr); err != nil {
		return err
	}
	return runSummary([]string{filepath.Join(r.out, r.stream)}, stdout, stderr)
}

// simSpec writes the spec of sim's points: its grid the parameters given
// (router and n always, a fault list as faults), the trials, seed and the
// tables of --record (default trials), the command line as its
// description.
func simSpec(r simRun) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\ndescription: %s\ngrid:\n", r.stream, strconv.Quote("hyperroute sim "+strings.Join(r.args, " ")))
	for _, p := range routers.Params {
		vs := r.values[p.Name].Values
		switch {
		case p.Name == faults.ListParam.Name && r.faults != "":
			vs = []string{string(r.faults)}
		case vs == nil && (p.Name == "n" || p.Name == "router"):
			vs = []string{p.Default}
		case vs == nil:
			continue
		}
		items := make([]string, len(vs))
		for i, v := range vs {
			items[i] = v
			if p.Type == param.Name || p.Type == param.Text {
				items[i] = strconv.Quote(v)
			}
		}
		fmt.Fprintf(&b, "  %s: [%s]\n", p.Name, strings.Join(items, ", "))
	}
	fmt.Fprintf(&b, "trials: %d\nseed: %d\n", r.trials, r.seeds[0])
	if r.record != "" {
		for k := range strings.SplitSeq(r.record, ",") {
			if k == experiments.RecordTrace {
				return "", usagef("--record %s: --out writes tables, and a trace is none (%s)", r.record, strings.Join(experiments.Tables, ", "))
			}
		}
		fmt.Fprintf(&b, "tables: [%s]\n", r.record)
	}
	return b.String(), nil
}

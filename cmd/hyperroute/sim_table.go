package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/summary"
)

// seedList is sim's master seeds: one, a comma-separated list or ranges
// lo:hi (hi included), each seed once.
type seedList []uint64

func (s *seedList) String() string {
	v := make([]string, len(*s))
	for i, x := range *s {
		v[i] = strconv.FormatUint(x, 10)
	}
	return strings.Join(v, ",")
}

func (s *seedList) Set(v string) error {
	var seeds []uint64
	for item := range strings.SplitSeq(v, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(item), ":")
		a, err := strconv.ParseUint(lo, 10, 64)
		b := a
		if err == nil && isRange {
			b, err = strconv.ParseUint(hi, 10, 64)
		}
		switch {
		case err != nil:
			return fmt.Errorf("seed %q: want a seed, a list (1,2,3) or a range lo:hi of seeds ≥ 0", item)
		case b < a:
			return fmt.Errorf("seed %q: the range is empty", item)
		case b-a >= param.MaxSweep || len(seeds)+int(b-a) >= param.MaxSweep:
			return fmt.Errorf("seed %q: more than %d seeds", v, param.MaxSweep)
		}
		for x := a; ; x++ {
			for _, y := range seeds {
				if y == x {
					return fmt.Errorf("seed %s: %d listed twice", v, x)
				}
			}
			seeds = append(seeds, x)
			if x == b {
				break
			}
		}
	}
	*s = seeds
	return nil
}

// sweepTable is the table of a sweep's points, one line each: what
// summary gives for the trials of each point, summarised as each is done.
type sweepTable struct {
	points []summary.Point
	cfgs   []routers.Config
	plan   summary.Plan
}

// add summarises the trials of one point.
func (t *sweepTable) add(rows []trialRow) error {
	t.cfgs = append(t.cfgs, rows[0].cfg)
	cols := make(map[string][]any)
	for _, r := range rows {
		for _, p := range routers.Params {
			var v any = p.Get(r.cfg)
			switch p.Type {
			case param.Int:
				v = int64(p.Num(r.cfg))
			case param.Float:
				v = p.Num(r.cfg)
			case param.Bool:
				v = v == "true"
			}
			cols[p.Name] = append(cols[p.Name], v)
		}
		if r.master != nil {
			cols["master_seed"] = append(cols["master_seed"], *r.master)
		}
		cols["T"] = append(cols["T"], int64(r.res.T))
		cols["failed_edges"] = append(cols["failed_edges"], int64(r.failed))
		for i, m := range routers.Measures {
			var v any
			if x, ok := r.res.Measured(i); ok {
				v = x
			}
			cols[m.Name] = append(cols[m.Name], v)
		}
	}
	read := func(name string) ([]any, bool) {
		vs, ok := cols[name]
		return vs, ok
	}
	t.plan = summaryPlan(nil, read)
	t.plan.Shown = nil // the first line names what does not vary
	if rows[0].master != nil {
		t.plan.Params = append(t.plan.Params, "master_seed")
	}
	points, err := summary.Summarise(read, t.plan)
	t.points = append(t.points, points...)
	return err
}

// write prints what the points have in common, then one line per point
// with its parameters that vary and what summary gives for its trials.
func (t *sweepTable) write(w io.Writer, trials int, seeds seedList) error {
	seed := fmt.Sprintf("seed %d", seeds[0])
	if len(seeds) > 1 {
		seed = fmt.Sprintf("%d master seeds", len(seeds))
	}
	fmt.Fprintf(w, "%s; %d points, %d trials each, %s\n", routers.Common(t.cfgs), len(t.points), trials, seed)
	return summary.WriteTable(w, t.points, t.plan)
}

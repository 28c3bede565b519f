package experiments

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"gopkg.in/yaml.v3"

	"github.com/hyperroute/hyperroute/stats"
)

// RSE is a rule that stops a grid point's trials once the mean of a
// measure is known to a target relative standard error (stats.Sequential):
// the decision is taken after every Batch trials of the point, on the
// values of its trials 0, 1, 2, … in trial order, and the spec's trials
// are the most a point runs. So the trials a point runs, and its rows,
// depend on the spec and seed alone, not on workers or shards: a run with
// a rule shards by points (shard i of k runs every trial of the points
// numbered i mod k), as the point's whole trial sequence decides.
type RSE struct {
	// Measure names a numeric or boolean (0 or 1) column of the trials
	// table, one value per trial.
	Measure string
	Target  float64 // in (0, 1); 0: no rule
	Batch   int     // trials between decisions, ≥ 2
}

// DefaultRSEBatch is the batch of a rule that sets none.
const DefaultRSEBatch = 20

// On reports whether the rule is set.
func (r RSE) On() bool { return r.Target > 0 }

// String returns "measure:target:batch", "" for no rule; ParseRSE reads it.
func (r RSE) String() string {
	if !r.On() {
		return ""
	}
	return r.Measure + ":" + strconv.FormatFloat(r.Target, 'g', -1, 64) + ":" + strconv.Itoa(r.Batch)
}

// ParseRSE parses RSE.String; "" is no rule.
func ParseRSE(s string) (RSE, error) {
	if s == "" {
		return RSE{}, nil
	}
	parts := strings.Split(s, ":")
	if len(parts) == 3 {
		t, errT := strconv.ParseFloat(parts[1], 64)
		b, errB := strconv.Atoi(parts[2])
		if errT == nil && errB == nil {
			return RSE{parts[0], t, b}, nil
		}
	}
	return RSE{}, fmt.Errorf("rse %q: want measure:target:batch", s)
}

// check reports why the rule cannot stop the trials of model m.
func (r RSE) check(m *Model) error {
	switch {
	case !(r.Target > 0 && r.Target < 1):
		return fmt.Errorf("target %v: want a relative standard error in (0, 1)", r.Target)
	case r.Batch < 2 || r.Batch > MaxTrials:
		return fmt.Errorf("batch %d: want 2 … %d trials", r.Batch, MaxTrials)
	case m.Once:
		return fmt.Errorf("model %s runs each point once: no rse", m.Name)
	}
	t := m.table(TableTrials)
	if t == nil {
		return fmt.Errorf("model %s has no trials table to take an rse measure from", m.Name)
	}
	if _, ok := measureColumn(t.Schema, r.Measure); !ok {
		return fmt.Errorf("measure %q: want a numeric or boolean column of the trials table (%s)", r.Measure, strings.Join(numericColumns(t.Schema), ", "))
	}
	return nil
}

// measureColumn returns the index of the numeric column name of schema; a
// boolean column counts as 0 or 1, so that its mean is a rate.
func measureColumn(schema *arrow.Schema, name string) (int, bool) {
	is := schema.FieldIndices(name)
	if len(is) != 1 {
		return 0, false
	}
	switch schema.Field(is[0]).Type.ID() {
	case arrow.INT32, arrow.INT64, arrow.UINT64, arrow.FLOAT64, arrow.BOOL:
		return is[0], true
	}
	return 0, false
}

func numericColumns(schema *arrow.Schema) []string {
	var names []string
	for _, f := range schema.Fields() {
		if _, ok := measureColumn(schema, f.Name); ok {
			names = append(names, f.Name)
		}
	}
	return names
}

// WithRSE returns a copy of s whose points stop by rule r; a rule with no
// target runs the spec's trials at every point.
func (s *Spec) WithRSE(r RSE) (*Spec, error) {
	if r.On() {
		if err := r.check(s.Model); err != nil {
			return nil, fmt.Errorf("%s: rse %w", s.Name, err)
		}
		if s.FirstTrial != 0 {
			return nil, fmt.Errorf("%s: rse decides on a point's trials from 0, not from %d", s.Name, s.FirstTrial)
		}
	}
	t := s.clone()
	t.RSE = r
	return t, nil
}

// parseRSE reads an rse mapping: measure, target, batch (default
// DefaultRSEBatch).
func (p nodes) parseRSE(n *yaml.Node, path string, m *Model) (RSE, error) {
	r := RSE{Batch: DefaultRSEBatch}
	err := p.mapping(n, path, []string{"measure", "target", "batch"}, func(key, full string, k, v *yaml.Node) error {
		var err error
		switch key {
		case "measure":
			r.Measure, err = p.str(v, full)
		case "target":
			r.Target, err = p.number(v, full)
		case "batch":
			r.Batch, err = p.integer(v, full, 2, MaxTrials)
		}
		return err
	})
	if err == nil && r.Measure == "" {
		err = p.errf(n, path+".measure", "missing")
	}
	if err == nil {
		if err = r.check(m); err != nil {
			err = p.errf(n, path, "%v", err)
		}
	}
	return r, err
}

// sequential runs the trials of the points of unit u that the runner's
// shard holds, each point until its rule stops it: in rounds of one batch
// of every point still running, the points' values taken in trial order
// after each round. It hands each round's jobs and outcomes to emit, in
// point order, then trial order, so that a unit's rows are written a round
// at a time and only a round's outcomes are held.
func (r *Runner) sequential(ctx context.Context, u Unit, emit func(job, any) error) error {
	s, rule := r.Spec, r.Spec.RSE
	type run struct {
		point *Point
		seq   *stats.Sequential
		done  bool
	}
	var runs []*run
	for i := range u.Points {
		p := &u.Points[i]
		if p.Index%r.Shard.K != r.Shard.I {
			continue
		}
		seq, err := stats.NewSequential(rule.Target, rule.Batch, s.Trials)
		if err != nil {
			return err
		}
		runs = append(runs, &run{point: p, seq: seq})
	}
	t := s.Model.table(TableTrials)
	col, _ := measureColumn(t.Schema, rule.Measure)
	b := array.NewRecordBuilder(memory.DefaultAllocator, t.Schema)
	defer b.Release()
	var jobs []job
	var owners []*run
	for first := 0; first < s.Trials; first += rule.Batch {
		jobs, owners = jobs[:0], owners[:0]
		for _, ru := range runs {
			if ru.done {
				continue
			}
			for trial := first; trial < min(first+rule.Batch, s.Trials); trial++ {
				jobs = append(jobs, job{ru.point, trial})
				owners = append(owners, ru)
			}
		}
		if len(jobs) == 0 {
			break
		}
		outs, err := r.runJobs(ctx, jobs)
		if err != nil {
			return err
		}
		for i, j := range jobs {
			ru := owners[i]
			x, err := measure(b, t, col, j, outs[i])
			if err != nil {
				return fmt.Errorf("%s: %v, trial %d: rse measure %s: %w", s.Name, j.point, j.trial, rule.Measure, err)
			}
			if err := emit(j, outs[i]); err != nil {
				return err
			}
			if ru.done = stops(ru.seq, x); ru.done {
				r.unplan(ru.point, s.Trials-ru.seq.N())
			}
		}
	}
	return nil
}

// unplan takes the trials a point will not run, stopped by its rule, out
// of the run's totals.
func (r *Runner) unplan(p *Point, trials int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.prog.TotalTrials -= int64(trials)
	r.prog.TotalWork -= int64(trials) * r.Spec.Model.work(p.Config)
}

// stops takes x into seq and reports whether the point stops after it. A
// mean of 0 (nothing seen yet, as in a run of rare losses) has no relative
// error: such a point runs to the most trials.
func stops(seq *stats.Sequential, x float64) bool {
	return seq.Add(x) && (seq.N() >= seq.Max || seq.Mean() != 0)
}

// measure returns the value in column col of the trials-table row of job j,
// whose worker returned out.
func measure(b *array.RecordBuilder, t *Table, col int, j job, out any) (float64, error) {
	t.Rows(b, j.point, j.trial, out)
	rec := b.NewRecordBatch()
	defer rec.Release()
	if rec.NumRows() != 1 {
		return 0, fmt.Errorf("%d rows in the trials table, want 1", rec.NumRows())
	}
	a := rec.Column(col)
	if a.IsNull(0) {
		return 0, fmt.Errorf("not reported")
	}
	var x float64
	switch a := a.(type) {
	case *array.Int32:
		x = float64(a.Value(0))
	case *array.Int64:
		x = float64(a.Value(0))
	case *array.Uint64:
		x = float64(a.Value(0))
	case *array.Float64:
		x = a.Value(0)
	case *array.Boolean:
		if a.Value(0) {
			x = 1
		}
	default:
		return 0, fmt.Errorf("column type %s", a.DataType())
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("value %v", x)
	}
	return x, nil
}

// WithRSEFlags returns s with its rse rule's target, measure and batch
// replaced by those of run's flags --rse (if setTarget), --rse-measure
// and --rse-batch ("" and 0 keep the spec's).
func (s *Spec) WithRSEFlags(setTarget bool, target float64, measure string, batch int) (*Spec, error) {
	r := s.RSE
	if setTarget {
		if !(target > 0 && target < 1) {
			return nil, fmt.Errorf("--rse=%v: want a relative standard error in (0, 1)", target)
		}
		r.Target = target
	}
	r.Measure = cmp.Or(measure, r.Measure)
	r.Batch = cmp.Or(batch, r.Batch, DefaultRSEBatch)
	switch {
	case !r.On():
		return nil, fmt.Errorf("--rse-measure, --rse-batch: %s has no rse rule; set its target with --rse", s.Name)
	case r.Measure == "":
		return nil, fmt.Errorf("--rse: %s names no rse measure; give --rse-measure, a column of the trials table", s.Name)
	}
	return s.WithRSE(r)
}

package summary

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/apache/arrow-go/v18/arrow"
	"gonum.org/v1/gonum/floats"

	"github.com/hyperroute/hyperroute/stats"
)

// Plan says what Summarise reduces per grid point of a results table, so
// that a summary shows what the run measured and nothing that does not
// apply to it.
type Plan struct {
	// Params are the grid columns, in the order of the output, those the
	// rows lack left out; Shown are those a table shows even where they do
	// not vary.
	Params, Shown []string
	// Measure is the column whose sample is summarised (T, time), in Unit;
	// "" for none. Routed, if set, is a boolean column: its false rows
	// were not run (no complete detour system) and are left out of the
	// sample, and so are the rows that lost everything they sent.
	Measure, Unit, Routed string
	// Means are columns whose mean over the non-null values is given, and
	// Shares boolean columns whose share of true values is, where a point
	// has any; the means of FaultyOnly only at the points Faulty says have
	// failed edges.
	Means, Shares, FaultyOnly []string
	// Intact, if set, is the column of each row's time on the intact cube
	// under the same rules: the slowdown is the mean of Measure over its
	// mean. Where a point has none, a faulty point's slowdown is over the
	// intact point that differs from it only in Baseline (the parameters
	// of the faults), if there is one.
	Intact   string
	Baseline []string
	// Lost and Sent are the columns of what a row lost of what it sent,
	// "" for none; the loss is given at the points Faulty says have
	// failed edges and Lossy (if set) says may lose, in units SentUnit
	// names.
	Lost, Sent    string
	Faulty, Lossy func(grid map[string]any) bool
	SentUnit      func(grid map[string]any) string
}

// Columns reads a column of the rows being summarised by name, its values
// as Values gives them; false if there is no such column.
type Columns func(name string) ([]any, bool)

// ArrowColumns returns the Columns of tables, their rows one after the
// other.
func ArrowColumns(tbls []arrow.Table) Columns {
	return func(name string) ([]any, bool) {
		if len(tbls) == 0 || len(tbls[0].Schema().FieldIndices(name)) == 0 {
			return nil, false
		}
		vs, err := Values(tbls, name)
		return vs, err == nil
	}
}

// Point is the summary of one grid point.
type Point struct {
	Grid   []Value // the parameters
	Trials int     // rows
	// Routed counts the rows of Sample, the sample of the measure over
	// the routed rows (nil for no measure), whose mean has the 95%
	// interval CI.
	Routed int
	Sample *Sample
	CI     stats.Interval
	// Stats are the means, shares, slowdown and loss the plan asks for,
	// in that order; a value the point has none of is nil.
	Stats []Value
}

// Value is a named value of a point.
type Value struct {
	Key   string
	Value any
}

// Summarise groups the rows of cols by the plan's parameters and
// summarises each group.
func Summarise(cols Columns, plan Plan) ([]Point, error) {
	var names []string
	var keys [][]any
	for _, p := range plan.Params {
		if vs, ok := cols(p); ok {
			names, keys = append(names, p), append(keys, vs)
		}
	}
	number := func(name string) ([]float64, error) {
		vs, ok := cols(name)
		if !ok {
			return nil, nil
		}
		out := make([]float64, len(vs))
		for i, v := range vs {
			x, ok := Number(v)
			if !ok {
				return nil, fmt.Errorf("column %q holds %q, not a number", name, v)
			}
			out[i] = x
		}
		return out, nil
	}
	read := map[string][]float64{}
	for _, name := range slices.Concat([]string{plan.Measure, plan.Routed, plan.Intact, plan.Lost, plan.Sent}, plan.Means, plan.Shares) {
		if name == "" || read[name] != nil {
			continue
		}
		xs, err := number(name)
		if err != nil {
			return nil, err
		}
		read[name] = xs
	}
	if plan.Measure != "" && read[plan.Measure] == nil {
		return nil, fmt.Errorf("no column %q", plan.Measure)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("none of the grid columns %s", strings.Join(plan.Params, ", "))
	}
	var points []Point
	for _, g := range GroupBy(keys...) {
		p := Point{Trials: len(g.Rows)}
		grid := make(map[string]any, len(names))
		for j, name := range names {
			p.Grid = append(p.Grid, Value{name, g.Key[j]})
			grid[name] = g.Key[j]
		}
		faulty := plan.Faulty != nil && plan.Faulty(grid)
		routed := slices.DeleteFunc(slices.Clone(g.Rows), func(i int) bool {
			if ok := read[plan.Routed]; ok != nil && ok[i] == 0 {
				return true
			}
			lost, sent := read[plan.Lost], read[plan.Sent]
			return faulty && lost != nil && sent != nil && sent[i] > 0 && lost[i] == sent[i]
		})
		p.Routed = len(routed)
		if xs := read[plan.Measure]; xs != nil && len(routed) > 0 {
			s := Of(At(xs, routed))
			p.Sample = &s
			_, p.CI = stats.MeanCI(At(xs, routed), 0.95)
		}
		for _, name := range plan.Means {
			var m any
			if faulty || !slices.Contains(plan.FaultyOnly, name) {
				m = meanAt(read[name], g.Rows)
			}
			p.Stats = append(p.Stats, Value{"mean_" + name, m})
		}
		for _, name := range plan.Shares {
			p.Stats = append(p.Stats, Value{"share_" + name, meanAt(read[name], g.Rows)})
		}
		if plan.Intact != "" {
			var slowdown any
			if in := meanAt(read[plan.Intact], routed); in != nil && p.Sample != nil {
				slowdown = p.Sample.Mean / in.(float64)
			}
			p.Stats = append(p.Stats, Value{"slowdown", slowdown})
		}
		if plan.Lost != "" && read[plan.Lost] != nil && read[plan.Sent] != nil {
			lossy := faulty && (plan.Lossy == nil || plan.Lossy(grid))
			p.Stats = append(p.Stats, loss(plan, grid, lossy, At(read[plan.Lost], g.Rows), At(read[plan.Sent], g.Rows))...)
		}
		points = append(points, p)
	}
	if plan.Intact != "" || len(plan.Baseline) > 0 {
		baselines(points, plan)
	}
	return points, nil
}

// baselines sets the slowdown of the faulty points without one against the
// intact point that differs from each only in the plan's Baseline
// parameters.
func baselines(points []Point, plan Plan) {
	grid := func(p Point) map[string]any {
		g := make(map[string]any, len(p.Grid))
		for _, v := range p.Grid {
			g[v.Key] = v.Value
		}
		return g
	}
	same := func(a, b Point) bool {
		for j, v := range a.Grid {
			if !slices.Contains(plan.Baseline, v.Key) && Compare(v.Value, b.Grid[j].Value) != 0 {
				return false
			}
		}
		return true
	}
	for i := range points {
		p := &points[i]
		j := slices.IndexFunc(p.Stats, func(v Value) bool { return v.Key == "slowdown" })
		if j < 0 {
			p.Stats = append(p.Stats, Value{"slowdown", nil})
			j = len(p.Stats) - 1
		}
		if p.Stats[j].Value != nil || p.Sample == nil || plan.Faulty == nil || !plan.Faulty(grid(*p)) {
			continue
		}
		k := slices.IndexFunc(points, func(b Point) bool { return b.Sample != nil && !plan.Faulty(grid(b)) && same(*p, b) })
		if k >= 0 && points[k].Sample.Mean > 0 {
			p.Stats[j].Value = p.Sample.Mean / points[k].Sample.Mean
		}
	}
}

// meanAt is the mean of the values of xs at rows that are not NaN, nil for
// none (or no column xs).
func meanAt(xs []float64, rows []int) any {
	if xs == nil {
		return nil
	}
	if vs := At(xs, rows); len(vs) > 0 {
		return floats.Sum(vs) / float64(len(vs))
	}
	return nil
}

// loss returns what the rows of a point lost of what they sent, in all, the
// loss and its 95% interval over the trials (Loss): nil on an intact cube.
func loss(plan Plan, grid map[string]any, faulty bool, lost, sent []float64) []Value {
	unit := "messages"
	if plan.SentUnit != nil {
		unit = plan.SentUnit(grid)
	}
	vs := []Value{{"lost", nil}, {"sent", nil}, {"unit", unit}, {"loss", nil}, {"loss_lo", nil}, {"loss_hi", nil}}
	if !faulty || len(lost) == 0 || len(lost) != len(sent) {
		return vs
	}
	l := Loss(lost, sent)
	vs[0].Value, vs[1].Value = int64(l.Lost), int64(l.Sent)
	if l.Trials == 0 {
		return vs
	}
	vs[3].Value = l.Loss
	if !l.Exact {
		vs[4].Value, vs[5].Value = l.Lo, l.Hi
	}
	return vs
}

// LossEstimate is what trials lost of what they sent.
type LossEstimate struct {
	Lost, Sent float64 // in all
	Trials     int     // that sent something
	// Loss is the mean over the trials of each one's share lost, and
	// Lo, Hi its 95% interval over the trials (the losses of one trial
	// share its faults, the trials are independent): Student's t; where
	// no trial lost anything (or each lost all), 0 up to (down from) the
	// chance that a trial loses anything (all), 1 − 0.05^(1/trials) with
	// 95% confidence. Exact says that every trial lost the same share
	// strictly between: a deterministic loss, Lo = Hi = Loss.
	Loss, Lo, Hi float64
	Exact        bool
}

// Loss estimates the loss of trials that lost lost[i] of sent[i].
func Loss(lost, sent []float64) LossEstimate {
	var l LossEstimate
	shares := make([]float64, 0, len(lost))
	for i := range lost {
		l.Lost, l.Sent = l.Lost+lost[i], l.Sent+sent[i]
		if sent[i] > 0 {
			shares = append(shares, lost[i]/sent[i])
		}
	}
	if l.Trials = len(shares); l.Trials == 0 {
		return l
	}
	var ci stats.Interval
	l.Loss, ci = stats.MeanCI(shares, 0.95)
	edge := 1 - math.Pow(0.05, 1/float64(len(shares)))
	switch lo, hi := slices.Min(shares), slices.Max(shares); {
	case hi == 0:
		l.Lo, l.Hi = 0, edge
	case lo == 1:
		l.Lo, l.Hi = 1-edge, 1
	case lo == hi:
		l.Lo, l.Hi, l.Exact = lo, hi, true
	default:
		l.Lo, l.Hi = max(ci.Lo, 0), min(ci.Hi, 1)
	}
	return l
}

// WriteJSONL writes each point as a JSON object: its parameters, trials,
// routed where the plan leaves out rows, mean, sd, min, max, median, p90
// and p99 of the measure with the 95% interval of the mean (keys suffixed
// _T or as the measure, null where it has no interval), then those of the
// plan's statistics that some point has (null where it has none).
func WriteJSONL(w io.Writer, points []Point, plan Plan) error {
	some := map[string]bool{}
	for _, p := range points {
		for _, v := range p.Stats {
			some[v.Key] = some[v.Key] || v.Value != nil && v.Key != "unit"
		}
	}
	for _, p := range points {
		row := slices.Clone(p.Grid)
		row = append(row, Value{"trials", p.Trials})
		if plan.Routed != "" || plan.Lost != "" {
			row = append(row, Value{"routed", p.Routed})
		}
		if m := plan.Measure; m != "" {
			var s Sample
			if p.Sample != nil {
				s = *p.Sample
			}
			row = append(row, Value{"mean_" + m, orNil(p.Sample, s.Mean)}, Value{"sd_" + m, orNil(p.Sample, s.SD)},
				Value{"min_" + m, orNil(p.Sample, s.Min)}, Value{"max_" + m, orNil(p.Sample, s.Max)},
				Value{"median_" + m, orNil(p.Sample, s.Median)}, Value{"p90_" + m, orNil(p.Sample, s.P90)},
				Value{"p99_" + m, orNil(p.Sample, s.P99)}, Value{"ci_lo_" + m, interval(p.Sample, p.CI.Lo)}, Value{"ci_hi_" + m, interval(p.Sample, p.CI.Hi)})
		}
		for _, v := range p.Stats {
			if some[v.Key] || v.Key == "unit" && some["lost"] {
				row = append(row, v)
			}
		}
		if err := writeObject(w, row); err != nil {
			return err
		}
	}
	return nil
}

// orNil is x, nil without a sample.
func orNil(s *Sample, x float64) any {
	if s == nil {
		return nil
	}
	return x
}

// interval is x, an end of the interval of a sample's mean: nil without
// one (one value, or all the same: exact).
func interval(s *Sample, x float64) any {
	if s == nil || s.Min == s.Max || math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}

// WriteTable prints the points as a table, one line per point: the
// parameters the plan shows and those that vary, the trials (and the
// routed ones where some were not), the measure's mean with its 95%
// interval ("exact" where all values agree), sd, median, p90, p99 and max,
// then the plan's statistics where some point has them; a p99 of fewer
// than 100 values is marked.
func WriteTable(w io.Writer, points []Point, plan Plan) error {
	if len(points) == 0 {
		return nil
	}
	var cols []int
	for j, kv := range points[0].Grid {
		varies := slices.ContainsFunc(points, func(p Point) bool { return Compare(p.Grid[j].Value, kv.Value) != 0 })
		if varies || slices.Contains(plan.Shown, kv.Key) {
			cols = append(cols, j)
		}
	}
	var head []string
	for _, j := range cols {
		head = append(head, points[0].Grid[j].Key)
	}
	head = append(head, "trials")
	routedCol := slices.ContainsFunc(points, func(p Point) bool { return p.Routed != p.Trials })
	if routedCol {
		head = append(head, "routed")
	}
	m := plan.Measure
	if m != "" {
		head = append(head, "mean "+m, "95% CI", "sd", "median", "p90", "p99", "max")
	}
	has := func(key string) bool {
		return slices.ContainsFunc(points, func(p Point) bool {
			return slices.ContainsFunc(p.Stats, func(v Value) bool { return v.Key == key && v.Value != nil })
		})
	}
	var statKeys []string
	for _, v := range points[0].Stats {
		switch v.Key {
		case "sent", "unit", "loss", "loss_lo", "loss_hi":
			continue
		case "lost":
			if has("lost") {
				head = append(head, "lost", "of", "loss", "95% CI")
				statKeys = append(statKeys, v.Key)
			}
			continue
		}
		if has(v.Key) {
			head = append(head, header(v.Key))
			statKeys = append(statKeys, v.Key)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	few := false
	for _, p := range points {
		var cells []string
		for _, j := range cols {
			cells = append(cells, fmt.Sprint(p.Grid[j].Value))
		}
		cells = append(cells, strconv.Itoa(p.Trials))
		if routedCol {
			cells = append(cells, strconv.Itoa(p.Routed))
		}
		if m != "" {
			if s := p.Sample; s != nil {
				mark := ""
				if s.N < 100 {
					mark, few = "*", true
				}
				mean, ci := meanCells(s, p.CI)
				cells = append(cells, mean, ci, fmt.Sprintf("%.4g", s.SD), fmt.Sprintf("%.4g", s.Median), fmt.Sprintf("%.4g", s.P90),
					fmt.Sprintf("%.4g%s", s.P99, mark), fmt.Sprintf("%.4g", s.Max))
			} else {
				cells = append(cells, "–", "–", "–", "–", "–", "–", "–")
			}
		}
		for _, key := range statKeys {
			v := statValue(p, key)
			switch {
			case key == "lost" && v == nil:
				cells = append(cells, "–", "–", "–", "–")
			case key == "lost":
				cells = append(cells, fmt.Sprint(v), fmt.Sprintf("%v %v", statValue(p, "sent"), statValue(p, "unit")))
				cells = append(cells, lossCells(statValue(p, "loss"), statValue(p, "loss_lo"), statValue(p, "loss_hi"))...)
			case v == nil:
				cells = append(cells, "–")
			case strings.HasPrefix(key, "share_"):
				cells = append(cells, fmt.Sprintf("%.4f", v))
			default:
				cells = append(cells, fmt.Sprintf("%.4g", v))
			}
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if few {
		fmt.Fprintf(w, "* p99 of fewer than 100 trials: about the max %s\n", m)
	}
	return nil
}

// header is the table's heading of a statistic.
func header(key string) string {
	if h, ok := map[string]string{"mean_gamma": "mean γ", "mean_rho": "mean ρ", "mean_failed_edges": "failed edges",
		"mean_T_intact": "T_intact", "share_no_detour": "no detour", "share_ok": "complete", "share_lockstep": "lockstep"}[key]; ok {
		return h
	}
	return strings.ReplaceAll(key, "_", " ")
}

// meanCells writes the mean and its 95% interval to the precision the
// interval gives: "exact" where every value is the same, "–" for one.
func meanCells(s *Sample, ci stats.Interval) (mean, interval string) {
	switch {
	case s.N == 1:
		return Format(s.Mean), "–"
	case s.Min == s.Max:
		return Format(s.Mean), "exact"
	}
	d := Decimals((ci.Hi - ci.Lo) / 2)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', d, 64) }
	return f(s.Mean), "[" + f(ci.Lo) + ", " + f(ci.Hi) + "]"
}

// lossCells writes a loss and its interval, "exact" where every trial lost
// the same share.
func lossCells(l, lo, hi any) []string {
	if l == nil {
		return []string{"–", "–"}
	}
	if lo == nil {
		return []string{fmt.Sprintf("%.4g", l), "exact"}
	}
	return []string{fmt.Sprintf("%.4g", l), fmt.Sprintf("[%.3g, %.3g]", lo, hi)}
}

func statValue(p Point, key string) any {
	if i := slices.IndexFunc(p.Stats, func(v Value) bool { return v.Key == key }); i >= 0 {
		return p.Stats[i].Value
	}
	return nil
}

package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

// summaryRow is one grid point of `hyperroute summary`: its parameters,
// its trials and the run time T over them.
type summaryRow struct {
	Grid   []gridValue // the table's parameter columns, in routers.Params order
	Trials int
	MeanT  float64
	SdT    float64 // n−1 denominator; 0 for one trial
	MinT   int64
	MaxT   int64
	t      []float64
}

// gridValue is the value of one parameter column at a grid point.
type gridValue struct {
	Name  string
	Value any // as Arrow gives it for JSON: string, integer, float64 or bool
}

// MarshalJSON writes the parameters by name, then trials, mean_T, sd_T,
// min_T and max_T.
func (r summaryRow) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	add := func(name string, v any) error {
		if len(b) > 1 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(name)
		x, err := json.Marshal(v)
		b = append(append(append(b, k...), ':'), x...)
		return err
	}
	for _, g := range r.Grid {
		if err := add(g.Name, g.Value); err != nil {
			return nil, err
		}
	}
	for _, kv := range []struct {
		name string
		v    any
	}{{"trials", r.Trials}, {"mean_T", r.MeanT}, {"sd_T", r.SdT}, {"min_T", r.MinT}, {"max_T", r.MaxT}} {
		if err := add(kv.name, kv.v); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// runSummary summarises the trials table of DIR/EXPERIMENT per grid point,
// read with the harness' own Parquet reader (dataset.ReadDataset), so that
// the notebooks' pyarrow, polars and DuckDB readings can be checked against
// it.
func runSummary(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("summary", flag.ContinueOnError)
	jsonl := fs.Bool("jsonl", false, "print one JSON object per grid point instead of the table")
	partial := fs.Bool("partial", false, "read also an experiment without a manifest (an incomplete run)")
	dir, exp, err := experimentArg(fs, args, stderr)
	if err != nil {
		return err
	}
	read := dataset.ReadDataset
	if *partial {
		read = dataset.ReadPartial
	}
	tbl, err := read(dir, exp, "trials")
	if err != nil {
		return readError(err)
	}
	defer tbl.Release()
	rows, err := summarize(tbl)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(dir, exp, "trials"), err)
	}
	if *jsonl {
		return writeJSONL(stdout, rows)
	}
	fmt.Fprintf(stdout, "%s: %d trials in %d grid points\n", filepath.Join(dir, exp, "trials"), tbl.NumRows(), len(rows))
	return printSummaryTable(stdout, rows)
}

// printSummaryTable prints the rows as a table: the parameter columns
// router, port, queue, pattern, n and mu, the others where they vary, and
// T's statistics.
func printSummaryTable(w io.Writer, rows []summaryRow) error {
	if len(rows) == 0 {
		return nil
	}
	var cols []int
	for j, g := range rows[0].Grid {
		varies := slices.ContainsFunc(rows, func(r summaryRow) bool { return r.Grid[j].Value != g.Value })
		if varies || slices.Contains([]string{"router", "port", "queue", "pattern", "n", "mu"}, g.Name) {
			cols = append(cols, j)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, j := range cols {
		fmt.Fprintf(tw, "%s\t", rows[0].Grid[j].Name)
	}
	fmt.Fprintln(tw, "trials\tmean T\tsd T\tmin T\tmax T\t")
	for _, r := range rows {
		for _, j := range cols {
			fmt.Fprintf(tw, "%v\t", r.Grid[j].Value)
		}
		fmt.Fprintf(tw, "%d\t%.4f\t%.4f\t%d\t%d\t\n", r.Trials, r.MeanT, r.SdT, r.MinT, r.MaxT)
	}
	return tw.Flush()
}

// summarize groups the rows of a trials table by its parameter columns
// (every column named in routers.Params) and summarises T, ordered by those
// columns in turn.
func summarize(tbl arrow.Table) ([]summaryRow, error) {
	var names []string
	var chunks [][]arrow.Array
	for i := range routers.Params {
		name := routers.Params[i].Name
		if len(tbl.Schema().FieldIndices(name)) == 0 {
			continue
		}
		c, err := dataset.Column(tbl, name)
		if err != nil {
			return nil, err
		}
		names, chunks = append(names, name), append(chunks, c)
	}
	ts, err := dataset.Int64s(tbl, "T")
	if err != nil {
		return nil, err
	}
	grid := make([][]any, len(names)) // grid[j][i]: column j at row i
	for j, c := range chunks {
		for _, a := range c {
			for i := range a.Len() {
				grid[j] = append(grid[j], a.GetOneForMarshal(i))
			}
		}
	}
	groups := make(map[string]*summaryRow)
	var key strings.Builder
	for i, t := range ts {
		key.Reset()
		for j := range names {
			fmt.Fprintf(&key, "%v\x00", grid[j][i])
		}
		g, ok := groups[key.String()]
		if !ok {
			g = &summaryRow{MinT: t, MaxT: t}
			for j, name := range names {
				g.Grid = append(g.Grid, gridValue{name, grid[j][i]})
			}
			groups[key.String()] = g
		}
		g.t = append(g.t, float64(t))
		g.MinT, g.MaxT = min(g.MinT, t), max(g.MaxT, t)
	}
	rows := make([]summaryRow, 0, len(groups))
	for _, g := range groups {
		g.Trials = len(g.t)
		var sum float64
		for _, t := range g.t {
			sum += t
		}
		g.MeanT = sum / float64(g.Trials)
		if g.Trials > 1 {
			g.SdT = stats.StdDev(g.t)
		}
		rows = append(rows, *g)
	}
	slices.SortFunc(rows, func(a, b summaryRow) int {
		for j := range a.Grid {
			if c := compareValues(a.Grid[j].Value, b.Grid[j].Value); c != 0 {
				return c
			}
		}
		return 0
	})
	return rows, nil
}

// compareValues orders two values of one column: numbers numerically,
// false before true, strings lexically.
func compareValues(a, b any) int {
	switch x := a.(type) {
	case string:
		return strings.Compare(x, b.(string))
	case bool:
		return cmp.Compare(btoi(x), btoi(b.(bool)))
	}
	return cmp.Compare(number(a), number(b))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// number is an Arrow integer or float value as a float64.
func number(v any) float64 {
	switch r := reflect.ValueOf(v); {
	case r.CanInt():
		return float64(r.Int())
	case r.CanUint():
		return float64(r.Uint())
	default:
		return r.Float()
	}
}

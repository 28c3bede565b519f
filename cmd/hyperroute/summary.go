package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/apache/arrow-go/v18/arrow"
	"gonum.org/v1/gonum/floats"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/summary"
)

// runSummary summarises the trials tables of runs of one experiment per
// grid point, pooled, read with the harness' own Parquet reader
// (dataset.ReadDataset), so that the notebooks' pyarrow, polars and DuckDB
// readings can be checked against it.
func runSummary(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("summary", flag.ContinueOnError)
	jsonl := fs.Bool("jsonl", false, "print one JSON object per grid point instead of the table")
	partial := fs.Bool("partial", false, "read also an experiment without a manifest (an incomplete run)")
	pos, err := positional(fs, args, stderr)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want DIR/EXPERIMENT, or several runs of one experiment to pool")
	}
	var tbls []arrow.Table
	for _, path := range pos {
		dir, exp, err := splitExperiment(path)
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
		tbls = append(tbls, tbl)
	}
	if err := summary.CheckPool(pos, tbls); err != nil {
		return usageError{err}
	}
	rows, err := summarize(tbls)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(pos[0], "trials"), err)
	}
	if *jsonl {
		for _, r := range rows {
			if err := writeObject(stdout, r.object()); err != nil {
				return err
			}
		}
		return nil
	}
	var n int64
	for _, t := range tbls {
		n += t.NumRows()
	}
	fmt.Fprintf(stdout, "%s: %d trials in %d grid points\n", strings.Join(pos, " + "), n, len(rows))
	return printSummaryTable(stdout, rows)
}

// keyValue is one key of a JSON object, in order.
type keyValue struct {
	key   string
	value any
}

// point is the summary of one grid point: its parameters, T's statistics
// and, if the table records it, the loss.
type point struct {
	grid           []keyValue
	t              summary.Sample
	hasLoss        bool // the table has the columns lost and messages
	lost, messages []float64
}

// object returns p as JSON keys: the parameters, trials, mean_T, sd_T,
// min_T, max_T, median_T, p90_T and p99_T, then lost, messages and loss
// (null where not recorded) if the table records them.
func (p point) object() []keyValue {
	row := append(slices.Clip(p.grid), keyValue{"trials", p.t.N}, keyValue{"mean_T", p.t.Mean}, keyValue{"sd_T", p.t.SD},
		keyValue{"min_T", int64(p.t.Min)}, keyValue{"max_T", int64(p.t.Max)},
		keyValue{"median_T", p.t.Median}, keyValue{"p90_T", p.t.P90}, keyValue{"p99_T", p.t.P99})
	if !p.hasLoss {
		return row
	}
	var lost, msgs, loss any
	if len(p.lost) > 0 {
		l, m := floats.Sum(p.lost), floats.Sum(p.messages)
		lost, msgs, loss = int64(l), int64(m), l/m
	}
	return append(row, keyValue{"lost", lost}, keyValue{"messages", msgs}, keyValue{"loss", loss})
}

// summarize groups the rows of the trials tables by their parameter
// columns (those of routers.Params), ordered by those columns in turn.
func summarize(tbls []arrow.Table) ([]point, error) {
	var names []string
	var keys [][]any
	for _, p := range routers.ParamNames() {
		if len(tbls[0].Schema().FieldIndices(p)) == 0 {
			continue
		}
		vs, err := summary.Values(tbls, p)
		if err != nil {
			return nil, err
		}
		names, keys = append(names, p), append(keys, vs)
	}
	ts, err := summary.Numbers(tbls, "T")
	if err != nil {
		return nil, err
	}
	lost, errL := summary.Numbers(tbls, "lost")
	msgs, errM := summary.Numbers(tbls, "messages")
	var points []point
	for _, g := range summary.GroupBy(keys...) {
		p := point{t: summary.Of(summary.At(ts, g.Rows)), hasLoss: errL == nil && errM == nil}
		for j, name := range names {
			p.grid = append(p.grid, keyValue{name, g.Key[j]})
		}
		if p.hasLoss {
			p.lost, p.messages = summary.At(lost, g.Rows), summary.At(msgs, g.Rows)
		}
		points = append(points, p)
	}
	return points, nil
}

// writeObject writes row as one JSON object, its keys in order.
func writeObject(w io.Writer, row []keyValue) error {
	b := []byte{'{'}
	for i, kv := range row {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(kv.key)
		v, err := json.Marshal(kv.value)
		if err != nil {
			return err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	_, err := w.Write(append(b, "}\n"...))
	return err
}

// printSummaryTable prints the points as a table: the parameter columns
// router, port, queue, pattern, n and mu, the others where they vary, and
// the statistics; a p99 of fewer than 100 trials is marked.
func printSummaryTable(w io.Writer, points []point) error {
	if len(points) == 0 {
		return nil
	}
	var cols []int
	for j, kv := range points[0].grid {
		varies := slices.ContainsFunc(points, func(p point) bool { return p.grid[j].value != kv.value })
		if varies || slices.Contains([]string{"router", "port", "queue", "pattern", "n", "mu"}, kv.key) {
			cols = append(cols, j)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, j := range cols {
		fmt.Fprintf(tw, "%s\t", points[0].grid[j].key)
	}
	fmt.Fprint(tw, "trials\tmean T\tsd T\tmedian T\tp90 T\tp99 T\tmax T\t")
	loss := slices.ContainsFunc(points, func(p point) bool { return len(p.lost) > 0 })
	if loss {
		fmt.Fprint(tw, "lost\tmessages\tloss\t")
	}
	fmt.Fprintln(tw)
	few := false
	for _, p := range points {
		for _, j := range cols {
			fmt.Fprintf(tw, "%v\t", p.grid[j].value)
		}
		mark := ""
		if p.t.N < 100 {
			mark, few = "*", true
		}
		fmt.Fprintf(tw, "%d\t%.4f\t%.4f\t%.1f\t%.1f\t%.1f%s\t%.0f\t", p.t.N, p.t.Mean, p.t.SD, p.t.Median, p.t.P90, p.t.P99, mark, p.t.Max)
		switch {
		case loss && len(p.lost) == 0:
			fmt.Fprint(tw, "–\t–\t–\t")
		case loss:
			l, m := floats.Sum(p.lost), floats.Sum(p.messages)
			fmt.Fprintf(tw, "%.0f\t%.0f\t%.4g\t", l, m, l/m)
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if few {
		fmt.Fprintln(w, "* p99 of fewer than 100 trials: about the max T")
	}
	return nil
}

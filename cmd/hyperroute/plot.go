package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/plots"
	"github.com/hyperroute/hyperroute/summary"
)

// runPlot draws a statistic of one column against another of any table of
// a run: a figure of one panel, one Data layer per statistic, in the house
// style of plots.
func runPlot(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("plot", flag.ContinueOnError)
	x := fs.String("x", "", "the `column` along the x axis (numbers)")
	y := fs.String("y", "T", "the `column` whose statistic is drawn (numbers or booleans; nulls left out)")
	by := fs.String("by", "", "the `column` whose values make one series each")
	table := fs.String("table", "trials", "the `table` of the run (dataset/SCHEMA.md)")
	stats := fs.String("stat", "mean", "comma-separated `statistics` of "+strings.Join(summary.Stats, ", ")+
		" (share: of the nonzero or true values), each with its 95% interval (t for the mean, order statistics for quantiles, Clopper–Pearson for share; none for max)")
	out := fs.String("out", "", "the `file` to write: FILE.png, FILE.svg or FILE.pdf")
	pos, err := parseArgs(fs, args, stderr, 1, "DIR/EXPERIMENT")
	if err != nil {
		return err
	}
	dir, experiment, err := splitExperiment(pos[0])
	if err != nil {
		return err
	}
	if st, err := os.Stat(pos[0]); err != nil || !st.IsDir() {
		return usagef("%s: no such run directory (hyperroute run or sim --out writes one)", pos[0])
	}
	if *x == "" || *out == "" {
		return usagef("want --x COLUMN and --out FILE.png|svg|pdf")
	}
	if err := checkOutFile(*out); err != nil {
		return err
	}
	list := strings.Split(*stats, ",")
	ylabel := *y
	if len(list) == 1 {
		ylabel = list[0] + " of " + *y
	}
	p := plots.Panel{X: plots.Axis{Label: axisLabel(*table, *x, *x)}, Y: plots.Axis{Label: axisLabel(*table, *y, ylabel)}}
	for _, s := range list {
		if !slices.Contains(summary.Stats, s) {
			return usagef("unknown statistic %q (want %s)", s, strings.Join(summary.Stats, ", "))
		}
		key := func(r plots.Row) string { return "stat=" + s }
		if *by != "" {
			key = func(r plots.Row) string { return *by + "=" + r.Str(*by) + ",stat=" + s }
		}
		p.Layers = append(p.Layers, plots.Data{By: key, Of: s,
			X: func(r plots.Row) float64 { return r.Num(*x) }, Y: func(r plots.Row) float64 { return r.Num(*y) }})
	}
	if _, err := os.Stat(filepath.Join(pos[0], *table)); err != nil {
		var tables []string
		entries, _ := os.ReadDir(pos[0])
		for _, e := range entries {
			if e.IsDir() {
				tables = append(tables, e.Name())
			}
		}
		return usagef("%s: no table %s in the run (it has %s)", pos[0], *table, cmp.Or(strings.Join(tables, ", "), "none"))
	}
	name := strings.TrimSuffix(filepath.Base(*out), filepath.Ext(*out))
	f := plots.Figure{Name: name, Experiment: experiment, Table: *table, Panels: []plots.Panel{p}}
	o, err := f.DrawFile(plots.Source{Dir: dir}, *out)
	if err != nil {
		return usageError{err}
	}
	points := 0
	for _, s := range o.Series {
		points += len(s.Points)
		for _, pt := range s.Points {
			if strings.HasSuffix(s.Name, "p99") && pt.N < 100 {
				fmt.Fprintf(stderr, "note: %s at %s=%v from %d values: about the maximum\n", s.Name, *x, pt.X, pt.N)
				break
			}
		}
	}
	fmt.Fprintf(stdout, "%s: %d series, %d points\n", *out, len(o.Series), points)
	return nil
}

// axisLabel labels an axis with text and the unit SCHEMA.md gives column.
func axisLabel(table, column, text string) string {
	if d, _ := dataset.DocOf(table, column); d.Unit != "" {
		return text + " (" + d.Unit + ")"
	}
	return text
}

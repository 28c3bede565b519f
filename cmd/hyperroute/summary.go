package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/results"
	"github.com/hyperroute/hyperroute/stats"
)

// summaryRow is one grid point of `hyperroute summary`: its trials and the
// run time T over them.
type summaryRow struct {
	Router  string  `json:"router"`
	Port    string  `json:"port"`
	Queue   string  `json:"queue"`
	Pattern string  `json:"pattern"`
	N       int64   `json:"n"`
	Mu      int64   `json:"mu"`
	Trials  int     `json:"trials"`
	MeanT   float64 `json:"mean_T"`
	SdT     float64 `json:"sd_T"` // n−1 denominator; 0 for one trial
	MinT    int64   `json:"min_T"`
	MaxT    int64   `json:"max_T"`
	t       []float64
}

// runSummary summarises the trials table of DIR/EXPERIMENT per grid point,
// read with the harness' own Parquet reader (results.ReadDataset), so that
// the notebooks' pyarrow, polars and DuckDB readings can be checked against
// it.
func runSummary(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("summary", flag.ContinueOnError)
	jsonl := fs.Bool("jsonl", false, "print one JSON object per grid point instead of the table")
	dir, exp, err := experimentArg(fs, args, stderr)
	if err != nil {
		return err
	}
	tbl, err := results.ReadDataset(dir, exp, "trials")
	if err != nil {
		return err
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
	fmt.Fprintf(stdout, "%-8s %-6s %-8s %-10s %3s %3s %7s %9s %8s %6s %6s\n",
		"router", "port", "queue", "pattern", "n", "mu", "trials", "mean T", "sd T", "min T", "max T")
	for _, r := range rows {
		fmt.Fprintf(stdout, "%-8s %-6s %-8s %-10s %3d %3d %7d %9.4f %8.4f %6d %6d\n",
			r.Router, r.Port, r.Queue, r.Pattern, r.N, r.Mu, r.Trials, r.MeanT, r.SdT, r.MinT, r.MaxT)
	}
	return nil
}

// summarize groups the rows of a trials table by the grid columns router,
// port, queue, pattern, n and mu and summarises T, in the order of those
// columns (n and mu numerically).
func summarize(tbl arrow.Table) ([]summaryRow, error) {
	strs := make([][]string, 4)
	for i, name := range []string{"router", "port", "queue", "pattern"} {
		var err error
		if strs[i], err = results.Strings(tbl, name); err != nil {
			return nil, err
		}
	}
	ints := make([][]int64, 3)
	for i, name := range []string{"n", "mu", "T"} {
		var err error
		if ints[i], err = results.Int64s(tbl, name); err != nil {
			return nil, err
		}
	}
	groups := make(map[string]*summaryRow)
	for i := range ints[2] {
		key := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%d\x00%d", strs[0][i], strs[1][i], strs[2][i], strs[3][i], ints[0][i], ints[1][i])
		g, ok := groups[key]
		if !ok {
			g = &summaryRow{Router: strs[0][i], Port: strs[1][i], Queue: strs[2][i], Pattern: strs[3][i],
				N: ints[0][i], Mu: ints[1][i], MinT: ints[2][i], MaxT: ints[2][i]}
			groups[key] = g
		}
		t := ints[2][i]
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
		return cmp.Or(strings.Compare(a.Router, b.Router), strings.Compare(a.Port, b.Port),
			strings.Compare(a.Queue, b.Queue), strings.Compare(a.Pattern, b.Pattern),
			cmp.Compare(a.N, b.N), cmp.Compare(a.Mu, b.Mu))
	})
	return rows, nil
}

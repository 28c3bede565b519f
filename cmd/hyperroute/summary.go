package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

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
	if err := noteBuilds(pos, stderr); err != nil {
		return err
	}
	rows, err := summary.Trials(tbls, routers.ParamNames())
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(pos[0], "trials"), err)
	}
	if *jsonl {
		return summary.WriteJSONL(stdout, rows)
	}
	var n int64
	for _, t := range tbls {
		n += t.NumRows()
	}
	fmt.Fprintf(stdout, "%s: %d trials in %d grid points\n", strings.Join(pos, " + "), n, len(rows))
	return summary.WriteTable(stdout, rows)
}

// noteBuilds says on w, in a line, if the runs' trials tables were written
// by more than one build of the harness (merge --accept-build, or runs of
// different builds pooled): summary pools them all the same.
func noteBuilds(runs []string, w io.Writer) error {
	var builds []dataset.Provenance
	var where []string
	for _, path := range runs {
		dir, exp, _ := splitExperiment(path)
		files, err := dataset.Scan(dir, exp)
		if err != nil {
			return readError(err)
		}
		for _, f := range files {
			m, err := dataset.ManifestFromMeta(f.Meta)
			if err != nil || f.Table != "trials" || slices.ContainsFunc(builds, m.Harness.Same) {
				continue
			}
			builds = append(builds, m.Harness)
			where = append(where, fmt.Sprintf("%s (%s)", m.Harness, filepath.Join(path, f.Path)))
		}
	}
	if len(builds) > 1 {
		fmt.Fprintf(w, "hyperroute summary: note: the trials pooled were written by %d builds of the harness: %s\n", len(builds), strings.Join(where, "; "))
	}
	return nil
}

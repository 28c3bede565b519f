package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/summary"
)

// runSummary summarises the table of runs of one experiment per grid
// point, pooled, read with the harness' own Parquet reader
// (dataset.ReadDataset), so that the notebooks' pyarrow, polars and DuckDB
// readings can be checked against it. What it summarises fits the run's
// model (summaryPlan).
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
	table := ""
	for _, path := range pos {
		dir, exp, err := splitExperiment(path)
		if err != nil {
			return err
		}
		if table == "" {
			table = summaryTable(dir, exp)
		}
		read := dataset.ReadDataset
		if *partial {
			read = dataset.ReadPartial
		}
		tbl, err := read(dir, exp, table)
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
	cols := summary.ArrowColumns(tbls)
	plan := summaryPlan(specOfTable(tbls[0]), cols)
	rows, err := summary.Summarise(cols, plan)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(pos[0], table), err)
	}
	if *jsonl {
		return summary.WriteJSONL(stdout, rows, plan)
	}
	var n int64
	for _, t := range tbls {
		n += t.NumRows()
	}
	fmt.Fprintf(stdout, "%s: %d trials in %d grid points\n", strings.Join(pos, " + "), n, len(rows))
	return summary.WriteTable(stdout, rows, plan)
}

// summaryTable is the table of DIR/EXPERIMENT to summarise: the first of
// its model's tables (trials, collectives, estimates) that it has.
func summaryTable(dir, exp string) string {
	for _, t := range []string{experiments.TableTrials, experiments.TableCollectives, experiments.TableEstimates} {
		if _, err := os.Stat(filepath.Join(dir, exp, t)); err == nil {
			return t
		}
	}
	return experiments.TableTrials
}

// specOfTable returns the spec a table's metadata records, nil if none
// does or it does not parse.
func specOfTable(tbl arrow.Table) *experiments.Spec {
	md := tbl.Schema().Metadata()
	i := md.FindKey(dataset.MetaSpec)
	if i < 0 {
		return nil
	}
	s, err := experiments.Parse("spec", []byte(md.Values()[i]))
	if err != nil {
		return nil
	}
	return s
}

// summaryPlan says what a summary of the rows of cols, of a run of spec
// (nil if unknown: the routing model), gives per grid point: for routing
// the time T of the routed trials, over detours γ, the intact time and the
// slowdown, on a faulty cube the failed edges and the loss, and the
// delivery rule where a router takes it; for collectives the time, ρ and
// on a faulty cube γ; for detour draws their failed edges, γ and how often
// a system was complete; for loss estimates the estimate and its bracket.
func summaryPlan(spec *experiments.Spec, cols summary.Columns) summary.Plan {
	model := experiments.RoutingModel
	if spec != nil {
		model = spec.Model.Name
	}
	m, _ := experiments.LookupModel(model)
	faulty := func(grid map[string]any) bool {
		for _, k := range []string{"q", "k"} {
			if x, ok := summary.Number(grid[k]); ok && x > 0 {
				return true
			}
		}
		f, _ := grid["faults"].(string)
		return f != ""
	}
	switch model {
	case experiments.CollectivesModel:
		return summary.Plan{Params: m.Axes(), Shown: []string{"op", "algo", "topology", "p", "port"},
			Measure: "time", Routed: "ok", Means: []string{"rho", "failed_edges", "gamma"}, FaultyOnly: []string{"failed_edges"}, Faulty: faulty,
			Baseline: []string{"q", "k", "faults", "detours"}}
	case experiments.DetoursModel:
		return summary.Plan{Params: m.Axes(), Shown: []string{"n", "detours"},
			Means: []string{"failed_edges", "gamma"}, Shares: []string{"no_detour", "ok"}}
	case experiments.LossModel:
		return summary.Plan{Params: m.Axes(), Shown: []string{"router", "n", "q"},
			Means: []string{"loss", "se", "exact_lo", "exact_hi", "trials"}}
	}
	plan := summary.Plan{Params: routers.ParamNames(), Shown: []string{"router", "port", "queue", "pattern", "n", "mu"},
		Measure: "T", Unit: "steps", Routed: "ok", Means: []string{"failed_edges", "gamma", "d", "T_intact"},
		FaultyOnly: []string{"failed_edges"}, Shares: []string{"lockstep"}, Intact: "T_intact",
		Lost: "lost", Sent: "messages", Faulty: faulty,
		// Over detours nothing crosses a failed edge.
		Lossy: func(grid map[string]any) bool { d, _ := grid["detours"].(string); return d == "" || d == "none" },
		SentUnit: func(grid map[string]any) string {
			if k, err := routers.Lookup(fmt.Sprint(grid["router"])); err == nil && k.Copies {
				return "messages"
			}
			return "packets"
		}}
	if spec != nil && (spec.DrawOnly || spec.Clockless) {
		plan.Measure, plan.Intact = "", ""
		plan.Shares = append(plan.Shares, "ok", "no_detour")
	}
	if rs, ok := cols("router"); ok && slices.ContainsFunc(rs, func(r any) bool { return r == "ecube" || r == "valiant" }) {
		plan.Shown = append(plan.Shown, "delivery")
	}
	return plan
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

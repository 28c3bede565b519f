package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hyperroute/hyperroute/plots"
)

// runFigures draws every figure of plots.Figures from the Parquet files in
// the results directory, skipping with a note those whose experiment has not
// been run, writes their captions into captions.md beside them, and prints
// the paths written.
func runFigures(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("figures", flag.ContinueOnError)
	dir := fs.String("results", "results", "results directory, as written by hyperroute run --out")
	out := fs.String("out", "figures", "directory for the PNG, SVG and PDF files")
	partial := fs.Bool("partial", false, "draw also from experiments without a manifest (incomplete runs)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		return usagef("--results %s: not a results directory", *dir)
	}
	var captions strings.Builder
	drawn, incomplete, err := plots.DrawAll(plots.Source{Dir: *dir, Partial: *partial}, *out, func(name string, o plots.Output, skipped error) {
		if skipped != nil {
			fmt.Fprintf(stderr, "figures: skip %s: %v\n", name, skipped)
		}
		if o.Caption != "" {
			fmt.Fprintf(&captions, "## %s\n\n%s\n\n", name, o.Caption)
		}
		for _, note := range o.Notes {
			fmt.Fprintf(stderr, "figures: %s: %s\n", name, note)
		}
		for _, path := range o.Files {
			fmt.Fprintln(stdout, path)
		}
	})
	if err != nil {
		return pathError(err)
	}
	if drawn > 0 {
		path := filepath.Join(*out, "captions.md")
		if err := os.WriteFile(path, []byte("# Captions\n\nWhat each figure shows, with what its rows add, as `hyperroute figures` drew it.\n\n"+captions.String()), 0o644); err != nil {
			return err
		}
		fmt.Fprintln(stdout, path)
	}
	fmt.Fprintf(stderr, "figures: drew %d of %d figures from %s into %s\n", drawn, len(plots.Figures), *dir, *out)
	if incomplete > 0 {
		return usagef("%d figures not drawn: their experiments are incomplete (--partial draws them)", incomplete)
	}
	return nil
}

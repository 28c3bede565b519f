package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/hyperroute/hyperroute/plots"
)

// runFigures draws every figure of plots.Figures from the Parquet files in
// the results directory, skipping with a note those whose experiment has not
// been run, and prints the paths written.
func runFigures(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("figures", flag.ContinueOnError)
	dir := fs.String("results", "results", "results directory, as written by hyperroute run --out")
	out := fs.String("out", "figures", "directory for the PNG, SVG and PDF files")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	drawn := 0
	for _, f := range plots.Figures {
		o, err := f.Draw(*dir, *out)
		if errors.Is(err, plots.ErrNoData) {
			fmt.Fprintf(stderr, "figures: skip %s: %v\n", f.Name, err)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		for _, note := range o.Notes {
			fmt.Fprintf(stderr, "figures: %s: %s\n", f.Name, note)
		}
		for _, path := range o.Files {
			fmt.Fprintln(stdout, path)
		}
		drawn++
	}
	fmt.Fprintf(stderr, "figures: drew %d of %d figures from %s into %s\n", drawn, len(plots.Figures), *dir, *out)
	return nil
}

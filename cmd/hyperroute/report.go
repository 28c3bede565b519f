package main

import (
	"flag"
	"io"
	"os"
	"strings"

	"github.com/hyperroute/hyperroute/paperreport"
)

// runReport writes the thesis' statements with their verdicts on the
// results in --results as Markdown (package paperreport).
func runReport(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	dir := fs.String("results", "results", "results directory, as written by hyperroute run --out")
	out := fs.String("out", "", "the Markdown file to write (default stdout)")
	figures := fs.String("figures", "", "the `directory` hyperroute figures drew into, whose captions.md the report shows under each figure (default: the directory of --out, where the figures' PNGs are shown inline)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		return usagef("--results %s: not a results directory", *dir)
	}
	if *out != "" {
		if err := checkOutFile(*out); err != nil {
			return err
		}
	}
	if *figures != "" {
		if st, err := os.Stat(*figures); err != nil || !st.IsDir() {
			return usagef("--figures %s: not a directory", *figures)
		}
	}
	return paperreport.Report(*dir, *figures, *out, strings.Join(append([]string{"hyperroute report"}, args...), " "), stdout)
}

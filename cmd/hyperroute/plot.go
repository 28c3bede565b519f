package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hyperroute/hyperroute/plots"
	"github.com/hyperroute/hyperroute/summary"
)

// runPlot draws a statistic of one column against another of any table of
// a run.
func runPlot(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("plot", flag.ContinueOnError)
	var c plots.Custom
	fs.StringVar(&c.X, "x", "", "the `column` along the x axis (numbers)")
	fs.StringVar(&c.Y, "y", "T", "the `column` whose statistic is drawn (numbers or booleans; nulls left out)")
	fs.StringVar(&c.By, "by", "", "the `column` whose values make one series each")
	fs.StringVar(&c.Table, "table", "trials", "the `table` of the run (dataset/SCHEMA.md)")
	stats := fs.String("stat", "mean", "comma-separated `statistics` of "+strings.Join(summary.Stats, ", ")+
		" (share: of the nonzero or true values), each with its 95% interval (t for the mean, order statistics for quantiles, Clopper–Pearson for share; none for max)")
	fs.StringVar(&c.Out, "out", "", "the `file` to write: FILE.png, FILE.svg or FILE.pdf")
	pos, err := parseArgs(fs, args, stderr, 1, "DIR/EXPERIMENT")
	if err != nil {
		return err
	}
	if c.Dir, c.Experiment, err = splitExperiment(pos[0]); err != nil {
		return err
	}
	if st, err := os.Stat(pos[0]); err != nil || !st.IsDir() {
		return usagef("%s: no such run directory (hyperroute run or sim --out writes one)", pos[0])
	}
	c.Stats = strings.Split(*stats, ",")
	if c.X == "" || c.Out == "" {
		return usagef("want --x COLUMN and --out FILE.png|svg|pdf")
	}
	if err := checkOutFile(c.Out); err != nil {
		return err
	}
	series, err := c.Draw()
	if err != nil {
		return usageError{err}
	}
	points := 0
	for _, s := range series {
		points += len(s.Points)
		for _, p := range s.Points {
			if strings.HasPrefix(s.Stat, "p99") && p.N < 100 {
				fmt.Fprintf(stderr, "note: %s at %s=%v from %d values: about the maximum\n", s.Name(c.By), c.X, p.X, p.N)
				break
			}
		}
	}
	fmt.Fprintf(stdout, "%s: %d series, %d points\n", c.Out, len(series), points)
	return nil
}

package main

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/experiments"
)

func runValidate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	pos, err := parseArgs(fs, args, stderr, 1, "one SPEC (an experiment name or a spec file)")
	if err != nil {
		return err
	}
	spec, err := experiments.Load(pos[0])
	if err != nil {
		return usageError{err}
	}
	fmt.Fprintf(stdout, "%s: %s is valid\n", spec.File, spec.Name)
	describe(stdout, "default", spec)
	for _, name := range slices.Sorted(maps.Keys(spec.Profiles)) {
		p, err := spec.WithProfile(name)
		if err != nil {
			return err
		}
		describe(stdout, "profile "+name, p)
	}
	return nil
}

// describe prints what a run of spec does.
func describe(w io.Writer, title string, spec *experiments.Spec) {
	pts := spec.Points()
	fmt.Fprintf(w, "  %s: %d points × %d trials = %d trials in %d units (partition %s); tables %s\n",
		title, len(pts), spec.Trials, len(pts)*spec.Trials, len(spec.Units()),
		orNone(spec.Partition), strings.Join(spec.Tables, ", "))
	skipped := spec.Skipped()
	for _, s := range skipped[:min(len(skipped), 10)] {
		fmt.Fprintf(w, "    skipped %v: %v\n", s.Point, s.Reason)
	}
	if len(skipped) > 10 {
		fmt.Fprintf(w, "    and %d more points skipped\n", len(skipped)-10)
	}
}

func orNone(keys []string) string {
	if len(keys) == 0 {
		return "none"
	}
	return strings.Join(keys, ", ")
}

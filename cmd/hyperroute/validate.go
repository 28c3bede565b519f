package main

import (
	"cmp"
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
	verbose := fs.Bool("verbose", false, "list every combination the grid skips, with its reason")
	pos, err := parseArgs(fs, args, stderr, 1, "one SPEC (an experiment name or a spec file)")
	if err != nil {
		return err
	}
	spec, err := experiments.Load(pos[0])
	if err != nil {
		return usageError{err}
	}
	fmt.Fprintf(stdout, "%s: %s is valid\n", spec.File, spec.Name)
	describe(stdout, "default", spec, *verbose)
	for _, name := range slices.Sorted(maps.Keys(spec.Profiles)) {
		p, err := spec.WithProfile(name)
		if err != nil {
			return err
		}
		describe(stdout, "profile "+name, p, *verbose)
	}
	return nil
}

// describe prints what a run of spec does: the combinations skipped
// counted, the commonest reasons, or with verbose each one.
func describe(w io.Writer, title string, spec *experiments.Spec, verbose bool) {
	pts := spec.Points()
	fmt.Fprintf(w, "  %s: %d points × %d trials = %d trials in %d units (partition %s); tables %s\n",
		title, len(pts), spec.Trials, len(pts)*spec.Trials, len(spec.Units()),
		orNone(spec.Partition), strings.Join(spec.Tables, ", "))
	skipped := spec.Skipped()
	if verbose {
		for _, s := range skipped {
			fmt.Fprintf(w, "    skipped %v: %v\n", s.Point, s.Reason)
		}
		return
	}
	if len(skipped) == 0 {
		return
	}
	count := make(map[string]int)
	for _, s := range skipped {
		count[s.Reason.Error()]++
	}
	reasons := slices.SortedFunc(maps.Keys(count), func(a, b string) int { return cmp.Or(count[b]-count[a], strings.Compare(a, b)) })
	fmt.Fprintf(w, "    %d combinations of the grid skipped (skip_invalid) for %d reasons, such as:\n", len(skipped), len(reasons))
	for _, r := range reasons[:min(2, len(reasons))] {
		fmt.Fprintf(w, "      %d× %s\n", count[r], r)
	}
	fmt.Fprintln(w, "    (validate --verbose lists them)")
}

func orNone(keys []string) string {
	if len(keys) == 0 {
		return "none"
	}
	return strings.Join(keys, ", ")
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"syscall"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
)

// runVerify prints a line per problem of DIR/EXPERIMENT (experiments.Verify)
// on stdout, and a summary: on stdout if there is none, else as the error.
func runVerify(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	dir, exp, err := experimentArg(fs, args, stderr)
	if err != nil {
		return err
	}
	rep, err := experiments.Verify(dir, exp)
	if err != nil {
		return usageError{err}
	}
	root := filepath.Join(dir, exp)
	for _, p := range rep.Problems {
		fmt.Fprintf(stdout, "%s: %s\n", filepath.Join(root, p.Path), p.What)
	}
	aside := ""
	if len(rep.Aside) > 0 {
		aside = fmt.Sprintf("; %s set aside as damaged (*.damaged), not part of the dataset", count(len(rep.Aside), "file"))
	}
	if len(rep.Problems) == 0 {
		_, err := fmt.Fprintf(stdout, "%s: all %s of %s there, %d rows, each as the manifest and the spec say%s\n",
			root, count(rep.Files, "file"), count(rep.Shards, "shard"), rep.Rows, aside)
		return err
	}
	hint := ""
	if rep.Repair != "" {
		hint = "; to repair: " + rep.Repair
	}
	return fmt.Errorf("%s: %s in %s (the run has %d)%s%s", root, count(len(rep.Problems), "problem"),
		count(rep.Files, "file"), rep.Want, aside, hint)
}

// readError marks an error reading a results directory as bad input
// (exit status 2) if the directory is missing or not one (a file), or
// the run incomplete.
func readError(err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || dataset.IsIncomplete(err) {
		return usageError{err}
	}
	return err
}

// count returns "1 file", "2 files".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
)

// lockRun takes the lock of DIR/EXPERIMENT (dataset.LockRun) and prints
// its notes. A directory that cannot be made is bad input; a lock held by
// another process, a failure.
func lockRun(dir, exp, shard string, stderr io.Writer) (*dataset.Lock, error) {
	lock := dataset.LockRun
	if shard != "" {
		lock = func(dir, exp string) (*dataset.Lock, error) { return dataset.LockShard(dir, exp, shard) }
	}
	l, err := lock(dir, exp)
	var held *dataset.LockedError
	if err != nil && !errors.As(err, &held) {
		return nil, usageError{err}
	}
	if err != nil {
		return nil, err
	}
	for _, n := range l.Notes {
		fmt.Fprintf(stderr, "%s: %s\n", filepath.Join(dir, exp), n)
	}
	return l, nil
}

func runMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := fs.String("out", "", "results directory (then the argument is the experiment name)")
	accept := fs.Bool("accept-build", false, "take shards written by other builds of the harness")
	pos, err := parseArgs(fs, args, stderr, 1, "DIR/EXPERIMENT, or --out DIR EXPERIMENT")
	if err != nil {
		return err
	}
	dir, exp := *out, pos[0]
	if dir == "" {
		dir, exp = filepath.Split(filepath.Clean(pos[0]))
	}
	if exp == "" || exp == "." || exp == ".." || strings.ContainsAny(exp, `/\`) {
		return usagef("%q does not name an experiment directory", pos[0])
	}
	if _, err := os.Stat(filepath.Join(dir, exp)); err != nil {
		return usageError{err}
	}
	lock, err := lockRun(dir, exp, "", stderr)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	m, err := experiments.MergeWith(dir, exp, experiments.MergeOptions{AcceptBuilds: *accept})
	if err != nil {
		return readError(err)
	}
	var tables []string
	for _, t := range slices.Sorted(maps.Keys(m.Tables)) {
		tables = append(tables, fmt.Sprintf("%s %d rows in %d files", t, m.Tables[t].Rows, len(m.Tables[t].Files)))
	}
	_, err = fmt.Fprintf(stdout, "%s: %d shards complete; %s; wrote %s\n", filepath.Join(dir, exp), m.Shards,
		strings.Join(tables, ", "), filepath.Join(dir, exp, dataset.ManifestName))
	return err
}

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
	"syscall"
	"time"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
)

// lockRun takes the lock of DIR/EXPERIMENT (dataset.LockRun, or
// dataset.LockShard for a shard "i-of-k") and prints its notes. A results
// path that cannot be a directory is bad input; a lock held by another
// process, or a file system on which it cannot be taken, a failure.
func lockRun(dir, exp, shard string, lease time.Duration, stderr io.Writer) (*dataset.Lock, error) {
	o := dataset.LockOptions{Lease: lease}
	var l *dataset.Lock
	var err error
	if shard != "" {
		l, err = dataset.LockShard(dir, exp, shard, o)
	} else {
		l, err = dataset.LockRun(dir, exp, o)
	}
	if err != nil {
		return nil, pathError(err)
	}
	for _, n := range l.Notes {
		fmt.Fprintf(stderr, "%s: %s\n", filepath.Join(dir, exp), n)
	}
	return l, nil
}

// leaseFlag defines --lease on fs.
func leaseFlag(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("lease", dataset.DefaultLease, "the results directory's lock stays valid this `long` unless renewed: "+
		"its holder renews it every third of that, and a lock not renewed for its lease is taken over from any host")
}

// checkLease refuses a lease outside [1s, 24h].
func checkLease(lease time.Duration) error {
	if lease < time.Second || lease > 24*time.Hour {
		return usagef("lease=%v: want a duration from 1s to 24h", lease)
	}
	return nil
}

func runMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := fs.String("out", "", "results directory (then the argument is the experiment name)")
	accept := fs.Bool("accept-build", false, "take shards written by other builds of the harness")
	lease := leaseFlag(fs)
	pos, err := parseArgs(fs, args, stderr, 1, "DIR/EXPERIMENT, or --out DIR EXPERIMENT")
	if err != nil {
		return err
	}
	if err := checkLease(*lease); err != nil {
		return err
	}
	dir, exp := *out, pos[0]
	if dir == "" {
		dir, exp = filepath.Split(filepath.Clean(pos[0]))
	}
	if exp == "" || exp == "." || exp == ".." || strings.ContainsAny(exp, `/\`) {
		return usagef("%q does not name an experiment directory", pos[0])
	}
	if st, err := os.Stat(filepath.Join(dir, exp)); err != nil {
		return usageError{err}
	} else if !st.IsDir() {
		return usagef("%s is not a directory", filepath.Join(dir, exp))
	}
	lock, err := lockRun(dir, exp, "", *lease, stderr)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	m, err := experiments.MergeWith(dir, exp, experiments.MergeOptions{AcceptBuilds: *accept, Guard: lock.Check})
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

// pathError marks an error of a path that cannot be what the command
// line says it is (a file where a directory must be, a name too long) as
// bad input; other errors of the file system (read-only, full, no
// permission) are failures.
func pathError(err error) error {
	if errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.ENAMETOOLONG) {
		return usageError{err}
	}
	return err
}

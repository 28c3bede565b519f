package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
)

// parseArgs parses the flags among args, before and after the positional
// arguments, and returns the positional arguments; there must be want of
// them, named by what in the error.
func parseArgs(fs *flag.FlagSet, args []string, stderr io.Writer, want int, what string) ([]string, error) {
	pos, err := positional(fs, args, stderr)
	switch {
	case err != nil:
		return nil, err
	case want == 0 && len(pos) > 0:
		return nil, usagef("unexpected argument %q", pos[0])
	case want < 0 && len(pos) == 0, want >= 0 && len(pos) != want:
		return nil, usagef("want %s, got %d arguments", what, len(pos))
	}
	return pos, nil
}

// parseFlags parses args, which are flags only.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) error {
	_, err := parseArgs(fs, args, stderr, 0, "no arguments")
	return err
}

// positional parses the flags among args, before and after the positional
// arguments, and returns the positional arguments.
func positional(fs *flag.FlagSet, args []string, stderr io.Writer) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				printUsage(fs, stderr)
				return nil, err
			}
			return nil, usageError{flagHint(fs, err)}
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return pos, nil
}

// experimentArg parses the flags among args and the one positional
// argument DIR/EXPERIMENT, and returns DIR and EXPERIMENT.
func experimentArg(fs *flag.FlagSet, args []string, stderr io.Writer) (dir, exp string, err error) {
	pos, err := parseArgs(fs, args, stderr, 1, "DIR/EXPERIMENT")
	if err != nil {
		return "", "", err
	}
	return splitExperiment(pos[0])
}

// splitExperiment splits the path DIR/EXPERIMENT, refusing one that is a
// file.
func splitExperiment(path string) (dir, exp string, err error) {
	dir, exp = filepath.Split(filepath.Clean(path))
	if exp == "" || exp == "." || exp == ".." {
		return "", "", usagef("%q does not name an experiment directory", path)
	}
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		return "", "", usagef("%s is not a directory", path)
	}
	return dir, exp, nil
}

// checkOutFile refuses an output file whose directory does not exist or
// is not one: bad input, found before any work is done.
func checkOutFile(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return usagef("--out %s: %v", path, err)
	case !st.IsDir():
		return usagef("--out %s: %s is not a directory", path, dir)
	}
	return nil
}

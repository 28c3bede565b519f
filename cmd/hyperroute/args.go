package main

import (
	"errors"
	"flag"
	"io"
	"path/filepath"
)

// parseArgs parses the flags among args, before and after the positional
// arguments, and returns the positional arguments; there must be want of
// them, named by what in the error.
func parseArgs(fs *flag.FlagSet, args []string, stderr io.Writer, want int, what string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(stderr)
				fs.PrintDefaults()
				return nil, err
			}
			return nil, usageError{err}
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	switch {
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

// experimentArg parses the flags among args and the one positional
// argument DIR/EXPERIMENT, and returns DIR and EXPERIMENT.
func experimentArg(fs *flag.FlagSet, args []string, stderr io.Writer) (dir, exp string, err error) {
	pos, err := parseArgs(fs, args, stderr, 1, "DIR/EXPERIMENT")
	if err != nil {
		return "", "", err
	}
	dir, exp = filepath.Split(filepath.Clean(pos[0]))
	if exp == "" || exp == "." || exp == ".." {
		return "", "", usagef("%q does not name an experiment directory", pos[0])
	}
	return dir, exp, nil
}

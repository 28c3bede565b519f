// Command hyperroute runs randomized packet-routing experiments on hypercubes.
//
// Usage:
//
//	hyperroute sim [flags]        configurations (lists and ranges sweep), a summary or JSON lines
//	hyperroute run SPEC [flags]   an experiment spec, into Parquet files
//	hyperroute validate SPEC      check a spec
//	hyperroute list               experiments, routers, patterns, disciplines
//	hyperroute merge DIR/EXP      check a sharded run and write its manifest
//	hyperroute verify DIR/EXP     check every file against the manifest and the spec
//	hyperroute summary DIR/EXP…   T per grid point of a trials table (runs pooled), as the Go reader sees it
//	hyperroute plot DIR/EXP --x COL --y COL --out FILE   a statistic of any column, per series
//	hyperroute bound KIND [flags] a bound of the thesis' analysis [Schömer 1988] as JSON (or --batch, JSON lines)
//	hyperroute figures [flags]    every figure, from the Parquet files of the experiments
//	hyperroute detours [flags]    faulty cubes and their detour systems (Ch. III), a summary or JSON lines
//	hyperroute loss [flags]       the probability that a message is lost on a faulty cube, with its standard error
//	hyperroute collective [flags] one collective operation: steps, work, time, verified
//	hyperroute view [DIR/EXP] [flags] --out FILE.html   a page that plays one run step by step
//
// Run "hyperroute help" for the list of subcommands, "hyperroute --version"
// for the version and commit of the build.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/hyperroute/hyperroute/dataset"
)

// usageError marks bad input: exit status 2.
type usageError struct{ error }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

func (u usageError) Unwrap() error { return u.error }

// interrupted is a command stopped by a signal, with what it kept: exit
// status 130 (128 + SIGINT).
type interrupted string

func (e interrupted) Error() string { return "interrupted; " + string(e) }

type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"sim", "route configurations over a number of trials and summarise T; a list (4,6,8) or range (4:16:2) of a parameter sweeps it", runSim},
		{"run", "run an experiment spec into Parquet files: run SPEC [--out DIR] [--profile P] [--shard i/k] …", runRun},
		{"validate", "check a spec and show what a run of it does: validate SPEC [--verbose: every combination skipped]", runValidate},
		{"list", "list experiments, routers, request patterns, queue disciplines, port models", runList},
		{"merge", "check that all shards of a run are there, write its manifest: merge DIR/EXPERIMENT", runMerge},
		{"verify", "read every file of DIR/EXPERIMENT, check it against the manifest and the spec: verify DIR/EXPERIMENT", runVerify},
		{"summary", "per grid point of the trials table, runs of one experiment pooled: trials, mean, sd, median, p90, p99, max of T, the loss: summary DIR/EXPERIMENT [DIR/EXPERIMENT…] [--jsonl]", runSummary},
		{"bound", "a bound or exact probability of the analysis (Ch. I–III) as JSON: bound KIND [flags] | bound --batch; bound --help lists the kinds", runBound},
		{"plot", "draw statistics of a column of any table of a run, with 95% intervals: plot DIR/EXPERIMENT --x COL --y COL [--stat mean|median|p90|p99|max|share,…] [--by COL] [--table T] --out FILE.png|svg|pdf", runPlot},
		{"figures", "draw every figure (Ch. I–III, collectives) from the Parquet files, and the thesis' own illustrations: figures [--results DIR] [--out DIR] [--partial]", runFigures},
		{"report", "the thesis' statements against the results, each with its verdict, as Markdown: report [--results DIR] [--out FILE]", runReport},
		{"detours", "draw faulty cubes and choose detour systems (Ch. III): detours --n N --q Q --strategy heuristic|optimal|random --trials K [--jsonl]", runDetours},
		{"collective", "simulate one collective operation: collective --op OP --algo NAME --topology T --p P --port single|all --model sf|ct --m M --ts TS --tw TW --th TH [--jsonl]", runCollective},
		{"view", "write one self-contained HTML page that plays a run step by step (Q_n, n ≤ 6): view --router R --n N [sim's flags] [--trial K] [--compare PARAM=A,B|intact] --out FILE.html | view DIR/EXPERIMENT --trial K [--n N …] | view --op OP [collective's flags] --out FILE.html", runView},
		{"loss", "estimate the probability that a message is lost on a faulty cube, with its standard error (Ch. II.5): loss --router disjoint|valiant --n N --q Q [--pieces M] [--port single|all] --rse R [--max-trials T] --seed S [--jsonl]; loss … --solve q --target P: the q at which P of the messages are lost, with its interval", runLoss},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 1 && args[0] == "help" {
		// help COMMAND: the command's help, on stdout.
		if c, ok := lookupCommand(args[1], stderr); ok {
			c.run([]string{"-h"}, stdout, stdout)
			return 0
		}
		return 2
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	if args[0] == "--version" || args[0] == "version" {
		v := dataset.CurrentProvenance()
		fmt.Fprintf(stdout, "hyperroute %s commit %s%s %s\n", v.Version, v.Commit, map[bool]string{true: " (modified)"}[v.Modified], v.GoVersion)
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		out := &checkedWriter{w: stdout}
		err := c.run(args[1:], out, stderr)
		if err == nil && out.err != nil {
			err = fmt.Errorf("writing the output: %w", out.err)
		}
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		}
		fmt.Fprintf(stderr, "hyperroute %s: %s\n", c.name, oneLine(err.Error()))
		return exitCode(err)
	}
	lookupCommand(args[0], stderr)
	return 2
}

// lookupCommand returns the command called name, or says on stderr that
// there is none, with the one name is likely a slip for.
func lookupCommand(name string, stderr io.Writer) (command, bool) {
	var names []string
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
		names = append(names, c.name)
	}
	hint := ""
	if s := suggest(name, names); s != "" {
		hint = fmt.Sprintf("; did you mean %s?", s)
	}
	fmt.Fprintf(stderr, "hyperroute: unknown command %q%s (hyperroute help lists them)\n", name, hint)
	return command{}, false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: hyperroute <command> [flags]   (hyperroute --version: version and commit)")
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
}

// printUsage prints the usage line of fs's command, what it does, and its
// flags.
func printUsage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: hyperroute %s [flags]\n", fs.Name())
	for _, c := range commands {
		if c.name == fs.Name() {
			fmt.Fprintln(w, c.summary)
		}
	}
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// writeJSONL writes one JSON object per row.
func writeJSONL[T any](w io.Writer, rows []T) error {
	enc := json.NewEncoder(w)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// oneLine makes an error message one line of bounded length, whatever
// values it quotes: line breaks become spaces, a word of more than 200
// bytes keeps its first 80, and a message of more than 4000 bytes its
// first 2000, each saying how long it was.
func oneLine(msg string) string {
	msg = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(msg)
	words := strings.Split(msg, " ")
	for i, w := range words {
		if len(w) > 200 {
			words[i] = prefix(w, 80) + fmt.Sprintf("…(%d bytes)", len(w))
		}
	}
	msg = strings.Join(words, " ")
	if len(msg) > 4000 {
		msg = prefix(msg, 2000) + fmt.Sprintf("… (%d bytes in all)", len(msg))
	}
	return msg
}

// prefix returns the longest prefix of s of at most n bytes that ends on
// a character boundary.
func prefix(s string, n int) string {
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:min(n, len(s))]
}

// exitCode is the exit status of a command that failed with err (the
// table in README.md): 2 for bad input (a usageError), 1 for a failure
// while running, whatever the command made of it: damaged files, a lock
// another process holds or took, the file system refusing to write (full,
// read-only, no permission, I/O errors); 130 when interrupted.
func exitCode(err error) int {
	var (
		ue     usageError
		in     interrupted
		damage *dataset.DamageError
		locked *dataset.LockedError
	)
	switch {
	case errors.As(err, &in):
		return 130
	case errors.As(err, &damage), errors.As(err, &locked), dataset.IsLost(err):
		return 1
	}
	for _, errno := range []syscall.Errno{syscall.EROFS, syscall.ENOSPC, syscall.EDQUOT, syscall.EACCES, syscall.EPERM, syscall.EIO, syscall.EMFILE, syscall.ENFILE} {
		if errors.Is(err, errno) {
			return 1
		}
	}
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// checkedWriter keeps the first error of writing to w: a command whose
// output could not be written fails, though it ignored the error.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}

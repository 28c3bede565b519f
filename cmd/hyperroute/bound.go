package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hyperroute/hyperroute/bounds"
)

// stdin is what `hyperroute bound --batch` reads; tests replace it.
var stdin io.Reader = os.Stdin

const boundUsage = `usage: hyperroute bound KIND [flags]     one bound as a JSON object
       hyperroute bound --batch            one JSON object per JSON line on stdin

kinds and their values (B(m,N,p) = Pr(Bin(N,p) ≥ m), q the edge-failure probability):
`

const boundOutput = `
Output: {"kind":…, the values given…, "value":v, "log_value":ln v}, log_value
null when v = 0. With --solve q --target P instead of --q, a kind of q gives
the q at which its value reaches P ("q" in the output; the value is P). A batch line is an object with the same keys as the flags,
{"kind":"binom","m":40,"N":1048576,"p":1.9e-5}; output lines follow input
lines, blank lines are skipped. Bad input is an error naming the line, exit 2.

flags:
`

func runBound(args []string, stdout, stderr io.Writer) error {
	q := bounds.Query{}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		q.Kind, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("bound", flag.ContinueOnError)
	batch := fs.Bool("batch", false, "read queries as JSON lines from stdin")
	for _, p := range bounds.Params {
		fs.Func(p.Name, p.Doc, func(s string) error { return q.Set(p.Name, s) })
	}
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--h" || a == "--help" {
			boundHelp(fs, stderr)
			return flag.ErrHelp
		}
	}
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *batch {
		if q.Kind != "" || fs.NFlag() > 1 {
			return usagef("--batch takes no kind and no other flags")
		}
		err := bounds.Batch(stdin, stdout)
		if le := (*bounds.LineError)(nil); errors.As(err, &le) {
			return usageError{err}
		}
		return err
	}
	if q.Kind == "" {
		return usagef("missing kind (want one of %s, or --batch)", strings.Join(bounds.Names(), ", "))
	}
	res, err := bounds.Eval(q)
	if err != nil {
		return usageError{err}
	}
	return bounds.Write(stdout, res)
}

// boundHelp prints the usage, the kinds with their flags and the flags.
func boundHelp(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprint(w, boundUsage)
	for _, k := range bounds.Kinds() {
		flags := "--" + strings.Join(k.Needs, " --")
		for _, p := range k.Takes {
			if p == "form" {
				p += " " + strings.Join(k.Forms, "|")
			}
			flags += " [--" + p + "]"
		}
		fmt.Fprintf(w, "  %-16s %s\n  %16s %s\n", k.Name, flags, "", k.Doc)
	}
	fmt.Fprint(w, boundOutput)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

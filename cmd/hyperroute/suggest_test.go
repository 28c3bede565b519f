package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDidYouMean: a misspelt command or flag is refused with the one it is
// likely a slip for, exit 2 and one line; one that is no slip gets none.
func TestDidYouMean(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"simm"}, `unknown command "simm"; did you mean sim?`},
		{[]string{"colective"}, "did you mean collective?"},
		{[]string{"sim", "--trails", "3"}, "-trails (did you mean --trials?)"},
		{[]string{"run", "x", "--froce"}, "(did you mean --force?)"},
		{[]string{"detours", "--stratgy", "optimal"}, "(did you mean --strategy?)"},
		{[]string{"sim", "--zzzzzz", "3"}, "-zzzzzz (hyperroute help sim lists the flags)"},
		{[]string{"frobnicate"}, `unknown command "frobnicate" (hyperroute help lists them)`},
	} {
		code, stdout, stderr := cli(c.args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q%q; want exit 2 and one line with %q", c.args, code, stdout, stderr, c.want)
		}
	}
	if s := suggest("q", []string{"n", "k"}); s != "" {
		t.Errorf("a one-letter name is its own: %q", s)
	}
}

// TestHelpCommand: hyperroute help COMMAND prints that command's help on
// stdout, as COMMAND -h does on stderr.
func TestHelpCommand(t *testing.T) {
	code, stdout, stderr := cli("help", "sim")
	_, _, want := cli("sim", "-h")
	if code != 0 || stderr != "" || stdout != want || !strings.HasPrefix(stdout, "usage: hyperroute sim [flags]") || !strings.Contains(stdout, "-trials") {
		t.Errorf("help sim: exit %d, %q", code, stdout)
	}
	if code, _, stderr := cli("help", "simm"); code != 2 || !strings.Contains(stderr, "did you mean sim?") {
		t.Errorf("help simm: exit %d, %q", code, stderr)
	}
	if code, stdout, _ := cli("help"); code != 0 || !strings.Contains(stdout, "  sim ") {
		t.Errorf("help: exit %d, %q", code, stdout)
	}
}

// TestPlotMissingDir: plot of a directory that is not there says so.
func TestPlotMissingDir(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "results", "nothing")
	code, _, stderr := cli("plot", missing, "--x", "n", "--out", filepath.Join(t.TempDir(), "p.png"))
	if code != 2 || !strings.Contains(stderr, missing+": no such run directory") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlot runs issue 21's contract: plot DIR --x --y --stat --by --out
// writes the file and says what it drew; bad input is one line, exit 2.
func TestPlot(t *testing.T) {
	noBatchEnv(t)
	out := t.TempDir()
	if code, _, stderr := cli("run", writeSpec(t, smallSpec), "--out", out, "--workers", "1"); code != 0 {
		t.Fatal(stderr)
	}
	png := filepath.Join(out, "p.png")
	code, stdout, stderr := cli("plot", filepath.Join(out, "small"), "--x", "n", "--y", "T", "--stat", "mean,p99", "--by", "port", "--out", png)
	if code != 0 || stdout != png+": 4 series, 12 points\n" || !strings.Contains(stderr, "all-port, p99 at n=3 from 18 values: about the maximum") {
		t.Errorf("plot: exit %d, %q, %q", code, stdout, stderr)
	}
	if fi, err := os.Stat(png); err != nil || fi.Size() < 1000 {
		t.Errorf("plot wrote no PNG: %v", err)
	}
	for _, c := range []struct{ args, want string }{
		{"--x n --out x.png --stat p95", `unknown statistic "p95"`},
		{"--x nosuch --out x.png", `no column "nosuch"`},
		{"--x n --out x.jpg", ".png, .svg or .pdf"},
		{"--x n", "want --x COLUMN and --out"},
		{"--x n --out x.png --table nosuch", "no table nosuch in the run (it has packets, trials)"},
	} {
		code, stdout, stderr := cli(append([]string{"plot", filepath.Join(out, "small")}, strings.Fields(c.args)...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("plot %s: exit %d, %q%q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

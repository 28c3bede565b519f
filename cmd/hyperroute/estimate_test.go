package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunDryRun checks that run --dry-run prints a line per spec and a
// total, and writes nothing.
func TestRunDryRun(t *testing.T) {
	noBatchEnv(t)
	spec := writeSpec(t, smallSpec)
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := cli("run", spec, "valiant-tail", "--trials", "3", "--dry-run", "--out", out)
	if code != 0 {
		t.Fatalf("run --dry-run: exit %d\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 5 {
		t.Fatalf("run --dry-run printed %d lines, want header, 2 specs, total, note:\n%s", len(lines), stdout)
	}
	// smallSpec: 3 n × 2 routers × 2 ports = 12 points; valiant-tail 18.
	for i, want := range [][]string{{"small", "12", "36"}, {"valiant-tail", "18", "54"}, {"total", "30", "90"}} {
		f := strings.Fields(lines[i+1])
		if len(f) < 4 || f[0] != want[0] || f[len(f)-8] != want[1] || f[len(f)-7] != want[2] {
			t.Errorf("line %q: want %s with %s points and %s trials", lines[i+1], want[0], want[1], want[2])
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("run --dry-run created %s", out)
	}

	// With an rse rule, trials, CPU and disk are predicted, "≈", and the
	// most they can be is said below.
	code, stdout, stderr = cli("run", spec, "--trials", "3", "--rse", "0.1", "--rse-measure", "T", "--dry-run", "--out", out)
	if code != 0 {
		t.Fatalf("run --rse --dry-run: exit %d\n%s", code, stderr)
	}
	lines = strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 5 || strings.Count(lines[1], "≈ ") != 3 || !strings.HasPrefix(lines[3], "≈: an rse rule") ||
		!strings.HasPrefix(strings.TrimSpace(lines[4]), "small 36 trials") {
		t.Errorf("run --rse --dry-run: want ≈ before trials, core-hours and disk, a note on ≈ and the most:\n%s", stdout)
	}
}

// TestRunRSE checks that --rse needs a measure and a target in (0, 1),
// exits 2 otherwise and writes nothing, and that a run with --rse and one
// without do not share a directory.
func TestRunRSE(t *testing.T) {
	noBatchEnv(t)
	spec := writeSpec(t, smallSpec)
	out := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rse", "0"}, "hyperroute run: --rse=0: want a relative standard error in (0, 1)"},
		{[]string{"--rse", "1", "--rse-measure", "T"}, "hyperroute run: --rse=1: want"},
		{[]string{"--rse", "0.1"}, "hyperroute run: --rse: small names no rse measure; give --rse-measure"},
		{[]string{"--rse-measure", "T"}, "hyperroute run: --rse-measure, --rse-batch: small has no rse rule"},
		{[]string{"--rse", "0.1", "--rse-measure", "route"}, `hyperroute run: small: rse measure "route"`},
		{[]string{"--rse", "0.1", "--rse-measure", "T", "--rse-batch", "1"}, "hyperroute run: small: rse batch 1"},
		{[]string{"--rse", "0.1", "--rse-measure", "T", "--first-trial", "3"}, "hyperroute run: first trial 3: the rse rule"},
	} {
		code, stdout, stderr := cli(append([]string{"run", spec, "--out", out}, tc.args...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q, want exit 2 and %q", tc.args, code, stderr, tc.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("%q created %s", tc.args, out)
		}
	}
	if code, _, stderr := cli("run", spec, "--out", out, "--rse", "0.05", "--rse-measure", "T", "--rse-batch", "3"); code != 0 {
		t.Fatalf("run --rse: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := cli("verify", filepath.Join(out, "small")); code != 0 {
		t.Errorf("verify a run with --rse: exit %d\n%s", code, stderr)
	}
	code, _, stderr := cli("run", spec, "--out", out)
	if code != 2 || !strings.Contains(stderr, `rse "T:0.05:3", want ""`) {
		t.Errorf("run without --rse into a run with it: exit %d\n%s", code, stderr)
	}
}

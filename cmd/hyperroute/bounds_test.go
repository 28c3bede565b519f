package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInputBounds checks inputs without bounds: a FIFO in place of a part
// file is refused as damaged by verify, summary, merge and plot without
// blocking; a spec of more than 1 MiB, a device or a FIFO as a spec, and a
// description of more than 1000 bytes are refused (exit 2); a 500 kB value
// is quoted in a line of under 500 bytes.
func TestInputBounds(t *testing.T) {
	noBatchEnv(t)
	out := t.TempDir()
	spec := writeSpec(t, smallSpec)
	if code, _, stderr := cli("run", spec, "--out", out, "--workers", "1"); code != 0 {
		t.Fatal(stderr)
	}
	exp := filepath.Join(out, "small")
	part := filepath.Join(exp, "trials", "n=4", "part-0-of-1.parquet")
	if err := os.Remove(part); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(part, 0o644); err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{
		{"verify", exp}, {"summary", exp}, {"merge", exp},
		{"plot", exp, "--x", "n", "--out", filepath.Join(out, "p.png")},
	} {
		done := make(chan string, 1)
		go func() {
			code, stdout, stderr := cli(args...)
			if code != 1 || !strings.Contains(stdout+stderr, "part-0-of-1.parquet is damaged: it is not a regular file (a FIFO)") &&
				!strings.Contains(stdout+stderr, "part-0-of-1.parquet: damaged: it is not a regular file (a FIFO)") {
				done <- strings.Join(args, " ") + ": " + stdout + stderr
			}
			done <- ""
		}()
		select {
		case msg := <-done:
			if msg != "" {
				t.Errorf("a FIFO for a part file: %s; want it damaged, exit 1", msg)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%v blocks on a FIFO", args)
		}
	}

	fifo := filepath.Join(t.TempDir(), "spec.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := writeSpec(t, smallSpec+"# "+strings.Repeat("x", 1<<20)+"\n")
	long := writeSpec(t, strings.Replace(smallSpec, "[ecube, valiant]", "[ecube, "+strings.Repeat("v", 500000)+"]", 1))
	desc := writeSpec(t, smallSpec+"description: "+strings.Repeat("d", 1001)+"\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"validate", big}, "larger than a spec may be"},
		{[]string{"run", big, "--out", out}, "larger than a spec may be"},
		{[]string{"run", "/dev/zero", "--out", out}, "/dev/zero is not a regular file (a device)"},
		{[]string{"validate", fifo}, "is not a regular file (a FIFO)"},
		{[]string{"validate", desc}, "description: 1001 bytes, at most 1000"},
		{[]string{"validate", long}, `vvvvvvvvvv…(500002 bytes) (want ecube, valiant,`},
	} {
		code, _, stderr := cli(tc.args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || len(stderr) > 500 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%.80q: exit %d, stderr %.600q; want exit 2 and a short line with %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestSmallerItems checks the small items of the review: −0 is 0 in a
// grid (two listed is one listed twice), --k -1 names its range in
// integers, and report writes its file with mode 0644, as every output.
func TestSmallerItems(t *testing.T) {
	zeros := writeSpec(t, strings.Replace(smallSpec, "port: [single, all]", "port: [single, all]\n  q: [0, -0.0]", 1))
	if code, _, stderr := cli("validate", zeros); code != 2 || !strings.Contains(stderr, "grid.q: -0.0 listed twice") {
		t.Errorf("q: [0, -0.0]: exit %d, %s", code, stderr)
	}
	if code, _, stderr := cli("sim", "--q", "0,-0"); code != 2 || !strings.Contains(stderr, "0 listed twice") {
		t.Errorf("sim --q 0,-0: exit %d, %s", code, stderr)
	}
	if rows := simRows(t, "--q", "-0", "--n", "3", "--trials", "1", "--jsonl"); len(rows) != 1 || rows[0]["q"] != 0.0 {
		t.Errorf("sim --q -0: %v", rows)
	}
	if code, _, stderr := cli("sim", "--k", "-1"); code != 2 || !strings.Contains(stderr, "k=-1 out of range [0, 2147483647]") {
		t.Errorf("sim --k -1: exit %d, %s", code, stderr)
	}
	dir := t.TempDir()
	if code, _, stderr := cli("run", "valiant-tail", "--out", dir, "--trials", "2", "--workers", "1"); code != 0 {
		t.Fatal(stderr)
	}
	report := filepath.Join(dir, "report.md")
	if code, _, stderr := cli("report", "--results", dir, "--out", report); code != 0 {
		t.Fatal(stderr)
	}
	if st, err := os.Stat(report); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("report: %v, mode %v; want 0644", err, st.Mode().Perm())
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReport: on a results directory with nothing run, report writes every
// statement as not measured and exits 0, to stdout or --out; a directory
// (results or figures) that does not exist is bad input.
func TestReport(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"report", "--results", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "### Theorem I.1 (Satz I.1)") || !strings.Contains(stdout.String(), "**Not measured.** Experiment valiant-tail has not been run") {
		t.Errorf("stdout lacks Satz I.1 not measured:\n%s", stdout.String())
	}
	out := filepath.Join(dir, "README.md")
	if code := run([]string{"report", "--results", dir, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("--out: exit %d: %s", code, stderr.String())
	}
	if b, err := os.ReadFile(out); err != nil || !strings.Contains(string(b), "`hyperroute report --results "+dir+" --out "+out+"`") {
		t.Errorf("%s does not name the command that wrote it (%v)", out, err)
	}
	stderr.Reset()
	if code := run([]string{"report", "--results", filepath.Join(dir, "none")}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "not a results directory") {
		t.Errorf("missing directory: exit %d, %q; want 2", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"report", "--results", dir, "--figures", filepath.Join(dir, "none")}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "not a directory") {
		t.Errorf("missing --figures: exit %d, %q; want 2", code, stderr.String())
	}
}

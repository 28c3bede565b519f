package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRefusals checks that huge counts, an overflowing --memory and
// missing directories are refused in one line with exit status 2, before
// anything is allocated or written.
func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--trials", "2147483648"}, "2147483648 trials need about"},
		{[]string{"detours", "--n", "8", "--q", "0.1", "--trials", "2147483648"}, "2147483648 trials need about"},
		{[]string{"run", "valiant-tail", "--out", dir, "--trials", "2147483647"}, "2147483647 trials need about"},
		{[]string{"run", "valiant-tail", "--out", dir, "--memory", "99999999999999"}, "memory=99999999999999: want MiB"},
		{[]string{"merge", filepath.Join(dir, "nonexistent")}, "no such file or directory"},
		{[]string{"summary", filepath.Join(dir, "nonexistent")}, "no such file or directory"},
		{[]string{"figures", "--results", filepath.Join(dir, "nonexistent")}, "not a results directory"},
	} {
		code, _, stderr := cli(tc.args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line saying %q", strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}
}

package main

import (
	"os"
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
		{[]string{"detours", "--n", "30", "--q", "0.1"}, "needs about"},
		{[]string{"collective", "--op", "aab", "--algo", "dimex", "--p", "65536"}, "carries at least 4294901760 blocks"},
		{[]string{"run", "valiant-tail", "--out", dir, "--memory", "99999999999999"}, "memory=99999999999999: want MiB"},
		{[]string{"merge", filepath.Join(dir, "nonexistent")}, "no such file or directory"},
		{[]string{"summary", filepath.Join(dir, "nonexistent")}, "file does not exist (no such run, or it has no table trials)"},
		{[]string{"figures", "--results", filepath.Join(dir, "nonexistent")}, "not a results directory"},
	} {
		code, _, stderr := cli(tc.args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line saying %q", strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}
}

// TestVerifyHintRepairs damages a run in ways that keep each file whole (a
// file copied over another unit's without the manifest, another run's file
// in the run's place) and runs the command verify suggests: after it,
// verify finds no problem.
func TestVerifyHintRepairs(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, to string
	}{
		{"another unit's file", "trials/n=5/part-0-of-1.parquet", "trials/n=4/part-0-of-1.parquet"},
		{"a file of another run", "", "trials/n=4/part-0-of-1.parquet"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			res := filepath.Join(dir, "results")
			if code, _, stderr := cli("run", "valiant-tail", "--out", res, "--trials", "3"); code != 0 {
				t.Fatalf("run: exit %d: %s", code, stderr)
			}
			exp := filepath.Join(res, "valiant-tail")
			from := filepath.Join(exp, filepath.FromSlash(tc.from))
			if tc.from == "" {
				other := filepath.Join(dir, "other")
				if code, _, stderr := cli("run", "valiant-tail", "--out", other, "--trials", "4"); code != 0 {
					t.Fatalf("run: exit %d: %s", code, stderr)
				}
				from = filepath.Join(other, "valiant-tail", filepath.FromSlash(tc.to))
			}
			b, err := os.ReadFile(from)
			if err != nil {
				t.Fatal(err)
			}
			to := filepath.Join(exp, filepath.FromSlash(tc.to))
			if err := os.WriteFile(to, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.from != "" {
				if err := os.Remove(filepath.Join(exp, "manifest.json")); err != nil {
					t.Fatal(err)
				}
			}
			code, stdout, stderr := cli("verify", exp)
			if !strings.Contains(stdout, to+": ") {
				t.Errorf("verify names no problem of %s: %s", to, stdout)
			}
			_, hint, ok := strings.Cut(stderr, "hyperroute run ")
			hint, _, ok2 := strings.Cut(hint, " repairs them")
			if code != 1 || !ok || !ok2 {
				t.Fatalf("verify: exit %d, no hint: %s", code, stderr)
			}
			if tc.from == "" {
				// The hint says to move the other run's file out first.
				if !strings.Contains(stderr, "moving the files written by another run out of") {
					t.Fatalf("verify: %s", stderr)
				}
				if err := os.Rename(to, filepath.Join(dir, "moved.parquet")); err != nil {
					t.Fatal(err)
				}
				hint = strings.TrimSuffix(hint, ",")
			}
			if code, _, stderr := cli(append([]string{"run"}, strings.Fields(hint)...)...); code != 0 {
				t.Fatalf("run %s: exit %d: %s", hint, code, stderr)
			}
			if code, stdout, stderr := cli("verify", exp); code != 0 {
				t.Errorf("verify after the repair: exit %d: %s%s", code, stdout, stderr)
			}
		})
	}
}

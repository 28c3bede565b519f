package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
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

// follow carries out the repair that verify or merge advised in msg
// (after "to repair: ", or after the problem for merge): moving files out
// of the run (into a directory of the test's), the commands, each shard's
// for "--shard i/k for each shard i", with spec for SPEC; "merge again"
// merges exp.
func follow(t *testing.T, msg, spec, exp string) {
	t.Helper()
	_, advice, ok := strings.Cut(strings.TrimSpace(msg), "to repair: ")
	if !ok {
		t.Fatalf("no advice in %q", msg)
	}
	advice, _, _ = strings.Cut(advice, " (SPEC: ")
	for _, step := range strings.Split(advice, ", then ") {
		switch {
		case strings.HasPrefix(step, "move "):
			rest := strings.TrimPrefix(step, "move ")
			for strings.HasPrefix(rest, `"`) {
				q, err := strconv.QuotedPrefix(rest)
				if err != nil {
					t.Fatalf("%q: %v", step, err)
				}
				p, _ := strconv.Unquote(q)
				if err := os.Rename(p, filepath.Join(t.TempDir(), "moved")); err != nil {
					t.Fatalf("%s: %v", step, err)
				}
				rest = strings.TrimPrefix(rest[len(q):], " ")
			}
		case step == "merge again":
			if code, _, stderr := cli("merge", exp); code != 0 {
				t.Fatalf("%s: exit %d: %s", step, code, stderr)
			}
		case strings.HasPrefix(step, "hyperroute "):
			args := strings.Fields(strings.TrimPrefix(step, "hyperroute "))
			for i, a := range args {
				if a == "SPEC" {
					args[i] = spec
				}
			}
			cmds := [][]string{args}
			if strings.HasSuffix(step, " for each shard i") {
				args = args[:len(args)-4]
				k := strings.TrimPrefix(args[len(args)-1], "i/")
				n, _ := strconv.Atoi(k)
				cmds = nil
				for i := range n {
					cmds = append(cmds, append(slices.Clone(args[:len(args)-1]), fmt.Sprintf("%d/%s", i, k)))
				}
			}
			for _, c := range cmds {
				if code, _, stderr := cli(c...); code != 0 {
					t.Fatalf("%s: exit %d: %s", strings.Join(c, " "), code, stderr)
				}
			}
		default:
			t.Fatalf("step %q of %q is no command", step, advice)
		}
	}
}

// TestRepairAdvice damages runs in ways that verify or merge find, and
// does what they advise (follow): after it, verify finds no problem. The
// damages: another unit's file copied over a unit's (the manifest gone),
// a file of another run in a unit's place, a stray copy of a shard's file
// ("part-1-of-2 (copy).parquet", which no rerun would look at), a file of
// another build in a unit's place (--redo-stale), a byte changed in a
// shard's file, the manifest's description changed, and a run of a spec
// file (SPEC in the advice).
func TestRepairAdvice(t *testing.T) {
	noBatchEnv(t)
	specFile := writeSpec(t, smallSpec)
	for _, tc := range []struct {
		name   string
		spec   string // valiant-tail, or smallSpec's file
		shards int
		damage func(t *testing.T, exp string)
		merge  bool // merge finds it before verify
	}{
		{"another unit's file", "valiant-tail", 1, func(t *testing.T, exp string) {
			copyOver(t, filepath.Join(exp, "trials/n=5/part-0-of-1.parquet"), filepath.Join(exp, "trials/n=4/part-0-of-1.parquet"))
			os.Remove(filepath.Join(exp, "manifest.json"))
		}, false},
		{"a file of another run", "valiant-tail", 1, func(t *testing.T, exp string) {
			other := t.TempDir()
			if code, _, stderr := cli("run", "valiant-tail", "--out", other, "--trials", "4"); code != 0 {
				t.Fatal(stderr)
			}
			copyOver(t, filepath.Join(other, "valiant-tail/trials/n=4/part-0-of-1.parquet"), filepath.Join(exp, "trials/n=4/part-0-of-1.parquet"))
		}, false},
		{"a stray copy", "valiant-tail", 2, func(t *testing.T, exp string) {
			copyOver(t, filepath.Join(exp, "trials/n=4/part-1-of-2.parquet"), filepath.Join(exp, "trials/n=4/part-1-of-2 (copy).parquet"))
		}, true},
		{"a file of another build", "valiant-tail", 1, func(t *testing.T, exp string) {
			other := t.TempDir()
			if b, err := exec.Command(binary(t), "run", "valiant-tail", "--out", other, "--trials", "3").CombinedOutput(); err != nil {
				t.Fatalf("%v: %s", err, b)
			}
			copyOver(t, filepath.Join(other, "valiant-tail/trials/n=4/part-0-of-1.parquet"), filepath.Join(exp, "trials/n=4/part-0-of-1.parquet"))
		}, false},
		{"a byte changed", "valiant-tail", 2, func(t *testing.T, exp string) {
			p := filepath.Join(exp, "trials/n=4/part-1-of-2.parquet")
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			b[100] ^= 1
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"the manifest's description", "valiant-tail", 1, func(t *testing.T, exp string) {
			p := filepath.Join(exp, "manifest.json")
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(strings.Replace(string(b), `"description": "`, `"description": "x`, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"a spec file", specFile, 1, func(t *testing.T, exp string) {
			os.Remove(filepath.Join(exp, "trials/n=4/part-0-of-1.parquet"))
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			name := "valiant-tail"
			if tc.spec != "valiant-tail" {
				name = "small"
			}
			exp := filepath.Join(out, name)
			for i := range tc.shards {
				args := []string{"run", tc.spec, "--out", out, "--trials", "3", "--workers", "1"}
				if tc.shards > 1 {
					args = append(args, "--shard", fmt.Sprintf("%d/%d", i, tc.shards))
				}
				if code, _, stderr := cli(args...); code != 0 {
					t.Fatal(stderr)
				}
			}
			if tc.shards > 1 {
				if code, _, stderr := cli("merge", exp); code != 0 {
					t.Fatal(stderr)
				}
			}
			tc.damage(t, exp)
			if tc.merge {
				code, _, stderr := cli("merge", exp)
				if code != 1 {
					t.Fatalf("merge of the damaged run: exit %d: %s", code, stderr)
				}
				if strings.Contains(stderr, "move ") {
					follow(t, "to repair: "+stderr[strings.Index(stderr, "move "):], tc.spec, exp)
				}
			}
			code, stdout, stderr := cli("verify", exp)
			if code == 0 && tc.merge {
				return // merge's advice did it
			}
			if code != 1 || stdout == "" {
				t.Fatalf("verify of the damaged run: exit %d: %s%s", code, stdout, stderr)
			}
			follow(t, stderr, tc.spec, exp)
			if code, stdout, stderr := cli("verify", exp); code != 0 {
				t.Errorf("verify after the repair: exit %d: %s%s", code, stdout, stderr)
			}
		})
	}
}

// copyOver copies the file src to dst.
func copyOver(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

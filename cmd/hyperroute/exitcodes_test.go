package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
)

// fullWriter fails every write as a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestExitCodes runs every command with bad input, which must exit 2, and
// with a failure while it runs, which must exit 1, each with one line on
// stderr naming the command (README.md, "Exit status"): a damaged file, a
// lock another process holds, output that cannot be written (a full disk).
// TestExitCodesFileSystem adds a read-only and a full file system.
func TestExitCodes(t *testing.T) {
	noBatchEnv(t)
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good"), filepath.Join(dir, "bad")
	for _, out := range []string{good, bad} {
		if code, _, stderr := cli("run", "valiant-tail", "--out", out, "--trials", "3", "--workers", "1"); code != 0 {
			t.Fatal(stderr)
		}
	}
	damaged := filepath.Join(bad, "valiant-tail", "trials", "n=4", "part-0-of-1.parquet")
	b, err := os.ReadFile(damaged)
	if err != nil {
		t.Fatal(err)
	}
	b[100] ^= 1
	if err := os.WriteFile(damaged, b, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing")
	goodExp, badExp := filepath.Join(good, "valiant-tail"), filepath.Join(bad, "valiant-tail")
	spec := writeSpec(t, smallSpec)
	// Bad input: 2.
	for _, args := range [][]string{
		{"plot", filepath.Join(missing, "e"), "--x", "n", "--out", filepath.Join(dir, "p.png")},
		{"plot", goodExp, "--x", "n", "--out", filepath.Join(missing, "p.png")},
		{"summary", file},
		{"summary", filepath.Join(missing, "e")},
		{"verify", file},
		{"verify", filepath.Join(missing, "e")},
		{"merge", file},
		{"merge", filepath.Join(missing, "e")},
		{"run", "no/such.yaml"},
		{"run", "/dev/zero"},
		{"run", spec, "--out", filepath.Join(file, "out")},
		{"run", "valiant-tail", "--memory", "1", "--out", filepath.Join(dir, "fresh")},
		{"report", "--results", missing},
		{"report", "--results", good, "--out", filepath.Join(missing, "r.md")},
		{"figures", "--results", file},
		{"figures", "--results", good, "--out", filepath.Join(file, "figs")},
		{"validate", "/dev/zero"},
		{"validate", "no/such.yaml"},
		{"sim", "--k", "-1"},
		{"loss", "--q", "2"},
		{"bound", "nonsense"},
		{"detours", "--n", "0"},
		{"collective", "--p", "0"},
		{"list", "x"},
		{"view", "--router", "valiant", "--n", "3", "--out", filepath.Join(missing, "v.html")},
		{"view", "--router", "valiant", "--n", "9", "--out", filepath.Join(dir, "v.html")},
	} {
		code, _, stderr := cli(args...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "hyperroute "+args[0]+": ") {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and one line", args, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "fresh")); err == nil {
		t.Error("a refused run --memory 1 made its results directory")
	}
	// Failures while running: 1.
	lock, err := dataset.LockRun(good, "valiant-tail", dataset.LockOptions{})
	if err != nil {
		t.Fatal(err)
	}
	type failure struct {
		args []string
		full bool // stdout fails as on a full disk
	}
	runs := []failure{
		{args: []string{"plot", badExp, "--x", "n", "--out", filepath.Join(dir, "p.png")}},
		{args: []string{"summary", badExp}},
		{args: []string{"verify", badExp}},
		{args: []string{"merge", badExp}},
		{args: []string{"merge", goodExp}},
		{args: []string{"run", "valiant-tail", "--out", good, "--trials", "3"}},
		{args: []string{"figures", "--results", bad, "--out", filepath.Join(dir, "figs")}},
		{args: []string{"report", "--results", good}, full: true},
		{args: []string{"validate", spec}, full: true},
		{args: []string{"sim", "--n", "3", "--trials", "2"}, full: true},
		{args: []string{"loss", "--n", "4"}, full: true},
		{args: []string{"bound", "binom", "--m", "2", "--N", "4", "--p", "0.5"}, full: true},
		{args: []string{"detours", "--n", "4", "--q", "0.1", "--trials", "2"}, full: true},
		{args: []string{"collective", "--op", "aab", "--algo", "dimex", "--p", "8"}, full: true},
		{args: []string{"list"}, full: true},
		{args: []string{"view", badExp, "--trial", "1", "--n", "4", "--port", "single", "--out", filepath.Join(dir, "v.html")}},
		{args: []string{"summary", goodExp}, full: true},
		{args: []string{"verify", filepath.Join(bad, "valiant-tail")}, full: true},
	}
	for _, r := range runs {
		var stdout, stderr bytes.Buffer
		var code int
		if r.full {
			code = run(r.args, fullWriter{}, &stderr)
		} else {
			code = run(r.args, &stdout, &stderr)
		}
		last := stderr.String()
		last = last[strings.LastIndex(strings.TrimSuffix(last, "\n"), "\n")+1:]
		if code != 1 || !strings.HasPrefix(last, "hyperroute "+r.args[0]+": ") {
			t.Errorf("%q (stdout full: %v): exit %d, stderr %q; want exit 1", r.args, r.full, code, stderr.String())
		}
	}
	lock.Unlock()
	commands := make(map[string]bool)
	for _, r := range runs {
		commands[r.args[0]] = true
	}
	for _, c := range []string{"plot", "summary", "verify", "merge", "run", "report", "figures", "validate", "sim", "loss", "bound", "detours", "collective", "list", "view"} {
		if !commands[c] {
			t.Errorf("no failure of %s tried", c)
		}
	}
}

// TestExitCodesFileSystem runs run and merge on a read-only file system
// and on a full one (a tmpfs mounted in a mount namespace of their own,
// unshare --mount, as root), taking the lock: exit 1, one line. Where
// that is not permitted the test is skipped, saying so, except with
// CI=true, where it fails.
func TestExitCodesFileSystem(t *testing.T) {
	if testing.Short() {
		t.Skip("runs hyperroute as a process; skipped with -short")
	}
	noBatchEnv(t)
	if out, err := exec.Command("unshare", "--mount", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt").CombinedOutput(); err != nil {
		msg := "unshare --mount with a tmpfs, needed to play a read-only and a full file system, is not permitted here (root with CAP_SYS_ADMIN is): " +
			strings.TrimSpace(string(out)) + " " + err.Error()
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	spec := writeSpec(t, smallSpec)
	for _, tc := range []struct{ name, setup string }{
		{"read-only", `mount -t tmpfs -o size=1m tmpfs "$1" && mkdir "$1/small" && mount -o remount,ro "$1"`},
		{"full", `mount -t tmpfs -o size=64k tmpfs "$1" && mkdir "$1/small" && (head -c 1048576 /dev/zero > "$1/fill" 2>/dev/null; true)`},
	} {
		for _, args := range [][]string{{"run", spec, "--workers", "1"}, {"merge"}} {
			t.Run(tc.name+" "+args[0], func(t *testing.T) {
				mnt := t.TempDir()
				args := slices.Clone(args)
				if args[0] == "merge" {
					args = append(args, filepath.Join(mnt, "small"))
				} else {
					args = append(args, "--out", mnt)
				}
				cmd := exec.Command("unshare", slices.Concat([]string{"--mount", "sh", "-c", tc.setup + ` && shift && exec "$@"`, "sh", mnt, os.Args[0]}, args)...)
				cmd.Env = append(os.Environ(), selfMain+"=1")
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				err := cmd.Run()
				code := cmd.ProcessState.ExitCode()
				if err != nil && code < 0 {
					t.Fatal(err)
				}
				if code != 1 || strings.Count(stderr.String(), "\n") != 1 || !strings.HasPrefix(stderr.String(), "hyperroute "+args[0]+": ") ||
					!strings.Contains(stderr.String(), "lock") {
					t.Errorf("%s on a %s file system: exit %d, stderr %q; want exit 1 and one line about the lock", args[0], tc.name, code, stderr.String())
				}
			})
		}
	}
}

package main

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// selfMain is the environment variable that makes the test binary run
// the command line in its arguments instead of the tests (TestMain), so
// that tests can run hyperroute as a process without building it.
const selfMain = "HYPERROUTE_TEST_AS_MAIN"

// runSelf runs hyperroute with args as a process (the test binary, see
// selfMain), killed after timeout, and returns its exit status, stdout
// and stderr; a status of -1 means it was killed.
func runSelf(t testing.TB, timeout time.Duration, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), selfMain+"=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("%v: %v", args, err)
	}
	return code, o.String(), e.String()
}

// simFlag is a flag of sim as its --help lists it: its name and the kind of
// value it takes (int, number, name, list, string, uint; "" for a bool).
type simFlag struct {
	name, kind string
	names      []string // for a name or list: the values its usage names
	sweeps     bool     // takes a list or range of values
}

// simFlagSet reads the flags of sim from sim --help, so that flags added
// later are drawn too.
func simFlagSet(t testing.TB) []simFlag {
	code, _, help := cli("sim", "--help")
	if code != 0 {
		t.Fatalf("sim --help: exit %d", code)
	}
	head := regexp.MustCompile(`^  -([a-z-]+)(?: ([a-z]+))?$`)
	names := regexp.MustCompile(`(?:a name of|a comma-separated list of) ([a-z, -]+?)(?:, or a list|;|$)`)
	same := regexp.MustCompile(`the same as --([a-z-]+)`)
	var flags []simFlag
	alias := make(map[int]string)
	lines := strings.Split(help, "\n")
	for i, l := range lines {
		m := head.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		f := simFlag{name: m[1], kind: m[2]}
		if i+1 < len(lines) {
			f.sweeps = strings.Contains(lines[i+1], "or a list") || strings.Contains(lines[i+1], "sweeps")
			if m := same.FindStringSubmatch(lines[i+1]); m != nil {
				alias[len(flags)] = m[1]
			}
			if nm := names.FindStringSubmatch(lines[i+1]); nm != nil {
				for _, v := range strings.Split(nm[1], ",") {
					if v = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), "or ")); v != "" {
						f.names = append(f.names, v)
					}
				}
			}
		}
		flags = append(flags, f)
	}
	for i, name := range alias {
		for _, f := range flags {
			if f.name == name {
				flags[i].names = f.names
			}
		}
	}
	if len(flags) < 20 {
		t.Fatalf("sim --help lists %d flags:\n%s", len(flags), help)
	}
	return flags
}

// simArgs draws a command line of sim from flags: each flag with
// probability ⅙, values mostly small and valid, sometimes lists, ranges,
// out of range or not values at all. pick(k) returns a choice in [0, k).
// --n and --trials are kept small unless drawn out of range, so that
// every run is quick.
func simArgs(flags []simFlag, files []string, pick func(k int) int) []string {
	oneOf := func(vs ...string) string { return vs[pick(len(vs))] }
	// odd is true for one value in 16: then a value out of range or none
	// at all.
	odd := func() bool { return pick(16) == 0 }
	args := []string{"sim"}
	for _, f := range flags {
		small := f.name == "n" || f.name == "trials"
		if pick(6) > 0 && !small {
			continue
		}
		var v string
		switch f.kind {
		case "":
			v = oneOf("true", "false")
			if odd() {
				v = oneOf("1", "maybe", "")
			}
			args = append(args, "--"+f.name+"="+v)
			continue
		case "int":
			v = oneOf("1", "2", "3", "4")
			if f.sweeps && pick(4) == 0 {
				v = oneOf("3,4", "2:4")
			}
			if odd() {
				v = oneOf("0", "-1", "2:4:1", "4:2", "2147483648", "x", "")
			}
		case "uint":
			v = oneOf("0", "1", "18446744073709551615")
			if odd() {
				v = oneOf("-1", "1e3", "")
			}
		case "number":
			v = oneOf("0", "0.1", "0.5", "1", "-0", "1e-300")
			if f.sweeps && pick(4) == 0 {
				v = oneOf("0,0.2", "0:0.2:0.1", "0,-0")
			}
			if odd() {
				v = oneOf("-0.5", "1.5", "NaN", "Inf", "", "x")
			}
		case "name":
			if len(f.names) == 0 || odd() {
				v = oneOf("", "none", "x", "a,b", "random")
				break
			}
			i := pick(len(f.names))
			v = f.names[i]
			if j := pick(len(f.names)); j != i && f.sweeps && pick(4) == 0 {
				v += "," + f.names[j]
			}
		case "list":
			var kinds []string
			for _, k := range f.names {
				if pick(3) == 0 {
					kinds = append(kinds, k)
				}
			}
			v = strings.Join(kinds, ",")
			if odd() {
				v += ",bogus"
			}
		default: // string: a stream name, a fault list, an output file
			v = oneOf("x", "s1")
			if pick(2) == 0 {
				v = oneOf(files...)
			}
			if odd() {
				v = oneOf("", "a b", "../x", strings.Repeat("z", 300))
			}
		}
		args = append(args, "--"+f.name, v)
	}
	if odd() {
		args = append(args, oneOf("--jsonl", "--record=trials", "extra", "--bogus"))
	}
	return args
}

// simFiles returns paths for flags that take a file: a valid fault list,
// a damaged one, a directory, a missing file and a file in a missing
// directory.
func simFiles(t testing.TB) []string {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "faults"), filepath.Join(dir, "bad")
	if err := os.WriteFile(good, []byte("0 0\n1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("0 99\nnot a fault\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{good, bad, dir, filepath.Join(dir, "missing"), filepath.Join(dir, "no", "such", "file")}
}

// checkSimRun fails unless a run of sim ended as a command must: no panic
// or stack trace, exit status 0, 1 or 2, and a refusal or failure told in
// one line naming the command, with nothing on stdout for a refusal.
func checkSimRun(t testing.TB, args []string, code int, stdout, stderr string) {
	t.Helper()
	line := strings.Join(args, " ")
	if len(line) > 400 {
		line = line[:400] + "…"
	}
	switch {
	case code == -1:
		t.Errorf("%s: killed after the timeout", line)
	case strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic:") || strings.Contains(stderr, "runtime error"):
		t.Errorf("%s: exit %d, a panic or stack trace:\n%.2000s", line, code, stderr)
	case code != 0 && code != 1 && code != 2:
		t.Errorf("%s: exit %d, want 0, 1 or 2:\n%.2000s", line, code, stderr)
	case code == 2 && (stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "hyperroute sim: ")):
		t.Errorf("%s: exit 2, stdout %.200q, stderr %.2000q; want one line on stderr", line, stdout, stderr)
	case code == 1 && !strings.HasPrefix(stderr[strings.LastIndex(strings.TrimSuffix(stderr, "\n"), "\n")+1:], "hyperroute sim: "):
		t.Errorf("%s: exit 1, stderr %.2000q; want it to end with one line naming the command", line, stderr)
	}
}

// TestSimFlagsRandom runs sim as a process with 400 random
// command lines over its real flags (simArgs), two at a time, each within
// a minute: none may panic, hang, exit other than 0, 1 or 2, or refuse in
// more than one line. It found `--record nodeloads,loadcounts` dividing by
// zero. The draws are seeded: a failure names its command line.
func TestSimFlagsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sim 400 times; skipped with -short")
	}
	noBatchEnv(t)
	flags, files := simFlagSet(t), simFiles(t)
	rng := rand.New(rand.NewPCG(31, 1))
	const runs = 400
	lines := make([][]string, runs)
	for i := range lines {
		lines[i] = simArgs(flags, files, rng.IntN)
	}
	var wg sync.WaitGroup
	next := make(chan []string)
	var mu sync.Mutex
	codes := make(map[int]int)
	for range 2 {
		wg.Go(func() {
			for args := range next {
				code, stdout, stderr := runSelf(t, time.Minute, args...)
				checkSimRun(t, args, code, stdout, stderr)
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}
		})
	}
	for _, args := range lines {
		next <- args
	}
	close(next)
	wg.Wait()
	// The draws must reach past the flag parser: runs that end well, and
	// refusals.
	if codes[0] < runs/10 || codes[2] < runs/10 {
		t.Errorf("exit statuses %v of %d runs: the draws hardly run sim", codes, runs)
	}
	t.Logf("exit statuses of %d random sim runs: %v", runs, codes)
}

// FuzzSimFlags runs sim as a process with command lines drawn by simArgs
// from the fuzzer's bytes (make fuzz).
func FuzzSimFlags(f *testing.F) {
	for _, seed := range []string{"", "\x00\x01\x02", "record nodeloads,loadcounts", "\xff\xfe\xfd\xfc\xfb"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		flags, files := simFlagSet(t), simFiles(t)
		i := 0
		pick := func(k int) int {
			if i >= len(data) {
				return 0
			}
			i++
			return int(data[i-1]) % k
		}
		args := simArgs(flags, files, pick)
		code, stdout, stderr := runSelf(t, time.Minute, args...)
		checkSimRun(t, args, code, stdout, stderr)
	})
}

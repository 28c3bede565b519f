package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hyperroute/hyperroute/dataset"
)

// writersSpec runs for a second or so on one worker, in units of growing
// size, so that a test can catch it writing one.
const writersSpec = `name: writers
grid:
  n: {from: 6, to: 11}
  router: valiant
  port: [single, all]
trials: 60
seed: 7
tables: [trials, packets]
packet_trials: 2
partition: [n, port]
`

// startSelf starts hyperroute with args as a process (see selfMain).
func startSelf(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), selfMain+"=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd, &out
}

// waitFor polls ok every 2 ms for up to a minute.
func waitFor(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for start := time.Now(); !ok(); time.Sleep(2 * time.Millisecond) {
		if time.Since(start) > time.Minute {
			t.Fatalf("waited a minute for %s", what)
		}
	}
}

// tempFiles returns the temporary files under dir.
func tempFiles(dir string) []string {
	var temps []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".tmp") {
			temps = append(temps, p)
		}
		return nil
	})
	return temps
}

// TestConcurrentWriters checks the one writer rule for every pair of
// writers of one experiment directory: an unsharded run (which repairs
// too), shards 0/2 and 1/2 of a sharded run, shard 0/3 of another shard
// count, and a merge. The first is caught writing a unit (a process
// stopped with its temporary file there; a merge is played by its lock,
// held in this process), the second is started: it must be refused in one
// line (exit 1), leave the first's temporary files alone, and the first
// must end well, its units whole. Only shards 0/2 and 1/2 write at once.
func TestConcurrentWriters(t *testing.T) {
	if testing.Short() {
		t.Skip("runs hyperroute as processes; skipped with -short")
	}
	noBatchEnv(t)
	spec := writeSpec(t, writersSpec)
	writers := map[string][]string{
		"run":       {"run", spec},
		"shard 0/2": {"run", spec, "--shard", "0/2"},
		"shard 1/2": {"run", spec, "--shard", "1/2"},
		"shard 0/3": {"run", spec, "--shard", "0/3"},
		"merge":     {"merge"},
	}
	for _, first := range []string{"run", "shard 0/2", "merge"} {
		for _, second := range []string{"run", "shard 0/2", "shard 1/2", "shard 0/3", "merge"} {
			t.Run(first+" then "+second, func(t *testing.T) {
				out := t.TempDir()
				exp := filepath.Join(out, "writers")
				with := func(args []string) []string {
					if args[0] == "merge" {
						return []string{"merge", exp}
					}
					return append(slices.Clone(args), "--out", out, "--workers", "1")
				}
				var proc *exec.Cmd
				var log *bytes.Buffer
				var temps []string
				if first == "merge" {
					l, err := dataset.LockRun(out, "writers", dataset.LockOptions{})
					if err != nil {
						t.Fatal(err)
					}
					defer l.Unlock()
				} else {
					proc, log = startSelf(t, with(writers[first])...)
					waitFor(t, "the first writer's temporary file", func() bool { return len(tempFiles(exp)) > 0 })
					if err := proc.Process.Signal(syscall.SIGSTOP); err != nil {
						t.Fatal(err)
					}
					temps = tempFiles(exp)
				}
				code, _, stderr := cli(with(writers[second])...)
				both := first == "shard 0/2" && second == "shard 1/2"
				switch {
				case both && code != 0:
					t.Errorf("%s beside %s: exit %d: %s", second, first, code, stderr)
				case !both && (code != 1 || strings.Count(stderr, "\n") != 1 ||
					!strings.Contains(stderr, "is being written by process") && !strings.Contains(stderr, "is being run by process")):
					t.Errorf("%s beside %s: exit %d: %s; want it refused in one line, exit 1", second, first, code, stderr)
				}
				for _, p := range temps {
					if _, err := os.Stat(p); err != nil {
						t.Errorf("%s removed %s's temporary file: %v", second, first, err)
					}
				}
				if proc == nil {
					return
				}
				proc.Process.Signal(syscall.SIGCONT)
				if err := proc.Wait(); err != nil {
					t.Fatalf("%s: %v\n%s", first, err, log)
				}
				// The first's units are whole: with the other shard and a
				// merge, the run verifies.
				if first == "shard 0/2" {
					if !both {
						if code, _, stderr := cli(with(writers["shard 1/2"])...); code != 0 {
							t.Fatalf("shard 1/2: %s", stderr)
						}
					}
					if code, _, stderr := cli("merge", exp); code != 0 {
						t.Fatalf("merge: %s", stderr)
					}
				}
				if code, stdout, stderr := cli("verify", exp); code != 0 {
					t.Errorf("verify: %s%s", stdout, stderr)
				}
				if left, _ := filepath.Glob(filepath.Join(exp, ".lock*")); len(left) > 0 {
					t.Errorf("locks left: %v", left)
				}
			})
		}
	}
}

// unshareHost returns the command line prefix that runs a command on a
// host of its own name (a UTS namespace: unshare --uts, as root). Where
// that is not permitted the test is skipped, saying so, except with
// CI=true, where it fails.
func unshareHost(t *testing.T, host string) []string {
	t.Helper()
	out, err := exec.Command("unshare", "--uts", "sh", "-c", "hostname "+host+" && hostname").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != host {
		msg := "unshare --uts, needed to play a second host, is not permitted here (root with CAP_SYS_ADMIN is): " +
			strings.TrimSpace(string(out)) + " " + errString(err)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return []string{"unshare", "--uts", "sh", "-c", `hostname "$0" && exec "$@"`, host}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// leaseSpec is killSpec with six times the trials: on one worker it runs
// well past the 3 s that TestLockTwoHosts keeps it running (about 8 s on an
// idle machine with the fused all-port step), and a second run finishes
// what is left.
const leaseSpec = `name: lease
grid:
  n: {from: 6, to: 13}
  router: valiant
  port: [single, all]
trials: 600
seed: 5
tables: [trials, packets]
packet_trials: 2
partition: [n, port]
`

// TestLockTwoHosts plays a run killed on one host and retried on
// another, as a Kubernetes retry pod or a Slurm task resubmitted after a
// lost node is: two processes with hostnames of their own (unshare
// --uts) and a lease of 2 s. While the first runs, the second is refused,
// past a lease (the holder renews its lock), told when the lock becomes
// stale; the first killed (-9), the second is refused until then and
// takes the lock over after it, saying so, and the run completes.
func TestLockTwoHosts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs hyperroute as processes; skipped with -short")
	}
	noBatchEnv(t)
	hostA, hostB := unshareHost(t, "hyperroute-host-a"), unshareHost(t, "hyperroute-host-b")
	spec := writeSpec(t, leaseSpec)
	out := t.TempDir()
	exp := filepath.Join(out, "lease")
	args := []string{"run", spec, "--out", out, "--workers", "1", "--lease", "2s"}
	self := []string{os.Args[0]}
	a := exec.Command(hostA[0], slices.Concat(hostA[1:], self, args)...)
	a.Env = append(os.Environ(), selfMain+"=1")
	var aOut bytes.Buffer
	a.Stdout, a.Stderr = &aOut, &aOut
	if err := a.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { a.Process.Kill(); a.Wait() }()
	lockPath := filepath.Join(exp, dataset.LockName)
	var holder dataset.LockHolder
	waitFor(t, "host a's lock", func() bool {
		b, err := os.ReadFile(lockPath)
		return err == nil && json.Unmarshal(b, &holder) == nil
	})
	if holder.Host != "hyperroute-host-a" {
		t.Fatalf("the lock names host %q", holder.Host)
	}
	runB := func() (int, string) {
		b := exec.Command(hostB[0], slices.Concat(hostB[1:], self, args)...)
		b.Env = append(os.Environ(), selfMain+"=1")
		var stderr bytes.Buffer
		b.Stderr = &stderr
		err := b.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
		return b.ProcessState.ExitCode(), stderr.String()
	}
	refused := func(when string) {
		t.Helper()
		code, stderr := runB()
		if code != 1 || !strings.Contains(stderr, "on hyperroute-host-a") || !strings.Contains(stderr, "becomes stale at") {
			t.Fatalf("%s: host b's run: exit %d: %s; want it refused, saying when host a's lock becomes stale", when, code, stderr)
		}
	}
	refused("at once")
	start := time.Now()
	for time.Since(start) < 3*time.Second {
		if a.ProcessState != nil {
			t.Fatalf("host a's run ended within 3 s: %s", aOut.String())
		}
		time.Sleep(500 * time.Millisecond)
	}
	refused("a lease and a half later, host a renewing its lock")
	if err := a.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	a.Wait()
	killed := time.Now()
	refused("just after host a's run was killed")
	time.Sleep(time.Until(killed.Add(2500 * time.Millisecond)))
	code, stderr := runB()
	if code != 0 || !strings.Contains(stderr, "took over the lock of process") || !strings.Contains(stderr, "on hyperroute-host-a") ||
		!strings.Contains(stderr, "longer than its lease of 2s") {
		t.Fatalf("host b's run once host a's lock is stale: exit %d: %s", code, stderr)
	}
	if code, stdout, stderr := cli("verify", exp); code != 0 {
		t.Errorf("verify: %s%s", stdout, stderr)
	}
}

// TestLockLostStops stops a run (SIGSTOP) while it writes a unit, for
// longer than its lease of 2 s: a second run takes the lock over, saying
// so, and completes; the first, continued, finds its lock lost and stops
// (exit 1) without putting its unit in place, and the run verifies.
func TestLockLostStops(t *testing.T) {
	if testing.Short() {
		t.Skip("runs hyperroute as processes; skipped with -short")
	}
	noBatchEnv(t)
	spec := writeSpec(t, writersSpec)
	out := t.TempDir()
	exp := filepath.Join(out, "writers")
	args := []string{"run", spec, "--out", out, "--workers", "1", "--lease", "2s"}
	first, log := startSelf(t, args...)
	waitFor(t, "the first run's temporary file", func() bool { return len(tempFiles(exp)) > 0 })
	if err := first.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2500 * time.Millisecond)
	code, _, stderr := cli(args...)
	if code != 0 || !strings.Contains(stderr, "took over the lock of process") || !strings.Contains(stderr, "longer than its lease of 2s") {
		t.Fatalf("second run: exit %d: %s", code, stderr)
	}
	first.Process.Signal(syscall.SIGCONT)
	err := first.Wait()
	if first.ProcessState.ExitCode() != 1 || !strings.Contains(log.String(), "lost the lock") {
		t.Errorf("first run, continued: %v: %s; want exit 1, the lock lost", err, log)
	}
	if code, stdout, stderr := cli("verify", exp); code != 0 {
		t.Errorf("verify: %s%s", stdout, stderr)
	}
}

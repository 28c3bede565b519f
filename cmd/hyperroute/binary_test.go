package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds the hyperroute binary once for the tests that run it as a
// process; TestMain removes it.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary; skipped with -short")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hyperroute-test-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "hyperroute")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	if os.Getenv(selfMain) == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// killSpec takes a couple of seconds on one worker, in 16 units of growing
// size.
const killSpec = `name: kill
grid:
  n: {from: 6, to: 13}
  router: valiant
  port: [single, all]
trials: 100
seed: 5
tables: [trials, packets]
packet_trials: 2
partition: [n, port]
`

// partFiles returns the complete and the temporary files under dir.
func partFiles(t *testing.T, dir string) (parts, temps []string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil || d.IsDir():
		case strings.HasSuffix(p, ".parquet"):
			parts = append(parts, p)
		case strings.HasSuffix(p, ".tmp"):
			temps = append(temps, p)
		}
		return nil
	})
	return parts, temps
}

// startRun starts `hyperroute run` and waits until it has written more than
// have part files.
func startRun(t *testing.T, bin, spec, out string, have int) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(bin, "run", spec, "--out", out, "--workers", "1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if parts, _ := partFiles(t, out); len(parts) > have {
			return cmd, &stderr
		}
	}
	cmd.Process.Kill()
	t.Fatalf("no new part file within a minute\n%s", stderr.String())
	return nil, nil
}

// TestInterruptSimDetours interrupts sim and detours with SIGINT once
// they spend CPU time on trials: exit status 130 and one line saying what
// is kept.
func TestInterruptSimDetours(t *testing.T) {
	bin := binary(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--n", "14", "--trials", "100000", "--workers", "1"}, "hyperroute sim: interrupted; what is printed so far is complete, nothing else is kept\n"},
		{[]string{"detours", "--n", "18", "--trials", "100000", "--workers", "1"}, "hyperroute detours: interrupted; no trial is kept\n"},
	} {
		cmd := exec.Command(bin, tc.args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Half a second of CPU time: past the signal handler, in the trials.
		for deadline := time.Now().Add(time.Minute); cpuTicks(t, cmd.Process.Pid) < 50 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		}
		cmd.Process.Signal(os.Interrupt)
		err := cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.HasSuffix(stderr.String(), tc.want) {
			t.Errorf("%s, SIGINT: %v, stderr %q; want exit 130 and %q", tc.args[0], err, stderr.String(), tc.want)
		}
	}
}

// cpuTicks returns the user and system time process pid has used, in
// clock ticks (/proc/PID/stat).
func cpuTicks(t *testing.T, pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	var user, sys int
	fmt.Sscan(f[11], &user)
	fmt.Sscan(f[12], &sys)
	return user + sys
}

// TestInterruptKillRerun interrupts a run with SIGINT, kills the rerun with
// SIGKILL, and runs it a third time: in the end every row is there exactly
// once and every file is complete, also to the independent parquet-go
// reader, metadata included.
func TestInterruptKillRerun(t *testing.T) {
	bin := binary(t)
	spec := writeSpec(t, killSpec)
	out := t.TempDir()

	cmd, stderr := startRun(t, bin, spec, out, 0)
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.HasSuffix(stderr.String(), " units finished so far are kept, rerun to resume\n") {
		t.Fatalf("SIGINT: %v, want exit 130 and what is kept\n%s", err, stderr)
	}
	parts, temps := partFiles(t, out)
	if len(temps) != 0 || len(parts) == 0 || len(parts)%2 != 0 {
		t.Fatalf("after SIGINT: parts %q, temporary files %q; want whole units", parts, temps)
	}

	cmd, _ = startRun(t, bin, spec, out, len(parts))
	cmd.Process.Kill()
	if err := cmd.Wait(); !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("SIGKILL: %v", err)
	}

	final := exec.Command(bin, "run", spec, "--out", out)
	if b, err := final.CombinedOutput(); err != nil || !strings.Contains(string(b), "files complete, skipped") {
		t.Fatalf("rerun: %v\n%s", err, b)
	}
	parts, temps = partFiles(t, out)
	if len(parts) != 32 || len(temps) != 0 {
		t.Errorf("after the rerun: %d parts, temporary files %q; want 32 and none", len(parts), temps)
	}
	s, err := experiments.Parse(spec, []byte(killSpec))
	if err != nil {
		t.Fatal(err)
	}
	points := len(s.Points())
	seen := make(map[string]int)
	var trials, packets int
	for _, p := range parts {
		if !dataset.Complete(p) {
			t.Errorf("%s: incomplete", p)
		}
		keys := readParquetGo(t, p, dataset.SpecDigest(killSpec))
		for _, k := range keys {
			seen[k]++
		}
		if strings.Contains(p, "/trials/") {
			trials += len(keys)
		} else {
			packets += len(keys)
		}
	}
	if want := points * s.Trials; trials != want {
		t.Errorf("%d trial rows, want %d", trials, want)
	}
	var wantPackets int
	for _, p := range s.Points() {
		wantPackets += s.PacketTrials << p.Routing().N
	}
	if packets != wantPackets {
		t.Errorf("%d packet rows, want %d", packets, wantPackets)
	}
	for k, c := range seen {
		if c != 1 {
			t.Errorf("row %s %d times", k, c)
		}
	}
	if _, err := dataset.ReadManifest(out, "kill"); err != nil {
		t.Error(err)
	}
}

// readParquetGo reads a part file with parquet-go and returns a key per
// row (grid values, trial and, for packets, packet id). It checks the
// provenance metadata and the row count the file records, and that the
// partition columns n and port are not in the file but in the directory
// names and the metadata (hive convention), whence the key takes them.
func readParquetGo(t *testing.T, path, digest string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for k, want := range map[string]string{
		dataset.MetaExperiment: "kill",
		dataset.MetaSpecSHA256: digest,
		dataset.MetaMasterSeed: "5",
		dataset.MetaTrials:     "100",
		dataset.MetaShard:      "0-of-1",
		dataset.MetaRows:       fmt.Sprint(pf.NumRows()),
		dataset.MetaTieBreak:   "smallest priority number first; ties by smaller packet id (source*mu + index)",
	} {
		if got, ok := pf.Lookup(k); !ok || got != want {
			t.Errorf("%s: %s = %q, want %q", path, k, got, want)
		}
	}
	partition := filepath.ToSlash(filepath.Join(filepath.Base(filepath.Dir(filepath.Dir(path))), filepath.Base(filepath.Dir(path))))
	if got, ok := pf.Lookup(dataset.MetaPartition); !ok || got != partition {
		t.Errorf("%s: %s = %q, want %q", path, dataset.MetaPartition, got, partition)
	}
	names := make(map[string]int)
	for i, c := range pf.Schema().Columns() {
		names[c[0]] = i
	}
	for _, c := range []string{"n", "port"} {
		if _, ok := names[c]; ok {
			t.Errorf("%s: holds partition column %s", path, c)
		}
	}
	var keyCols []int
	for _, c := range []string{"router", "queue", "pattern", "mu", "trial", "packet"} {
		if i, ok := names[c]; ok {
			keyCols = append(keyCols, i)
		}
	}
	r := parquet.NewReader(pf)
	defer r.Close()
	var keys []string
	buf := make([]parquet.Row, 256)
	for {
		n, err := r.ReadRows(buf)
		for _, row := range buf[:n] {
			var b strings.Builder
			for _, c := range keyCols {
				fmt.Fprintf(&b, "%v|", row[c])
			}
			keys = append(keys, filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(path))))+"|"+partition+"|"+b.String())
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	if int64(len(keys)) != pf.NumRows() {
		t.Errorf("%s: read %d rows, footer says %d", path, len(keys), pf.NumRows())
	}
	return keys
}

// TestSlurmScript runs deploy/slurm/run-array.sbatch as the three tasks of a
// job array would, reruns one task alone with SHARDS, and merges.
func TestSlurmScript(t *testing.T) {
	bin := binary(t)
	spec := writeSpec(t, smallSpec)
	out := t.TempDir()
	script, err := filepath.Abs("../../deploy/slurm/run-array.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	task := func(env ...string) string {
		cmd := exec.Command("bash", script, spec, "")
		cmd.Env = append(os.Environ(), "HYPERROUTE="+bin, "RESULTS="+out)
		cmd.Env = append(cmd.Env, env...)
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", env, err, b)
		}
		return string(b)
	}
	for i := range 3 {
		task(fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", i), "SLURM_ARRAY_TASK_COUNT=3")
	}
	if b := task("SHARDS=3", "SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_COUNT=1"); !strings.Contains(b, "shard 1/3: files complete, skipped") {
		t.Errorf("rerun of task 1 alone:\n%s", b)
	}
	b, err := exec.Command(bin, "merge", filepath.Join(out, "small")).CombinedOutput()
	if err != nil || !strings.Contains(string(b), "3 shards complete") {
		t.Errorf("merge: %v\n%s", err, b)
	}
}

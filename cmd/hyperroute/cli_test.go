package main

import (
	"bytes"
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/experiments"
)

// smallSpec is a spec that runs in well under a second.
const smallSpec = `name: small
grid:
  n: [3, 4, 5]
  router: [ecube, valiant]
  port: [single, all]
trials: 9
seed: 3
tables: [trials, packets]
packet_trials: 2
profiles:
  more:
    trials: 12
`

// noBatchEnv clears the variables from which run takes its shard.
func noBatchEnv(t *testing.T) {
	for _, k := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX"} {
		t.Setenv(k, "")
	}
}

func writeSpec(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "spec.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// cli runs a command line in process.
func cli(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// snapshot returns the SHA-256 of every file under dir, by path.
func snapshot(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	files := make(map[string][32]byte)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		files[p] = sha256.Sum256(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestRunValidateMerge(t *testing.T) {
	noBatchEnv(t)
	spec := writeSpec(t, smallSpec)
	out := t.TempDir()
	code, stdout, stderr := cli("run", spec, "--out", out, "--workers", "2")
	if code != 0 || stdout != "" || !strings.Contains(stderr, "results in "+filepath.Join(out, "small")) {
		t.Fatalf("run: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "small n=4 shard 0/1: written, rows: trials 36, packets 128") {
		t.Errorf("run: no unit line in stderr:\n%s", stderr)
	}
	code, _, stderr = cli("run", spec, "--out", out)
	if code != 0 || strings.Count(stderr, "files complete, skipped") != 3 {
		t.Errorf("rerun: exit %d, want 3 units skipped:\n%s", code, stderr)
	}

	// Two shards, flags after the spec, then merge.
	sharded := t.TempDir()
	for _, sh := range []string{"0/2", "1/2"} {
		code, stdout, stderr := cli("run", spec, "--shard", sh, "--profile", "more", "--out", sharded)
		if code != 0 || !strings.Contains(stderr, "hyperroute merge "+filepath.Join(sharded, "small")) {
			t.Fatalf("run --shard %s: exit %d\n%s%s", sh, code, stdout, stderr)
		}
	}
	code, stdout, stderr = cli("merge", "--out", sharded, "small")
	if code != 0 || !strings.Contains(stdout, "2 shards complete; packets 448 rows in 6 files, trials 144 rows in 6 files") {
		t.Fatalf("merge: exit %d\n%s%s", code, stdout, stderr)
	}
	m, err := dataset.ReadManifest(sharded, "small")
	if err != nil || m.Profile != "more" || m.Trials != 12 || m.Shards != 2 || m.SpecSHA256 != dataset.SpecDigest(smallSpec) {
		t.Errorf("manifest %+v, %v", m, err)
	}
	os.Remove(filepath.Join(sharded, "small", "trials", "n=4", "part-1-of-2.parquet"))
	code, _, stderr = cli("merge", filepath.Join(sharded, "small"))
	if code != 1 || !strings.Contains(stderr, "1 of 12 files missing: trials/n=4/part-1-of-2.parquet") {
		t.Errorf("merge with a shard missing: exit %d\n%s", code, stderr)
	}

	code, stdout, _ = cli("validate", spec)
	if code != 0 || !strings.Contains(stdout, "default: 12 points × 9 trials = 108 trials in 3 units") ||
		!strings.Contains(stdout, "profile more: 12 points × 12 trials") {
		t.Errorf("validate: exit %d\n%s", code, stdout)
	}
}

func TestList(t *testing.T) {
	code, stdout, _ := cli("list")
	if code != 0 {
		t.Fatalf("list: exit %d", code)
	}
	want := append(append(experiments.Names(), experiments.Models()...), "ecube", "valiant", "bitonic", "transpose", "bitrev", "farthest", "fifo", "loads", "binom", "matching-max-q")
	for _, w := range want {
		if !strings.Contains(stdout, "\n  "+w+" ") {
			t.Errorf("list lacks %q:\n%s", w, stdout)
		}
	}
}

// TestQueueDocs checks that list describes the disciplines the engine
// knows, and only those.
func TestQueueDocs(t *testing.T) {
	var names []string
	for _, q := range listDocs[0].items {
		names = append(names, q[0])
	}
	if want := engine.DisciplineNames(); !slices.Equal(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(want))) {
		t.Errorf("list describes the queue disciplines %v, the engine knows %v", names, want)
	}
}

// TestBadInput checks that bad input prints one error line, exits 2, and
// writes nothing: neither into a fresh results directory nor over a
// finished run.
func TestBadInput(t *testing.T) {
	noBatchEnv(t)
	spec := writeSpec(t, smallSpec)
	other := writeSpec(t, strings.Replace(smallSpec, "seed: 3", "seed: 4", 1))
	bad := writeSpec(t, strings.Replace(smallSpec, "n: [3, 4, 5]", "n: [3, 31]", 1))
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := t.TempDir()
	if code, _, stderr := cli("run", spec, "--out", done); code != 0 {
		t.Fatalf("run: %s", stderr)
	}
	before := snapshot(t, done)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "no/such.yaml"}, "hyperroute run: open no/such.yaml: no such file or directory"},
		{[]string{"run", "no-such-experiment"}, `hyperroute run: unknown experiment "no-such-experiment"`},
		{[]string{"run", bad}, "hyperroute run: " + bad + ":3: grid.n: 31 out of range [1, 30]"},
		{[]string{"run"}, "hyperroute run: want one SPEC"},
		{[]string{"run", spec, spec}, "hyperroute run: want one SPEC"},
		{[]string{"run", spec, "--shard", "3/2"}, "hyperroute run: --shard: shard 3/2: want 0 ≤ i < k"},
		{[]string{"run", spec, "--shard", "1"}, `hyperroute run: --shard: shard "1": want i/k`},
		{[]string{"run", spec, "--shards", "4"}, "hyperroute run: --shards=4: JOB_COMPLETION_INDEX is not set"},
		{[]string{"run", spec, "--workers", "0"}, "hyperroute run: workers=0: must be at least 1"},
		{[]string{"run", spec, "--trials", "-1"}, "hyperroute run: trials=-1 out of range"},
		{[]string{"run", spec, "--profile", "paper"}, `hyperroute run: ` + spec + `: unknown profile "paper" (want more)`},
		{[]string{"run", spec, "--bogus"}, "hyperroute run: flag provided but not defined: -bogus"},
		{[]string{"validate", bad}, "hyperroute validate: " + bad + ":3: grid.n: 31 out of range"},
		{[]string{"merge"}, "hyperroute merge: want DIR/EXPERIMENT"},
		{[]string{"merge", "--out", done, "."}, `hyperroute merge: "." does not name an experiment directory`},
		{[]string{"list", "x"}, `hyperroute list: unexpected argument "x"`},
	} {
		// Into the finished run's directory: nothing there may change.
		args := append(tc.args, "--out", done)
		if tc.args[0] != "run" {
			args = tc.args
		}
		code, stdout, stderr := cli(args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr\n%s\nwant exit 2 and one line starting\n%s", args, code, stdout, stderr, tc.want)
		}
		// Into a fresh directory: nothing may be created.
		if tc.args[0] == "run" {
			fresh := filepath.Join(t.TempDir(), "out")
			if code, _, _ := cli(append(tc.args, "--out", fresh)...); code != 2 {
				t.Errorf("%q --out fresh: exit %d", tc.args, code)
			}
			if _, err := os.Stat(fresh); !os.IsNotExist(err) {
				t.Errorf("%q: created %s", tc.args, fresh)
			}
		}
	}
	code, _, stderr := cli("run", other, "--out", done)
	if want := "hyperroute run: " + filepath.Join(done, "small") + " holds results of another run"; code != 2 ||
		strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, want) {
		t.Errorf("run of another spec into %s: exit %d\n%s", done, code, stderr)
	}
	for _, out := range []string{filepath.Join(file, "out"), "/dev/null/x"} {
		code, _, stderr := cli("run", spec, "--out", out)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "hyperroute run: results directory: mkdir ") {
			t.Errorf("--out %s: exit %d\n%s", out, code, stderr)
		}
	}
	t.Setenv("JOB_COMPLETION_INDEX", "3")
	if code, _, stderr := cli("run", spec, "--out", done); code != 2 || !strings.Contains(stderr, "JOB_COMPLETION_INDEX=3 with 1 shards") {
		t.Errorf("JOB_COMPLETION_INDEX=3 without a shard count: exit %d\n%s", code, stderr)
	}
	after := snapshot(t, done)
	if len(after) != len(before) {
		t.Errorf("bad input changed the files: %d before, %d after", len(before), len(after))
	}
	for p, h := range before {
		if after[p] != h {
			t.Errorf("bad input changed %s", p)
		}
	}
}

// TestRunFirstTrial checks --first-trial on the command line: the trials
// it runs, and a first trial out of range refused with one line.
func TestRunFirstTrial(t *testing.T) {
	noBatchEnv(t)
	spec := writeSpec(t, smallSpec)
	out := t.TempDir()
	if code, _, stderr := cli("run", spec, "--out", out, "--trials", "2", "--first-trial", "7"); code != 0 {
		t.Fatalf("run --first-trial 7: exit %d: %s", code, stderr)
	}
	m, err := dataset.ReadManifest(out, "small")
	if err != nil || m.FirstTrial != 7 || m.Trials != 2 {
		t.Fatalf("manifest: first trial %d, trials %d, %v; want 7, 2", m.FirstTrial, m.Trials, err)
	}
	for _, bad := range []string{"-1", "2147483647"} {
		code, stdout, stderr := cli("run", spec, "--out", t.TempDir(), "--first-trial", bad)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "first trial") {
			t.Errorf("--first-trial %s: exit %d, %q", bad, code, stderr)
		}
	}
}

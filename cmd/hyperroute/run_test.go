package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/experiments"
)

// tableLines returns the rows of a table of DIR/EXP as lines of their
// values, sorted.
func tableLines(t *testing.T, dir, exp, table string) []string {
	t.Helper()
	tbl, err := dataset.ReadDataset(dir, exp, table)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	lines := make([]string, tbl.NumRows())
	for c := range int(tbl.NumCols()) {
		i := 0
		for _, chunk := range tbl.Column(c).Data().Chunks() {
			for j := range chunk.Len() {
				lines[i] += chunk.ValueStr(j) + "|"
				i++
			}
		}
	}
	slices.Sort(lines)
	return lines
}

// collectivesScale returns a spec file of collectives-scale with fewer
// nodes (p = 4, 16), so that it runs in seconds.
func collectivesScale(t *testing.T) string {
	t.Helper()
	s, err := experiments.Lookup("collectives-scale")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(s.Text, "p: [4, 16, 64, 256]", "p: [4, 16]", 1)
	if text == s.Text {
		t.Fatal("collectives-scale has no grid p: [4, 16, 64, 256]")
	}
	return writeSpec(t, text)
}

// TestRunCollectivesShards: run SPEC --shard 0/2 and --shard 1/2 of
// collectives-scale write about half of the rows each; merge gives the
// rows of the unsharded run, which verify passes; a rerun of a shard has
// nothing to do.
func TestRunCollectivesShards(t *testing.T) {
	noBatchEnv(t)
	spec := collectivesScale(t)
	whole, split := t.TempDir(), t.TempDir()
	if code, _, stderr := cli("run", spec, "--out", whole); code != 0 {
		t.Fatalf("run: %s", stderr)
	}
	want := tableLines(t, whole, "collectives-scale", experiments.TableCollectives)
	var half [2]int
	for i := range 2 {
		shard := fmt.Sprintf("%d/2", i)
		if code, _, stderr := cli("run", spec, "--out", split, "--shard", shard, "--workers", "1"); code != 0 {
			t.Fatalf("run --shard %s: %s", shard, stderr)
		}
		tbl, _, err := dataset.ReadFile(filepath.Join(split, "collectives-scale", experiments.TableCollectives, fmt.Sprintf("part-%d-of-2.parquet", i)))
		if err != nil {
			t.Fatal(err)
		}
		half[i] = int(tbl.NumRows())
		tbl.Release()
	}
	if half[0]+half[1] != len(want) || half[0] != (len(want)+1)/2 {
		t.Errorf("shards wrote %v rows, want %d in halves", half, len(want))
	}
	if code, _, stderr := cli("run", spec, "--out", split, "--shard", "1/2"); code != 0 || !strings.Contains(stderr, "nothing to run") {
		t.Errorf("rerun of shard 1/2: exit %d, %s", code, stderr)
	}
	if code, stdout, stderr := cli("merge", filepath.Join(split, "collectives-scale")); code != 0 {
		t.Fatalf("merge: %s%s", stdout, stderr)
	}
	if got := tableLines(t, split, "collectives-scale", experiments.TableCollectives); !slices.Equal(got, want) {
		t.Errorf("merged shards: %d rows differ from the unsharded run's %d", len(got), len(want))
	}
	if code, stdout, stderr := cli("verify", filepath.Join(split, "collectives-scale")); code != 0 {
		t.Errorf("verify: %s%s", stdout, stderr)
	}
}

// TestRunCollectivesFlags: the flags a collectives experiment cannot
// honour are refused with exit 2, and --force redoes the run; --trials runs
// each point's trials, from --first-trial.
func TestRunCollectivesFlags(t *testing.T) {
	noBatchEnv(t)
	out := t.TempDir()
	spec := writeSpec(t, "name: coll\nmodel: collectives\nseed: 2\ngrid:\n  op: oab\n  p: [4, 8]\n  port: one\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--profile", "paper"}, `unknown profile "paper" (the spec has no profiles)`},
		{[]string{"--workers", "0"}, "workers=0: must be at least 1"},
		{[]string{"--trials", "0"}, "trials=0 out of range"},
	} {
		code, _, stderr := cli(append([]string{"run", spec, "--out", out}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("run %v: exit %d, %q; want exit 2, %q", tc.args, code, stderr, tc.want)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(out, "coll")); len(entries) != 0 {
		t.Errorf("refused runs wrote %d entries", len(entries))
	}
	if code, _, stderr := cli("run", spec, "--out", out, "--trials", "1"); code != 0 {
		t.Fatalf("run --trials 1: %s", stderr)
	}
	if code, _, stderr := cli("run", spec, "--out", out, "--force"); code != 0 || !strings.Contains(stderr, "1 units run") {
		t.Errorf("run --force: exit %d, %s", code, stderr)
	}
	if got := tableLines(t, out, "coll", experiments.TableCollectives); len(got) != 4 || !strings.Contains(got[0], "|single|") {
		t.Errorf("rows %q, want four (two algorithms, two sizes), port single", got)
	}
	more := t.TempDir()
	if code, _, stderr := cli("run", spec, "--out", more, "--trials", "5", "--first-trial", "3"); code != 0 {
		t.Fatalf("run --trials 5 --first-trial 3: %s", stderr)
	}
	if got := tableLines(t, more, "coll", experiments.TableCollectives); len(got) != 20 {
		t.Errorf("--trials 5: %d rows, want 20", len(got))
	}
}

// TestRunTrialsZero: --trials 0 is refused, as sim refuses it, instead of
// running the spec's trials.
func TestRunTrialsZero(t *testing.T) {
	noBatchEnv(t)
	out := t.TempDir()
	if code, _, stderr := cli("run", writeSpec(t, smallSpec), "--out", out, "--trials", "0"); code != 2 || !strings.Contains(stderr, "trials=0 out of range") {
		t.Errorf("run --trials 0: exit %d, %s", code, stderr)
	}
}

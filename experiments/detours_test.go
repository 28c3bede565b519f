package experiments

import (
	"context"
	"slices"
	"testing"
)

// TestDetoursSpecIsCommand: a spec of the detours model writes, trial by
// trial, the draws that hyperroute detours (NewSpec, Outcomes) prints for
// the same name, seed and point; merged shards write the same rows.
func TestDetoursSpecIsCommand(t *testing.T) {
	s := mustParse(t, "name: detours\nmodel: detours\ngrid:\n  n: 6\n  q: 0.12\n  strategy: heuristic\ntrials: 30\nseed: 3\n")
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	_, rows := readRows(t, dir, "detours", TableDraws)
	m, _ := LookupModel(DetoursModel)
	n, q, strategy := "6", "0.12", "heuristic"
	cmd, err := NewSpec(m, "detours", 3, 30, map[string]*string{"n": &n, "q": &q, "strategy": &strategy})
	if err != nil {
		t.Fatal(err)
	}
	outs, err := cmd.Outcomes(context.Background(), 1, 1<<30)
	if err != nil || len(outs) != len(rows) {
		t.Fatalf("%d draws, %d rows, %v", len(outs), len(rows), err)
	}
	for i, o := range outs {
		d, r := o.(*Draw), rows[i]
		var gamma any
		if d.Gamma != nil {
			gamma = int64(*d.Gamma)
		}
		if r["trial"] != int64(d.Trial) || r["seed"] != d.Seed || r["failed_edges"] != int64(d.Failed) || r["no_detour"] != d.NoDetour ||
			r["ok"] != d.OK || r["gamma"] != gamma || r["n"] != int64(6) || r["q"] != 0.12 || r["detours"] != "heuristic" {
			t.Fatalf("trial %d: row %v, draw %+v", i, r, d)
		}
	}
	split := t.TempDir()
	run(t, s, split, 1, Shard{0, 2})
	run(t, s, split, 1, Shard{1, 2})
	if _, err := Merge(split, "detours"); err != nil {
		t.Fatal(err)
	}
	cols, got := readRows(t, split, "detours", TableDraws)
	if want := sorted(lines(cols, rows)); !slices.Equal(sorted(lines(cols, got)), want) {
		t.Error("merged shards differ from the unsharded run")
	}
}

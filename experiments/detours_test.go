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
	s := mustParse(t, "name: detours\nmodel: detours\ngrid:\n  n: 6\n  q: 0.12\n  detours: heuristic\ntrials: 30\nseed: 3\n")
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	_, rows := readRows(t, dir, "detours", TableDraws)
	m, _ := LookupModel(DetoursModel)
	cmd, err := NewSpec(m, "detours", 3, 30, map[string][]string{"n": {"6"}, "q": {"0.12"}, "detours": {"heuristic"}})
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

// TestDetoursFaultAxes: the detours model takes k failed edges or a fault
// list instead of q, and detours none draws the cube only; the strategies
// of one grid see the same cubes.
func TestDetoursFaultAxes(t *testing.T) {
	s := mustParse(t, "name: d\nmodel: detours\ngrid:\n  n: 5\n  q: 0\n  k: [0, 12]\n  detours: [none, optimal, random]\ntrials: 20\nseed: 3\n")
	outs, err := s.Outcomes(context.Background(), 2, 1<<30)
	if err != nil || len(outs) != 6*20 {
		t.Fatalf("%d draws, %v", len(outs), err)
	}
	for i, o := range outs {
		d := o.(*Draw)
		same := outs[i%20+20*(i/60*3)].(*Draw) // the point's first strategy, same trial
		switch {
		case d.Failed != d.K || d.Failed != same.Failed || d.Stranded != same.Stranded:
			t.Fatalf("draw %d: %+v, the same cube under none: %+v", i, d, same)
		case d.Strategy == "none" && (d.OK || d.Gamma != nil):
			t.Fatalf("draw %d: none chose a system: %+v", i, d)
		case d.Strategy == "optimal" && d.OK == d.NoDetour:
			t.Fatalf("draw %d: optimal %+v", i, d)
		}
	}
	l := mustParse(t, "name: d\nmodel: detours\ngrid:\n  n: 3\n  q: 0\n  faults: \"0 1; 0 2; 0 3\"\n  detours: optimal\ntrials: 2\nseed: 3\n")
	outs, err = l.Outcomes(context.Background(), 1, 1<<30)
	if d := outs[0].(*Draw); err != nil || d.Failed != 3 || d.OK || !d.NoDetour || d.Faults != "0 1; 0 2; 0 3" {
		t.Fatalf("a fault list of every edge out of node 0: %+v, %v", d, err)
	}
	if _, err := Parse("x.yaml", []byte("name: d\nmodel: detours\ngrid:\n  n: 3\n  q: 0.1\n  k: 2\n  detours: optimal\ntrials: 2\nseed: 3\n")); err == nil {
		t.Error("q and k: no error")
	}
}

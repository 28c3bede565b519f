package experiments

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/dataset"
)

const smallCollectives = `name: coll
description: small
model: collectives
seed: 5
grid:
  op: [oab, aas]
  topology: [ring, cube]
  p: [4, 6]
  port: all
  ts: 3
`

// collectiveConfigs returns the configurations of the points of s.
func collectiveConfigs(s *Spec) []collectives.Config {
	var cs []collectives.Config
	for _, p := range s.Points() {
		cs = append(cs, p.Config.(*collective).Config)
	}
	return cs
}

// TestCollectiveConfigs: the grid expands to the combinations an
// algorithm runs on, every algorithm of an operation without an algo axis.
func TestCollectiveConfigs(t *testing.T) {
	s := mustParse(t, smallCollectives)
	got := map[string]int{}
	for _, c := range collectiveConfigs(s) {
		if err := c.Validate(); err != nil || c.Ts != 3 || c.Port != collectives.AllPort {
			t.Fatalf("%+v: %v", c, err)
		}
		got[c.Op.String()+" "+c.Algo+" "+c.Topology.String()]++
	}
	// oab on the ring of 4 and 6 (binomial and its ring of 6 excepted),
	// on Q_2; aas by ring on both rings, by dimex, pairwise, direct and
	// optimal on Q_2 and direct on both rings.
	want := map[string]int{
		"oab binomial ring": 1, "oab tree ring": 2, "oab flooding ring": 2,
		"oab binomial cube": 1, "oab tree cube": 1, "oab flooding cube": 1, "oab nesbt cube": 1,
		"aas ring ring": 2, "aas direct ring": 2,
		"aas dimex cube": 1, "aas pairwise cube": 1, "aas direct cube": 1, "aas optimal cube": 1,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d configurations, want %d", k, got[k], n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("configurations %v", got)
	}
	// The port model one is an alias of single; the shift amount is shift.
	s = mustParse(t, strings.Replace(smallCollectives, "port: all", "port: one\n  shift: 2", 1))
	for _, c := range collectiveConfigs(s) {
		if c.Port != collectives.SinglePort || c.Shift != 2 {
			t.Fatalf("port one, shift 2: %+v", c)
		}
	}
}

// TestParseCollectivesErrors: bad specs name the file, line and key; the
// runner's keys the model does not take are refused.
func TestParseCollectivesErrors(t *testing.T) {
	const head = "name: a\nmodel: collectives\nseed: 1\n"
	for _, c := range []struct{ text, want string }{
		{head + "grid:\n  op: scan\n", "x.yaml:5: grid.op: unknown collective operation"},
		{head + "grid:\n  n: 3\n", "x.yaml:5: grid.n"},
		{head + "grid:\n  q: 3\n", "x.yaml:5: grid.q: 3 out of range [0, 1]"},
		{head + "grid:\n  faults: 1 x\n", `x.yaml:5: grid.faults: faults: fault list: want edges "v d"`},
		{head + "grid:\n  detours: best\n", "x.yaml:5: grid.detours: unknown detour strategy"},
		{head + "grid:\n  topology: ring\n  algo: tree\n  q: 0.1\n  detours: optimal\n", "all 1 points skipped: q=0.1: edges fail and detours run on the cube only"},
		{head + "grid:\n  ts: -1\n", "x.yaml:5: grid.ts: -1 out of range"},
		{"name: a\nmodel: collectives\ngrid:\n  p: 4\n", "seed: missing"},
		{head + "grid:\n  op: aas\n  topology: ring\n  algo: dimex\n", "all 1 points skipped"},
		{"name: a b\nmodel: collectives\nseed: 1\ngrid:\n  p: 4\n", "x.yaml:1: name"},
		{head + "draw_only: true\ngrid:\n  p: 4\n", "x.yaml:4: draw_only: model collectives takes no draw_only"},
		{head + "tables: [trials]\ngrid:\n  p: 4\n", "unknown table \"trials\""},
		{"name: a\nmodel: gossip\nseed: 1\ngrid:\n  p: 4\n", "x.yaml:2: model: unknown model \"gossip\""},
	} {
		_, err := Parse("x.yaml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestRunCollectives: a run writes one row per configuration, readable
// back with the columns of Row.Columns (q as shift), and a manifest; a
// rerun skips the complete run, a forced one writes the same rows.
func TestRunCollectives(t *testing.T) {
	s := mustParse(t, smallCollectives)
	dir := t.TempDir()
	sum := run(t, s, dir, 2, Unsharded)
	cs := collectiveConfigs(s)
	n := len(cs)
	if sum.Rows[TableCollectives] != int64(n) || sum.Manifest == "" {
		t.Fatalf("summary %+v, want %d rows", sum, n)
	}
	tbl, err := dataset.ReadDataset(dir, "coll", TableCollectives)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	if int(tbl.NumRows()) != n {
		t.Fatalf("%d rows read", tbl.NumRows())
	}
	for i, c := range (collectives.Row{}).Columns() {
		if got := tbl.Schema().Field(i).Name; got != c.Name {
			t.Errorf("column %d is %s, want %s", i, got, c.Name)
		}
	}
	ports, err := dataset.Strings(tbl, "port")
	if err != nil || slices.ContainsFunc(ports, func(p string) bool { return p != "all" }) {
		t.Errorf("ports %v, %v", ports, err)
	}
	times, err := dataset.Float64s(tbl, "time")
	if err != nil {
		t.Fatal(err)
	}
	chunks := tbl.Column(tbl.Schema().FieldIndices("closed")[0]).Data().Chunks()
	if len(chunks) != 1 {
		t.Fatalf("closed: %d chunks", len(chunks))
	}
	closed := chunks[0].(*array.Float64)
	for i, c := range cs {
		want, err := collectives.Measure(c)
		if err != nil {
			t.Fatal(err)
		}
		if times[i] != want.Time || closed.IsNull(i) != math.IsNaN(want.Closed) || !closed.IsNull(i) && closed.Value(i) != want.Closed {
			t.Errorf("row %d: time %v, closed %v; want %v, %v", i, times[i], closed.Value(i), want.Time, want.Closed)
		}
	}
	if _, err := dataset.ReadManifest(dir, "coll"); err != nil {
		t.Error(err)
	}
	if sum := run(t, s, dir, 1, Unsharded); sum.Run != 0 || sum.Skipped != 1 {
		t.Errorf("rerun: %+v, want the complete unit skipped", sum)
	}
	r := &Runner{Spec: s, Dir: dir, Workers: 1, Shard: Unsharded, Force: true}
	if sum, err := r.Run(context.Background()); err != nil || sum.Run != 1 {
		t.Fatalf("forced rerun: %+v, %v", sum, err)
	}
	tbl2, err := dataset.ReadDataset(dir, "coll", TableCollectives)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl2.Release()
	times2, _ := dataset.Float64s(tbl2, "time")
	if !slices.Equal(times, times2) {
		t.Error("a forced rerun differs")
	}
}

// TestCollectivesShards: shards 0/2 and 1/2 write the points numbered
// even and odd, about half each; merged, they are the rows of the
// unsharded run, partitioned by topology or not.
func TestCollectivesShards(t *testing.T) {
	for _, partition := range []string{"", "partition: [topology]\n"} {
		s := mustParse(t, smallCollectives+partition)
		whole, split := t.TempDir(), t.TempDir()
		run(t, s, whole, 2, Unsharded)
		var rows [2]int64
		for i := range 2 {
			rows[i] = run(t, s, split, 1, Shard{i, 2}).Rows[TableCollectives]
		}
		n := int64(len(s.Points()))
		if rows[0]+rows[1] != n || rows[0] != (n+1)/2 {
			t.Errorf("%sshards wrote %v rows of %d", partition, rows, n)
		}
		if _, err := Merge(split, "coll"); err != nil {
			t.Fatal(err)
		}
		wantCols, want := readRows(t, whole, "coll", TableCollectives)
		gotCols, got := readRows(t, split, "coll", TableCollectives)
		if !slices.Equal(gotCols, wantCols) || !slices.Equal(sorted(lines(gotCols, got)), sorted(lines(wantCols, want))) {
			t.Errorf("%smerged shards differ from the unsharded run", partition)
		}
		if rep, err := Verify(split, "coll"); err != nil || len(rep.Problems) != 0 || rep.Files != 2*len(s.Units()) {
			t.Errorf("%sverify merged: %+v, %v", partition, rep, err)
		}
	}
}

// TestEmbeddedCollectives: the shipped specs parse and run something.
func TestEmbeddedCollectives(t *testing.T) {
	for _, name := range []string{"collectives-bounds", "collectives-scale", "collectives-size"} {
		s, err := Lookup(name)
		if err != nil || s.Name != name || s.Model.Name != CollectivesModel || len(s.Points()) < 50 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestVerifyCollectives: Verify passes a collectives run and names its file
// when it is damaged or gone.
func TestVerifyCollectives(t *testing.T) {
	s := mustParse(t, smallCollectives)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	rep, err := Verify(dir, "coll")
	if err != nil || len(rep.Problems) != 0 || rep.Files != 1 || rep.Rows != int64(len(s.Points())) {
		t.Fatalf("intact run: %+v, %v", rep, err)
	}
	file := filepath.Join(dir, "coll", TableCollectives, "part-0-of-1.parquet")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if rep, _ := Verify(dir, "coll"); len(rep.Problems) == 0 || rep.Problems[0].Path != "collectives/part-0-of-1.parquet" {
		t.Errorf("damaged file: %+v", rep.Problems)
	}
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if rep, _ := Verify(dir, "coll"); len(rep.Problems) == 0 || !strings.Contains(fmt.Sprint(rep.Problems), "missing") {
		t.Errorf("missing file: %+v", rep.Problems)
	}
}

// faultyCollectives is the spec, small: collectives × q × detours
// × trials.
const faultyCollectives = `name: coll-faults
model: collectives
seed: 7
trials: 30
partition: [p]
grid:
  op: [oab, reduce]
  algo: binomial
  p: [16, 32]
  port: [single, all]
  q: [0, 0.01, 0.05]
  detours: [heuristic, optimal, random]
`

// TestFaultyCollectivesRun: the faults are axes of the collectives model
// like any other: a spec of them runs every point's trials, its shards
// merged are the unsharded run's rows, a lost unit is redone to the same
// rows, and the trials are paired: the strategies, operations and port
// models of one (p, q) see the same cube trial by trial, and at q = 0
// every trial is the intact run.
func TestFaultyCollectivesRun(t *testing.T) {
	s := mustParse(t, faultyCollectives)
	if len(s.Points()) != 72 || s.once() {
		t.Fatalf("%d points, once %v", len(s.Points()), s.once())
	}
	whole, split := t.TempDir(), t.TempDir()
	if sum := run(t, s, whole, 2, Unsharded); sum.Rows[TableCollectives] != 72*30 {
		t.Fatalf("%d rows, want %d", sum.Rows[TableCollectives], 72*30)
	}
	for i := range 3 {
		run(t, s, split, 1, Shard{i, 3})
	}
	if _, err := Merge(split, "coll-faults"); err != nil {
		t.Fatal(err)
	}
	cols, want := readRows(t, whole, "coll-faults", TableCollectives)
	gotCols, got := readRows(t, split, "coll-faults", TableCollectives)
	if !slices.Equal(gotCols, cols) || !slices.Equal(sorted(lines(gotCols, got)), sorted(lines(cols, want))) {
		t.Fatal("the merged shards differ from the unsharded run")
	}
	if rep, err := Verify(split, "coll-faults"); err != nil || len(rep.Problems) != 0 {
		t.Fatalf("verify: %+v, %v", rep, err)
	}
	unit := filepath.Join(whole, "coll-faults", TableCollectives, "p=32", "part-0-of-1.parquet")
	if err := os.Remove(unit); err != nil {
		t.Fatal(err)
	}
	if sum := run(t, s, whole, 2, Unsharded); sum.Run != 1 || sum.Skipped != 1 {
		t.Fatalf("resumed: %+v, want the lost unit redone", sum)
	}
	if _, again := readRows(t, whole, "coll-faults", TableCollectives); !slices.Equal(lines(cols, again), lines(cols, want)) {
		t.Fatal("the resumed run differs")
	}
	cubes := map[string]any{} // failed edges per (p, q, trial)
	faulty, slower := 0, 0
	for _, r := range want {
		key := fmt.Sprint(r["p"], r["q"], r["trial"])
		if f, ok := cubes[key]; ok && f != r["failed_edges"] {
			t.Fatalf("p=%v q=%v trial %v: %v and %v failed edges", r["p"], r["q"], r["trial"], f, r["failed_edges"])
		}
		cubes[key] = r["failed_edges"]
		intact := r["q"] == 0.0
		if intact && r["failed_edges"] != int64(0) || intact != (r["gamma"] == nil) || r["ok"] != true {
			t.Fatalf("row %v", r)
		}
		if !intact {
			faulty++
			lg := int64(4)
			if r["p"] == int64(32) {
				lg = 5
			}
			if r["rho"].(int64) > lg {
				slower++
			}
			if r["port"] == "all" && (r["law_bound"] != (r["gamma"].(int64)+2)*lg || r["rho"].(int64) > r["law_bound"].(int64)) || r["bound_steps"] != nil {
				t.Fatalf("over detours: %v", r)
			}
		}
	}
	if len(cubes) != 2*3*30 || slower == 0 || slower == faulty {
		t.Errorf("%d cubes, %d of %d faulty trials slower than the intact one", len(cubes), slower, faulty)
	}
}

// TestCollectiveFaultList: a collective takes k failed edges or a fault
// list as the routing model does: k fails exactly k edges per trial, a
// fault list the same ones in every trial (so that, without random draws,
// every trial measures the same), and a list on the wrong cube is refused.
func TestCollectiveFaultList(t *testing.T) {
	s := mustParse(t, "name: c\nmodel: collectives\nseed: 2\ntrials: 6\ngrid:\n  op: reduce\n  algo: binomial\n  p: 16\n  port: all\n  k: [0, 5]\n  faults: [\"\", \"0 1; 1 1; 2 2\"]\n  detours: optimal\n")
	outs, err := s.Outcomes(context.Background(), 2, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Points()) != 3 || len(outs) != 18 { // k and a list together are refused (skipped)
		t.Fatalf("%d points, %d trials", len(s.Points()), len(outs))
	}
	for i, o := range outs {
		r := o.(*collectives.Row)
		want := []int{0, 3, 5}[i/6]
		if r.Faulty == nil && want > 0 || r.Faulty != nil && r.Faulty.Failed != want || !r.OK {
			t.Fatalf("trial %d: %+v, want %d failed edges", i, r.Faulty, want)
		}
		if i/6 == 1 && r.Rho != outs[6].(*collectives.Row).Rho {
			t.Errorf("a fault list's trials differ: ρ %d, %d", r.Rho, outs[6].(*collectives.Row).Rho)
		}
	}
	if _, err := Parse("x.yaml", []byte("name: c\nmodel: collectives\nseed: 2\ngrid:\n  op: reduce\n  algo: binomial\n  p: 16\n  faults: \"0 5\"\n  detours: optimal\n")); err == nil || !strings.Contains(err.Error(), "dimension 5") {
		t.Errorf("a list of Q_5 on Q_4: %v", err)
	}
}

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
seed: 5
grid:
  op: [oab, aas]
  topology: [ring, cube]
  p: [4, 6]
  port: all
  ts: 3
`

// TestCollectiveConfigs: the grid expands to the combinations an
// algorithm runs on, every algorithm of an operation without an algo axis.
func TestCollectiveConfigs(t *testing.T) {
	s, err := ParseCollectives("x.yaml", []byte(smallCollectives))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, c := range s.Configs() {
		if err := c.Validate(); err != nil || c.Ts != 3 || c.Seed != 5 {
			t.Fatalf("%+v: %v", c, err)
		}
		got[c.Op.String()+" "+c.Algo+" "+c.Topology.String()]++
	}
	// oab on the ring of 4 and 6 (binomial and its ring of 6 excepted),
	// on Q_2; aas by ring on both rings, by dimex, pairwise and direct on
	// Q_2 and direct on both rings.
	want := map[string]int{
		"oab binomial ring": 1, "oab tree ring": 2, "oab flooding ring": 2,
		"oab binomial cube": 1, "oab tree cube": 1, "oab flooding cube": 1, "oab nesbt cube": 1,
		"aas ring ring": 2, "aas direct ring": 2,
		"aas dimex cube": 1, "aas pairwise cube": 1, "aas direct cube": 1,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d configurations, want %d", k, got[k], n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("configurations %v", got)
	}
}

// TestParseCollectivesErrors: bad specs name the file, line and key.
func TestParseCollectivesErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"name: a\nseed: 1\ngrid:\n  op: scan\n", "x.yaml:4: grid.op: unknown operation"},
		{"name: a\nseed: 1\ngrid:\n  n: 3\n", "x.yaml:4: grid.n"},
		{"name: a\nseed: 1\ngrid:\n  ts: -1\n", "x.yaml:4: grid.ts: ts=-1"},
		{"name: a\ngrid:\n  p: 4\n", "seed: missing"},
		{"name: a\nseed: 1\ngrid:\n  op: aas\n  topology: ring\n  algo: dimex\n", "no algorithm runs"},
		{"name: a b\nseed: 1\ngrid:\n  p: 4\n", "x.yaml:1: name"},
	} {
		_, err := ParseCollectives("x.yaml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestRunCollectives: a run writes one row per configuration, readable
// back with the columns of Row.Columns, and a manifest; a rerun writes the
// same rows.
func TestRunCollectives(t *testing.T) {
	s, err := ParseCollectives("x.yaml", []byte(smallCollectives))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	n, err := RunCollectives(context.Background(), s, dir, 2)
	if err != nil || n != len(s.Configs()) {
		t.Fatalf("%d rows, %v", n, err)
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
	times, err := dataset.Float64s(tbl, "time")
	if err != nil {
		t.Fatal(err)
	}
	chunks := tbl.Column(tbl.Schema().FieldIndices("closed")[0]).Data().Chunks()
	if len(chunks) != 1 {
		t.Fatalf("closed: %d chunks", len(chunks))
	}
	closed := chunks[0].(*array.Float64)
	for i, c := range s.Configs() {
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
	before, _ := os.ReadFile(filepath.Join(dir, "coll", TableCollectives, "part-0-of-1.parquet"))
	if _, err := RunCollectives(context.Background(), s, dir, 1); err != nil {
		t.Fatal(err)
	}
	tbl2, err := dataset.ReadDataset(dir, "coll", TableCollectives)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl2.Release()
	times2, _ := dataset.Float64s(tbl2, "time")
	if len(before) == 0 || !slices.Equal(times, times2) {
		t.Error("a rerun differs")
	}
}

// TestEmbeddedCollectives: the shipped specs parse and run something.
func TestEmbeddedCollectives(t *testing.T) {
	names := CollectiveNames()
	if len(names) != 3 {
		t.Fatalf("specs %v", names)
	}
	for _, name := range names {
		s, ok, err := LookupCollectives(name)
		if !ok || err != nil || s.Name != name || len(s.Configs()) < 50 {
			t.Errorf("%s: %v %v", name, ok, err)
		}
	}
	if _, ok, _ := LookupCollectives("valiant-tail"); ok {
		t.Error("valiant-tail is a collectives spec")
	}
}

// TestVerifyCollectives: Verify passes a collectives run and names its file
// when it is damaged or gone.
func TestVerifyCollectives(t *testing.T) {
	s, err := ParseCollectives("x.yaml", []byte(smallCollectives))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := RunCollectives(context.Background(), s, dir, 2); err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(dir, "coll")
	if err != nil || len(rep.Problems) != 0 || rep.Files != 1 || rep.Rows != int64(len(s.Configs())) {
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

package experiments

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/lossest"
	"github.com/hyperroute/hyperroute/routers"
)

// TestLossRows runs a small spec of the loss model and checks its rows:
// one per point of the grid (pieces 1 … n/2 for disjoint, Valiant once per
// port, disjoint all-port skipped), each the estimate lossest.Estimate
// gives with the point's seed, within four standard errors of its exact
// bracket.
func TestLossRows(t *testing.T) {
	s, err := Parse("test.yaml", []byte(`name: rare
model: loss
grid:
  router: [disjoint, valiant]
  n: [4, 6]
  q: [0.01, 0.1]
  port: [single, all]
  rse: 0.2
seed: 5
`))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	r := &Runner{Spec: s, Dir: dir, Workers: 2, Shard: Unsharded}
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, rows := readRows(t, dir, "rare", TableEstimates)
	type point struct {
		router    string
		n, pieces int
		q         float64
		port      string
	}
	var want []point
	for _, n := range []int{4, 6} {
		for _, q := range []float64{0.01, 0.1} {
			for m := 1; m <= n/2; m++ {
				want = append(want, point{"disjoint", n, m, q, "single"})
			}
			want = append(want, point{"valiant", n, 1, q, "single"}, point{"valiant", n, 1, q, "all"})
		}
	}
	var got []point
	for _, row := range rows {
		p := point{row["router"].(string), int(row["n"].(int64)), int(row["pieces"].(int64)), row["q"].(float64), row["port"].(string)}
		got = append(got, p)
		seed, _ := TrialSeed(5, "rare", "n="+strconv.Itoa(p.n)+"/q="+strconv.FormatFloat(p.q, 'g', -1, 64), 0)
		port, _ := routers.ParsePort(p.port)
		res, err := lossest.Estimate(lossest.Config{Router: p.router, N: p.n, Q: p.q, Pieces: p.pieces, Port: port, RSE: 0.2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		loss, se, lo, hi := row["loss"].(float64), row["se"].(float64), row["exact_lo"].(float64), row["exact_hi"].(float64)
		if row["seed"].(uint64) != seed || loss != res.Loss || se != res.SE || row["trials"].(int64) != int64(res.Trials) ||
			row["converged"].(bool) != res.Converged || lo != res.ExactLo || hi != res.ExactHi || row["rse"].(float64) != 0.2 {
			t.Errorf("%+v: row %v, want seed %d and %+v", p, row, seed, res)
		}
		if !(se > 0 && se <= 0.2*loss && loss >= lo-4*se && loss <= hi+4*se) {
			t.Errorf("%+v: %g ± %g, exact bracket [%g, %g]", p, loss, se, lo, hi)
		}
	}
	less := func(a, b point) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) }
	slices.SortFunc(got, less)
	slices.SortFunc(want, less)
	if !slices.Equal(got, want) {
		t.Errorf("points\n%v, want\n%v", got, want)
	}
}

// TestLossAdmit checks that the loss model refuses what lossest does not
// estimate, with the spec's line, and skips only what the routers lack.
func TestLossAdmit(t *testing.T) {
	for _, c := range []struct{ grid, msg string }{
		{"router: disjoint\n  n: 4\n  q: 0.1\n  rse: 1", "rse=1"},
		{"router: disjoint\n  n: 28\n  q: 0.1", "n=28 out of range"},
		{"router: disjoint\n  n: 4\n  q: 0.1\n  pieces: 5\nskip_invalid: false", "pieces=5"},
		{"router: valiant\n  n: 4\n  q: 0.1\n  pieces: 2\nskip_invalid: false", "one copy"},
		{"router: disjoint\n  n: 4\n  q: 0.1\n  port: all\nskip_invalid: false", "single-port"},
	} {
		_, err := Parse("x.yaml", []byte("name: x\nmodel: loss\nseed: 1\ngrid:\n  "+c.grid+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.msg) || !strings.HasPrefix(err.Error(), "x.yaml:") {
			t.Errorf("grid %q: error %v, want one at a line of x.yaml saying %q", c.grid, err, c.msg)
		}
	}
	s, err := Parse("x.yaml", []byte("name: x\nmodel: loss\nseed: 1\ngrid:\n  router: [disjoint, valiant]\n  n: 4\n  q: 0.1\n  pieces: [1, 2, 5]\n  port: [single, all]\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range s.Points() {
		got = append(got, p.String())
	}
	want := []string{"router=disjoint n=4 q=0.1 pieces=1", "router=disjoint n=4 q=0.1 pieces=2",
		"router=valiant n=4 q=0.1 pieces=1", "router=valiant n=4 q=0.1 pieces=1 port=all"}
	if !slices.Equal(got, want) {
		t.Errorf("points %q, want %q", got, want)
	}
}

// TestSchemaDocumentsEstimates checks that dataset/SCHEMA.md has a section
// for the estimates table with every column of its schema.
func TestSchemaDocumentsEstimates(t *testing.T) {
	b, err := os.ReadFile("../dataset/SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## `"+TableEstimates+"`")
	if !ok {
		t.Fatalf("dataset/SCHEMA.md has no section ## `%s`", TableEstimates)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	m, err := LookupModel(LossModel)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range m.table(TableEstimates).Schema.Fields() {
		if !strings.Contains(section, "| `"+f.Name+"` | "+f.Type.String()+" |") {
			t.Errorf("dataset/SCHEMA.md, table %s: no row for column `%s` of type %s", TableEstimates, f.Name, f.Type)
		}
	}
}

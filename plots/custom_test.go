package plots

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/stats"
)

// customSpec is a small run of two routers on a faulty cube.
const customSpec = `name: custom
grid:
  n: [4, 5]
  router: [valiant, ecube]
  q: [0.02, 0.1]
trials: 30
seed: 5
`

// TestCustom checks what plot draws against the Parquet rows: per router
// and n, the mean, p90 and share of T and of lost as computed here from
// the rows, with the intervals of package stats; and that every format is
// written and bad columns, statistics and file names are sentences.
func TestCustom(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, customSpec)
	tbl, err := dataset.ReadDataset(dir, "custom", "trials")
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := dataset.Int64s(tbl, "n")
	routers, _ := dataset.Strings(tbl, "router")
	ts, _ := dataset.Int64s(tbl, "T")
	qs, _ := dataset.Float64s(tbl, "q")
	lost, err := nullableInts(tbl, "lost")
	tbl.Release()
	if err != nil {
		t.Fatal(err)
	}
	rows := func(router string, n int64, col []int64) []float64 {
		var out []float64
		for i := range ns {
			if routers[i] == router && ns[i] == n {
				out = append(out, float64(col[i]))
			}
		}
		return out
	}
	c := Custom{Dir: dir, Experiment: "custom", X: "n", Y: "T", By: "router", Stats: []string{"mean", "p90"}, Out: filepath.Join(dir, "t.png")}
	series, err := c.Series()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range series {
		names = append(names, s.Name("router"))
	}
	if want := []string{"router=ecube mean", "router=ecube p90", "router=valiant mean", "router=valiant p90"}; !slices.Equal(names, want) {
		t.Fatalf("series %q, want %q", names, want)
	}
	for _, s := range series {
		if len(s.Points) != 2 {
			t.Fatalf("%s: %d points, want n = 4, 5", s.Name("router"), len(s.Points))
		}
		for _, p := range s.Points {
			sample := rows(s.By.(string), int64(p.X), ts)
			want, iv := stats.MeanCI(sample, 0.95)
			if s.Stat == "p90" {
				sorted := slices.Sorted(slices.Values(sample))
				want = stats.Quantiles(sorted, 0.9)[0]
				// 60 values: the ranks of Bin(60, 0.9)'s 2.5% and 97.5%
				// quantiles, 50 and 58, and 58 + 1.
				iv = stats.Interval{Lo: sorted[49], Hi: sorted[58]}
			}
			if len(sample) != 60 || p.N != 60 || math.Abs(p.Y-want) > 1e-12 || p.Lo != iv.Lo || p.Hi != iv.Hi {
				t.Errorf("%s at n=%v: %+v; want %v [%v, %v] of the %d rows", s.Name("router"), p.X, p, want, iv.Lo, iv.Hi, len(sample))
			}
		}
	}
	c = Custom{Dir: dir, Experiment: "custom", X: "q", Y: "lost", Stats: []string{"share"}, Out: filepath.Join(dir, "s.svg")}
	if series, err = c.Series(); err != nil || len(series) != 1 || len(series[0].Points) != 2 {
		t.Fatalf("share of lost against q: %v, %+v", err, series)
	}
	for _, p := range series[0].Points {
		k, m := 0, 0
		for i := range lost {
			if qs[i] == p.X {
				m++
				if lost[i] > 0 {
					k++
				}
			}
		}
		iv := stats.Wilson(k, m, 0.95)
		if m != 120 || k == 0 || p.Y != float64(k)/float64(m) || p.Lo != iv.Lo || p.Hi != iv.Hi {
			t.Errorf("share of lost at q=%v: %+v; want %d of %d, %v", p.X, p, k, m, iv)
		}
	}
	for _, out := range []string{"t.png", "t.svg", "t.pdf"} {
		c.Out = filepath.Join(dir, out)
		if err := c.Draw(series); err != nil {
			t.Fatal(err)
		}
		checkFile(t, c.Out)
	}
	for _, bad := range []struct {
		c    Custom
		want string
	}{
		{Custom{X: "nosuch", Y: "T"}, `no column "nosuch"`},
		{Custom{X: "router", Y: "T"}, `column "router" holds "`},
		{Custom{X: "n", Y: "T", Stats: []string{"p95"}}, `unknown statistic "p95"`},
	} {
		bad.c.Dir, bad.c.Experiment = dir, "custom"
		if _, err := bad.c.Series(); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: error %v, want %q", bad.c, err, bad.want)
		}
	}
	if err := (Custom{Out: filepath.Join(dir, "t.jpg")}).Draw(series); err == nil || !strings.Contains(err.Error(), ".png, .svg or .pdf") {
		t.Errorf("t.jpg: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "t.jpg")); err == nil {
		t.Error("t.jpg written")
	}
}

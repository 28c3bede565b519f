package plots

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"
)

// rareSpec is a small replication-rare: n = 8 and 10, pieces 1 … n/2 and
// one Valiant copy, at three q.
const rareSpec = `name: replication-rare
model: loss
grid:
  router: [disjoint, valiant]
  n: [8, 10]
  q: [0.005, 0.02, 0.1]
  rse: 0.1
seed: 7
`

// TestReplicationRareData checks what ReplicationRare draws against the
// rows of replication-rare/estimates: per n, the series one Valiant copy,
// n copies, m = 2 and m = n/2 of n pieces, each with every estimate of its
// router and pieces as a point at (q, loss) with 2·se above and below it
// (below cut at the axis' end), on exact curves that give the row's exact
// bracket at its q; and the estimates lie within four standard errors of
// their bracket.
func TestReplicationRareData(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, rareSpec)
	rows, err := readRare(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3*(1+4+1+5) {
		t.Fatalf("%d estimates, want %d", len(rows), 3*(1+4+1+5))
	}
	const lo = 1e-12
	for _, n := range []int{8, 10} {
		set, zeros := rareSet(rows, n, lo)
		if zeros != 0 {
			t.Errorf("n=%d: %d zeros left out", n, zeros)
		}
		var got []int
		for _, s := range set {
			got = append(got, s.pieces)
			var mine []rareLoss
			for _, r := range rows {
				if r.n == n && r.router == s.router && r.pieces == s.pieces {
					mine = append(mine, r)
				}
			}
			if len(mine) != 3 || len(s.bars.XYs) != len(mine) || len(s.bars.YErrors) != len(mine) {
				t.Fatalf("n=%d %s: %d points, %d rows, want 3", n, s.name, len(s.bars.XYs), len(mine))
			}
			for i, r := range mine {
				xy, e := s.bars.XYs[i], s.bars.YErrors[i]
				if xy.X != r.q || xy.Y != r.loss || e.High != 2*r.se || e.Low != r.loss-math.Max(r.loss-2*r.se, lo) {
					t.Errorf("n=%d %s: drew %v ± (%g, %g), row %+v", n, s.name, xy, e.Low, e.High, r)
				}
				exactLo := s.exactHi
				if s.exactLo != nil {
					exactLo = s.exactLo
				}
				if !relNear(s.exactHi(r.q), r.exactHi) || !relNear(exactLo(r.q), r.exactLo) {
					t.Errorf("n=%d %s q=%g: curves at [%g, %g], row's bracket [%g, %g]", n, s.name, r.q, exactLo(r.q), s.exactHi(r.q), r.exactLo, r.exactHi)
				}
				if !r.converged || r.loss < r.exactLo-4*r.se || r.loss > r.exactHi+4*r.se {
					t.Errorf("n=%d %s q=%g: %g ± %g (converged %v), exact [%g, %g]", n, s.name, r.q, r.loss, r.se, r.converged, r.exactLo, r.exactHi)
				}
			}
		}
		if want := []int{1, 1, 2, n / 2}; !slices.Equal(got, want) || set[0].router != "valiant" || set[1].router != "disjoint" {
			t.Errorf("n=%d: series of pieces %v, want %v, Valiant first", n, got, want)
		}
	}
}

// TestSparseDecades: over many decades every labelled tick is a power of
// ten, labelled "1e-25" or "0.001" (not 9.999999999999999e-26), at most
// seven are labelled, and 1 is.
func TestSparseDecades(t *testing.T) {
	for _, c := range []struct{ lo, hi float64 }{{1e-3, 1}, {1e-31, 1}, {1e-17, 1}} {
		var labelled []float64
		for _, tk := range sparseDecades.Ticks(c.lo, c.hi) {
			if tk.Label != "" {
				labelled = append(labelled, tk.Value)
			}
		}
		if len(labelled) < 3 || len(labelled) > 7 || labelled[len(labelled)-1] != 1 {
			t.Errorf("[%g, %g]: labelled %v", c.lo, c.hi, labelled)
		}
		for _, tk := range sparseDecades.Ticks(c.lo, c.hi) {
			if e := math.Log10(tk.Value); tk.Label != "" && tk.Label != "1" && tk.Label != fmt.Sprintf("1e-%02d", -int(math.Round(e))) && tk.Label != strconv.FormatFloat(tk.Value, 'f', -1, 64) {
				t.Errorf("[%g, %g]: tick %g labelled %q", c.lo, c.hi, tk.Value, tk.Label)
			}
		}
	}
}

// near says that x and y agree to 1e-12 relative.
func relNear(x, y float64) bool { return math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y)) }

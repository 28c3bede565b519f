package plots

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/confluent"
	"github.com/hyperroute/hyperroute/faults"
)

// TestThesisDetours checks Figs. 3 and 4 against the thesis' lists: the
// failed edges 0→2, 5→7, 9→11 are drawn, and the drawn detours are the
// thesis' U_{0,2}, U_{5,7}, U_{9,11}; faults' own γ is 3 and 1, and Check
// accepts each system at that γ and no lower. The figure is written.
func TestThesisDetours(t *testing.T) {
	for _, c := range []struct {
		y     *faults.System
		gamma int
		paths [][]uint32
	}{
		{thesisFig3(), 3, [][]uint32{{0, 1, 3, 2}, {5, 1, 3, 7}, {9, 1, 3, 11}}},
		{thesisFig4(), 1, [][]uint32{{0, 4, 6, 2}, {5, 13, 15, 7}, {9, 1, 3, 11}}},
	} {
		if _, gamma := c.y.Gamma(); gamma != c.gamma || c.y.Check(c.gamma) != nil || c.y.Check(c.gamma-1) == nil {
			t.Errorf("γ = %d, want %d; Check(γ) = %v, Check(γ−1) = %v", gamma, c.gamma, c.y.Check(c.gamma), c.y.Check(c.gamma-1))
		}
		p := detourPicture(c.y, "")
		if want := [][2]uint32{{0, 2}, {5, 7}, {9, 11}}; !slices.Equal(p.failed, want) {
			t.Errorf("failed edges drawn %v, want %v", p.failed, want)
		}
		if !slices.EqualFunc(p.paths, c.paths, slices.Equal) {
			t.Errorf("γ = %d: detours drawn %v, want %v", c.gamma, p.paths, c.paths)
		}
	}
	checkDrawn(t, ThesisDetours, "thesis-fig3-4")
}

// TestThesisDilation checks Fig. 7's data against the harness for
// n = 3 … 6: Hub(n, 0) is 1-conjunct, the plotted least dilation is
// MinNode's, proved, 2n + 1, the greedy ones are Node's about 0 and
// 2^n − 1 and no less, and ψ's is γ + 2 = 3. The figure is written.
func TestThesisDilation(t *testing.T) {
	rows, err := hubDilations(6)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 {
		t.Fatalf("%d rows for n = 3 … 6", len(rows))
	}
	for _, r := range rows {
		y, err := confluent.Hub(r.N, 0)
		if err != nil {
			t.Fatal(err)
		}
		least, exact, err := confluent.MinNode(y, hubBudget)
		if err != nil || !exact {
			t.Fatalf("n = %d: %v, exact %v", r.N, err, exact)
		}
		g0, _ := confluent.Node(y)
		y1, _ := confluent.Hub(r.N, 1<<r.N-1)
		g1, _ := confluent.Node(y1)
		if r.Gamma != 1 || r.Least != least.D || r.Least != 2*r.N+1 || r.Zero != g0.D || r.Ones != g1.D || r.Zero < r.Least || r.Ones < r.Least || r.Edge != 3 {
			t.Errorf("n = %d: %+v; MinNode %d, greedy %d and %d", r.N, r, least.D, g0.D, g1.D)
		}
	}
	checkDrawn(t, ThesisDilation, "thesis-fig7")
}

// checkDrawn draws a thesis figure without results and checks its files.
func checkDrawn(t *testing.T, draw func(string, string) (Output, error), stem string) {
	t.Helper()
	out := t.TempDir()
	o, err := draw("", out)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, format := range formats {
		want = append(want, filepath.Join(out, fmt.Sprintf("%s.%s", stem, format)))
	}
	if !slices.Equal(o.Files, want) {
		t.Errorf("files %v, want %v", o.Files, want)
	}
	for _, path := range o.Files {
		checkFile(t, path)
	}
}

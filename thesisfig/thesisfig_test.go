package thesisfig

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/figstyle"
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
	checkDrawn(t, Fig34, "thesis-fig3-4")
}

// checkDrawn draws a figure with draw and checks its files: PNG, SVG
// and PDF, the PNG one column wide.
func checkDrawn(t *testing.T, draw func(out string) ([]string, error), stem string) {
	t.Helper()
	out := t.TempDir()
	files, err := draw(out)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, format := range figstyle.Formats {
		want = append(want, filepath.Join(out, stem+"."+format))
	}
	if !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if img, err := png.Decode(bytes.NewReader(b)); err != nil || img.Bounds().Dx() != int(figstyle.Width.Dots(figstyle.DPI)+0.5) {
		t.Errorf("%s: %v, not a PNG one column wide", files[0], err)
	}
}

// TestThesisPaths checks Fig. 1 against the thesis' example, s = 0,
// z = 1110 in Q_4: the drawn cube paths cross the dimensions α = (1, 2, 3,
// 4, 1), (2, 3, 4), (3, 4, 2), (4, 2, 3), and the drawn butterfly walks
// take the hops β = 11111, 11100, 11010, 10110 (cross = 1) from (d, 0),
// solid up to their last cross edge (the thesis' shortened β), every node
// in a column of its layer.
func TestThesisPaths(t *testing.T) {
	alphas := [][]int{{1, 2, 3, 4, 1}, {2, 3, 4}, {3, 4, 2}, {4, 2, 3}}
	betas := []string{"11111", "11100", "11010", "10110"}
	cube := disjointPaths(fig1N, fig1S, fig1Z)
	bf := betaRoutes(fig1N, fig1S, fig1Z)
	if len(cube.paths) != 4 || len(bf.traces) != 4 {
		t.Fatalf("%d cube paths, %d butterfly routes", len(cube.paths), len(bf.traces))
	}
	for d := 1; d <= 4; d++ {
		want := []uint32{fig1S}
		for _, dim := range alphas[d-1] {
			want = append(want, want[len(want)-1]^1<<(dim-1))
		}
		if !slices.Equal(cube.paths[d-1], want) {
			t.Errorf("α%d drawn %v, want %v", d, cube.paths[d-1], want)
		}
		tr := bf.traces[d-1][0]
		l, v := d, uint32(fig1S)
		walk, solid := []butterfly.Node{{L: l, V: v}}, 0
		for i, b := range betas[d-1] {
			if b == '1' {
				v ^= 1 << (l - 1)
				solid = i + 2
			}
			l = l%4 + 1
			walk = append(walk, butterfly.Node{L: l, V: v})
		}
		if !slices.Equal(tr.Nodes, walk) || tr.Solid != solid || walk[len(walk)-1].V != fig1Z {
			t.Errorf("β%d drawn %v solid %d, want %v solid %d", d, tr.Nodes, tr.Solid, walk, solid)
		}
		checkLayers(t, bf, tr)
	}
	checkDrawn(t, Fig1, "thesis-fig1")
}

// TestThesisTrees checks Fig. 2: the roots are the thesis' u_1 = (2, 1),
// (3, 2), (4, 4), (1, 8) for d = 1 … 4, each tree's walks follow edges of
// BF_4 and cover 2^4 − 1 nodes, and no node lies in two trees.
func TestThesisTrees(t *testing.T) {
	p := disjointTrees(fig1N, fig1S)
	b := butterfly.Net{N: fig1N}
	roots := []butterfly.Node{{L: 2, V: 1}, {L: 3, V: 2}, {L: 4, V: 4}, {L: 1, V: 8}}
	owner := map[butterfly.Node]int{}
	for k, tree := range p.traces {
		nodes := map[butterfly.Node]bool{}
		for _, tr := range tree {
			if tr.Nodes[0] != roots[k] {
				t.Errorf("tree %d: root %v, want %v", k+1, tr.Nodes[0], roots[k])
			}
			for i, w := range tr.Nodes {
				if i > 0 && w != b.Straight(tr.Nodes[i-1]) && w != b.Cross(tr.Nodes[i-1]) {
					t.Errorf("tree %d: %v → %v is no edge", k+1, tr.Nodes[i-1], w)
				}
				nodes[w] = true
			}
			checkLayers(t, p, tr)
		}
		if len(nodes) != 1<<fig1N-1 {
			t.Errorf("tree %d has %d nodes, want %d", k+1, len(nodes), 1<<fig1N-1)
		}
		for w := range nodes {
			if j, ok := owner[w]; ok {
				t.Errorf("%v in trees %d and %d", w, j+1, k+1)
			}
			owner[w] = k
		}
	}
	checkDrawn(t, Fig2, "thesis-fig2")
}

// checkLayers checks that every node of tr is drawn in a column of its
// layer, inside the picture.
func checkLayers(t *testing.T, p bflyPicture, tr bflyTrace) {
	t.Helper()
	for i, w := range tr.Nodes {
		if j := tr.Col + i; j >= p.cols || p.layer(j) != w.L {
			t.Errorf("%v drawn in column %d (layer %d) of %d", w, j, p.layer(j), p.cols)
		}
	}
}

// TestThesisConfluent checks Figs. 5 and 6: each drawn number is the
// sub-step of confluent.MinNode's system (0 at the start, the dilation at
// the end), each system is node-confluent with the least dilation (Fig.
// 3's: 5, as its three detours leave node 1 in three different sub-steps;
// Fig. 6's: 3, the least of any detour), and Fig.
// 6's detours share their first node-time (left) and their last hop in
// one sub-step (right), as the thesis' Fig. 6 shows. The figure is
// written.
func TestThesisConfluent(t *testing.T) {
	for _, c := range []struct {
		y     *faults.System
		least int
	}{{thesisFig3(), 5}, {fig6Left(), 3}, {fig6Right(), 3}} {
		s, err := leastNode(c.y)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		if err := s.NodeConfluent(); err != nil {
			t.Fatal(err)
		}
		if s.D != c.least {
			t.Errorf("%v: dilation %d, want %d", c.y.Faults, s.D, c.least)
		}
		p := confluentPicture(s, "")
		for k, u := range s.Detours {
			want := []int{0, int(u.Hops[1].Slot), int(u.Hops[2].Slot), s.D}
			nodes := []uint32{u.V, u.Hops[1].From, u.Hops[2].From, u.W()}
			if u.Hops[0].Slot != 0 || !slices.Equal(p.numbers[k], want) || !slices.Equal(p.paths[k], nodes) {
				t.Errorf("detour %d: drawn %v at %v, want %v at %v", k, p.paths[k], p.numbers[k], nodes, want)
			}
		}
	}
	l, _ := leastNode(fig6Left())
	r, _ := leastNode(fig6Right())
	if a, b := l.Detours[0].Hops[1], l.Detours[1].Hops[1]; a.From != b.From || a.Slot != b.Slot {
		t.Errorf("Fig. 6 left: the detours leave 4 in sub-steps %d and %d", a.Slot, b.Slot)
	}
	if a, b := r.Detours[0].Hops[2], r.Detours[1].Hops[2]; a != b {
		t.Errorf("Fig. 6 right: last hops %+v and %+v", a, b)
	}
	checkDrawn(t, Fig56, "thesis-fig5-6")
}

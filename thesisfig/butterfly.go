package thesisfig

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/figstyle"
	"github.com/hyperroute/hyperroute/hypercube"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The example of the thesis' Fig. 1 [Schömer 1988, Ch. II.2]: the n
// disjoint paths from s = 0 to z = 1110 in Q_4 and BF_4.
const (
	fig1N = 4
	fig1S = 0
	fig1Z = 0b1110
)

// disjointPaths is the picture of Fig. 1's cube paths: α^d of
// hypercube.DisjointPaths as node sequences, d = 1 … n, with their
// dimension lists.
func disjointPaths(n int, s, z uint32) cubePicture {
	p := cubePicture{n: n, title: fmt.Sprintf("Fig. 1 (Q₄): the %d disjoint paths αᵈ from %d to %d", n, s, z)}
	for d, alpha := range (hypercube.Cube{N: n}).DisjointPaths(s, z) {
		p.paths = append(p.paths, hypercube.Walk(s, alpha))
		p.legend = append(p.legend, fmt.Sprintf("α%s = %s", figstyle.Superscript(d+1), intList(alpha)))
	}
	return p
}

// bflyTrace is a walk through BF_n drawn on the unrolled butterfly: its
// nodes in order, the first in column Col, and how many of its nodes are
// drawn solid (the rest dashed).
type bflyTrace struct {
	Nodes []butterfly.Node
	Col   int
	Solid int
}

// bflyPicture is the wrapped butterfly BF_n unrolled into Cols columns of
// layers 1, 2, …, n, 1, 2, … with coloured walks or trees on it.
type bflyPicture struct {
	n      int
	cols   int
	title  string
	traces [][]bflyTrace // per colour: walks, or the root-to-leaf paths of a tree
	legend []string
}

// layer is the layer drawn in column j.
func (p bflyPicture) layer(j int) int { return j%p.n + 1 }

// betaRoutes is the picture of Fig. 1's butterfly routes: β^d of
// butterfly.Net.Beta from (d, s), walked by butterfly.Net.Walk, its
// trailing straight hops (Trim drops them) dashed.
func betaRoutes(n int, s, z uint32) bflyPicture {
	b := butterfly.Net{N: n}
	p := bflyPicture{n: n, cols: 2*n + 1, title: fmt.Sprintf("Fig. 1 (BF₄): the routes βᵈ from (d, %d) to super-node %d", s, z)}
	for d := 1; d <= n; d++ {
		r := b.Beta(d, s, z)
		walk := b.Walk(butterfly.Node{L: d, V: s}, r)
		p.traces = append(p.traces, []bflyTrace{{Nodes: walk, Col: d - 1, Solid: r.Trim().Len + 1}})
		bits := make([]string, r.Len)
		for i := range r.Len {
			bits[i] = map[bool]string{true: "1", false: "0"}[r.Takes(i)]
		}
		p.legend = append(p.legend, fmt.Sprintf("β%s = (%s)", figstyle.Superscript(d), strings.Join(bits, ", ")))
	}
	return p
}

// disjointTrees is the picture of Fig. 2: for s, the binary trees of depth
// n − 1 whose roots u_1 = (1 + d mod n, s ⊕ e_d) are the nodes the n
// packets of super-node s reach after their first hop, each as the walks
// from its root to its leaves over butterfly.Net's straight and cross
// edges.
func disjointTrees(n int, s uint32) bflyPicture {
	b := butterfly.Net{N: n}
	p := bflyPicture{n: n, cols: 2*n - 1, title: fmt.Sprintf("Fig. 2: the node-disjoint trees of depth %d in BF₄, s = %d", n-1, s)}
	for d := 1; d <= n; d++ {
		root := b.Cross(butterfly.Node{L: d, V: s})
		var walks []bflyTrace
		for leaf := range 1 << (n - 1) {
			walk := []butterfly.Node{root}
			for k := range n - 1 {
				w := walk[len(walk)-1]
				if leaf>>k&1 != 0 {
					walk = append(walk, b.Cross(w))
				} else {
					walk = append(walk, b.Straight(w))
				}
			}
			walks = append(walks, bflyTrace{Nodes: walk, Col: root.L - 1, Solid: n})
		}
		p.traces = append(p.traces, walks)
		p.legend = append(p.legend, fmt.Sprintf("root u₁ = %v (d = %d)", root, d))
	}
	return p
}

// paint draws p into c: super-nodes as rows (address in binary at the
// left), layers as columns (numbered at the top), the butterfly's edges in
// light grey, each colour's walks over them, and the legend at the bottom.
func (p bflyPicture) paint(c draw.Canvas) {
	title(c, p.title)
	rows := 1 << p.n
	const dx, dy = 1.6, 1.0
	pos := func(j int, v uint32) pt { return pt{dx * float64(j), -dy * float64(v)} }
	legendH := vg.Points(6.5*1.25*float64(len(p.legend)) + 2)
	s := newSheet(draw.Crop(c, vg.Points(22), 0, legendH, 0), []pt{pos(0, 0), pos(p.cols-1, uint32(rows-1))}, vg.Points(4), vg.Points(figstyle.LabelSize+10))
	grey := draw.LineStyle{Color: color.Gray{0xd0}, Width: vg.Points(0.4)}
	b := butterfly.Net{N: p.n}
	for j := range p.cols - 1 {
		for v := range uint32(rows) {
			w := butterfly.Node{L: p.layer(j), V: v}
			for _, to := range []butterfly.Node{b.Straight(w), b.Cross(w)} {
				edgeArrow(c, grey, s.at(pos(j, v)), s.at(pos(j+1, to.V)), 0, 0, false)
			}
		}
	}
	for k, traces := range p.traces {
		for _, t := range traces {
			for i := 1; i < len(t.Nodes); i++ {
				sty := draw.LineStyle{Color: figstyle.Colour(k), Width: vg.Points(1.3)}
				if i >= t.Solid {
					sty.Dashes = figstyle.Dashes[2]
				}
				edgeArrow(c, sty, s.at(pos(t.Col+i-1, t.Nodes[i-1].V)), s.at(pos(t.Col+i, t.Nodes[i].V)), 0, 0, false)
			}
			c.DrawGlyph(figstyle.Glyph(figstyle.Colour(k), 0), s.at(pos(t.Col, t.Nodes[0].V)))
		}
	}
	for j := range p.cols {
		for v := range uint32(rows) {
			c.DrawGlyph(draw.GlyphStyle{Color: color.Gray{0x80}, Radius: vg.Points(0.7), Shape: draw.CircleGlyph{}}, s.at(pos(j, v)))
		}
		at := s.at(pos(j, 0))
		at.Y += vg.Points(7)
		c.FillText(figstyle.TextStyle(6.5, color.Black), at, strconv.Itoa(p.layer(j)))
	}
	head := s.at(pos(0, 0))
	head.X -= vg.Points(9)
	head.Y += vg.Points(7)
	sty := figstyle.TextStyle(6.5, color.Black)
	sty.XAlign = draw.XRight
	c.FillText(sty, head, "v \\ layer")
	for v := range uint32(rows) {
		at := s.at(pos(0, v))
		at.X -= vg.Points(4)
		c.FillText(sty, at, fmt.Sprintf("%0*b", p.n, v))
	}
	colours := make([]color.Color, len(p.legend))
	for k := range colours {
		colours[k] = figstyle.Colour(k)
	}
	lines(c, vg.Point{X: c.Min.X + vg.Points(2), Y: c.Min.Y + legendH}, 6.5, p.legend, colours)
}

// intList writes a path of dimensions as "(1, 2, 3)".
func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return "(" + strings.Join(s, ", ") + ")"
}

// Fig1 draws the thesis' Fig. 1 [Schömer 1988, Ch. II.1–II.2]: the
// n = 4 node-disjoint paths α^d from 0 to 1110 in Q_4
// (hypercube.Cube.DisjointPaths) above, the corresponding butterfly routes
// β^d in BF_4 (butterfly.Net.Beta and Walk) below, in the same colours,
// the hops Trim drops dotted. It needs no results.
func Fig1(out string) ([]string, error) {
	cube, bf := disjointPaths(fig1N, fig1S, fig1Z), betaRoutes(fig1N, fig1S, fig1Z)
	top := figstyle.Height
	return figstyle.Save(out, "thesis-fig1", figstyle.Width, top+bflyHeight, func(c draw.Canvas) {
		h := c.Max.Y - c.Min.Y
		cube.paint(draw.Crop(c, 0, 0, h-top, 0))
		bf.paint(draw.Crop(c, 0, 0, 0, -top))
	})
}

// bflyHeight is the height of a butterfly panel.
const bflyHeight = 3.3 * vg.Inch

// Fig2 draws the thesis' Fig. 2 [Schömer 1988, Ch. II.3, the proof
// of Lemma II.3]: in BF_4, for s = 0, the binary trees of depth 3 rooted at
// the nodes u_1 ∈ {(1, 8), (2, 1), (3, 2), (4, 4)} the packets of s reach
// after their first hop, built from butterfly.Net's edges; no node lies in
// two of them. It needs no results.
func Fig2(out string) ([]string, error) {
	p := disjointTrees(fig1N, fig1S)
	return figstyle.Save(out, "thesis-fig2", figstyle.Width, bflyHeight, p.paint)
}

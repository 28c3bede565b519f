package thesisfig

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"github.com/hyperroute/hyperroute/confluent"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/figstyle"
	"github.com/hyperroute/hyperroute/hypercube"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// thesisSystem builds the detour system on Q_4 of the thesis' Fig. 3 or 4
// [Schömer 1988, Ch. III.1]: the edges 0→2, 9→11 and 5→7 fail (all in
// dimension 2) and take the detours U^i for the dimensions i given, in
// that order.
func thesisSystem(i0, i9, i5 int) *faults.System {
	f, _ := faults.New(4)
	y := faults.NewSystem(f)
	for _, c := range []struct {
		v uint32
		i int
	}{{0, i0}, {9, i9}, {5, i5}} {
		f.Fail(c.v, 2)
		y.Choose(c.v, 2, c.i)
	}
	return y
}

// thesisFig3 is Fig. 3's 3-conjunct system: 0→1→3→2, 9→1→3→11 and
// 5→1→3→7 all cross the middle edge 1→3. thesisFig4 is Fig. 4's 1-conjunct
// system: 0→4→6→2, 9→1→3→11, 5→13→15→7.
func thesisFig3() *faults.System { return thesisSystem(1, 4, 3) }
func thesisFig4() *faults.System { return thesisSystem(3, 4, 4) }

// cubePicture is a picture of Q_n (n ≤ 4) with failed edges and detours.
type cubePicture struct {
	n       int
	title   string
	failed  [][2]uint32 // failed edges, from → to, drawn dashed
	paths   [][]uint32  // detours, node by node, each in a colour
	legend  []string    // one line per path
	numbers [][]int     // if not nil: the sub-step at which each path leaves (or, last, reaches) each node
}

// detourPicture draws the detours of y, in edge index order, as faults
// gives them.
func detourPicture(y *faults.System, title string) cubePicture {
	p := cubePicture{n: y.Faults.N, title: title}
	y.Faults.Each(func(v uint32, d int) {
		w := hypercube.Neighbor(v, d)
		p.failed = append(p.failed, [2]uint32{v, w})
		if u, ok := y.Detour(v, d); ok {
			nodes := u.Nodes()
			p.paths = append(p.paths, nodes[:])
			p.legend = append(p.legend, fmt.Sprintf("U(%d→%d) = %s", v, w, joinNodes(nodes[:])))
		}
	})
	return p
}

// confluentPicture draws the detours of s with their sub-steps: where a
// packet leaves each node of its detour, and the dilation where it
// arrives.
func confluentPicture(s *confluent.System, title string) cubePicture {
	p := cubePicture{n: s.Faults.N, title: title}
	s.Faults.Each(func(v uint32, d int) { p.failed = append(p.failed, [2]uint32{v, hypercube.Neighbor(v, d)}) })
	for _, u := range s.Detours {
		nodes, slots := []uint32{}, []int{}
		for _, h := range u.Hops {
			nodes, slots = append(nodes, h.From), append(slots, int(h.Slot))
		}
		nodes, slots = append(nodes, u.W()), append(slots, s.D)
		p.paths = append(p.paths, nodes)
		p.numbers = append(p.numbers, slots)
		steps := make([]string, len(nodes))
		for k := range nodes {
			steps[k] = fmt.Sprintf("%d@%d", nodes[k], slots[k])
		}
		p.legend = append(p.legend, fmt.Sprintf("%d→%d: %s", u.V, u.W(), strings.Join(steps, " ")))
	}
	return p
}

// joinNodes writes a path as "0→1→3→2".
func joinNodes(nodes []uint32) string {
	s := make([]string, len(nodes))
	for i, v := range nodes {
		s[i] = strconv.Itoa(int(v))
	}
	return strings.Join(s, "→")
}

// paint draws p into c: the cube's edges in light grey, failed edges
// dashed black, each path in its colour (paths sharing an edge side by
// side), the nodes, sub-step numbers beside the nodes in the colour of
// their path, and the legend below.
func (p cubePicture) paint(c draw.Canvas) {
	title(c, p.title)
	nodes := 1 << p.n
	pos := make([]pt, nodes)
	for v := range pos {
		pos[v] = cubePos(uint32(v), p.n)
	}
	texts, colours := []string{}, []color.Color{}
	if len(p.failed) > 0 {
		texts, colours = append(texts, "dashed: failed edge"), append(colours, color.Black)
	}
	if len(p.numbers) > 0 {
		texts, colours = append(texts, "v@f: leaves (last: reaches) v in sub-step f"), append(colours, color.Black)
	}
	for k, l := range p.legend {
		texts, colours = append(texts, l), append(colours, figstyle.Colour(k))
	}
	legendH := vg.Points(6.5*1.25*float64(len(texts)) + 2)
	right := vg.Length(0)
	if len(p.numbers) > 0 {
		right = vg.Points(8) // room for the numbers beside the nodes at the right
	}
	s := newSheet(draw.Crop(c, 0, -right, legendH, 0), pos, vg.Points(6), vg.Points(figstyle.LabelSize+2))
	r := vg.Points(4.6)
	grey := draw.LineStyle{Color: color.Gray{0xc8}, Width: vg.Points(0.5)}
	for v := range uint32(nodes) {
		for d := 1; d <= p.n; d++ {
			if w := hypercube.Neighbor(v, d); v < w {
				edgeArrow(c, grey, s.at(pos[v]), s.at(pos[w]), r, 0, false)
			}
		}
	}
	failed := draw.LineStyle{Color: color.Black, Width: vg.Points(0.8), Dashes: figstyle.Dashes[1]}
	for _, e := range p.failed {
		edgeArrow(c, failed, s.at(pos[e[0]]), s.at(pos[e[1]]), r, 0, true)
	}
	for k, path := range p.paths {
		off := vg.Points(1.6 * (float64(k) - float64(len(p.paths)-1)/2))
		sty := draw.LineStyle{Color: figstyle.Colour(k), Width: vg.Points(figstyle.DataWidth)}
		for i := 1; i < len(path); i++ {
			edgeArrow(c, sty, s.at(pos[path[i-1]]), s.at(pos[path[i]]), r, off, true)
		}
	}
	for v := range pos {
		disc(c, s.at(pos[v]), r, strconv.Itoa(v), 5.5)
	}
	written := make([]int, nodes) // numbers written beside each node so far
	for k, nums := range p.numbers {
		for i, f := range nums {
			v := p.paths[k][i]
			at := s.at(pos[v])
			at.X += r + vg.Points(2.5+4*float64(written[v]))
			at.Y += r
			c.FillText(figstyle.TextStyle(6.5, figstyle.Colour(k)), at, strconv.Itoa(f))
			written[v]++
		}
	}
	lines(c, vg.Point{X: c.Min.X + vg.Points(2), Y: c.Min.Y + legendH}, 6.5, texts, colours)
}

// paintStack paints pictures stacked top to bottom, one panel each.
func paintStack(c draw.Canvas, pictures []cubePicture) {
	h := (c.Max.Y - c.Min.Y) / vg.Length(len(pictures))
	for i, p := range pictures {
		top := vg.Length(i) * h
		p.paint(draw.Crop(c, 0, 0, c.Max.Y-c.Min.Y-top-h, -top))
	}
}

// Fig34 draws the thesis' Figs. 3 and 4 [Schömer 1988, Ch. III.1]
// from faults.System: Q_4 with the failed edges 0→2, 9→11, 5→7 and their
// detours, the 3-conjunct system above, the 1-conjunct one below, each
// titled with γ as faults.System.Gamma computes it. It needs no results.
func Fig34(out string) ([]string, error) {
	var pictures []cubePicture
	for i, y := range []*faults.System{thesisFig3(), thesisFig4()} {
		_, gamma := y.Gamma()
		pictures = append(pictures, detourPicture(y, fmt.Sprintf("Fig. %d: a %d-conjunct detour system on Q₄ (γ = %d)", 3+i, gamma, gamma)))
	}
	return figstyle.Save(out, "thesis-fig3-4", figstyle.Width, 2*figstyle.Height, func(c draw.Canvas) { paintStack(c, pictures) })
}

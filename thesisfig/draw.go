package thesisfig

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/hyperroute/hyperroute/figstyle"
)

// The thesis' illustrations are pictures of graphs, not plots: nodes at
// coordinates of their own (units of one cube edge), drawn into a canvas
// with the house fonts and colours.

// pt is a point in a picture's own units.
type pt struct{ X, Y float64 }

// sheet maps a picture's units into a canvas, keeping the aspect ratio,
// below a title line.
type sheet struct {
	c     draw.Canvas
	scale vg.Length
	x0    vg.Length
	y0    vg.Length
	lo    pt
}

// newSheet fits the bounding box of pts into c, leaving pad around it and
// top for a title line.
func newSheet(c draw.Canvas, pts []pt, pad, top vg.Length) sheet {
	lo, hi := pts[0], pts[0]
	for _, p := range pts {
		lo = pt{math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)}
		hi = pt{math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)}
	}
	w := c.Max.X - c.Min.X - 2*pad
	h := c.Max.Y - c.Min.Y - 2*pad - top
	scale := min(w/vg.Length(max(hi.X-lo.X, 1e-9)), h/vg.Length(max(hi.Y-lo.Y, 1e-9)))
	return sheet{
		c:     c,
		scale: scale,
		x0:    c.Min.X + pad + (w-scale*vg.Length(hi.X-lo.X))/2,
		y0:    c.Min.Y + pad + (h-scale*vg.Length(hi.Y-lo.Y))/2,
		lo:    lo,
	}
}

// at is the canvas point of p.
func (s sheet) at(p pt) vg.Point {
	return vg.Point{X: s.x0 + s.scale*vg.Length(p.X-s.lo.X), Y: s.y0 + s.scale*vg.Length(p.Y-s.lo.Y)}
}

// title writes text centred at the top of c.
func title(c draw.Canvas, text string) {
	sty := figstyle.TextStyle(figstyle.LabelSize, color.Black)
	sty.YAlign = draw.YTop
	c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - vg.Points(1)}, text)
}

// lines writes text lines left-aligned from the top-left corner at, each
// in its colour.
func lines(c draw.Canvas, at vg.Point, size float64, texts []string, colours []color.Color) {
	for i, t := range texts {
		sty := figstyle.TextStyle(size, colours[i])
		sty.XAlign, sty.YAlign = draw.XLeft, draw.YTop
		c.FillText(sty, vg.Point{X: at.X, Y: at.Y - vg.Length(i)*vg.Points(size*1.25)}, t)
	}
}

// disc draws a node: a white disc of radius r with a thin outline and its
// label inside.
func disc(c draw.Canvas, at vg.Point, r vg.Length, label string, size float64) {
	var p vg.Path
	p.Move(vg.Point{X: at.X + r, Y: at.Y})
	p.Arc(at, r, 0, 2*math.Pi)
	p.Close()
	c.SetColor(color.White)
	c.Fill(p)
	c.SetLineStyle(draw.LineStyle{Color: color.Black, Width: vg.Points(0.5)})
	c.Stroke(p)
	c.FillText(figstyle.TextStyle(size, color.Black), at, label)
}

// edgeArrow draws the edge from a to b, shortened by gap at both ends and
// shifted by off to its left, with an arrow head at b if head.
func edgeArrow(c draw.Canvas, sty draw.LineStyle, a, b vg.Point, gap, off vg.Length, head bool) {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	u := vg.Point{X: vg.Length(dx / l), Y: vg.Length(dy / l)}
	left := vg.Point{X: -u.Y, Y: u.X}
	from := a.Add(u.Scale(gap)).Add(left.Scale(off))
	to := b.Sub(u.Scale(gap)).Add(left.Scale(off))
	if !head {
		c.StrokeLines(sty, []vg.Point{from, to})
		return
	}
	h := vg.Points(3.2)
	base := to.Sub(u.Scale(h))
	c.StrokeLines(sty, []vg.Point{from, base})
	c.FillPolygon(sty.Color, []vg.Point{to, base.Add(left.Scale(h / 2.6)), base.Sub(left.Scale(h / 2.6))})
}

// cubeAxes are the directions of dimensions 1 … 4 in pictures of Q_n: the
// square of dimensions 1 and 2, dimension 3 in perspective, and the second
// 3-cube of Q_4 to the right and below.
var cubeAxes = []pt{{1, 0}, {0, 1}, {0.42, 0.36}, {2.05, -0.62}}

// cubePos is the position of node v of Q_n, n ≤ 4, in a picture.
func cubePos(v uint32, n int) pt {
	var p pt
	for d := range n {
		if v>>d&1 != 0 {
			p.X += cubeAxes[d].X
			p.Y += cubeAxes[d].Y
		}
	}
	return p
}

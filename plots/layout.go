package plots

import (
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// panel is one panel of a figure with what its layout is checked
// against: the legend entries added to it and the polylines of its data
// (series through their points, error bars) and of its series' markers,
// in data coordinates.
type panel struct {
	*plot.Plot
	legend []legendEntry
	data   []plotter.XYs
	marks  []plotter.XYs
}

// addLegend adds an entry to the panel's legend and records it.
func (p *panel) addLegend(name string, thumbs ...plot.Thumbnailer) {
	p.Legend.Add(name, thumbs...)
	p.legend = append(p.legend, legendEntry{name, thumbs})
}

// lineEntry adds a legend entry of a line and, for shape ≥ 0, a marker.
func (p *panel) lineEntry(name string, line draw.LineStyle, c color.Color, shape int) {
	if shape < 0 {
		p.addLegend(name, &plotter.Line{LineStyle: line})
		return
	}
	p.addLegend(name, &plotter.Line{LineStyle: line}, &plotter.Scatter{GlyphStyle: glyph(c, shape)})
}

// panelCanvas is the canvas of a panel of height h, one column wide, for
// layout computations only: nothing drawn on it is kept.
func panelCanvas(h vg.Length) draw.Canvas {
	return draw.Canvas{Canvas: new(recorder.Canvas), Rectangle: vg.Rectangle{Max: vg.Point{X: Width, Y: h}}}
}

// legendBox returns the box p's legend covers when p is drawn on c, as
// plot.Legend.Draw places it (plot.Legend.Rectangle puts a Left legend at
// the right), on the data canvas.
func legendBox(p *plot.Plot, c draw.Canvas) vg.Rectangle {
	dc := p.DataCanvas(c)
	r := p.Legend.Rectangle(dc)
	w, h := r.Max.X-r.Min.X, r.Max.Y-r.Min.Y
	x, y := dc.Max.X-w, dc.Min.Y
	if p.Legend.Left {
		x = dc.Min.X
	}
	if p.Legend.Top {
		y = dc.Max.Y - h
	}
	x, y = x+p.Legend.XOffs, y+p.Legend.YOffs
	return vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h}}
}

// legendCovers reports whether p's legend, p drawn on c, comes within a
// marker's radius of a polyline of data (data coordinates; each segment
// is sampled at every point's width).
func legendCovers(p *plot.Plot, c draw.Canvas, data []plotter.XYs) bool {
	box := legendBox(p, c)
	dc := p.DataCanvas(c)
	tx, ty := p.Transforms(&dc)
	r := vg.Points(glyphSize + 1)
	near := func(x, y vg.Length) bool {
		return x+r >= box.Min.X && x-r <= box.Max.X && y+r >= box.Min.Y && y-r <= box.Max.Y
	}
	for _, xys := range data {
		for i, pt := range xys {
			x1, y1 := tx(pt.X), ty(pt.Y)
			if near(x1, y1) {
				return true
			}
			if i == 0 {
				continue
			}
			x0, y0 := tx(xys[i-1].X), ty(xys[i-1].Y)
			k := int(max(abs(x1-x0), abs(y1-y0)).Points()) + 1
			for j := range k {
				u := vg.Length(j) / vg.Length(k)
				if near(x0+u*(x1-x0), y0+u*(y1-y0)) {
					return true
				}
			}
		}
	}
	return false
}

func abs(l vg.Length) vg.Length { return max(l, -l) }

// placeLegend puts the panel's legend in the first corner, of top right,
// bottom right, top left and bottom left, where it covers none of its
// data, and reports whether there is one; if not, the legend stays at
// the top right. h is the panel's height (PanelHeight in a stack). Call
// it once the axes' ranges are set.
func (p *panel) placeLegend(h vg.Length) bool {
	c := panelCanvas(h)
	for _, corner := range [][2]bool{{true, false}, {false, false}, {true, true}, {false, true}} {
		p.Legend.Top, p.Legend.Left = corner[0], corner[1]
		if !legendCovers(p.Plot, c, p.data) {
			return true
		}
	}
	p.Legend.Top, p.Legend.Left = true, false
	return false
}

// logShift is the shift apart of neighbouring series along a log x axis,
// in decades: about a marker's width on a panel.
const logShift = 0.03

// shiftApart shifts series k of count apart from the others along a log x
// axis, by logShift decades from its neighbours, so that series with
// equal values do not hide one another.
func shiftApart(ss []summary, k, count int) {
	f := math.Pow(10, logShift*(float64(k)-float64(count-1)/2))
	for i := range ss {
		ss[i].X *= f
	}
}

// layers collects the plotters of several mean series so that every
// marker is drawn over every bar and line: no series hides another's
// markers.
type layers struct{ bars, lines, marks []plot.Plotter }

// add adds a series, as meanSeries returns it, to l and, unless p is nil,
// its polylines to p's data.
func (l *layers) add(p *panel, line *plotter.Line, marks *plotter.Scatter, bars *plotter.YErrorBars) {
	l.bars, l.lines, l.marks = append(l.bars, bars), append(l.lines, line), append(l.marks, marks)
	if p == nil {
		return
	}
	p.data = append(p.data, slices.Clone(line.XYs))
	p.marks = append(p.marks, slices.Clone(marks.XYs))
	for i, pt := range bars.XYs {
		e := bars.YErrors[i]
		p.data = append(p.data, plotter.XYs{{X: pt.X, Y: pt.Y - e.Low}, {X: pt.X, Y: pt.Y + e.High}})
	}
}

// drawOn adds the bars, then the lines, then over, then the markers to
// p: a reference line in over shows where a series runs on it.
func (l *layers) drawOn(p *plot.Plot, over ...plot.Plotter) {
	p.Add(l.bars...)
	p.Add(l.lines...)
	p.Add(over...)
	p.Add(l.marks...)
}

package plots

import (
	"cmp"
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// layout computes the series of d's panels, fills in o's caption and
// series, and returns the figure's size and how to paint it.
func (f Figure) layout(d *drawing, o *Output) (width, height vg.Length, paint func(draw.Canvas)) {
	var keys []string
	for _, ps := range d.panels {
		ps.compute()
		for _, fs := range ps.grid {
			for _, s := range fs.series {
				k := s.key
				if s.how == curve {
					k = s.colour
				}
				if k != "" && !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
	}
	slices.SortStableFunc(keys, compareKeys)
	lk := looks(keys)
	width = Width
	if f.Wide {
		width = WideWidth
	}
	var bands []band
	for _, ps := range d.panels {
		bands = append(bands, ps.band(width, len(d.panels) == 1, lk))
	}
	entries, zeros := legend(d, lk)
	perCol := legendCols(width)
	lh := vg.Points(1.3*legendSize*float64((len(entries)+perCol-1)/perCol) + 4)
	total := lh
	for _, b := range bands {
		total += b.height
	}
	paint = func(dc draw.Canvas) {
		top := dc.Max.Y
		for _, b := range bands {
			b.draw(draw.Crop(dc, 0, 0, top-b.height-dc.Min.Y, top-dc.Max.Y))
			top -= b.height
		}
		drawLegend(draw.Crop(dc, vg.Points(12), 0, 0, lh-(dc.Max.Y-dc.Min.Y)), entries, perCol)
	}
	o.Caption = f.caption(d, zeros)
	for _, ps := range d.panels {
		for _, fs := range ps.grid {
			for _, s := range fs.series {
				name := s.name
				if s.how != curve {
					name = lk[s.key].name
				}
				o.Series = append(o.Series, Series{Panel: fs.title, Name: name, Points: s.pts, Marks: s.marked, Log: ps.p.Y.Log, Floor: ps.y[0], Bound: s.how == curve, Tail: s.how == steps})
			}
		}
	}
	return width, total, paint
}

// band is one row of small multiples, laid out and ready to draw, with
// its axis labels, written once for all its panels.
type band struct {
	plots          [][]*plot.Plot
	height         vg.Length
	xLabel, yLabel string
}

// band builds the plots of ps's panels, cols to a row.
func (ps *panelState) band(width vg.Length, alone bool, lk map[string]look) band {
	k := len(ps.grid)
	cols := ps.p.Cols
	if cols == 0 {
		cols = min(k, int(width/(1.7*vg.Inch)))
	}
	cols = max(1, min(cols, k))
	rows := (k + cols - 1) / cols
	h := ps.p.Height
	switch {
	case h > 0:
	case k == 1 && alone:
		h = Height
	case cols == 1:
		h = PanelHeight
	default:
		h = min(max(0.8*width/vg.Length(cols), 1.5*vg.Inch), PanelHeight)
	}
	b := band{height: h*vg.Length(rows) + vg.Points(labelSize+4), xLabel: ps.p.X.Label, yLabel: ps.p.Y.Label}
	pw := (width - vg.Points(40)) / vg.Length(cols)
	for i, fs := range ps.grid {
		if i%cols == 0 {
			b.plots = append(b.plots, make([]*plot.Plot, cols))
		}
		p := ps.plot(fs, lk, pw, h-vg.Points(30))
		p.X.Label.Text, p.Y.Label.Text = "", ""
		if i%cols > 0 {
			p.Y.Tick.Marker = unlabelled(p.Y.Tick.Marker)
		}
		if i+cols < k {
			p.X.Tick.Marker = unlabelled(p.X.Tick.Marker)
		}
		b.plots[i/cols][i%cols] = p
	}
	return b
}

// draw draws the band into c, its panels' axes aligned, its axis labels
// centred on the panels' data areas.
func (b band) draw(c draw.Canvas) {
	rows, cols := len(b.plots), len(b.plots[0])
	sty := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, vg.Points(labelSize)), Handler: house}
	lh := vg.Points(labelSize + 4)
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(4), PadY: vg.Points(4), PadTop: vg.Points(2), PadRight: vg.Points(6)}
	inner := draw.Crop(c, lh, 0, lh, 0)
	lo, hi := vg.Point{X: c.Max.X, Y: c.Max.Y}, vg.Point{X: c.Min.X, Y: c.Min.Y}
	for j, row := range plot.Align(b.plots, tiles, inner) {
		for i, cv := range row {
			p := b.plots[j][i]
			if p == nil {
				continue
			}
			p.Draw(cv)
			d := p.DataCanvas(cv)
			lo.X, lo.Y = min(lo.X, d.Min.X), min(lo.Y, d.Min.Y)
			hi.X, hi.Y = max(hi.X, d.Max.X), max(hi.Y, d.Max.Y)
		}
	}
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
	c.FillText(sty, vg.Point{X: (lo.X + hi.X) / 2, Y: c.Min.Y + vg.Points(1)}, b.xLabel)
	sty.Rotation, sty.YAlign = math.Pi/2, draw.YTop
	c.FillText(sty, vg.Point{X: c.Min.X + vg.Points(1), Y: (lo.Y + hi.Y) / 2}, b.yLabel)
}

// plot builds the panel of one facet, of about w×h points of data.
func (ps *panelState) plot(fs *facetState, lk map[string]look, w, h vg.Length) *plot.Plot {
	p := newPlot(ps.p.X.Label, ps.p.Y.Label)
	p.Title.Text = fs.title
	axis := func(a *plot.Axis, spec Axis, r [2]float64) {
		a.Min, a.Max = r[0], r[1]
		switch {
		case spec.Log:
			a.Scale, a.Tick.Marker = plot.LogScale{}, logTicks
		case spec.Ints:
			a.Tick.Marker = intTicks
		}
	}
	xs := ps.dodge(fs, w, h)
	var bands, bars, lines, curves, dots []plot.Plotter
	for i, s := range fs.series {
		l := lk[s.key]
		if s.how == curve {
			line := boundLine(s.dash)
			if s.colour != "" {
				line.Color = lk[s.colour].c
			}
			pts := slices.DeleteFunc(slices.Clone(s.pts), func(p Point) bool {
				return ps.p.Y.Log && p.Y <= 0 || ps.p.X.Log && p.X <= 0
			})
			curves = append(curves, lineOf(pts, nil, line))
			continue
		}
		var drawnXY, limits plotter.XYs
		var eb errorBars
		for j, pt := range s.pts {
			x := xs[i][j]
			if ps.p.Y.Log && pt.Y <= 0 {
				limits = append(limits, plotter.XY{X: x, Y: math.Max(pt.Limit, ps.floor)})
				continue
			}
			drawnXY = append(drawnXY, plotter.XY{X: x, Y: pt.Y})
			if !math.IsNaN(pt.Lo) && s.how != steps {
				lo := pt.Lo
				if ps.p.Y.Log { // cut at the axis, and where y − (y − lo) rounds to 0
					lo = math.Max(lo, math.Max(ps.y[0], 1e-9*pt.Y))
				}
				eb.XYs = append(eb.XYs, plotter.XY{X: x, Y: pt.Y})
				eb.YErrors = append(eb.YErrors, struct{ Low, High float64 }{pt.Y - lo, pt.Hi - pt.Y})
			}
		}
		switch s.how {
		case steps:
			if len(s.band[0]) > 0 {
				bands = append(bands, bandOf(s.band, l.c, ps.y[0]))
			}
			lines = append(lines, lineOf(s.pts, stepCorners, dataLine(l.c, 0)))
		case lineMarks:
			lines = append(lines, lineOf(ptsOf(drawnXY), nil, thin(dataLine(l.c, 0))))
		}
		if len(eb.XYs) > 0 {
			e, _ := plotter.NewYErrorBars(eb)
			e.LineStyle = thin(dataLine(l.c, 0))
			e.CapWidth = vg.Points(2 * glyphSize)
			bars = append(bars, e)
		}
		if s.how != steps && len(drawnXY) > 0 {
			sc, _ := plotter.NewScatter(drawnXY)
			sc.GlyphStyle = glyph(l.c, l.shape)
			dots = append(dots, sc)
		}
		fs.series[i].marked = len(drawnXY) + len(limits)
		if len(limits) > 0 {
			sc, _ := plotter.NewScatter(limits)
			sc.GlyphStyle = draw.GlyphStyle{Color: l.c, Radius: vg.Points(glyphSize + 0.6), Shape: limitGlyph{}}
			dots = append(dots, sc)
		}
	}
	for _, group := range [][]plot.Plotter{bands, bars, lines, curves, dots} {
		for _, pl := range group {
			if pl != nil {
				p.Add(pl)
			}
		}
	}
	axis(&p.X, ps.p.X, ps.x) // after Add, which widens the axes to the plotters
	axis(&p.Y, ps.p.Y, ps.y)
	return p
}

// thin is a line half as wide: the bars and the lines that join markers.
func thin(l draw.LineStyle) draw.LineStyle {
	l.Width = l.Width * 0.7
	return l
}

// errorBars is the data of a plotter.YErrorBars.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// ptsOf returns xys as points.
func ptsOf(xys plotter.XYs) []Point {
	pts := make([]Point, len(xys))
	for i, xy := range xys {
		pts[i] = Point{X: xy.X, Y: xy.Y}
	}
	return pts
}

// stepCorners returns the corners of the step graph of a tail through
// pts, the level at v_k on (v_{k−1}, v_k].
func stepCorners(pts []Point) plotter.XYs {
	var xys plotter.XYs
	for k, p := range pts {
		if k > 0 {
			xys = append(xys, plotter.XY{X: pts[k-1].X, Y: p.Y})
		}
		xys = append(xys, plotter.XY{X: p.X, Y: p.Y})
	}
	return xys
}

// lineOf is a line through pts, through the corners shape gives if not
// nil; nil for fewer than two points.
func lineOf(pts []Point, shape func([]Point) plotter.XYs, style draw.LineStyle) plot.Plotter {
	var xys plotter.XYs
	if shape != nil {
		xys = shape(pts)
	} else {
		for _, p := range pts {
			xys = append(xys, plotter.XY{X: p.X, Y: p.Y})
		}
	}
	if len(xys) < 2 {
		return nil
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil
	}
	l.LineStyle = style
	return l
}

// bandOf is a band between the edges e, filled lightly in c, its lower
// edge cut at floor.
func bandOf(e [2]plotter.XYs, c color.Color, floor float64) plot.Plotter {
	var ring plotter.XYs
	for _, p := range e[0] {
		ring = append(ring, plotter.XY{X: p.X, Y: math.Max(p.Y, floor)})
	}
	for i := len(e[1]) - 1; i >= 0; i-- {
		ring = append(ring, e[1][i])
	}
	poly, err := plotter.NewPolygon(ring)
	if err != nil {
		return nil
	}
	r, g, b, _ := c.RGBA()
	poly.Color = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0x30}
	poly.LineStyle.Width = 0
	return poly
}

// dodge returns the x at which each point of fs is drawn: its own, or,
// where points of different series at one x would overlap, shifted apart
// by a marker's width, in the order of the series, the cluster of
// overlapping points centred on x. The panel's data area is about w×h
// points.
func (ps *panelState) dodge(fs *facetState, w, h vg.Length) [][]float64 {
	frac := func(v float64) float64 {
		if ps.p.Y.Log {
			if v <= 0 {
				return -1 // every zero drawn at the floor
			}
			return math.Log(v/ps.y[0]) / math.Log(ps.y[1]/ps.y[0])
		}
		return (v - ps.y[0]) / (ps.y[1] - ps.y[0])
	}
	type at struct {
		series, i int
		y         float64
	}
	byX := map[float64][]at{}
	xs := make([][]float64, len(fs.series))
	for si, s := range fs.series {
		xs[si] = make([]float64, len(s.pts))
		for i, p := range s.pts {
			xs[si][i] = p.X
			if s.how == lineMarks || s.how == marks {
				byX[p.X] = append(byX[p.X], at{si, i, frac(p.Y)})
			}
		}
	}
	tol := float64(2*glyphSize+0.5) / float64(h)
	step := float64(2*glyphSize+0.8) / float64(w)
	xs0 := slices.Sorted(maps.Keys(byX)) // at most 80% of the gap between x values
	for i := 1; i < len(xs0); i++ {
		gap := xs0[i] - xs0[i-1]
		if ps.p.X.Log {
			gap = math.Log(xs0[i]/xs0[i-1]) / math.Log(ps.x[1]/ps.x[0])
		} else {
			gap /= ps.x[1] - ps.x[0]
		}
		step = min(step, 0.8*gap/float64(len(fs.series)))
	}
	for x, ats := range byX {
		slices.SortFunc(ats, func(a, b at) int { return cmp.Compare(a.y, b.y) })
		all := slices.ContainsFunc(ats, func(a at) bool { return fs.series[a.series].dodge })
		for lo := 0; lo < len(ats); {
			hi := lo + 1
			for hi < len(ats) && (all || ats[hi].y-ats[hi-1].y < tol) {
				hi++
			}
			var series []int
			for _, p := range ats[lo:hi] {
				if !slices.Contains(series, p.series) {
					series = append(series, p.series)
				}
			}
			slices.Sort(series)
			for _, p := range ats[lo:hi] {
				off := step * (float64(slices.Index(series, p.series)) - float64(len(series)-1)/2)
				if ps.p.X.Log {
					xs[p.series][p.i] = x * math.Pow(ps.x[1]/ps.x[0], off)
				} else {
					xs[p.series][p.i] = x + off*(ps.x[1]-ps.x[0])
				}
			}
			lo = hi
		}
	}
	return xs
}

// legendEntry is one entry of a figure's legend.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// legend returns the entries of d's legend, drawn below its panels: every
// data series, every named curve, and the zero marker if a log axis has
// one; and how many zeros the log axes draw as limits.
func legend(d *drawing, lk map[string]look) ([]legendEntry, int) {
	var entries []legendEntry
	seen := map[string]bool{}
	zeros := 0
	for _, ps := range d.panels {
		for _, fs := range ps.grid {
			for _, s := range fs.series {
				for _, p := range s.pts {
					if ps.p.Y.Log && p.Y <= 0 && s.how != curve {
						zeros++
					}
				}
				name, thumbs := s.name, []plot.Thumbnailer{&plotter.Line{LineStyle: boundLine(s.dash)}}
				if s.how != curve {
					l := lk[s.key]
					name, thumbs = l.name, nil
					if s.how != marks {
						thumbs = append(thumbs, &plotter.Line{LineStyle: dataLine(l.c, 0)})
					}
					if s.how != steps {
						thumbs = append(thumbs, &plotter.Scatter{GlyphStyle: glyph(l.c, l.shape)})
					}
				} else if s.colour != "" {
					line := boundLine(s.dash)
					line.Color = lk[s.colour].c
					thumbs = []plot.Thumbnailer{&plotter.Line{LineStyle: line}}
				}
				if name == "" || seen[name] {
					continue
				}
				seen[name] = true
				entries = append(entries, legendEntry{name, thumbs})
			}
		}
	}
	for _, ps := range d.panels {
		for _, fs := range ps.grid {
			for _, s := range fs.series {
				if s.barsShort != "" && !seen[s.barsShort] {
					seen[s.barsShort] = true
					entries = append(entries, legendEntry{s.barsShort, nil})
				}
			}
		}
	}
	if zeros > 0 {
		entries = append(entries, legendEntry{"measured 0: its 95 % upper limit", []plot.Thumbnailer{
			&plotter.Scatter{GlyphStyle: draw.GlyphStyle{Color: boundColor, Radius: vg.Points(glyphSize + 0.6), Shape: limitGlyph{centred: true}}}}})
	}
	return entries, zeros
}

// legendCols is the number of legend columns of a figure of the given
// width.
func legendCols(width vg.Length) int {
	return max(2, int(width/(1.7*vg.Inch)))
}

// drawLegend draws entries in cols columns from the top of c.
func drawLegend(c draw.Canvas, entries []legendEntry, cols int) {
	perCol := (len(entries) + cols - 1) / cols
	w := c.Max.X - c.Min.X
	for k := range cols {
		l := plot.NewLegend()
		l.TextStyle.Handler = house
		l.TextStyle.Font.Size = font.Length(vg.Points(legendSize))
		l.ThumbnailWidth = vg.Points(16)
		l.Padding = vg.Points(0.8)
		l.Top, l.Left = true, true
		for _, e := range entries[min(k*perCol, len(entries)):min((k+1)*perCol, len(entries))] {
			l.Add(e.name, e.thumbs...)
		}
		l.Draw(draw.Crop(c, vg.Length(k)*w/vg.Length(cols), -vg.Length(cols-1-k)*w/vg.Length(cols), 0, 0))
	}
}

// caption is f's caption with what the drawing adds: the rows behind each
// point, the bars, the zeros, what is pooled and the points above the
// bounds checked.
func (f Figure) caption(d *drawing, zeros int) string {
	var facts []string
	lo, hi := math.MaxInt, 0
	var bars []string
	for _, ps := range d.panels {
		for _, fs := range ps.grid {
			for _, s := range fs.series {
				if s.how == curve || s.counts {
					continue
				}
				for _, p := range s.pts {
					lo, hi = min(lo, p.N), max(hi, p.N)
				}
				if s.bars != "" && !slices.Contains(bars, s.bars) {
					bars = append(bars, s.bars)
				}
			}
		}
		facts = append(facts, ps.checks()...)
	}
	if hi == 1 {
		facts = append([]string{"each point from one run"}, facts...)
	}
	if hi > 1 {
		n := fmt.Sprintf("%d", lo)
		if hi > lo {
			n = fmt.Sprintf("%d to %d", lo, hi)
		}
		facts = append([]string{"each point or tail from " + n + " trials"}, facts...)
	}
	facts = append(facts, bars...)
	if zeros > 0 {
		facts = append(facts, fmt.Sprintf("%d measured zeros on a log axis drawn as ↧ at their one-sided 95 %% upper limit 1 − 0.05^(1/N) ≈ 3/N", zeros))
	}
	for i, c := range f.Pooled {
		vs := slices.SortedFunc(func(yield func(string) bool) {
			for v := range d.pooled[i] {
				if !yield(v) {
					return
				}
			}
		}, compareValues)
		facts = append(facts, "pooled over "+c+" = "+strings.Join(vs, ", "))
	}
	text := strings.TrimSpace(f.Caption)
	if len(facts) > 0 { // the names in plain text: T_{faulty} as T_faulty
		text += " Drawn: " + strings.NewReplacer("_{", "_", "^{", "^(", "}", ")").Replace(strings.Join(facts, "; ")) + "."
	}
	return text
}

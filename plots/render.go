package plots

import (
	"cmp"
	"fmt"
	"image/color"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/hyperroute/hyperroute/figstyle"
)

// layout computes the series of d's panels, fills in o's caption and
// series, and returns the figure's size and how to paint it.
func (f Figure) layout(d *drawing, o *Output) (width, height vg.Length, paint func(draw.Canvas)) {
	var keys []string
	for _, ps := range d.panels {
		ps.compute()
	}
	d.each(func(_ *panelState, _ *facetState, s *drawn) {
		if k := cmp.Or(s.key, s.colour); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	})
	slices.SortStableFunc(keys, compareKeys)
	lk := looks(keys)
	width = map[bool]vg.Length{false: figstyle.Width, true: figstyle.WideWidth}[f.Wide]
	labelled := d.directLabels(width, lk)
	var bands []band
	for _, ps := range d.panels {
		bands = append(bands, ps.band(width, len(d.panels) == 1, lk))
	}
	entries, zeros := d.legend(lk, labelled)
	cols := max(2, int(width/(1.7*vg.Inch)))
	height = vg.Points(1.3*figstyle.LegendSize*float64((len(entries)+cols-1)/cols) + 4)
	for _, b := range bands {
		height += b.height
	}
	paint = func(dc draw.Canvas) {
		top := dc.Max.Y
		for _, b := range bands {
			b.draw(draw.Crop(dc, 0, 0, top-b.height-dc.Min.Y, top-dc.Max.Y))
			top -= b.height
		}
		drawLegend(draw.Crop(dc, vg.Points(12), 0, 0, top-dc.Max.Y), entries, cols)
	}
	o.Caption = f.caption(d, zeros)
	d.each(func(ps *panelState, fs *facetState, s *drawn) {
		name := s.name
		if s.how != curve {
			name = lk[s.key].name
		}
		o.Series = append(o.Series, Series{Panel: fs.title, Name: name, Points: s.pts, Marks: s.marked,
			Log: ps.p.Y.Log, Floor: ps.y[0], Bound: s.how == curve, Tail: s.how == steps, Labelled: labelled[s.key]})
	})
	return width, height, paint
}

// each calls f with every series of every panel of d, in order.
func (d *drawing) each(f func(ps *panelState, fs *facetState, s *drawn)) {
	for _, ps := range d.panels {
		for _, fs := range ps.grid {
			for i := range fs.series {
				f(ps, fs, &fs.series[i])
			}
		}
	}
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
	cols := max(1, min(cmp.Or(ps.p.Cols, int(width/(1.7*vg.Inch))), k))
	rows := (k + cols - 1) / cols
	h := ps.p.Height
	switch {
	case h > 0:
	case k == 1 && alone:
		h = figstyle.Height
	case cols == 1:
		h = figstyle.PanelHeight
	default:
		h = min(max(0.8*width/vg.Length(cols), 1.5*vg.Inch), figstyle.PanelHeight)
	}
	b := band{height: h*vg.Length(rows) + vg.Points(figstyle.LabelSize+4), xLabel: ps.p.X.Label, yLabel: ps.p.Y.Label}
	for i, fs := range ps.grid {
		if i%cols == 0 {
			b.plots = append(b.plots, make([]*plot.Plot, cols))
		}
		p := ps.plot(fs, lk, (width-vg.Points(40))/vg.Length(cols), h-vg.Points(30))
		if i%cols > 0 {
			p.Y.Tick.Marker = figstyle.Unlabelled(p.Y.Tick.Marker)
		}
		if i+cols < k {
			p.X.Tick.Marker = figstyle.Unlabelled(p.X.Tick.Marker)
		}
		b.plots[i/cols][i%cols] = p
	}
	return b
}

// draw draws the band into c, its panels' axes aligned, its axis labels
// centred on the panels' data areas.
func (b band) draw(c draw.Canvas) {
	lh := vg.Points(figstyle.LabelSize + 4)
	tiles := draw.Tiles{Rows: len(b.plots), Cols: len(b.plots[0]), PadX: vg.Points(4), PadY: vg.Points(4), PadTop: vg.Points(2), PadRight: vg.Points(6)}
	lo, hi := c.Max, c.Min
	for j, row := range plot.Align(b.plots, tiles, draw.Crop(c, lh, 0, lh, 0)) {
		for i, cv := range row {
			if p := b.plots[j][i]; p != nil {
				p.Draw(cv)
				d := p.DataCanvas(cv)
				lo.X, lo.Y, hi.X, hi.Y = min(lo.X, d.Min.X), min(lo.Y, d.Min.Y), max(hi.X, d.Max.X), max(hi.Y, d.Max.Y)
			}
		}
	}
	sty := draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, vg.Points(figstyle.LabelSize)), Handler: figstyle.Text,
		XAlign: draw.XCenter, YAlign: draw.YBottom}
	c.FillText(sty, vg.Point{X: (lo.X + hi.X) / 2, Y: c.Min.Y + vg.Points(1)}, b.xLabel)
	sty.Rotation, sty.YAlign = math.Pi/2, draw.YTop
	c.FillText(sty, vg.Point{X: c.Min.X + vg.Points(1), Y: (lo.Y + hi.Y) / 2}, b.yLabel)
}

// plot builds the panel of one facet, of about w×h points of data: bands,
// bars, lines, curves, then the markers over them all.
func (ps *panelState) plot(fs *facetState, lk map[string]look, w, h vg.Length) *plot.Plot {
	p := figstyle.NewPlot("", "")
	p.Title.Text = fs.title
	xs := ps.dodge(fs, w, h)
	var layers [5][]plot.Plotter // bands, bars, lines, curves, markers
	for i, s := range fs.series {
		l := lk[s.key]
		if s.how == curve {
			line := figstyle.BoundLine(s.dash)
			if s.colour != "" {
				line.Color = lk[s.colour].c
			}
			var xys plotter.XYs
			for _, pt := range s.pts {
				if (!ps.p.Y.Log || pt.Y > 0) && (!ps.p.X.Log || pt.X > 0) {
					xys = append(xys, plotter.XY{X: pt.X, Y: pt.Y})
				}
			}
			layers[3] = append(layers[3], lineOf(xys, line))
			continue
		}
		var at, limits plotter.XYs
		var eb struct {
			plotter.XYs
			plotter.YErrors
		}
		for j, pt := range s.pts {
			x := xs[i][j]
			if ps.p.Y.Log && pt.Y <= 0 {
				limits = append(limits, plotter.XY{X: x, Y: math.Max(pt.Limit, ps.floor)})
				continue
			}
			at = append(at, plotter.XY{X: x, Y: pt.Y})
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
			if s.band {
				layers[0] = append(layers[0], bandOf(s.pts, l.c, ps.y[0]))
			}
			layers[2] = append(layers[2], lineOf(stepCorners(s.pts, func(p Point) float64 { return p.Y }), figstyle.DataLine(l.c, 0)))
		case lineMarks:
			layers[2] = append(layers[2], lineOf(at, thin(figstyle.DataLine(l.c, 0))))
		}
		if len(eb.XYs) > 0 {
			e, _ := plotter.NewYErrorBars(eb)
			e.LineStyle, e.CapWidth = thin(figstyle.DataLine(l.c, 0)), vg.Points(2*figstyle.GlyphSize)
			layers[1] = append(layers[1], e)
		}
		mark := func(xys plotter.XYs, sty draw.GlyphStyle) {
			if len(xys) > 0 {
				sc, _ := plotter.NewScatter(xys)
				sc.GlyphStyle = sty
				layers[4], fs.series[i].marked = append(layers[4], sc), fs.series[i].marked+len(xys)
			}
		}
		if s.how != steps {
			mark(at, figstyle.Glyph(l.c, l.shape))
		}
		mark(limits, draw.GlyphStyle{Color: l.c, Radius: vg.Points(figstyle.GlyphSize + 0.6), Shape: figstyle.LimitGlyph{}})
	}
	if fs == ps.grid[len(ps.grid)-1] {
		layers[4] = append(layers[4], ps.labels(fs, lk))
	}
	for _, group := range layers {
		for _, pl := range group {
			if pl != nil {
				p.Add(pl)
			}
		}
	}
	for _, a := range []struct { // after Add, which widens the axes to the plotters
		a    *plot.Axis
		spec Axis
		r    [2]float64
	}{{&p.X, ps.p.X, ps.x}, {&p.Y, ps.p.Y, ps.y}} {
		a.a.Min, a.a.Max = a.r[0], a.r[1]
		switch {
		case a.spec.Log:
			a.a.Scale, a.a.Tick.Marker = plot.LogScale{}, figstyle.LogTicks
		case a.spec.Ints:
			a.a.Tick.Marker = figstyle.IntTicks
		}
	}
	if ps.labelled > 0 { // no ticks where the labels are
		t := p.X.Tick.Marker
		p.X.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
			return slices.DeleteFunc(t.Ticks(lo, ps.labelled), func(k plot.Tick) bool { return k.Value > ps.labelled })
		})
	}
	return p
}

// thin is a line 70% as wide: the bars and the lines that join markers.
func thin(l draw.LineStyle) draw.LineStyle {
	l.Width *= 0.7
	return l
}

// stepCorners returns the corners of the step graph of a tail through
// pts at the level y(p), the level at v_k on (v_{k−1}, v_k].
func stepCorners(pts []Point, y func(Point) float64) plotter.XYs {
	var xys plotter.XYs
	for k, p := range pts {
		if k > 0 {
			xys = append(xys, plotter.XY{X: pts[k-1].X, Y: y(p)})
		}
		xys = append(xys, plotter.XY{X: p.X, Y: y(p)})
	}
	return xys
}

// lineOf is a line through xys, nil for fewer than two points.
func lineOf(xys plotter.XYs, style draw.LineStyle) plot.Plotter {
	if len(xys) < 2 {
		return nil
	}
	l, _ := plotter.NewLine(xys)
	l.LineStyle = style
	return l
}

// bandOf is the band of a tail between its points' Lo and Hi, filled
// lightly in c, cut at floor.
func bandOf(pts []Point, c color.Color, floor float64) plot.Plotter {
	ring := stepCorners(pts, func(p Point) float64 { return math.Max(p.Lo, floor) })
	hi := stepCorners(pts, func(p Point) float64 { return p.Hi })
	slices.Reverse(hi)
	poly, err := plotter.NewPolygon(append(ring, hi...))
	if err != nil {
		return nil
	}
	r, g, b, _ := c.RGBA()
	poly.Color, poly.LineStyle.Width = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0x30}, 0
	return poly
}

// dodge returns the x at which each point of fs is drawn: its own, or,
// where points of different series at one x would overlap (at every x for
// a series that dodges), set apart by a marker's width in the order of
// the series, within the gap to the next x. The data area is about w×h
// points.
func (ps *panelState) dodge(fs *facetState, w, h vg.Length) [][]float64 {
	frac := func(v float64, r [2]float64, log bool) float64 {
		if log {
			return math.Log(v/r[0]) / math.Log(r[1]/r[0])
		}
		return (v - r[0]) / (r[1] - r[0])
	}
	type at struct {
		series, i int
		y         float64
	}
	byX := map[float64][]at{}
	xs := make([][]float64, len(fs.series))
	for si, s := range fs.series {
		for i, p := range s.pts {
			xs[si] = append(xs[si], p.X)
			if s.how == lineMarks || s.how == marks {
				y := -1.0 // every zero of a log axis at its floor
				if !ps.p.Y.Log || p.Y > 0 {
					y = frac(p.Y, ps.y, ps.p.Y.Log)
				}
				byX[p.X] = append(byX[p.X], at{si, i, y})
			}
		}
	}
	step := float64(2*figstyle.GlyphSize+0.8) / float64(w)
	xv := slices.Sorted(maps.Keys(byX))
	for i := 1; i < len(xv); i++ {
		step = min(step, 0.8*(frac(xv[i], ps.x, ps.p.X.Log)-frac(xv[i-1], ps.x, ps.p.X.Log))/float64(len(fs.series)))
	}
	for x, ats := range byX {
		slices.SortFunc(ats, func(a, b at) int { return cmp.Compare(a.y, b.y) })
		all := slices.ContainsFunc(ats, func(a at) bool { return fs.series[a.series].dodge })
		for lo, hi := 0, 1; lo < len(ats); lo, hi = hi, hi+1 {
			for hi < len(ats) && (all || ats[hi].y-ats[hi-1].y < float64(2*figstyle.GlyphSize+0.5)/float64(h)) {
				hi++
			}
			var series []int
			for _, p := range ats[lo:hi] {
				series = append(series, p.series)
			}
			slices.Sort(series)
			series = slices.Compact(series)
			for _, p := range ats[lo:hi] {
				off := step * (float64(slices.Index(series, p.series)) - float64(len(series)-1)/2)
				if ps.p.X.Log {
					xs[p.series][p.i] = x * math.Pow(ps.x[1]/ps.x[0], off)
				} else {
					xs[p.series][p.i] = x + off*(ps.x[1]-ps.x[0])
				}
			}
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
// data series, every named curve, what the bars are, and the zero marker
// if a log axis has one; and how many zeros the log axes draw.
func (d *drawing) legend(lk map[string]look, labelled map[string]bool) ([]legendEntry, int) {
	var entries, bars []legendEntry
	seen, zeros := map[string]bool{}, 0
	add := func(to *[]legendEntry, name string, thumbs ...plot.Thumbnailer) {
		if name != "" && !seen[name] {
			seen[name], *to = true, append(*to, legendEntry{name, thumbs})
		}
	}
	d.each(func(ps *panelState, _ *facetState, s *drawn) {
		if s.how == curve {
			line := figstyle.BoundLine(s.dash)
			if s.colour != "" {
				line.Color = lk[s.colour].c
			}
			add(&entries, s.name, &plotter.Line{LineStyle: line})
			return
		}
		for _, p := range s.pts {
			zeros += map[bool]int{true: 1}[ps.p.Y.Log && p.Y <= 0]
		}
		l := lk[s.key]
		var thumbs []plot.Thumbnailer
		if s.how != marks {
			thumbs = append(thumbs, &plotter.Line{LineStyle: figstyle.DataLine(l.c, 0)})
		}
		if s.how != steps {
			thumbs = append(thumbs, &plotter.Scatter{GlyphStyle: figstyle.Glyph(l.c, l.shape)})
		}
		if !labelled[s.key] {
			add(&entries, l.name, thumbs...)
		}
		add(&bars, s.barsShort)
	})
	if zeros > 0 {
		add(&bars, "0: its upper limit (caption)",
			&plotter.Scatter{GlyphStyle: draw.GlyphStyle{Color: figstyle.BoundColor, Radius: vg.Points(figstyle.GlyphSize + 0.6), Shape: figstyle.LimitGlyph{Centred: true}}})
	}
	return append(entries, bars...), zeros
}

// drawLegend draws entries in cols columns from the top of c.
func drawLegend(c draw.Canvas, entries []legendEntry, cols int) {
	per, w := (len(entries)+cols-1)/cols, (c.Max.X-c.Min.X)/vg.Length(cols)
	for k := range cols {
		l := plot.NewLegend()
		l.TextStyle.Handler, l.TextStyle.Font.Size = figstyle.Text, font.Length(vg.Points(figstyle.LegendSize))
		l.ThumbnailWidth, l.Padding, l.Top, l.Left = vg.Points(16), vg.Points(0.8), true, true
		for _, e := range entries[min(k*per, len(entries)):min((k+1)*per, len(entries))] {
			l.Add(e.name, e.thumbs...)
		}
		l.Draw(draw.Crop(c, vg.Length(k)*w, -vg.Length(cols-1-k)*w, 0, 0))
	}
}

// caption is f's caption with what the drawing adds: the trials behind
// each point, the points beyond the bounds checked, the bars, the zeros
// and what is pooled.
func (f Figure) caption(d *drawing, zeros int) string {
	var facts, bars []string
	lo, hi := math.MaxInt, 0
	d.each(func(_ *panelState, _ *facetState, s *drawn) {
		if s.how == curve || s.counts {
			return
		}
		for _, p := range s.pts {
			lo, hi = min(lo, p.N), max(hi, p.N)
		}
		if s.bars != "" && !slices.Contains(bars, s.bars) {
			bars = append(bars, s.bars)
		}
	})
	switch {
	case hi == 1:
		facts = append(facts, "each point from one run")
	case hi > lo:
		facts = append(facts, fmt.Sprintf("each point or tail from %d to %d trials", lo, hi))
	case hi > 1:
		facts = append(facts, fmt.Sprintf("each point or tail from %d trials", lo))
	}
	for _, ps := range d.panels {
		facts = append(facts, ps.checks()...)
	}
	facts = append(facts, bars...)
	if zeros > 0 {
		facts = append(facts, fmt.Sprintf("%d zeros on a log axis drawn as ↧: a measured 0 of N trials at its one-sided upper limit 1 − α^(1/N), α as its bars' (≈ 3/N at 95 %%), an exact 0 at the axis' end", zeros))
	}
	for i, c := range f.Pooled {
		facts = append(facts, "pooled over "+c+" = "+strings.Join(slices.SortedFunc(maps.Keys(d.pooled[i]), compareValues), ", "))
	}
	text := strings.TrimSpace(f.Caption)
	if len(facts) > 0 {
		text += " Drawn: " + plainNames(strings.Join(facts, "; ")) + "."
	}
	return text
}

// plainNames writes the names in s in plain text: T_{faulty} as T_faulty,
// e^{−x} as e^(−x).
func plainNames(s string) string {
	return superscript.ReplaceAllString(subscript.ReplaceAllString(s, "_$1"), "^($1)")
}

// subscript and superscript match a name's braced sub- and superscripts.
var (
	subscript   = regexp.MustCompile(`_\{([^{}]*)\}`)
	superscript = regexp.MustCompile(`\^\{([^{}]*)\}`)
)

// directLabels chooses the lines labelled at their ends rather than in
// the legend: in a panel of its own (not small multiples, whose axes are
// shared) with two to five lines through markers that end at one x, whose
// labels fit in under half its width; the x axis widens to make room for
// them. It
// returns the keys labelled in every row they appear in.
func (d *drawing) directLabels(width vg.Length, lk map[string]look) map[string]bool {
	fnt := font.From(plot.DefaultFont, vg.Points(figstyle.LegendSize))
	in, out := map[string]bool{}, map[string]bool{}
	for _, ps := range d.panels {
		cols := max(1, min(cmp.Or(ps.p.Cols, int(width/(1.7*vg.Inch))), len(ps.grid)))
		w := (width - vg.Points(40)) / vg.Length(cols)
		var lines []string
		fits, end := true, math.NaN() // the labels fit, and the lines end at one x
		for _, s := range ps.grid[len(ps.grid)-1].series {
			if s.key != "" && s.how == lineMarks && len(s.pts) > 1 {
				lines = append(lines, s.key)
				x := s.pts[len(s.pts)-1].X
				fits = fits && figstyle.Text.Width(lk[s.key].name, fnt) < 0.45*w && (math.IsNaN(end) || x == end)
				end = x
			}
		}
		ps.direct = map[string]bool{}
		if fits && len(lines) >= 2 && len(lines) <= 5 && len(ps.grid) == 1 {
			room := 0.0 // the share of the panel's width the labels take
			for _, k := range lines {
				ps.direct[k] = true
				room = max(room, float64((figstyle.Text.Width(lk[k].name, fnt)+vg.Points(4))/(w-vg.Points(24))))
			}
			ps.labelled = ps.x[1]
			if x := &ps.x; ps.p.X.Log { // room for them right of the data
				x[1] = x[0] * math.Pow(x[1]/x[0], 1/(1-room))
			} else {
				x[1] = x[0] + (x[1]-x[0])/(1-room)
			}
		}
		d.each(func(q *panelState, _ *facetState, s *drawn) {
			if q == ps && s.key != "" {
				in[s.key] = in[s.key] || ps.direct[s.key]
				out[s.key] = out[s.key] || !ps.direct[s.key]
			}
		})
	}
	for k, o := range out {
		if o || !in[k] {
			delete(in, k)
		}
	}
	return in
}

// labels is the plotter of the direct labels of fs, the last panel of ps:
// each right of its line's last point, set apart where they would
// overlap.
func (ps *panelState) labels(fs *facetState, lk map[string]look) plot.Plotter {
	type label struct {
		text string
		c    color.Color
		x, y float64
	}
	var ls []label
	for _, s := range fs.series {
		pts := slices.DeleteFunc(slices.Clone(s.pts), func(p Point) bool { return ps.p.Y.Log && p.Y <= 0 })
		if ps.direct[s.key] && len(pts) > 0 {
			end := pts[len(pts)-1]
			ls = append(ls, label{lk[s.key].name, lk[s.key].c, end.X, end.Y})
		}
	}
	slices.SortFunc(ls, func(a, b label) int { return cmp.Compare(a.y, b.y) })
	return plotterFunc(func(c draw.Canvas, p *plot.Plot) {
		tx, ty := p.Transforms(&c)
		h := vg.Points(1.15 * figstyle.LegendSize)
		ys := make([]vg.Length, len(ls))
		for i, l := range ls { // pushed up where they would overlap
			if ys[i] = max(ty(l.y), c.Min.Y+h/2); i > 0 {
				ys[i] = max(ys[i], ys[i-1]+h)
			}
		}
		for i := len(ls) - 1; i >= 0; i-- { // and down from the top
			top := c.Max.Y - h/2
			if i+1 < len(ls) {
				top = ys[i+1] - h
			}
			ys[i] = min(ys[i], top)
			sty := figstyle.TextStyle(figstyle.LegendSize, ls[i].c)
			sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
			c.FillText(sty, vg.Point{X: tx(ls[i].x) + vg.Points(3), Y: ys[i]}, ls[i].text)
		}
	})
}

// plotterFunc is a plot.Plotter of a function.
type plotterFunc func(draw.Canvas, *plot.Plot)

// Plot implements plot.Plotter.
func (f plotterFunc) Plot(c draw.Canvas, p *plot.Plot) { f(c, p) }

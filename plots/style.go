package plots

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The house style: every figure is one column of a two-column paper wide,
// set in Liberation Serif (metrically Times) at 8 pt, with 7 pt ticks and
// legends.
const (
	// Width is the width of every figure, one paper column.
	Width = 3.4 * vg.Inch
	// Height is the height of a one-panel figure.
	Height = 2.5 * vg.Inch
	// PanelHeight is the height of each panel of a stacked figure.
	PanelHeight = 2.1 * vg.Inch

	labelSize  = 8
	tickSize   = 7
	legendSize = 7
	dataWidth  = 1.0 // points, measured data
	boundWidth = 0.8 // points, bounds and reference lines
	glyphSize  = 1.8 // points, marker radius
	dpi        = 300 // PNG resolution
)

// palette is the Okabe–Ito palette, distinguishable with every common form
// of colour blindness; black is kept for bounds.
var palette = []color.Color{
	color.RGBA{0x00, 0x72, 0xb2, 0xff}, // blue
	color.RGBA{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	color.RGBA{0x00, 0x9e, 0x73, 0xff}, // bluish green
	color.RGBA{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	color.RGBA{0xe6, 0x9f, 0x00, 0xff}, // orange
	color.RGBA{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	color.RGBA{0xf0, 0xe4, 0x42, 0xff}, // yellow
}

// boundColor draws bounds and reference lines.
var boundColor = color.Gray{0x30}

// dashes are the line patterns, in order: solid, dashed, dotted, dash-dot.
var dashes = [][]vg.Length{
	nil,
	{vg.Points(4), vg.Points(2)},
	{vg.Points(1), vg.Points(1.5)},
	{vg.Points(4), vg.Points(1.5), vg.Points(1), vg.Points(1.5)},
}

// glyphs are the marker shapes, in order.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.RingGlyph{}}

// colour returns the i-th palette colour, cycling.
func colour(i int) color.Color { return palette[i%len(palette)] }

// ramp returns colour i of k along a sequential blue-to-yellow scale (the
// viridis end points and middle), for series ordered by a number such as n.
func ramp(i, k int) color.Color {
	stops := []color.RGBA{{0x44, 0x01, 0x54, 0xff}, {0x21, 0x91, 0x8c, 0xff}, {0xfd, 0xe7, 0x25, 0xff}}
	t := 0.0
	if k > 1 {
		t = 0.9 * float64(i) / float64(k-1) // stop short of the pale yellow end
	}
	seg := min(int(t*2), 1)
	u := t*2 - float64(seg)
	a, b := stops[seg], stops[seg+1]
	mix := func(x, y uint8) uint8 { return uint8(float64(x) + u*(float64(y)-float64(x)) + 0.5) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// dataLine is the style of a measured series.
func dataLine(c color.Color, dash int) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(dataWidth), Dashes: dashes[dash%len(dashes)]}
}

// boundLine is the style of a bound or reference line.
func boundLine(dash int) draw.LineStyle {
	return draw.LineStyle{Color: boundColor, Width: vg.Points(boundWidth), Dashes: dashes[dash%len(dashes)]}
}

// glyph is the style of a marker.
func glyph(c color.Color, shape int) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(glyphSize), Shape: glyphs[shape%len(glyphs)]}
}

// newPlot returns an empty plot in the house style with the given axis
// labels.
func newPlot(xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	size := func(s float64) font.Length { return font.Length(vg.Points(s)) }
	p.Title.TextStyle.Font.Size = size(labelSize)
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = size(labelSize)
		a.Tick.Label.Font.Size = size(tickSize)
		a.Width = vg.Points(0.5)
		a.Tick.Width = vg.Points(0.5)
		a.Tick.Length = vg.Points(3)
		a.Padding = vg.Points(2)
		a.Tick.Marker = linearTicks
	}
	p.Legend.TextStyle.Font.Size = size(legendSize)
	p.Legend.ThumbnailWidth = vg.Points(16)
	p.Legend.Padding = vg.Points(0.5)
	p.Add(gridLines())
	return p
}

// gridLines is a light grid behind the data.
func gridLines() *plotter.Grid {
	g := plotter.NewGrid()
	g.Vertical = draw.LineStyle{Color: color.Gray{0xe4}, Width: vg.Points(0.4)}
	g.Horizontal = g.Vertical
	return g
}

// logY makes the y axis logarithmic over [lo, hi], lo > 0.
func logY(p *plot.Plot, lo, hi float64) {
	p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, logTicks
	p.Y.Min, p.Y.Max = lo, hi
}

// logX makes the x axis logarithmic over [lo, hi], lo > 0.
func logX(p *plot.Plot, lo, hi float64) {
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, logTicks
	p.X.Min, p.X.Max = lo, hi
}

// logTicks are a tick at every power of 10 in range, labelled with its
// shortest decimal, and over up to six decades unlabelled ones at 2 … 9
// times each; where fewer than three powers of 10 are in range, 2 and 5
// times each are labelled too, so that an axis over less than two decades
// reads. (plot.LogTicks leaves out the ticks below the first power of 10
// in range and labels 1e-05 as 9.999999999999999e-05.)
var logTicks = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
	if !(lo > 0 && hi >= lo) {
		return nil
	}
	const eps = 1e-9
	first, last := int(math.Floor(math.Log10(lo)+eps)), int(math.Floor(math.Log10(hi)+eps))
	decades := 0
	for k := first; k <= last; k++ {
		if v := pow10(k); v >= lo*(1-eps) && v <= hi*(1+eps) {
			decades++
		}
	}
	minor := 9
	if last-first > 6 {
		minor = 1
	}
	var ticks []plot.Tick
	for k := first; k <= last; k++ {
		for m := 1; m <= minor; m++ {
			v := float64(m) * pow10(k)
			if v < lo*(1-eps) || v > hi*(1+eps) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || decades < 3 && (m == 2 || m == 5) {
				x, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
				t.Label = strconv.FormatFloat(x, 'g', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
})

// pow10 is 10^k as the nearest float64 to its decimal.
func pow10(k int) float64 {
	v, _ := strconv.ParseFloat("1e"+strconv.Itoa(k), 64)
	return v
}

// linearTicks labels ticks at the step of 1, 2 or 5 times a power of 10
// nearest to a fifth of the range, with unlabelled ticks halfway between.
var linearTicks = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', -1, 64)}}
	}
	raw := (hi - lo) / 5
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	step := pow
	for _, m := range []float64{2, 5, 10} {
		if math.Abs(math.Log(m*pow/raw)) < math.Abs(math.Log(step/raw)) {
			step = m * pow
		}
	}
	var ticks []plot.Tick
	for k := math.Ceil(2 * lo / step); k*step/2 <= hi*(1+1e-12); k++ {
		k += 0 // −0 (from Ceil of a small negative) would be labelled "-0"
		t := plot.Tick{Value: k * step / 2}
		if math.Mod(k, 2) == 0 {
			t.Label = strconv.FormatFloat(k/2*step, 'g', 10, 64)
		}
		ticks = append(ticks, t)
	}
	return ticks
})

package figstyle

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The house style: a figure is one column of a two-column paper wide (a
// figure of many small multiples two), set in Liberation Serif (metrically
// Times) at 8 pt, with 7 pt ticks and legends.
const (
	// Width is the width of a figure, one paper column.
	Width = 3.4 * vg.Inch
	// WideWidth is the width of a figure across both columns.
	WideWidth = 7 * vg.Inch
	// Height is the height of a one-panel figure.
	Height = 2.5 * vg.Inch
	// PanelHeight is the height of each panel of a stacked figure.
	PanelHeight = 2.1 * vg.Inch

	LabelSize  = 8
	TickSize   = 7
	LegendSize = 7
	DataWidth  = 1.0 // points, measured data
	BoundWidth = 0.9 // points, bounds and reference lines
	GlyphSize  = 1.8 // points, marker radius
	DPI        = 300 // PNG resolution
)

// Palette is the Okabe–Ito Palette, distinguishable with every common form
// of colour blindness; its yellow, faint on white, is last.
var Palette = []color.Color{
	color.RGBA{0x00, 0x72, 0xb2, 0xff}, // blue
	color.RGBA{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	color.RGBA{0x00, 0x9e, 0x73, 0xff}, // bluish green
	color.RGBA{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	color.RGBA{0xe6, 0x9f, 0x00, 0xff}, // orange
	color.RGBA{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	color.RGBA{0x00, 0x00, 0x00, 0xff}, // black
	color.RGBA{0xf0, 0xe4, 0x42, 0xff}, // yellow
}

// BoundColor draws bounds and reference lines.
var BoundColor = color.Gray{0x40}

// Dashes are the line patterns, in order: solid, dashed, dotted, dash-dot.
var Dashes = [][]vg.Length{
	nil,
	{vg.Points(4), vg.Points(2)},
	{vg.Points(1), vg.Points(1.5)},
	{vg.Points(4), vg.Points(1.5), vg.Points(1), vg.Points(1.5)},
}

// glyphs are the marker shapes, in order.
var glyphs = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.RingGlyph{},
	draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}

// Colour returns the i-th Palette colour, cycling.
func Colour(i int) color.Color { return Palette[i%len(Palette)] }

// DataLine is the style of a measured series.
func DataLine(c color.Color, dash int) draw.LineStyle {
	return draw.LineStyle{Color: c, Width: vg.Points(DataWidth), Dashes: Dashes[dash%len(Dashes)]}
}

// BoundLine is the style of a bound or reference line.
func BoundLine(dash int) draw.LineStyle {
	return draw.LineStyle{Color: BoundColor, Width: vg.Points(BoundWidth), Dashes: Dashes[dash%len(Dashes)]}
}

// Glyph is the style of a marker.
func Glyph(c color.Color, shape int) draw.GlyphStyle {
	return draw.GlyphStyle{Color: c, Radius: vg.Points(GlyphSize), Shape: glyphs[shape%len(glyphs)]}
}

// NewPlot returns an empty plot in the house style with the given axis
// labels.
func NewPlot(xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	size := func(s float64) font.Length { return font.Length(vg.Points(s)) }
	for _, t := range []*text.Style{&p.Title.TextStyle, &p.X.Label.TextStyle, &p.Y.Label.TextStyle,
		&p.X.Tick.Label, &p.Y.Tick.Label, &p.Legend.TextStyle} {
		t.Handler = Text
	}
	p.Title.TextStyle.Font.Size = size(LabelSize)
	p.Title.Padding = vg.Points(2)
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = size(LabelSize)
		a.Tick.Label.Font.Size = size(TickSize)
		a.Width = vg.Points(0.5)
		a.Tick.Width = vg.Points(0.5)
		a.Tick.Length = vg.Points(3)
		a.Padding = vg.Points(2)
		a.Tick.Marker = LinearTicks
	}
	p.Legend.TextStyle.Font.Size = size(LegendSize)
	p.Legend.ThumbnailWidth = vg.Points(16)
	p.Legend.Padding = vg.Points(0.5)
	g := plotter.NewGrid()
	g.Vertical = draw.LineStyle{Color: color.Gray{0xe4}, Width: vg.Points(0.4)}
	g.Horizontal = g.Vertical
	p.Add(g)
	return p
}

// LogTicks are a tick at every power of 10 in range, typeset (10⁻⁵), and
// over up to six decades unlabelled ones at 2 … 9 times each; over more,
// every k-th power is labelled, at most about seven; where fewer than
// three powers of 10 are in range, 2 and 5 times each are labelled too.
var LogTicks = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
	if !(lo > 0 && hi >= lo) {
		return nil
	}
	if hi < 4*lo { // less than a decade: ticks at round numbers
		return LinearTicks(lo, hi)
	}
	const eps = 1e-9
	first, last := int(math.Floor(math.Log10(lo)+eps)), int(math.Floor(math.Log10(hi)+eps))
	decades := 0
	for k := first; k <= last; k++ {
		if v := pow10(k); v >= lo*(1-eps) && v <= hi*(1+eps) {
			decades++
		}
	}
	minor, every := 9, max(1, (decades+6)/7)
	if last-first > 6 {
		minor = 1
	}
	powers := first < -3 || last > 4
	var ticks []plot.Tick
	for k := first; k <= last; k++ {
		for m := 1; m <= minor; m++ {
			v := float64(m) * pow10(k)
			if v < lo*(1-eps) || v > hi*(1+eps) {
				continue
			}
			t := plot.Tick{Value: v}
			switch {
			case m == 1 && (k%every+every)%every == 0:
				t.Label = powerLabel(k, powers)
			case m > 1 && decades < 2 && (m == 2 || m == 5):
				t.Label = strconv.Itoa(m) + "·" + powerLabel(k, true)
				if !powers {
					t.Label = decimal(float64(m) * pow10(k))
				}
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
})

// powerLabel typesets 10^k: as a decimal (0.01, 1000) unless powers, 1
// and 10 always.
func powerLabel(k int, powers bool) string {
	if !powers || k == 0 || k == 1 {
		return decimal(pow10(k))
	}
	return "10" + Superscript(k)
}

// decimal writes x in its shortest decimal form, a minus sign for a
// negative x and never −0.
func decimal(x float64) string {
	x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 12, 64), 64)
	if x == 0 {
		return "0"
	}
	return strings.Replace(strconv.FormatFloat(x, 'f', -1, 64), "-", "−", 1)
}

// Superscript writes an integer in superscript digits and minus sign.
func Superscript(k int) string {
	return strings.NewReplacer("-", "⁻", "0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴", "5", "⁵",
		"6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹").Replace(strconv.Itoa(k))
}

// pow10 is 10^k as the nearest float64 to its decimal.
func pow10(k int) float64 {
	v, _ := strconv.ParseFloat("1e"+strconv.Itoa(k), 64)
	return v
}

// LinearTicks labels ticks at the step of 1, 2 or 5 times a power of 10
// nearest to a fifth of the range, with unlabelled ticks halfway between.
var LinearTicks = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: decimal(lo)}}
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
		t := plot.Tick{Value: k * step / 2}
		if math.Mod(k, 2) == 0 {
			t.Label = decimal(k / 2 * step)
		}
		ticks = append(ticks, t)
	}
	return ticks
})

// IntTicks labels integers, every one or every second, fifth, tenth …
// so that at most six are labelled, with unlabelled ticks at the others.
var IntTicks = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
	a, b := math.Ceil(lo), math.Floor(hi)
	step := 1.0
	for _, s := range []float64{1, 2, 5, 10, 20, 50, 100} {
		if step = s; (b-a)/s < 6 {
			break
		}
	}
	var ticks []plot.Tick
	for v := a; v <= b && b-a < 200; v++ {
		t := plot.Tick{Value: v}
		if math.Mod(v, step) == 0 {
			t.Label = decimal(v)
		}
		ticks = append(ticks, t)
	}
	if len(ticks) == 0 {
		return LinearTicks(lo, hi)
	}
	return ticks
})

// Unlabelled returns t's ticks without their labels: the inner axes of
// small multiples.
func Unlabelled(t plot.Ticker) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		ticks := t.Ticks(lo, hi)
		for i := range ticks {
			ticks[i].Label = ""
		}
		return ticks
	})
}

// LimitGlyph marks a measured zero on a log axis at its one-sided upper
// limit: a bar with an arrow pointing down; centred for a legend.
type LimitGlyph struct{ Centred bool }

// DrawGlyph implements draw.GlyphDrawer.
func (g LimitGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, p vg.Point) {
	r := sty.Radius
	if g.Centred {
		p.Y += 1.4 * r
	}
	line := draw.LineStyle{Color: sty.Color, Width: vg.Points(0.8)}
	c.StrokeLine2(line, p.X-r, p.Y, p.X+r, p.Y)
	c.StrokeLine2(line, p.X, p.Y, p.X, p.Y-2*r)
	c.FillPolygon(sty.Color, []vg.Point{{X: p.X - 0.7*r, Y: p.Y - 1.6*r}, {X: p.X + 0.7*r, Y: p.Y - 1.6*r}, {X: p.X, Y: p.Y - 2.8*r}})
}

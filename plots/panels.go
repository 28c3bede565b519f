package plots

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// drawPanels draws panels stacked in the tiles t of dc, their axes
// aligned, and returns their data areas. It draws the labels of log axes
// itself, centred on the data as plot does: plot pads a panel for such a
// label's box centred at the axis' arithmetic mid-value, near the top or
// right end of a log axis, which shrank the panel (adaptive-baselines'
// losses by a third, replication-bandwidth by a quarter of its width).
func drawPanels(dc draw.Canvas, t draw.Tiles, panels ...*plot.Plot) []draw.Canvas {
	xs, ys := make([]string, len(panels)), make([]string, len(panels))
	rows := make([][]*plot.Plot, len(panels))
	for i, p := range panels {
		rows[i] = []*plot.Plot{p}
		xs[i], ys[i] = blankLogLabel(&p.X), blankLogLabel(&p.Y)
	}
	data := make([]draw.Canvas, len(panels))
	for i, cs := range plot.Align(rows, t, dc) {
		p, c := panels[i], cs[0]
		p.Draw(c)
		data[i] = p.DataCanvas(c)
		if xs[i] != "" {
			p.X.Label.Text = xs[i]
			sty := p.X.Label.TextStyle
			c.FillText(sty, vg.Point{X: data[i].Center().X, Y: c.Min.Y + sty.FontExtents().Descent}, xs[i])
		}
		if ys[i] != "" {
			p.Y.Label.Text = ys[i]
			sty := p.Y.Label.TextStyle
			sty.Rotation += math.Pi / 2
			x := c.Min.X + sty.Height(ys[i]) - sty.FontExtents().Descent
			c.FillText(sty, vg.Point{X: x, Y: data[i].Center().Y}, ys[i])
		}
	}
	return data
}

// blankLogLabel replaces the centred label of a log axis by a blank of the
// same height, for plot to make room for, and returns it; "" for another
// axis.
func blankLogLabel(a *plot.Axis) string {
	text := a.Label.Text
	if _, log := a.Scale.(plot.LogScale); !log || text == "" || a.Label.Position != draw.PosCenter {
		return ""
	}
	a.Label.Text = " "
	return text
}

package plots

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// drawPanels draws panels stacked top to bottom in the tiles t of dc, their
// axes aligned, and returns their data areas. plot pads a panel to fit its y label's box centred at the
// axis' arithmetic mid-value, which on a log axis lies near the top, so a
// long label there shrank the panel from above (a third of
// adaptive-baselines' losses panel); drawPanels draws such a label itself,
// centred on the data as plot does, with a blank of the same height in
// its place.
func drawPanels(dc draw.Canvas, t draw.Tiles, panels ...*plot.Plot) []draw.Canvas {
	labels := make([]string, len(panels))
	rows := make([][]*plot.Plot, len(panels))
	for i, p := range panels {
		rows[i] = []*plot.Plot{p}
		if _, log := p.Y.Scale.(plot.LogScale); log && p.Y.Label.Text != "" && p.Y.Label.Position == draw.PosCenter {
			labels[i], p.Y.Label.Text = p.Y.Label.Text, " "
		}
	}
	data := make([]draw.Canvas, len(panels))
	for i, cs := range plot.Align(rows, t, dc) {
		p, c := panels[i], cs[0]
		p.Draw(c)
		data[i] = p.DataCanvas(c)
		if labels[i] == "" {
			continue
		}
		p.Y.Label.Text = labels[i]
		sty := p.Y.Label.TextStyle
		sty.Rotation += math.Pi / 2
		x := c.Min.X + sty.Height(labels[i]) - sty.FontExtents().Descent
		c.FillText(sty, vg.Point{X: x, Y: data[i].Center().Y}, labels[i])
	}
	return data
}

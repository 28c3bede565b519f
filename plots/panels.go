package plots

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// drawPanels draws panels stacked in the tiles t of dc, their axes
// aligned, and returns their data areas. It draws a log y axis' label
// itself, centred on the data as plot does: plot pads a panel for that
// label's box centred at the axis' arithmetic mid-value, near the top of
// a log axis, which shrank the panel (by a third, adaptive-baselines'
// losses).
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

package plots

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// legendEntry is one entry of a legend drawn below a figure's panels.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// saveStackLegend saves panels of height h each stacked top to bottom,
// their axes aligned, above a legend of the entries in cols columns: a
// legend that covers no data.
func saveStackLegend(out, name string, h vg.Length, entries []legendEntry, cols int, panels ...*plot.Plot) ([]string, error) {
	perCol := (len(entries) + cols - 1) / cols
	lh := vg.Points(1.25*legendSize*float64(perCol) + 6)
	total := h*vg.Length(len(panels)) + lh
	return save(out, name, Width, total, func(dc draw.Canvas) {
		drawPanels(draw.Crop(dc, 0, 0, lh, 0), stackTiles(len(panels)), panels...)
		strip := draw.Crop(dc, vg.Points(16), 0, 0, lh-total)
		w := strip.Max.X - strip.Min.X
		for c := range cols {
			l := plot.NewLegend()
			l.TextStyle.Font.Size = font.Length(vg.Points(legendSize))
			l.ThumbnailWidth = vg.Points(16)
			l.Padding = vg.Points(0.5)
			l.Top, l.Left = true, true
			for _, e := range entries[min(c*perCol, len(entries)):min((c+1)*perCol, len(entries))] {
				l.Add(e.name, e.thumbs...)
			}
			col := draw.Crop(strip, vg.Length(c)*w/vg.Length(cols), -vg.Length(cols-1-c)*w/vg.Length(cols), 0, 0)
			l.Draw(col)
		}
	})
}

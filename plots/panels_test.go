package plots

import (
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// TestDrawPanelsLogLabel checks that a long y label on a log axis leaves
// a panel's data area as tall as on a linear axis, and that the label is
// drawn once there as plot draws it on the linear axis: at the same place
// against the data's centre.
func TestDrawPanelsLogLabel(t *testing.T) {
	const label = "fraction of the messages lost, pooled over the trials"
	panel := func(log bool) *plot.Plot {
		p := newPlot("q", label)
		line, err := plotter.NewLine(plotter.XYs{{X: 0.001, Y: 1e-5}, {X: 0.1, Y: 0.5}})
		if err != nil {
			t.Fatal(err)
		}
		p.Add(line)
		logX(p, 0.001, 0.2)
		if log {
			logY(p, 1e-6, 1)
		}
		return p
	}
	var heights, offsets [2]float64
	for i, log := range []bool{false, true} {
		rec := new(recorder.Canvas)
		data := drawPanels(draw.NewCanvas(rec, Width, Height), draw.Tiles{Rows: 1, Cols: 1}, panel(log))
		heights[i] = (data[0].Max.Y - data[0].Min.Y).Points()
		var drawn int
		for _, a := range rec.Actions {
			if s, ok := a.(*recorder.FillString); ok && s.String == label {
				// Rotated a quarter turn: the text runs along y from
				// Point.X on.
				drawn++
				offsets[i] = (s.Point.X - (data[0].Min.Y+data[0].Max.Y)/2).Points()
			}
		}
		if drawn != 1 {
			t.Errorf("log %v: label drawn %d times", log, drawn)
		}
	}
	if math.Abs(offsets[1]-offsets[0]) > 0.5 {
		t.Errorf("label begins %.1f pt from the data's centre on a log axis, %.1f on a linear one", offsets[1], offsets[0])
	}
	if math.Abs(heights[1]-heights[0]) > 1 {
		t.Errorf("data area %.1f pt tall on a log axis, %.1f on a linear one", heights[1], heights[0])
	}
}

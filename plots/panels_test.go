package plots

import (
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// TestDrawPanelsLogLabels checks that long axis labels on log axes leave
// a panel's data area reaching as far right and up as on linear axes
// (plot shrank it from there), and that each label is
// drawn once there as plot draws it on a linear axis: at the same place
// against the data's centre.
func TestDrawPanelsLogLabels(t *testing.T) {
	const xLabel, yLabel = "data sent over the links per message, in message lengths", "fraction of the messages lost, pooled over the trials"
	panel := func(log bool) *plot.Plot {
		p := newPlot(xLabel, yLabel)
		line, err := plotter.NewLine(plotter.XYs{{X: 1, Y: 1e-5}, {X: 50, Y: 0.5}})
		if err != nil {
			t.Fatal(err)
		}
		p.Add(line)
		if log {
			logX(p, 1, 100)
			logY(p, 1e-6, 1)
		}
		return p
	}
	var right, top, xOff, yOff [2]float64
	for i, log := range []bool{false, true} {
		rec := new(recorder.Canvas)
		data := drawPanels(draw.NewCanvas(rec, Width, Height), draw.Tiles{Rows: 1, Cols: 1}, panel(log))[0]
		right[i], top[i] = data.Max.X.Points(), data.Max.Y.Points()
		drawn := map[string]int{}
		for _, a := range rec.Actions {
			s, ok := a.(*recorder.FillString)
			if !ok {
				continue
			}
			drawn[s.String]++
			switch s.String {
			case xLabel:
				xOff[i] = (s.Point.X - (data.Min.X+data.Max.X)/2).Points()
			case yLabel:
				// Rotated a quarter turn: the text runs along y from
				// Point.X on.
				yOff[i] = (s.Point.X - (data.Min.Y+data.Max.Y)/2).Points()
			}
		}
		if drawn[xLabel] != 1 || drawn[yLabel] != 1 {
			t.Errorf("log %v: x label drawn %d times, y label %d times", log, drawn[xLabel], drawn[yLabel])
		}
	}
	if math.Abs(xOff[1]-xOff[0]) > 0.5 || math.Abs(yOff[1]-yOff[0]) > 0.5 {
		t.Errorf("labels begin %.1f, %.1f pt from the data's centre on log axes, %.1f, %.1f on linear ones", xOff[1], yOff[1], xOff[0], yOff[0])
	}
	// The last tick labels differ in width by a few points.
	if math.Abs(right[1]-right[0]) > 3 || math.Abs(top[1]-top[0]) > 3 {
		t.Errorf("data area up to (%.1f, %.1f) pt on log axes, (%.1f, %.1f) on linear ones", right[1], top[1], right[0], top[0])
	}
}

package plots

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// adaptiveTrial is a row of adaptive-baselines/trials: the grid, q, the
// reroute rule, and the trial's time, messages, messages lost and stretch
// (NaN where null).
type adaptiveTrial struct {
	grid
	Q                 float64
	Reroute           string
	T, Messages, Lost int64
	Stretch           float64
}

// method names the router and, for the adaptive routers, its reroute rule.
func (r adaptiveTrial) method() string {
	if r.Router == "adaptive-ecube" || r.Router == "adaptive-valiant" {
		return r.Router + " " + r.Reroute
	}
	return r.Router
}

// readAdaptiveTrials reads DIR/adaptive-baselines/trials.
func readAdaptiveTrials(dir string) ([]adaptiveTrial, error) {
	var rows []adaptiveTrial
	err := scanTable(dir, "adaptive-baselines", "trials", func(c *columns) error {
		g, q, rer, T := readGrids(c), c.floats("q"), c.strings("reroute", false), c.ints("T", false)
		msgs, lost := read(c, "messages", false, nullableInts), read(c, "lost", false, nullableInts)
		stretch := read(c, "stretch", false, nullableNaNs)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range T {
			rows = append(rows, adaptiveTrial{g[i], q[i], rer[i], T[i], msgs[i], lost[i], stretch[i]})
		}
		return nil
	})
	return rows, err
}

// AdaptiveBaselines draws the uncoordinated baselines of thesis Ch. III
// [Schömer 1988] from adaptive-baselines/trials at the largest n: against
// q (log axis), the fraction of messages lost (pooled over the trials, log
// axis: q or losses of 0 left out), the stretch of the delivered packets'
// routes and the mean T, with 95% intervals, for adaptive e-cube and
// adaptive Valiant rerouting by a random intact 3-detour or a shortest
// intact path, safety levels [Wu 1997], and e-cube and Valiant that do
// not know the faults. One colour and marker per method; rows of other
// port models than single-port are left out.
func AdaptiveBaselines(dir, out string) (Output, error) {
	var o Output
	rows, err := readAdaptiveTrials(dir)
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "port", "single", "pattern", "random", "mu", "1")
	ns := values(rows, func(r adaptiveTrial) int { return r.N })
	if len(ns) == 0 {
		return o, fmt.Errorf("adaptive-baselines: no trials")
	}
	n := ns[len(ns)-1]
	if len(ns) > 1 {
		o.Notes = append(o.Notes, fmt.Sprintf("kept n=%d, left out n=%v", n, ns[:len(ns)-1]))
	}
	zeroQ := 0
	rows = slices.DeleteFunc(rows, func(r adaptiveTrial) bool {
		if r.N == n && r.Q <= 0 {
			zeroQ++
		}
		return r.N != n || r.Q <= 0
	})
	if zeroQ > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d trials at q = 0 from the log q axis", zeroQ))
	}
	if len(rows) == 0 {
		return o, fmt.Errorf("adaptive-baselines: no trials with q > 0")
	}
	qs := values(rows, func(r adaptiveTrial) float64 { return r.Q })
	methods := ordered(values(rows, adaptiveTrial.method), "adaptive-ecube detour", "adaptive-ecube shortest",
		"adaptive-valiant detour", "adaptive-valiant shortest", "safety-levels", "ecube", "valiant")
	title := func(what string) string { return fmt.Sprintf("n = %d, single-port: %s", n, what) }
	loss := newPlot("edge failure probability q", "fraction of messages lost")
	loss.Title.Text = title("messages lost")
	stretch := newPlot("edge failure probability q", "stretch (hops / fault-free hops)")
	stretch.Title.Text = title("stretch of delivered routes")
	times := newPlot("edge failure probability q", "mean T (steps)")
	times.Title.Text = title("run time")
	var entries []legendEntry
	lossLo, zeros := 1.0, 0
	for mi, m := range methods {
		c, shape := methodColour(mi), mi
		shift := math.Pow(1.04, float64(mi)-float64(len(methods)-1)/2)
		var lossXYs plotter.XYs
		var sx, sv, tx, tv []float64
		for _, q := range qs {
			var lost, msgs int64
			for _, r := range rows {
				if r.Q != q || r.method() != m {
					continue
				}
				if r.Lost >= 0 && r.Messages > 0 {
					lost, msgs = lost+r.Lost, msgs+r.Messages
				}
				if !math.IsNaN(r.Stretch) {
					sx, sv = append(sx, q), append(sv, r.Stretch)
				}
				tx, tv = append(tx, q), append(tv, float64(r.T))
			}
			if msgs > 0 {
				lossXYs = append(lossXYs, plotter.XY{X: q, Y: float64(lost) / float64(msgs)})
			}
		}
		o.Series = append(o.Series, Series{loss.Title.Text, m, lossXYs})
		kept := onLog(lossXYs, true, true)
		zeros += len(lossXYs) - len(kept)
		for _, xy := range kept {
			lossLo = math.Min(lossLo, xy.Y)
		}
		if err := addShifted(loss, kept, shift, c, shape); err != nil {
			return o, err
		}
		for _, s := range []struct {
			p      *plot.Plot
			xs, vs []float64
		}{{stretch, sx, sv}, {times, tx, tv}} {
			ss := summarizeBy(s.xs, s.vs)
			if len(ss) == 0 {
				continue
			}
			o.Series = append(o.Series, Series{s.p.Title.Text, m, meanXYs(ss)})
			for i := range ss {
				ss[i].X *= shift
			}
			line, marks, bars, err := meanSeries(ss, ciLo, ciHi, 0, c, 0, shape)
			if err != nil {
				return o, err
			}
			s.p.Add(line, bars, marks)
		}
		if len(lossXYs) > 0 {
			last := lossXYs[len(lossXYs)-1]
			o.Notes = append(o.Notes, fmt.Sprintf("n=%d, %s: %.3g of the messages lost at q = %v", n, m, last.Y, last.X))
		}
		entries = append(entries, legendEntry{adaptiveName(m), []plot.Thumbnailer{
			&plotter.Line{LineStyle: dataLine(c, 0)}, &plotter.Scatter{GlyphStyle: glyph(c, shape)}}})
	}
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d points without a lost message from the log axis of losses", zeros))
	}
	for _, p := range []*plot.Plot{loss, stretch, times} {
		logX(p, qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5))
	}
	logY(loss, decade(lossLo), 1)
	entries = append(entries, legendEntry{"bars: 95% intervals", nil})
	o.Files, err = saveStackLegend(out, "adaptive-baselines", PanelHeight, entries, 2, loss, stretch, times)
	return o, err
}

// addShifted draws xys, their x scaled by shift, as a line with markers.
func addShifted(p *plot.Plot, xys plotter.XYs, shift float64, c color.Color, shape int) error {
	if len(xys) == 0 {
		return nil
	}
	shifted := slices.Clone(xys)
	for i := range shifted {
		shifted[i].X *= shift
	}
	line, err := plotter.NewLine(shifted)
	if err != nil {
		return err
	}
	line.LineStyle = dataLine(c, 0)
	marks, err := plotter.NewScatter(shifted)
	if err != nil {
		return err
	}
	marks.GlyphStyle = glyph(c, shape)
	p.Add(line, marks)
	return nil
}

// adaptiveName is the legend's name of a method of adaptive-baselines.
func adaptiveName(m string) string {
	switch m {
	case "adaptive-ecube detour":
		return "adaptive e-cube, 3-detour"
	case "adaptive-ecube shortest":
		return "adaptive e-cube, shortest"
	case "adaptive-valiant detour":
		return "adaptive Valiant, 3-detour"
	case "adaptive-valiant shortest":
		return "adaptive Valiant, shortest"
	case "safety-levels":
		return "safety levels [Wu 1997]"
	case "ecube":
		return "e-cube, faults unknown"
	case "valiant":
		return "Valiant, faults unknown"
	}
	return m
}

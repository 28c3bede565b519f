package plots

import (
	"image/color"
	"maps"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// ccdfSteps returns the empirical CCDF of sample, Pr(X ≥ x) as stats.CCDF
// defines it, as the corners of its step graph: at the distinct values
// v_0 < v_1 < … with tails t_0 = 1 > t_1 > …, the level is t_k on
// (v_{k−1}, v_k], so the graph runs (v_0,t_0), (v_0,t_1), (v_1,t_1),
// (v_1,t_2), …, (v_last,t_last).
func ccdfSteps(sample []float64) plotter.XYs {
	vs, tail := stats.CCDF(sample)
	var xys plotter.XYs
	for k, v := range vs {
		if k > 0 {
			xys = append(xys, plotter.XY{X: vs[k-1], Y: tail[k]})
		}
		xys = append(xys, plotter.XY{X: v, Y: tail[k]})
	}
	return xys
}

// intSteps returns the step graph of an upper tail f(m) = Pr(X ≥ m) of an
// integer X for m = m0 … m1, with the level f(m) on (m−1, m] as in
// ccdfSteps, ending before the first m with f(m) < lo.
func intSteps(f func(m int) float64, m0, m1 int, lo float64) plotter.XYs {
	var xys plotter.XYs
	for m := m0; m <= m1; m++ {
		y := f(m)
		if y < lo {
			break
		}
		xys = append(xys, plotter.XY{X: float64(m - 1), Y: y}, plotter.XY{X: float64(m), Y: y})
	}
	return xys
}

// curve samples f at k ≥ 2 points over [x0, x1], evenly or, with
// geometric, at a constant ratio (then 0 < x0), and keeps the points with
// f(x) ≥ lo: a bound is drawn only inside the plotted range.
func curve(f func(float64) float64, x0, x1 float64, k int, geometric bool, lo float64) plotter.XYs {
	var xys plotter.XYs
	for i := range k {
		u := float64(i) / float64(k-1)
		x := x0 + u*(x1-x0)
		if geometric {
			x = x0 * math.Pow(x1/x0, u)
		}
		if y := f(x); y >= lo {
			xys = append(xys, plotter.XY{X: x, Y: y})
		}
	}
	return xys
}

// onLog returns the points of xys whose coordinates on logarithmic axes
// are positive: a log axis has no place for 0.
func onLog(xys plotter.XYs, logX, logY bool) plotter.XYs {
	var kept plotter.XYs
	for _, p := range xys {
		if logX && p.X <= 0 || logY && p.Y <= 0 {
			continue
		}
		kept = append(kept, p)
	}
	return kept
}

// decade returns the largest power of 10 at most x > 0, a lower end for a
// log axis.
func decade(x float64) float64 {
	return math.Pow(10, math.Floor(math.Log10(x)))
}

// summary is the spread of a sample at one x: its mean with the 95%
// Student t confidence interval, and its range.
type summary struct {
	X, Mean, Lo, Hi, Min, Max float64
}

// summarize returns the summary of sample at x. With one observation the
// interval is the point itself.
func summarize(x float64, sample []float64) summary {
	mean, ci := stats.MeanCI(sample, 0.95)
	if len(sample) < 2 {
		ci = stats.Interval{Lo: mean, Hi: mean}
	}
	s := summary{X: x, Mean: mean, Lo: ci.Lo, Hi: ci.Hi, Min: math.Inf(1), Max: math.Inf(-1)}
	for _, v := range sample {
		s.Min, s.Max = math.Min(s.Min, v), math.Max(s.Max, v)
	}
	return s
}

// errorBars is the data of a plotter.YErrorBars.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// meanSeries returns the plotters of one series of summaries: a line with
// markers through the means and bars from lo to hi (the interval or the
// range), with x shifted by dx (to keep the bars of series apart).
func meanSeries(ss []summary, lo, hi func(summary) float64, dx float64, c color.Color, dash, shape int) (*plotter.Line, *plotter.Scatter, *plotter.YErrorBars, error) {
	var bars errorBars
	for _, s := range ss {
		bars.XYs = append(bars.XYs, plotter.XY{X: s.X + dx, Y: s.Mean})
		bars.YErrors = append(bars.YErrors, struct{ Low, High float64 }{s.Mean - lo(s), hi(s) - s.Mean})
	}
	line, err := plotter.NewLine(bars.XYs)
	if err != nil {
		return nil, nil, nil, err
	}
	line.LineStyle = dataLine(c, dash)
	marks, err := plotter.NewScatter(bars.XYs)
	if err != nil {
		return nil, nil, nil, err
	}
	marks.GlyphStyle = glyph(c, shape)
	eb, err := plotter.NewYErrorBars(bars)
	if err != nil {
		return nil, nil, nil, err
	}
	eb.LineStyle = dataLine(c, 0)
	eb.LineStyle.Width /= 1.5
	eb.CapWidth = 2 * glyph(c, shape).Radius
	return line, marks, eb, nil
}

// legendLine is a legend thumbnail: a line and, for shape ≥ 0, a marker.
func legendLine(p *plot.Plot, name string, c color.Color, dash, shape int) {
	line := &plotter.Line{LineStyle: dataLine(c, dash)}
	if shape < 0 {
		p.Legend.Add(name, line)
		return
	}
	p.Legend.Add(name, line, &plotter.Scatter{GlyphStyle: glyph(c, shape)})
}

// addLine adds xys as a line of the given style, with a legend entry when
// name is not empty.
func addLine(p *plot.Plot, name string, xys plotter.XYs, style plotter.Line) error {
	if len(xys) == 0 {
		return nil
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.LineStyle, l.StepStyle = style.LineStyle, style.StepStyle
	p.Add(l)
	if name != "" {
		p.Legend.Add(name, l)
	}
	return nil
}

// summarizeBy groups the values vs by their x in xs and returns the
// summary at each x, in increasing order of x.
func summarizeBy(xs, vs []float64) []summary {
	groups := map[float64][]float64{}
	for i, x := range xs {
		groups[x] = append(groups[x], vs[i])
	}
	var out []summary
	for _, x := range slices.Sorted(maps.Keys(groups)) {
		out = append(out, summarize(x, groups[x]))
	}
	return out
}

// ticksAt returns labelled ticks at the given x values.
func ticksAt(xs []float64) plot.ConstantTicks {
	ticks := make(plot.ConstantTicks, len(xs))
	for i, x := range xs {
		ticks[i] = plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'g', -1, 64)}
	}
	return ticks
}

// ciLo, ciHi, minOf and maxOf select the ends of an error bar.
func ciLo(s summary) float64  { return s.Lo }
func ciHi(s summary) float64  { return s.Hi }
func minOf(s summary) float64 { return s.Min }
func maxOf(s summary) float64 { return s.Max }

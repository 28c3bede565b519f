package plots

import (
	"fmt"
	"strconv"

	"gonum.org/v1/plot/plotter"
)

// PriorityLoad draws thesis Lemma I.4 [Schömer 1988] from
// priority-load/loads: for each priority p, the mean over trials of
// f_mean = (1/2^n)·Σ_v f(p,v), with its 95% Student t interval
// (stats.MeanCI), one series per request pattern (shifted a little in p to
// keep the bars apart), against the line μ/2 (1/2 for a permutation). Rows
// of other routers, port models, queue disciplines, μ or n (the largest n is
// kept) are left out.
func PriorityLoad(dir, out string) (Output, error) {
	var o Output
	rows, err := readLoads(dir, "priority-load")
	if err != nil {
		return o, err
	}
	ns := values(rows, func(r load) int { return r.N })
	if len(ns) == 0 {
		return o, fmt.Errorf("priority-load: no rows")
	}
	rows = restrictAll(rows, &o.Notes, "router", "valiant", "port", "single", "queue", "priority", "mu", "1",
		"n", strconv.Itoa(ns[len(ns)-1]))
	patterns := ordered(values(rows, func(r load) string { return r.Pattern }), "random", "transpose", "bitrev")
	mu := max(rows[0].Mu, 1)

	p := newPlot("priority p", "mean f(p,v) (packets)")
	p.Title.Text = fmt.Sprintf("n = %d, μ = %d", rows[0].N, mu)
	var ps []float64
	for i, pattern := range patterns {
		var xs, fs []float64
		for _, r := range rows {
			if r.Pattern == pattern {
				xs, fs = append(xs, float64(r.P)), append(fs, r.FMean)
			}
		}
		ss := summarizeBy(xs, fs)
		dx := 0.15 * (float64(i) - float64(len(patterns)-1)/2)
		// Markers and intervals only, no line: p is discrete.
		_, marks, bars, err := meanSeries(ss, ciLo, ciHi, dx, colour(i), 0, i)
		if err != nil {
			return o, err
		}
		p.Add(marks, bars)
		p.Legend.Add(pattern, marks)
		ps = append(ps, xs...)
	}
	ps = values(ps, func(x float64) float64 { return x })
	half := float64(mu) / 2
	ref := plotter.XYs{{X: ps[0] - 0.5, Y: half}, {X: ps[len(ps)-1] + 0.5, Y: half}}
	if err := addLine(p, fmt.Sprintf("Lemma I.4: %g", half), ref, plotter.Line{LineStyle: boundLine(1)}); err != nil {
		return o, err
	}
	// Room below the intervals for the legend.
	p.Y.Min -= 0.4 * (p.Y.Max - p.Y.Min)
	p.Legend.Left = true
	p.X.Tick.Marker = ticksAt(ps)
	p.X.Min, p.X.Max = ps[0]-0.5, ps[len(ps)-1]+0.5
	o.Files, err = savePlot(out, "priority-load", p)
	return o, err
}

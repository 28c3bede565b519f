package plots

import (
	"fmt"

	"gonum.org/v1/plot/plotter"
)

// sortTrial is a row of faulty-bitonic/trials: a sort over detours,
// −1 for γ and the slowest step of a trial without a complete system.
type sortTrial struct {
	grid
	Detours           string
	Q                 float64
	T, Gamma, MaxStep int64
}

// readSortTrials reads DIR/experiment/trials with the detour columns.
func readSortTrials(dir, experiment string) ([]sortTrial, error) {
	var rows []sortTrial
	err := scanTable(dir, experiment, "trials", func(c *columns) error {
		g, detours, q, T := readGrids(c), c.strings("detours", false), c.floats("q"), c.ints("T", false)
		gamma, maxStep := read(c, "gamma", false, nullableInts), read(c, "max_step", false, nullableInts)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range T {
			rows = append(rows, sortTrial{g[i], detours[i], q[i], T[i], gamma[i], maxStep[i]})
		}
		return nil
	})
	return rows, err
}

// drawnSortTrials returns the trials faulty-bitonic draws: bitonic sort
// with a complete detour system (γ > 0) and a failed edge.
func drawnSortTrials(all []sortTrial) []sortTrial {
	var rows []sortTrial
	for _, r := range all {
		if r.Router == "bitonic" && r.Gamma > 0 && r.MaxStep > 0 {
			rows = append(rows, r)
		}
	}
	return rows
}

// FaultyBitonic draws bitonic sort over detours on a faulty cube (thesis
// Ch. III.1 [Schömer 1988]) from faulty-bitonic/trials, in two panels. Top:
// the mean slowest compare-exchange step against γ, with its range over
// the trials, per port model (colour), against the thesis' γ + 2
// (dotted). Bottom: for the largest n, the sort's time over the thesis'
// bound, T / ((γ + 2)·n(n+1)/2), against q, one colour and marker per
// detour strategy and one line pattern per port model (solid single-port,
// dashed all-port), against 1 (dotted); the series are shifted apart along
// q by a few percent so that none hides another. Each legend sits in a
// corner free of data. Trials without a complete detour system, or
// without a failed edge, are left out and counted in a note.
func FaultyBitonic(dir, out string) (Output, error) {
	var o Output
	all, err := readSortTrials(dir, "faulty-bitonic")
	if err != nil {
		return o, err
	}
	rows := drawnSortTrials(all)
	if len(rows) == 0 {
		return o, fmt.Errorf("faulty-bitonic: no trials with a complete detour system")
	}
	if left := len(all) - len(rows); left > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d of %d trials: no complete detour system or no failed edge", left, len(all)))
	}
	ns := values(rows, func(r sortTrial) int { return r.N })
	if len(ns) > 1 {
		o.Notes = append(o.Notes, fmt.Sprintf("bottom panel: kept n=%d, left out n=%v", ns[len(ns)-1], ns[:len(ns)-1]))
	}
	step, total, err := faultyBitonicPanels(rows)
	if err != nil {
		return o, err
	}
	for _, p := range []*panel{step, total} {
		if !p.placeLegend(PanelHeight) {
			o.Notes = append(o.Notes, fmt.Sprintf("faulty-bitonic: the legend of panel %q covers data in every corner", p.Title.Text))
		}
	}
	o.Files, err = saveStack(out, "faulty-bitonic", step.Plot, total.Plot)
	return addNotes(o, err, dir, faultyBitonicNotes)
}

// thesisBound is the line pattern of the thesis' bound in faulty-bitonic:
// dotted, apart from the port models' solid and dashed.
const thesisBound = 2

// faultyBitonicPanels returns the panels of faulty-bitonic drawn from
// rows, the trials it keeps, with their legends still to place.
func faultyBitonicPanels(rows []sortTrial) (step, total *panel, err error) {
	ports := ordered(values(rows, func(r sortTrial) string { return r.Port }), "single", "all")

	step = &panel{Plot: newPlot("γ (most detours on one middle edge)", "slowest step (time units)")}
	gammas := values(rows, func(r sortTrial) float64 { return float64(r.Gamma) })
	lo, hi := gammas[0], gammas[len(gammas)-1]
	stepBound, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo + 2}, {X: hi, Y: hi + 2}})
	if err != nil {
		return nil, nil, err
	}
	stepBound.LineStyle = boundLine(thesisBound)
	step.data = append(step.data, stepBound.XYs)
	var top layers
	for pi, port := range ports {
		var xs, ys []float64
		for _, r := range rows {
			if r.Port == port {
				xs, ys = append(xs, float64(r.Gamma)), append(ys, float64(r.MaxStep))
			}
		}
		dx := 0.08 * (float64(pi) - float64(len(ports)-1)/2)
		line, marks, bars, err := meanSeries(summarizeBy(xs, ys), minOf, maxOf, dx, colour(pi), 0, pi)
		if err != nil {
			return nil, nil, err
		}
		top.add(step, line, marks, bars)
		step.lineEntry(port+"-port (range over trials)", dataLine(colour(pi), 0), colour(pi), pi)
	}
	top.drawOn(step.Plot, stepBound)
	step.lineEntry("thesis: γ + 2", boundLine(thesisBound), nil, -1)
	step.X.Tick.Marker = ticksAt(gammas)
	step.X.Min, step.X.Max = lo-0.5, hi+0.5
	step.Y.Min, step.Y.Max = 0, 1.1*step.Y.Max

	ns := values(rows, func(r sortTrial) int { return r.N })
	n := ns[len(ns)-1]
	total = &panel{Plot: newPlot("edge failure probability q", "T / ((γ+2)·n(n+1)/2)")}
	total.Title.Text = fmt.Sprintf("n = %d", n)
	strategies := ordered(values(rows, func(r sortTrial) string { return r.Detours }), "optimal", "heuristic", "random")
	qs := values(rows, func(r sortTrial) float64 { return r.Q })
	bound, err := plotter.NewLine(plotter.XYs{{X: qs[0] / 1.5, Y: 1}, {X: qs[len(qs)-1] * 1.5, Y: 1}})
	if err != nil {
		return nil, nil, err
	}
	bound.LineStyle = boundLine(thesisBound)
	total.data = append(total.data, bound.XYs)
	var bottom layers
	k, series := 0, len(strategies)*len(ports)
	for si, s := range strategies {
		for pi, port := range ports {
			var xs, ys []float64
			for _, r := range rows {
				if r.N == n && r.Detours == s && r.Port == port {
					xs = append(xs, r.Q)
					ys = append(ys, float64(r.T)/float64((r.Gamma+2)*int64(n*(n+1)/2)))
				}
			}
			k++
			if len(xs) == 0 {
				continue
			}
			ss := summarizeBy(xs, ys)
			shiftApart(ss, k-1, series)
			line, marks, bars, err := meanSeries(ss, ciLo, ciHi, 0, colour(si), pi, si)
			if err != nil {
				return nil, nil, err
			}
			bottom.add(total, line, marks, bars)
		}
		total.lineEntry(s, dataLine(colour(si), 0), colour(si), si)
	}
	bottom.drawOn(total.Plot, bound)
	if len(ports) > 1 {
		for pi, port := range ports {
			total.lineEntry(port+"-port", dataLine(boundColor, pi), nil, -1)
		}
	}
	total.lineEntry("thesis: (γ+2)·n(n+1)/2", boundLine(thesisBound), nil, -1)
	logX(total.Plot, qs[0]/1.5, qs[len(qs)-1]*1.5)
	total.Y.Min, total.Y.Max = 0, 1.1*total.Y.Max
	return step, total, nil
}

package plots

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// collRow is one row of a collectives table.
type collRow struct {
	op, algo, topology, port, model string
	p, m                            int
	rho                             int
	rhoM, eta, time, closed         float64
	boundSteps                      int
	boundRho, boundEta              float64
}

// readCollectives reads the collectives table of experiment.
func readCollectives(dir, experiment string) ([]collRow, error) {
	var rows []collRow
	err := scanTable(dir, experiment, "collectives", func(c *columns) error {
		ops, algos, topos := c.strings("op", false), c.strings("algo", false), c.strings("topology", false)
		ports, models := c.strings("port", false), c.strings("model", false)
		ps, ms, rhos, bsteps := c.ints("p", false), c.ints("m", false), c.ints("rho", false), c.ints("bound_steps", false)
		rhoM, eta, times, beta := c.floats("rho_m"), c.floats("eta"), c.floats("time"), c.floats("bound_eta")
		closed, brho := read(c, "closed", false, nullableNaNs), read(c, "bound_rho", false, nullableNaNs)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range ops {
			rows = append(rows, collRow{op: ops[i], algo: algos[i], topology: topos[i], port: ports[i], model: models[i],
				p: int(ps[i]), m: int(ms[i]), rho: int(rhos[i]), rhoM: rhoM[i], eta: eta[i], time: times[i],
				closed: closed[i], boundSteps: int(bsteps[i]), boundRho: brho[i], boundEta: beta[i]})
		}
		return nil
	})
	return rows, err
}

// CollectivesSize draws collectives-size: time against the block size m on
// 64 nodes, one figure per operation (collectives-size-<op>), one series
// per algorithm (colour) and network (marker), the measured times as
// markers and the closed form as a dashed line of the same colour.
func CollectivesSize(dir, out string) (Output, error) {
	return collectiveSweep(dir, out, "collectives-size", "m (words per block)", func(r collRow) float64 { return float64(r.m) })
}

// CollectivesScale draws collectives-scale: time against the number of
// nodes p, as CollectivesSize.
func CollectivesScale(dir, out string) (Output, error) {
	return collectiveSweep(dir, out, "collectives-scale", "p (nodes)", func(r collRow) float64 { return float64(r.p) })
}

// collectiveSweep draws one figure per operation of time against x. Of
// the port models and models an algorithm runs under, each figure shows
// one: one-port before all-port, store-and-forward before cut-through.
func collectiveSweep(dir, out, experiment, xLabel string, x func(collRow) float64) (Output, error) {
	var o Output
	rows, err := readCollectives(dir, experiment)
	if err != nil {
		return o, err
	}
	rows, left := preferredModels(rows)
	if left > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("%d rows of a second port model or model of the same algorithm left out", left))
	}
	for _, op := range values(rows, func(r collRow) string { return r.op }) {
		p := newPlot(xLabel, "time (cost-model time units)")
		p.Title.Text = op + " (" + experiment + ")"
		ofOp := slices.DeleteFunc(slices.Clone(rows), func(r collRow) bool { return r.op != op })
		algos := values(ofOp, func(r collRow) string { return r.algo })
		topos := ordered(values(rows, func(r collRow) string { return r.topology }), "ring", "mesh", "torus", "cube")
		for ai, algo := range algos {
			shown := false
			for ti, topo := range topos {
				var pts, form plotter.XYs
				for _, r := range rows {
					if r.op == op && r.algo == algo && r.topology == topo {
						pts = append(pts, plotter.XY{X: x(r), Y: r.time})
						if !math.IsNaN(r.closed) {
							form = append(form, plotter.XY{X: x(r), Y: r.closed})
						}
					}
				}
				if len(pts) == 0 {
					continue
				}
				slices.SortFunc(pts, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
				slices.SortFunc(form, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
				marks, err := plotter.NewScatter(pts)
				if err != nil {
					return o, err
				}
				marks.GlyphStyle = glyph(colour(ai), ti)
				p.Add(marks)
				if err := addLine(p, "", form, plotter.Line{LineStyle: dataLine(colour(ai), 1)}); err != nil {
					return o, err
				}
				if !shown {
					p.Legend.Add(algo, &plotter.Scatter{GlyphStyle: glyph(colour(ai), 0)})
					shown = true
				}
			}
		}
		for ti, topo := range topos {
			p.Legend.Add(topo, &plotter.Scatter{GlyphStyle: glyph(boundColor, ti)})
		}
		p.Legend.Top, p.Legend.Left = true, true
		logX(p, 0, 0)
		logY(p, 0, 0)
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = math.Inf(1), 0, math.Inf(1), 0
		for _, r := range rows {
			if r.op == op {
				p.X.Min, p.X.Max = math.Min(p.X.Min, x(r)), math.Max(p.X.Max, x(r))
				p.Y.Min, p.Y.Max = math.Min(p.Y.Min, r.time), math.Max(p.Y.Max, r.time)
			}
		}
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = p.X.Min/1.3, p.X.Max*1.3, p.Y.Min/1.5, p.Y.Max*1.5
		files, err := savePlot(out, experiment+"-"+op, p)
		if err != nil {
			return o, err
		}
		o.Files = append(o.Files, files...)
	}
	if len(o.Files) == 0 {
		return o, fmt.Errorf("%s: no rows", experiment)
	}
	return addNotes(o, nil, dir, closedFormNotes(experiment))
}

// preferredModels keeps, per operation, algorithm and network, the rows
// of one port model and model (single-port, store-and-forward first), and
// says how many it left out.
func preferredModels(rows []collRow) ([]collRow, int) {
	type series struct{ op, algo, topo string }
	rank := func(r collRow) int {
		return map[string]int{"single": 0, "all": 2}[r.port] + map[string]int{"sf": 0, "ct": 1}[r.model]
	}
	best := make(map[series]int)
	for _, r := range rows {
		k := series{r.op, r.algo, r.topology}
		if b, ok := best[k]; !ok || rank(r) < b {
			best[k] = rank(r)
		}
	}
	kept := slices.DeleteFunc(slices.Clone(rows), func(r collRow) bool { return rank(r) != best[series{r.op, r.algo, r.topology}] })
	return kept, len(rows) - len(kept)
}

// CollectivesBounds draws collectives-bounds: on the all-port
// store-and-forward Q_n, each algorithm's steps and work divided by the
// lower bounds of docs/model.md against n; 1 is optimal.
func CollectivesBounds(dir, out string) (Output, error) {
	var o Output
	rows, err := readCollectives(dir, "collectives-bounds")
	if err != nil {
		return o, err
	}
	steps := newPlot("cube dimension n", "ρ_m / bound (ρ / bound for oab)")
	work := newPlot("cube dimension n", "η / bound")
	type series struct{ op, algo string }
	var names []series
	for _, r := range rows {
		if !slices.Contains(names, series{r.op, r.algo}) {
			names = append(names, series{r.op, r.algo})
		}
	}
	top := map[*plot.Plot]float64{}
	for i, s := range names {
		var rho, eta plotter.XYs
		for _, r := range rows {
			if r.op != s.op || r.algo != s.algo {
				continue
			}
			n := math.Log2(float64(r.p))
			got, bound := r.rhoM, r.boundRho
			if r.op == "oab" {
				got, bound = float64(r.rho), float64(r.boundSteps)
			}
			rho = append(rho, plotter.XY{X: n, Y: got / bound})
			eta = append(eta, plotter.XY{X: n, Y: r.eta / r.boundEta})
		}
		for _, panel := range []struct {
			p   *plot.Plot
			xys plotter.XYs
		}{{steps, rho}, {work, eta}} {
			l, s2, err := plotter.NewLinePoints(panel.xys)
			if err != nil {
				return o, err
			}
			l.LineStyle, s2.GlyphStyle = dataLine(colour(i), i/len(palette)), glyph(colour(i), i)
			panel.p.Add(l, s2)
			for _, xy := range panel.xys {
				top[panel.p] = math.Max(top[panel.p], xy.Y)
			}
		}
		legendLine(steps, s.op+" "+s.algo, colour(i), i/len(palette), i)
	}
	for _, p := range []*plot.Plot{steps, work} {
		logY(p, 0.9, 1.3*top[p])
		p.Legend.Top, p.Legend.Left = true, true
	}
	o.Files, err = saveStack(out, "collectives-bounds", steps, work)
	return o, err
}

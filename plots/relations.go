package plots

import (
	"fmt"
)

// Relations draws the run time of Valiant's routing on μ-bounded requests
// (thesis remark Bem 2 after Theorem I.1 [Schömer 1988]: T = O(μ·n)) from
// relations/trials: mean T against μ·n with 95% Student t intervals, one
// series per μ (colour and marker) and port model (line pattern) joining its
// values of n, every marker over every line; the legend sits in a corner
// free of data. Rows of other routers, queue disciplines or patterns are left
// out.
func Relations(dir, out string) (Output, error) {
	var o Output
	rows, err := readTrials(dir, "relations")
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "router", "valiant", "queue", "priority", "pattern", "random")
	mus := values(rows, func(r trial) int { return r.Mu })
	if len(mus) == 0 {
		return o, fmt.Errorf("relations: no trials")
	}

	ports := ordered(values(rows, func(r trial) string { return r.Port }), "single", "all")
	p, err := relationsPanel(rows, mus, ports)
	if err != nil {
		return o, err
	}
	if !p.placeLegend(Height) {
		o.Notes = append(o.Notes, "relations: the legend covers data in every corner")
	}
	o.Files, err = savePlot(out, "relations", p.Plot)
	return o, err
}

// relationsPanel draws the mean T against μ·n per μ (colour) and port
// model (line pattern), its legend still to place.
func relationsPanel(rows []trial, mus []int, ports []string) (*panel, error) {
	p := &panel{Plot: newPlot("μ · n (packets per node × dimension)", "mean T (steps)")}
	var l layers
	for i, mu := range mus {
		for pi, port := range ports {
			var xs, ts []float64
			for _, r := range rows {
				if r.Mu == mu && r.Port == port {
					xs, ts = append(xs, float64(mu*r.N)), append(ts, float64(r.T))
				}
			}
			if len(xs) == 0 {
				continue
			}
			line, marks, bars, err := meanSeries(summarizeBy(xs, ts), ciLo, ciHi, 0, colour(i), pi, i)
			if err != nil {
				return nil, err
			}
			l.add(p, line, marks, bars)
		}
		p.lineEntry(fmt.Sprintf("μ = %d", mu), dataLine(colour(i), 0), colour(i), i)
	}
	l.drawOn(p.Plot)
	if len(ports) > 1 {
		for pi, port := range ports {
			p.lineEntry(port+"-port", dataLine(boundColor, pi), nil, -1)
		}
	}
	p.X.Min, p.Y.Min = 0, 0
	p.X.Max, p.Y.Max = 1.05*p.X.Max, 1.05*p.Y.Max
	return p, nil
}

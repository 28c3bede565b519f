package plots

import (
	"fmt"
)

// Relations draws the run time of Valiant's routing on μ-bounded requests
// (thesis remark Bem 2 after Theorem I.1 [Schömer 1988]: T = O(μ·n)) from
// relations/trials: mean T against μ·n with 95% Student t intervals, one
// series per μ (colour and marker) and port model (line pattern) joining its
// values of n. Rows of other routers, queue disciplines or patterns are left
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
	p := newPlot("μ · n (packets per node × dimension)", "mean T (steps)")
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
				return o, err
			}
			p.Add(line, marks, bars)
		}
		legendLine(p, fmt.Sprintf("μ = %d", mu), colour(i), 0, i)
	}
	if len(ports) > 1 {
		for pi, port := range ports {
			legendLine(p, port+"-port", boundColor, pi, -1)
		}
	}
	p.X.Min, p.Y.Min = 0, 0
	p.X.Max, p.Y.Max = 1.05*p.X.Max, 1.05*p.Y.Max
	o.Files, err = savePlot(out, "relations", p)
	return o, err
}

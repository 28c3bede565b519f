package plots

import (
	"fmt"
	"math"
)

// RoutingCompare draws the run time of the three Chapter I routers (thesis
// Ch. I.1 and I.3 [Schömer 1988]; greedy e-cube is the folklore baseline)
// from routing-compare/trials: mean T against n, with bars from the smallest
// to the largest T, on a log y axis, for e-cube, Valiant and bitonic (colour
// and marker) on the random, transpose and bit-reversal permutations (line
// pattern). Rows of other port models, queue disciplines or μ are left out,
// as are runs with T = 0 (no place on the log axis).
func RoutingCompare(dir, out string) (Output, error) {
	var o Output
	rows, err := readTrials(dir, "routing-compare")
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "port", "single", "queue", "priority", "mu", "1")
	routers := ordered(values(rows, func(r trial) string { return r.Router }), "ecube", "valiant", "bitonic")
	patterns := ordered(values(rows, func(r trial) string { return r.Pattern }), "random", "transpose", "bitrev")

	p := newPlot("cube dimension n", "T (steps)")
	ylo, yhi, zeros := math.Inf(1), 1.0, 0
	for ri, router := range routers {
		for pi, pattern := range patterns {
			var xs, ts []float64
			for _, r := range rows {
				switch {
				case r.Router != router || r.Pattern != pattern:
				case r.T <= 0:
					zeros++
				default:
					xs, ts = append(xs, float64(r.N)), append(ts, float64(r.T))
				}
			}
			if len(xs) == 0 {
				continue
			}
			ss := summarizeBy(xs, ts)
			for _, s := range ss {
				ylo, yhi = math.Min(ylo, s.Min), math.Max(yhi, s.Max)
			}
			dx := 0.12 * (float64(pi) - float64(len(patterns)-1)/2)
			line, marks, bars, err := meanSeries(ss, minOf, maxOf, dx, colour(ri), pi, ri)
			if err != nil {
				return o, err
			}
			p.Add(line, marks, bars)
		}
	}
	if math.IsInf(ylo, 1) {
		return o, fmt.Errorf("routing-compare: no trials with T > 0")
	}
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d trials with T = 0 from the log axis", zeros))
	}
	for ri, router := range routers {
		legendLine(p, router, colour(ri), 0, ri)
	}
	for pi, pattern := range patterns {
		legendLine(p, pattern, boundColor, pi, -1)
	}
	p.Legend.Left, p.Legend.Top = true, true
	ns := values(rows, func(r trial) float64 { return float64(r.N) })
	p.X.Tick.Marker = ticksAt(ns)
	p.X.Min, p.X.Max = ns[0]-0.5, ns[len(ns)-1]+0.5
	logY(p, decade(ylo), 10*decade(yhi))
	o.Files, err = savePlot(out, "routing-compare", p)
	return o, err
}

package plots

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// maxLegendN is the most values of n a legend lists; the colour ramp
// carries the others.
const maxLegendN = 7

// TTail draws the tail of Valiant's run time (thesis Theorem I.1
// [Schömer 1988]) from valiant-tail/trials: per n, the empirical
// Pr(T ≥ x·n) against x = T/n on log–log axes, with the Theorem I.1 bound
// Pr(T ≥ t) ≤ TheoremI1Tail(n, t) dashed in the colour of its n, for the
// smallest and the largest n (the others lie between); single-port above,
// all-port below. The bound is 1 (trivial) up to T/n = 24·ln 18 ≈ 69.4 and
// is drawn there along the top edge; below the lower end of the y axis it is
// left out. Rows of other routers, queue disciplines, patterns or μ are left
// out, as are runs with T = 0 (no place on a log axis).
func TTail(dir, out string) (Output, error) {
	var o Output
	rows, err := readTrials(dir, "valiant-tail")
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "router", "valiant", "queue", "priority", "pattern", "random", "mu", "1")
	type key struct {
		port string
		n    int
	}
	samples := map[key][]float64{}
	zeros := 0
	for _, r := range rows {
		if r.T <= 0 || r.N <= 0 {
			zeros++
			continue
		}
		k := key{r.Port, r.N}
		samples[k] = append(samples[k], float64(r.T)/float64(r.N))
	}
	if len(samples) == 0 {
		return o, fmt.Errorf("valiant-tail: no trials with T > 0")
	}
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d trials with T = 0 from the log axes", zeros))
	}
	// Common axes for all panels: x from the decade of the smallest T/n to
	// where every bound has left the plot, y from the decade below half
	// the smallest tail.
	xlo, ylo := 1.0, 1.0
	for _, s := range samples {
		for _, x := range s {
			xlo = math.Min(xlo, decade(x))
		}
		ylo = math.Min(ylo, decade(0.5/float64(len(s))))
	}
	ns := values(rows, func(r trial) int { return r.N })
	xhi := 2.0
	for _, n := range ns {
		for stats.TheoremI1Tail(n, xhi*float64(n)) >= ylo && xhi < 1e4 {
			xhi *= 1.05
		}
	}
	o.Notes = append(o.Notes, fmt.Sprintf("Theorem I.1 bound: 1 below T/n = %.1f (drawn along the top), left out below %g", 24*math.Log(18), ylo))

	ports := ordered(values(rows, func(r trial) string { return r.Port }), "single", "all")
	shown := legendNs(ns)
	var panels []*plot.Plot
	for pi, port := range ports {
		p := newPlot("x = T / n", "Pr(T ≥ x·n)")
		p.Title.Text = port + "-port"
		for i, n := range ns {
			c := ramp(i, len(ns))
			name := ""
			if shown[n] && pi == 0 {
				name = fmt.Sprintf("n = %d", n)
			}
			if err := addLine(p, name, ccdfSteps(samples[key{port, n}]), plotter.Line{LineStyle: dataLine(c, 0)}); err != nil {
				return o, err
			}
			if i != 0 && i != len(ns)-1 {
				continue // bounds for the smallest and the largest n only
			}
			bound := curve(func(x float64) float64 { return stats.TheoremI1Tail(n, x*float64(n)) }, xlo, xhi, 300, true, ylo)
			style := boundLine(1)
			style.Color = c
			if err := addLine(p, "", bound, plotter.Line{LineStyle: style}); err != nil {
				return o, err
			}
		}
		if pi == 0 {
			p.Legend.Add("Theorem I.1", &plotter.Line{LineStyle: boundLine(1)})
		}
		p.Legend.Left = true
		logX(p, xlo, xhi)
		logY(p, ylo, 1)
		panels = append(panels, p)
	}
	o.Files, err = saveStack(out, "t-tail", panels...)
	return o, err
}

// legendNs picks at most maxLegendN of the sorted ns, evenly spread and
// always the first and the last, for the legend.
func legendNs(ns []int) map[int]bool {
	shown := map[int]bool{}
	k := min(len(ns), maxLegendN)
	for i := range k {
		j := 0
		if k > 1 {
			j = i * (len(ns) - 1) / (k - 1)
		}
		shown[ns[j]] = true
	}
	return shown
}

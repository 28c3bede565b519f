package plots

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// maxLegendN is the most values of n a legend lists; the colour ramp
// carries the others, and the legend names those it leaves out.
const maxLegendN = 7

// TTail draws the tail of Valiant's run time (thesis Theorem I.1
// [Schömer 1988]) from valiant-tail/trials: per n, the empirical
// Pr(T ≥ x·n) against x = T/n on the range of the data, log y, single-port
// above, all-port below; and in a panel of its own, on the range where it
// falls from 1, the Theorem I.1 bound Pr(T ≥ t) ≤ TheoremI1Tail(n, t) for
// every n, dashed in the colour of its n. The bound is 1 (trivial) up to
// T/n = 24·ln 18 ≈ 69.4, far right of every measured T/n. Rows of other
// routers, queue disciplines, patterns or μ are left out, as are runs with
// T = 0 (no place on a log axis).
func TTail(dir, out string) (Output, error) {
	var o Output
	rows, err := readTrials(dir, "valiant-tail")
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "router", "valiant", "queue", "priority", "pattern", "random", "mu", "1")
	panels, err := tTailPanels(rows, &o)
	if err != nil {
		return o, err
	}
	o.Files, err = saveStack(out, "t-tail", panels...)
	return o, err
}

// tTailPanels returns the panels of t-tail drawn from rows, adding to o
// its series and notes.
func tTailPanels(rows []trial, o *Output) ([]*plot.Plot, error) {
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
		return nil, fmt.Errorf("valiant-tail: no trials with T > 0")
	}
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d trials with T = 0 from the log axes", zeros))
	}
	// The data panels span the measured T/n; y runs from the decade below
	// half the smallest tail to 1 in every panel.
	xmin, xmax, ylo := math.Inf(1), math.Inf(-1), 1.0
	for _, s := range samples {
		for _, x := range s {
			xmin, xmax = math.Min(xmin, x), math.Max(xmax, x)
		}
		ylo = math.Min(ylo, decade(0.5/float64(len(s))))
	}
	xlo, xhi := math.Floor(10*xmin)/10, math.Ceil(10*xmax)/10
	if xhi <= xlo {
		xlo, xhi = xlo-0.1, xhi+0.1
	}
	ns := values(rows, func(r trial) int { return r.N })
	ports := ordered(values(rows, func(r trial) string { return r.Port }), "single", "all")
	shown := legendNs(ns)
	var panels []*plot.Plot
	for pi, port := range ports {
		p := newPlot("x = T / n (steps per dimension)", "Pr(T ≥ x·n)")
		p.Title.Text = port + "-port, measured"
		var largest float64
		for i, n := range ns {
			s := samples[key{port, n}]
			xys := ccdfSteps(s)
			name := ""
			if shown[n] && pi == 0 {
				name = fmt.Sprintf("n = %d", n)
			}
			if err := addLine(p, name, xys, plotter.Line{LineStyle: dataLine(ramp(i, len(ns)), 0)}); err != nil {
				return nil, err
			}
			if len(xys) > 0 {
				o.Series = append(o.Series, Series{p.Title.Text, fmt.Sprintf("n = %d", n), xys})
				largest = math.Max(largest, xys[len(xys)-1].X)
			}
		}
		if left := unlisted(ns, shown); pi == 0 && left != "" {
			p.Legend.Add("(" + left + ": colour between)")
		}
		o.Notes = append(o.Notes, fmt.Sprintf("%s-port: largest measured T/n = %.2f", port, largest))
		p.Legend.Left = true
		p.X.Min, p.X.Max = xlo, xhi
		logY(p, ylo, 1)
		panels = append(panels, p)
	}
	bound, err := theoremI1Panel(ns, ylo, xmax)
	if err != nil {
		return nil, err
	}
	o.Notes = append(o.Notes, fmt.Sprintf("Theorem I.1 bound: 1 below T/n = %.1f, drawn in a panel of its own down to %g; the largest measured T/n is %.2f", 24*math.Log(18), ylo, xmax))
	if left := unlisted(ns, shown); left != "" {
		o.Notes = append(o.Notes, "the legend leaves out "+left+" (drawn, in the colour between their neighbours)")
	}
	return append(panels, bound), nil
}

// theoremI1Panel draws the Theorem I.1 bound for every n of ns, x = T/n
// from below where it leaves 1 to where every bound is below ylo; xmax,
// the largest measured T/n, is in the title.
func theoremI1Panel(ns []int, ylo, xmax float64) (*plot.Plot, error) {
	// The title says it is the bound: a longer y label would push the data
	// down (gonum reserves room for it around the arithmetic middle of
	// the range, near the top of a log axis).
	p := newPlot("x = T / n (steps per dimension)", "Pr(T ≥ x·n)")
	p.Title.Text = fmt.Sprintf("Theorem I.1 bound (every measured T/n ≤ %.1f)", xmax)
	x0 := math.Floor(0.8 * 24 * math.Log(18))
	x1 := x0
	for _, n := range ns {
		for stats.TheoremI1Tail(n, x1*float64(n)) >= ylo && x1 < 1e4 {
			x1 *= 1.02
		}
	}
	x1 = math.Ceil(x1/10) * 10
	for i, n := range ns {
		style := boundLine(1)
		style.Color = ramp(i, len(ns))
		xys := curve(func(x float64) float64 { return stats.TheoremI1Tail(n, x*float64(n)) }, x0, x1, 400, false, ylo)
		if err := addLine(p, "", xys, plotter.Line{LineStyle: style}); err != nil {
			return nil, err
		}
	}
	p.Legend.Add(fmt.Sprintf("n = %d … %d, colours as above", ns[0], ns[len(ns)-1]), &plotter.Line{LineStyle: boundLine(1)})
	p.Legend.Top = true
	p.X.Min, p.X.Max = x0, x1
	logY(p, ylo, 1)
	return p, nil
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

// unlisted names the ns not shown, "n = 7, 11", or "" if every n is.
func unlisted(ns []int, shown map[int]bool) string {
	var left []string
	for _, n := range ns {
		if !shown[n] {
			left = append(left, fmt.Sprint(n))
		}
	}
	if len(left) == 0 {
		return ""
	}
	return "n = " + strings.Join(left, ", ")
}

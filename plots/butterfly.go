package plots

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// copyVariant is a series of the run-time figures: one router and, for
// disjoint, one way of running its phases.
type copyVariant struct {
	name                 string
	router, port         string
	pipelined, trim      bool
	colour, dash, marker int
}

// timeVariants are the series of ButterflyTime, in legend order.
var timeVariants = []copyVariant{
	{"n copies, phases in turn", "disjoint", "single", false, false, 0, 0, 0},
	{"n copies, pipelined", "disjoint", "single", true, false, 0, 1, 1},
	{"n copies, trimmed", "disjoint", "single", false, true, 0, 2, 2},
	{"n copies, pipelined, trimmed", "disjoint", "single", true, true, 0, 3, 3},
	{"1 copy, Valiant all-port", "valiant", "all", false, false, 1, 0, 0},
	{"1 copy, Valiant single-port", "valiant", "single", false, false, 2, 0, 1},
}

func (v copyVariant) has(r copyTrial) bool {
	return r.Router == v.router && r.Port == v.port && r.Pipelined == v.pipelined && r.Trim == v.trim
}

// ButterflyTime draws the run time of routing every message as n copies on
// disjoint paths (thesis Ch. II, router disjoint) against single-copy
// Valiant routing on the same instances, from butterfly-tail/trials: mean
// T/n against n with 95% Student t intervals, for disjoint with its phases
// one after the other (T = T1 + T2, Theorem II.1's setting), pipelined,
// trimmed and both, and for Valiant all-port and single-port. Rows with
// faults, other queue disciplines, patterns, pieces or μ are left out.
func ButterflyTime(dir, out string) (Output, error) {
	var o Output
	rows, err := readCopyTrials(dir, "butterfly-tail")
	if err != nil {
		return o, err
	}
	rows = restrictCopies(rows, &o.Notes)
	p := newPlot("cube dimension n", "mean T / n (steps per dimension)")
	drawn := 0
	for vi, v := range timeVariants {
		var xs, ts []float64
		for _, r := range rows {
			if v.has(r) && r.N > 0 {
				xs, ts = append(xs, float64(r.N)), append(ts, float64(r.T)/float64(r.N))
			}
		}
		if len(xs) == 0 {
			continue
		}
		drawn++
		dx := 0.06 * (float64(vi) - float64(len(timeVariants)-1)/2)
		line, marks, bars, err := meanSeries(summarizeBy(xs, ts), ciLo, ciHi, dx, colour(v.colour), v.dash, v.marker)
		if err != nil {
			return o, err
		}
		p.Add(line, marks, bars)
		legendLine(p, v.name, colour(v.colour), v.dash, v.marker)
	}
	if drawn == 0 {
		return o, fmt.Errorf("butterfly-tail: no trials of disjoint or valiant")
	}
	ns := values(rows, func(r copyTrial) float64 { return float64(r.N) })
	p.X.Tick.Marker = ticksAt(ns)
	p.X.Min, p.X.Max = ns[0]-0.5, ns[len(ns)-1]+0.5
	p.Y.Min, p.Y.Max = 0, 1.35*p.Y.Max
	p.Legend.Top = true
	o.Files, err = savePlot(out, "butterfly-time", p)
	return addNotes(o, err, dir, butterflyTimeNotes)
}

// ButterflyTail draws the tail of disjoint's run time T = T1 + T2 (phases
// one after the other, full routes) against thesis Theorem II.1 from
// butterfly-tail/trials: per n the empirical Pr(T ≥ x·n) against x = T/n on
// log–log axes, with the bound Pr(T ≥ t) ≤ stats.TheoremII1Tail(n, t)
// dashed in the colour of its n for the smallest and the largest n. The
// bound is 1 (trivial) up to T = 24·ln 6·n + 2 ≈ 43n and is drawn there
// along the top edge; below the lower end of the y axis it is left out.
func ButterflyTail(dir, out string) (Output, error) {
	var o Output
	rows, err := readCopyTrials(dir, "butterfly-tail")
	if err != nil {
		return o, err
	}
	rows = restrictCopies(rows, &o.Notes)
	samples := map[int][]float64{}
	for _, r := range rows {
		if timeVariants[0].has(r) && r.T > 0 {
			samples[r.N] = append(samples[r.N], float64(r.T)/float64(r.N))
		}
	}
	if len(samples) == 0 {
		return o, fmt.Errorf("butterfly-tail: no trials of disjoint with its phases in turn")
	}
	var ns []int
	xlo, ylo := 1.0, 1.0
	for n, s := range samples {
		ns = append(ns, n)
		for _, x := range s {
			xlo = math.Min(xlo, decade(x))
		}
		ylo = math.Min(ylo, decade(0.5/float64(len(s))))
	}
	ns = values(ns, func(n int) int { return n })
	xhi := 2.0
	for _, n := range ns {
		for stats.TheoremII1Tail(n, xhi*float64(n)) >= ylo && xhi < 1e4 {
			xhi *= 1.05
		}
	}
	o.Notes = append(o.Notes, fmt.Sprintf("Theorem II.1 bound: 1 below T/n = 24·ln 6 + 2/n ≈ %.1f (drawn along the top), left out below %g", 24*math.Log(6), ylo))
	p := newPlot("x = T / n (steps per dimension)", "Pr(T ≥ x·n)")
	shown := legendNs(ns)
	for i, n := range ns {
		c := ramp(i, len(ns))
		name := ""
		if shown[n] {
			name = fmt.Sprintf("n = %d", n)
		}
		if err := addLine(p, name, ccdfSteps(samples[n]), plotter.Line{LineStyle: dataLine(c, 0)}); err != nil {
			return o, err
		}
		if i != 0 && i != len(ns)-1 {
			continue
		}
		style := boundLine(1)
		style.Color = c
		bound := curve(func(x float64) float64 { return stats.TheoremII1Tail(n, x*float64(n)) }, xlo, xhi, 300, true, ylo)
		if err := addLine(p, "", bound, plotter.Line{LineStyle: style}); err != nil {
			return o, err
		}
	}
	p.Legend.Add("Theorem II.1", &plotter.Line{LineStyle: boundLine(1)})
	p.Legend.Left = true
	logX(p, xlo, xhi)
	logY(p, ylo, 1)
	o.Files, err = savePlot(out, "butterfly-tail", p)
	return addNotes(o, err, dir, butterflyTailNotes)
}

// restrictCopies keeps the rows of the priority discipline, random
// permutations and μ = 1, noting what it leaves out.
func restrictCopies(rows []copyTrial, notes *[]string) []copyTrial {
	return restrictAll(rows, notes, "queue", "priority", "pattern", "random", "mu", "1")
}

// addCurve adds f over [x0, x1], geometric in x, as a line of style,
// without the points below lo.
func addCurve(p *plot.Plot, name string, f func(float64) float64, x0, x1, lo float64, style plotter.Line) error {
	return addLine(p, name, onLog(curve(f, x0, x1, 200, true, lo), true, true), style)
}

package plots

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// detourTrial is one trial over detours: its cube, strategy and what the
// strategy found.
type detourTrial struct {
	n        int
	q        float64
	strategy string
	ok       bool
	noDetour bool
	gamma    int // −1 when not ok
}

// readDetourTrials reads the trials over detours of DIR/experiment.
func readDetourTrials(dir, experiment string) ([]detourTrial, error) {
	var rows []detourTrial
	err := scanTable(dir, experiment, "trials", func(c *columns) error {
		ns, qs, strategies := c.ints("n", false), c.floats("q"), c.strings("detours", false)
		ok, stranded := read(c, "ok", false, nullableBools), read(c, "no_detour", false, nullableBools)
		gamma := read(c, "gamma", false, nullableInts)
		if c.err != nil {
			return c.err
		}
		for i := range ns {
			if ok[i] < 0 {
				continue // not over detours
			}
			rows = append(rows, detourTrial{int(ns[i]), qs[i], strategies[i], ok[i] == 1, stranded[i] == 1, int(gamma[i])})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no trials over detours", experiment)
	}
	return rows, nil
}

// rateByQ draws, for the trials of one series, the fraction with event
// against q with 95% Clopper–Pearson intervals, leaving out the q where
// none had it; it returns how many it left out.
func rateByQ(p *plot.Plot, rows []detourTrial, event func(detourTrial) bool, name string, si int, c color.Color) (int, error) {
	qs := values(rows, func(r detourTrial) float64 { return r.q })
	var bars errorBars
	zeros := 0
	for _, q := range qs {
		k, all := 0, 0
		for _, r := range rows {
			if r.q == q {
				all++
				if event(r) {
					k++
				}
			}
		}
		if k == 0 {
			zeros++
			continue
		}
		iv := stats.ClopperPearson(k, all, 0.95)
		y := float64(k) / float64(all)
		bars.XYs = append(bars.XYs, plotter.XY{X: q, Y: y})
		bars.YErrors = append(bars.YErrors, struct{ Low, High float64 }{y - iv.Lo, iv.Hi - y})
	}
	if len(bars.XYs) > 0 {
		marks, err := plotter.NewScatter(bars.XYs)
		if err != nil {
			return 0, err
		}
		marks.GlyphStyle = glyph(c, si)
		eb, err := plotter.NewYErrorBars(bars)
		if err != nil {
			return 0, err
		}
		eb.LineStyle = dataLine(c, 0)
		line, err := plotter.NewLine(bars.XYs)
		if err != nil {
			return 0, err
		}
		line.LineStyle = dataLine(c, 0)
		p.Add(line, marks, eb)
	}
	legendLine(p, name, c, 0, si)
	return zeros, nil
}

// DetourExistence draws, from detour-existence/trials, the fraction of
// trials in which some failed edge has no intact detour of length 3
// against the edge failure probability q, one series per n with 95%
// Clopper–Pearson intervals, and the thesis' bound n·2^n·q·(3q)^{n−1}
// (stats.DetourMissingBound) dashed in the series' colour (thesis
// Ch. III.1).
func DetourExistence(dir, out string) (Output, error) {
	var o Output
	rows, err := readDetourTrials(dir, "detour-existence")
	if err != nil {
		return o, err
	}
	p := newPlot("edge failure probability q", "Pr(some failed edge has no intact detour)")
	qs := values(rows, func(r detourTrial) float64 { return r.q })
	qlo, qhi := qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5)
	ylo := 1e-4
	ns := values(rows, func(r detourTrial) int { return r.n })
	// The long entry first, at the top, where the curves reach only at
	// large q.
	p.Legend.Add("thesis: n·2^n·q·(3q)^(n−1) (dashed)", &plotter.Line{LineStyle: boundLine(1)})
	zeros := 0
	for i, n := range ns {
		c := ramp(i, len(ns))
		of := slices.DeleteFunc(slices.Clone(rows), func(r detourTrial) bool { return r.n != n })
		k, err := rateByQ(p, of, func(r detourTrial) bool { return r.noDetour }, fmt.Sprintf("n = %d", n), i, c)
		if err != nil {
			return o, err
		}
		zeros += k
		bound := func(q float64) float64 { return stats.DetourMissingBound(n, q) }
		if err := addCurve(p, "", bound, qlo, qhi, ylo, plotter.Line{LineStyle: dataLine(c, 1)}); err != nil {
			return o, err
		}
	}
	p.Legend.Left, p.Legend.Top = true, true
	logX(p, qlo, qhi)
	logY(p, ylo, 1)
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d points without such a trial from the log axis", zeros))
	}
	o.Files, err = savePlot(out, "detour-existence", p)
	return addNotes(o, err, dir, detourExistenceNotes)
}

// Matching draws, from matching/trials, three panels (thesis Ch. III.1):
// above, the fraction of trials in which the heuristic parallel matching
// fails against q, per n, with its bound (n/5)(10q)^n dashed and (11q)^n
// dotted in the series' colour; in the middle, at the largest n, the mean
// γ of each strategy's complete systems against q with 95% intervals,
// the strategies shifted apart along q by a marker's width (shiftApart);
// below, at the largest n and q, the distribution of γ per strategy, the
// strategies 0.12 apart along γ; markers are drawn over every line.
func Matching(dir, out string) (Output, error) {
	var o Output
	rows, err := readDetourTrials(dir, "matching")
	if err != nil {
		return o, err
	}
	qs := values(rows, func(r detourTrial) float64 { return r.q })
	qlo, qhi := qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5)
	ylo := 1e-4
	fails := newPlot("edge failure probability q", "Pr(the heuristic matching fails)")
	ns := values(rows, func(r detourTrial) int { return r.n })
	zeros := 0
	for i, n := range ns {
		c := ramp(i, len(ns))
		of := slices.DeleteFunc(slices.Clone(rows), func(r detourTrial) bool { return r.n != n || r.strategy != "heuristic" })
		if len(of) == 0 {
			continue
		}
		k, err := rateByQ(fails, of, func(r detourTrial) bool { return !r.ok }, fmt.Sprintf("n = %d", n), i, c)
		if err != nil {
			return o, err
		}
		zeros += k
		sharp := func(q float64) float64 { return stats.MatchingFailureBound(n, q) }
		loose := func(q float64) float64 { return stats.MatchingFailureLooseBound(n, q) }
		if err := addCurve(fails, "", sharp, qlo, math.Min(qhi, 0.1), ylo, plotter.Line{LineStyle: dataLine(c, 1)}); err != nil {
			return o, err
		}
		if err := addCurve(fails, "", loose, qlo, qhi, ylo, plotter.Line{LineStyle: dataLine(c, 2)}); err != nil {
			return o, err
		}
	}
	// Two short entries, so that the legend ends left of the bounds.
	fails.Legend.Add("thesis: (n/5)(10q)^n", &plotter.Line{LineStyle: boundLine(1)})
	fails.Legend.Add("thesis: (11q)^n", &plotter.Line{LineStyle: boundLine(2)})
	fails.Legend.Left, fails.Legend.Top = true, true
	logX(fails, qlo, qhi)
	logY(fails, ylo, 1)

	top := ns[len(ns)-1]
	gammas := newPlot("edge failure probability q", fmt.Sprintf("mean γ of complete systems, n = %d", top))
	var layered layers
	strategies := []string{"optimal", "heuristic", "random"}
	for si, s := range strategies {
		var xs, vs []float64
		for _, r := range rows {
			if r.n == top && r.strategy == s && r.ok {
				xs, vs = append(xs, r.q), append(vs, float64(r.gamma))
			}
		}
		if len(xs) == 0 {
			continue
		}
		ss := summarizeBy(xs, vs)
		shiftApart(ss, si, len(strategies))
		line, marks, bars, err := meanSeries(ss, ciLo, ciHi, 0, colour(si), 0, si)
		if err != nil {
			return o, err
		}
		layered.add(nil, line, marks, bars)
		legendLine(gammas, s, colour(si), 0, si)
	}
	layered.drawOn(gammas)
	gammas.Legend.Left, gammas.Legend.Top = true, true
	logX(gammas, qlo, qhi)
	dist, err := gammaDistribution(rows, top, qs[len(qs)-1])
	if err != nil {
		return o, err
	}
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d points without a failed matching from the log axis", zeros))
	}
	o.Files, err = saveStack(out, "matching", fails, gammas, dist)
	return addNotes(o, err, dir, matchingNotes)
}

// gammaDistribution draws, for the trials at n and q, the share of each
// strategy's complete systems with γ = g against g.
func gammaDistribution(rows []detourTrial, n int, q float64) (*plot.Plot, error) {
	p := newPlot("γ (most detours on one middle edge)", fmt.Sprintf("share of complete systems, n = %d, q = %v", n, q))
	top := 0
	var lines, markers []plot.Plotter
	for si, s := range []string{"optimal", "heuristic", "random"} {
		counts := map[int]int{}
		all := 0
		for _, r := range rows {
			if r.n == n && r.q == q && r.strategy == s && r.ok {
				counts[r.gamma]++
				all++
			}
		}
		if all == 0 {
			continue
		}
		var xys plotter.XYs
		dx := 0.12 * float64(si-1) // keep equal shares of the strategies apart
		for _, g := range slices.Sorted(maps.Keys(counts)) {
			xys = append(xys, plotter.XY{X: float64(g) + dx, Y: float64(counts[g]) / float64(all)})
			top = max(top, g)
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		line.LineStyle = dataLine(colour(si), 0)
		marks, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, err
		}
		marks.GlyphStyle = glyph(colour(si), si)
		lines, markers = append(lines, line), append(markers, marks)
		legendLine(p, s, colour(si), 0, si)
	}
	p.Add(lines...)
	p.Add(markers...)
	p.X.Min, p.X.Max = 0, float64(top)+0.5
	p.Y.Min, p.Y.Max = 0, 1.05
	p.Legend.Left, p.Legend.Top = false, true
	return p, nil
}

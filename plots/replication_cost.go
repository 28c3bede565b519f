package plots

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// ReplicationBandwidth draws what dispersal buys (thesis Ch. II.5 and
// Rabin's information dispersal) from replication-loss/trials at the
// largest n: the fraction of messages lost against the data sent over cube
// links per message, in message lengths (moved/messages: n/m of a message
// per copy set, times the cross edges taken), one line per q through the
// pieces m = n, …, 1 of disjoint, and single-copy Valiant's point on the
// same faults. Points without a loss are left out.
func ReplicationBandwidth(dir, out string) (Output, error) {
	var o Output
	pts, err := readLosses(dir, &o.Notes)
	if err != nil {
		return o, err
	}
	ns := values(pts, func(l lossPoint) int { return l.n })
	n := ns[len(ns)-1]
	if len(ns) > 1 {
		o.Notes = append(o.Notes, fmt.Sprintf("kept n=%d, left out n=%v", n, ns[:len(ns)-1]))
	}
	qs := values(pts, func(l lossPoint) float64 { return l.q })
	p := newPlot("data sent over links per message (message lengths)", "fraction of messages lost")
	p.Title.Text = fmt.Sprintf("n = %d", n)
	ylo, xlo, xhi := 1.0, math.Inf(1), 0.0
	var entries []legendEntry
	for qi, q := range qs {
		var copies, single plotter.XYs
		for _, l := range pts {
			if l.n != n || l.q != q || l.lost == 0 {
				continue
			}
			xy := plotter.XY{X: l.moved / float64(l.messages), Y: l.rate()}
			if l.router == "valiant" {
				single = append(single, xy)
			} else {
				copies = append(copies, xy)
			}
			ylo, xlo, xhi = math.Min(ylo, xy.Y), math.Min(xlo, xy.X), math.Max(xhi, xy.X)
		}
		if len(copies) == 0 {
			continue
		}
		c := ramp(qi, len(qs))
		if err := addLine(p, "", sortByX(copies), plotter.Line{LineStyle: dataLine(c, 0)}); err != nil {
			return o, err
		}
		entries = append(entries, legendEntry{fmt.Sprintf("q = %g", q), []plot.Thumbnailer{&plotter.Line{LineStyle: dataLine(c, 0)}}})
		for _, set := range []struct {
			xys   plotter.XYs
			shape int
		}{{copies, 0}, {single, 1}} {
			if len(set.xys) == 0 {
				continue
			}
			marks, err := plotter.NewScatter(set.xys)
			if err != nil {
				return o, err
			}
			marks.GlyphStyle = glyph(c, set.shape)
			p.Add(marks)
		}
	}
	if len(entries) == 0 {
		return o, fmt.Errorf("replication-loss: no losses of disjoint at n=%d", n)
	}
	entries = append(entries,
		legendEntry{"m of n pieces, m = n … 1", []plot.Thumbnailer{&plotter.Scatter{GlyphStyle: glyph(boundColor, 0)}}},
		legendEntry{"1 copy (Valiant)", []plot.Thumbnailer{&plotter.Scatter{GlyphStyle: glyph(boundColor, 1)}}})
	logX(p, decade(xlo), 10*decade(xhi))
	logY(p, decade(ylo), 1)
	// The legend below the panel: beside the curves it covered q = 0.1's.
	o.Files, err = saveStackLegend(out, "replication-bandwidth", Height, entries, 2, p)
	return o, err
}

// sortByX returns xys in increasing x.
func sortByX(xys plotter.XYs) plotter.XYs {
	out := slices.Clone(xys)
	slices.SortFunc(out, func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
	return out
}

// ReplicationThreshold draws, against n, the edge failure probability q
// at which 1% of the messages are lost, from replication-loss/trials:
// measured for n copies (interpolated log–log between the grid's q, the
// fraction lost against q), the exact bracket of stats.MeanMessageLoss
// solved for 1% (stats.InvertQ), the thesis' bound 2(nq)^n = 1%, Theorem
// II.2's q below which all messages of a permutation arrive with
// probability at least 99% (2e^{−Sn} = 1%, q = 1/(2n·e^S)), and a single
// copy's 1% (stats.ValiantLoss).
func ReplicationThreshold(dir, out string) (Output, error) {
	var o Output
	pts, err := readLosses(dir, &o.Notes)
	if err != nil {
		return o, err
	}
	ns := values(pts, func(l lossPoint) int { return l.n })
	p := newPlot("cube dimension n", "q at which 1% of messages are lost")
	var measured plotter.XYs
	for _, n := range ns {
		var qs, rates []float64
		for _, l := range pts {
			if l.n == n && l.router == "disjoint" && l.pieces == 1 {
				qs, rates = append(qs, l.q), append(rates, l.rate())
			}
		}
		if q, ok := crossing(qs, rates, lossLevel); ok {
			measured = append(measured, plotter.XY{X: float64(n), Y: q})
		} else {
			o.Notes = append(o.Notes, fmt.Sprintf("n=%d: the measured loss does not cross %g between q=%v and %v", n, lossLevel, qs[0], qs[len(qs)-1]))
		}
	}
	lo, hi := float64(ns[0]), float64(ns[len(ns)-1])
	curves := []struct {
		name  string
		f     func(n int) float64
		style plotter.Line
	}{
		{"exact, upper end", func(n int) float64 {
			return stats.InvertQ(func(q float64) float64 { _, h := stats.MeanMessageLoss(n, 1, q); return h }, lossLevel)
		}, plotter.Line{LineStyle: dataLine(colour(1), 0)}},
		{"exact, lower end", func(n int) float64 {
			return stats.InvertQ(func(q float64) float64 { l, _ := stats.MeanMessageLoss(n, 1, q); return l }, lossLevel)
		}, plotter.Line{LineStyle: dataLine(colour(1), 2)}},
		{"thesis: 2(nq)^n = 1%", func(n int) float64 {
			return math.Pow(lossLevel/2, 1/float64(n)) / float64(n)
		}, plotter.Line{LineStyle: boundLine(1)}},
		{"Theorem II.2: all arrive w.p. 99%", func(n int) float64 {
			return stats.TheoremII2MaxQ(n, -math.Log(lossLevel/2)/float64(n))
		}, plotter.Line{LineStyle: boundLine(3)}},
		{"1 copy (Valiant), exact", func(n int) float64 {
			return stats.InvertQ(func(q float64) float64 { return stats.ValiantLoss(n, q) }, lossLevel)
		}, plotter.Line{LineStyle: dataLine(colour(0), 0)}},
	}
	ylo, yhi := 1.0, 0.0
	for _, c := range curves {
		var xys plotter.XYs
		for n := int(lo); n <= int(hi); n++ {
			q := c.f(n)
			xys = append(xys, plotter.XY{X: float64(n), Y: q})
			ylo, yhi = math.Min(ylo, q), math.Max(yhi, q)
		}
		if err := addLine(p, c.name, xys, c.style); err != nil {
			return o, err
		}
	}
	if len(measured) > 0 {
		marks, err := plotter.NewScatter(measured)
		if err != nil {
			return o, err
		}
		marks.GlyphStyle = glyph(colour(1), 0)
		p.Add(marks)
		p.Legend.Add("n copies, measured", marks)
		for _, m := range measured {
			ylo, yhi = math.Min(ylo, m.Y), math.Max(yhi, m.Y)
		}
	}
	p.X.Tick.Marker = ticksAt(values(ns, func(n int) float64 { return float64(n) }))
	p.X.Min, p.X.Max = lo-0.5, hi+0.5
	p.Legend.Top = true
	logY(p, decade(ylo), 10*decade(yhi))
	o.Files, err = savePlot(out, "replication-threshold", p)
	return o, err
}

// crossing returns the x at which the increasing measurements ys over the
// increasing xs first reach level, interpolated linearly in log x and log
// y (in y where a measurement is 0), and whether they do.
func crossing(xs, ys []float64, level float64) (float64, bool) {
	for i := 1; i < len(xs); i++ {
		if ys[i-1] >= level || ys[i] < level {
			continue
		}
		a, b := ys[i-1], ys[i]
		u := (level - a) / (b - a)
		if a > 0 {
			u = math.Log(level/a) / math.Log(b/a)
		}
		return xs[i-1] * math.Pow(xs[i]/xs[i-1], u), true
	}
	return 0, false
}

package plots

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// rareLoss is one estimate of replication-rare/estimates.
type rareLoss struct {
	router           string
	n, pieces        int
	q, loss, se      float64
	converged        bool
	exactLo, exactHi float64
}

// readRare reads replication-rare/estimates, sorted by router, n, pieces
// and q.
func readRare(dir string) ([]rareLoss, error) {
	var rows []rareLoss
	err := scanTable(dir, "replication-rare", "estimates", func(c *columns) error {
		router, n, pieces := c.strings("router", false), c.ints("n", false), c.ints("pieces", false)
		q, loss, se := c.floats("q"), c.floats("loss"), c.floats("se")
		lo, hi := c.floats("exact_lo"), c.floats("exact_hi")
		conv := read(c, "converged", false, nullableBools)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range router {
			rows = append(rows, rareLoss{router[i], int(n[i]), int(pieces[i]), q[i], loss[i], se[i], conv[i] == 1, lo[i], hi[i]})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("replication-rare: no estimates")
	}
	slices.SortFunc(rows, func(a, b rareLoss) int {
		return cmp.Or(compareValues(a.router, b.router), a.n-b.n, a.pieces-b.pieces, cmp.Compare(a.q, b.q))
	})
	return rows, nil
}

// rareBars returns the estimates of one series at n as points with
// intervals of ±2 standard errors, the lower end cut at lo (a log axis has
// no place for 0), and how many estimates of zero it left out.
func rareBars(rows []rareLoss, router string, n, pieces int, lo float64) (errorBars, int) {
	var bars errorBars
	zeros := 0
	for _, r := range rows {
		if r.router != router || r.n != n || r.pieces != pieces {
			continue
		}
		if r.loss <= 0 {
			zeros++
			continue
		}
		bars.XYs = append(bars.XYs, plotter.XY{X: r.q, Y: r.loss})
		bars.YErrors = append(bars.YErrors, struct{ Low, High float64 }{r.loss - math.Max(r.loss-2*r.se, lo), 2 * r.se})
	}
	return bars, zeros
}

// ReplicationRare draws the estimated probability that a message is lost
// against the edge failure probability q on log–log axes (thesis Ch. II.5),
// one panel per n, from replication-rare/estimates (package lossest, far
// below any loss a simulated trial sees): for n copies (m = 1), dispersal
// into n pieces of which m = 2 and m = n/2 rebuild a message, and a single
// Valiant copy, each estimate with ±2 standard errors, on the exact bracket
// of stats.MeanMessageLoss (upper end solid, lower end dotted) or the exact
// stats.ValiantLoss in the same colour, and the thesis' bound 2(nq)^n
// (stats.MessageLossBound, dashed grey).
func ReplicationRare(dir, out string) (Output, error) {
	var o Output
	rows, err := readRare(dir)
	if err != nil {
		return o, err
	}
	qs := values(rows, func(r rareLoss) float64 { return r.q })
	if qs[0] <= 0 {
		return o, fmt.Errorf("replication-rare: q = %v has no place on a log axis", qs[0])
	}
	qlo, qhi := qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5)
	zeros, open := 0, 0
	var panels []*plot.Plot
	for _, n := range values(rows, func(r rareLoss) int { return r.n }) {
		p, z, err := rarePanel(rows, n, qlo, qhi)
		if err != nil {
			return o, err
		}
		zeros += z
		panels = append(panels, p)
	}
	for _, r := range rows {
		if !r.converged {
			open++
		}
	}
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d estimates of 0 from the log axis", zeros))
	}
	if open > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("%d estimates stopped at their trial limit before their rse", open))
	}
	o.Files, err = saveStack(out, "replication-rare", panels...)
	return addNotes(o, err, dir, replicationRareNotes)
}

// rareSeries is one series of a panel of ReplicationRare: its estimates
// and the exact curves they lie on (exactLo nil for one Valiant copy).
type rareSeries struct {
	name, router     string
	pieces           int
	bars             errorBars
	exactLo, exactHi func(q float64) float64
}

// rareSet returns the series drawn at n, the intervals cut at lo, and how
// many estimates of zero it left out: one Valiant copy, n copies and m = 2
// and n/2 of n pieces.
func rareSet(rows []rareLoss, n int, lo float64) ([]rareSeries, int) {
	all := []rareSeries{{name: "1 copy (Valiant)", router: "valiant", pieces: 1,
		exactHi: func(q float64) float64 { return stats.ValiantLoss(n, q) }}}
	for _, m := range shownPieces(n) {
		name := "n copies"
		if m > 1 {
			name = fmt.Sprintf("m = %d of n pieces", m)
		}
		all = append(all, rareSeries{name: name, router: "disjoint", pieces: m,
			exactLo: func(q float64) float64 { lo, _ := stats.MeanMessageLoss(n, m, q); return lo },
			exactHi: func(q float64) float64 { _, hi := stats.MeanMessageLoss(n, m, q); return hi }})
	}
	zeros := 0
	for i := range all {
		var z int
		all[i].bars, z = rareBars(rows, all[i].router, n, all[i].pieces, lo)
		zeros += z
	}
	return all, zeros
}

// rarePanel is the panel of n: its series, exact curves and bound; it
// returns how many estimates of zero it left out.
func rarePanel(rows []rareLoss, n int, qlo, qhi float64) (*plot.Plot, int, error) {
	p := newPlot("edge failure probability q", "Pr(message lost)")
	p.Title.Text = fmt.Sprintf("n = %d", n)
	ylo := 1.0
	for _, r := range rows {
		if r.n == n && r.loss > 0 {
			ylo = math.Min(ylo, r.loss)
		}
	}
	ylo = decade(ylo) / 100
	all, zeros := rareSet(rows, n, ylo)
	for si, s := range all {
		c := colour(si)
		if err := addCurve(p, "", s.exactHi, qlo, qhi, ylo, plotter.Line{LineStyle: dataLine(c, 0)}); err != nil {
			return nil, 0, err
		}
		if s.exactLo != nil {
			if err := addCurve(p, "", s.exactLo, qlo, qhi, ylo, plotter.Line{LineStyle: dataLine(c, 2)}); err != nil {
				return nil, 0, err
			}
		}
		if len(s.bars.XYs) > 0 {
			marks, err := plotter.NewScatter(s.bars.XYs)
			if err != nil {
				return nil, 0, err
			}
			marks.GlyphStyle = glyph(c, si)
			eb, err := plotter.NewYErrorBars(s.bars)
			if err != nil {
				return nil, 0, err
			}
			eb.LineStyle = dataLine(c, 0)
			p.Add(marks, eb)
		}
		legendLine(p, s.name, c, 0, si)
	}
	bound := func(q float64) float64 { return stats.MessageLossBound(n, q) }
	if err := addCurve(p, "thesis: 2(nq)^n", bound, qlo, qhi, ylo, plotter.Line{LineStyle: boundLine(1)}); err != nil {
		return nil, 0, err
	}
	p.Legend.Add("exact (lower end dotted)", &plotter.Line{LineStyle: dataLine(boundColor, 0)})
	p.Legend.Left, p.Legend.Top = false, false
	logX(p, qlo, qhi)
	logY(p, ylo, 1)
	p.Y.Tick.Marker = sparseDecades
	return p, zeros, nil
}

// sparseDecades is logTicks with at most about six labels: over many
// decades only every k-th power of ten is labelled, to three digits
// (math.Pow10 is not exact below 1e-22).
var sparseDecades = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
	ticks := logTicks(lo, hi)
	k := max(int(math.Ceil(math.Log10(hi/lo)/6)), 1)
	for i := range ticks {
		if ticks[i].Label == "" {
			continue
		}
		ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'g', 3, 64)
		if e := int(math.Round(math.Log10(ticks[i].Value))); e%k != 0 {
			ticks[i].Label = ""
		}
	}
	return ticks
})

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

// lossLevel is the loss per message at which ReplicationThreshold reads
// off the failure probability q.
const lossLevel = 0.01

// lossPoint is the messages lost at one grid point of replication-loss.
type lossPoint struct {
	router      string
	n, pieces   int
	q           float64
	lost, lost1 int64
	messages    int64
	moved       float64 // message lengths sent over links, all trials
}

// rate is the fraction of messages lost.
func (l lossPoint) rate() float64 { return float64(l.lost) / float64(l.messages) }

// readLosses reads replication-loss/trials and sums the messages lost per
// router, n, pieces and q: disjoint, and Valiant all-port (a single copy
// loses the same messages on either port model).
func readLosses(dir string, notes *[]string) ([]lossPoint, error) {
	rows, err := readCopyTrials(dir, "replication-loss")
	if err != nil {
		return nil, err
	}
	rows = restrictCopies(rows, notes)
	type key struct {
		router    string
		n, pieces int
		q         float64
	}
	sums := map[key]*lossPoint{}
	var keys []key
	for _, r := range rows {
		if r.Messages < 0 || r.Router == "valiant" && r.Port != "all" || r.Pipelined || r.Trim {
			continue
		}
		k := key{r.Router, r.N, r.Pieces, r.Q}
		l := sums[k]
		if l == nil {
			l = &lossPoint{router: k.router, n: k.n, pieces: k.pieces, q: k.q}
			sums[k] = l
			keys = append(keys, k)
		}
		l.lost, l.messages, l.moved = l.lost+r.Lost, l.messages+r.Messages, l.moved+r.Moved
		if r.Lost1 > 0 {
			l.lost1 += r.Lost1
		}
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("replication-loss: no trials reporting lost messages")
	}
	out := make([]lossPoint, len(keys))
	for i, k := range keys {
		out[i] = *sums[k]
	}
	slices.SortFunc(out, func(a, b lossPoint) int {
		switch {
		case a.router != b.router:
			return compareValues(a.router, b.router)
		case a.n != b.n:
			return a.n - b.n
		case a.pieces != b.pieces:
			return a.pieces - b.pieces
		}
		return cmp.Compare(a.q, b.q)
	})
	return out, nil
}

// shownPieces are the m drawn for n: 1 (replication), 2 and n/2.
func shownPieces(n int) []int {
	ms := []int{1}
	for _, m := range []int{2, n / 2} {
		if m > 1 && m <= n && !slices.Contains(ms, m) {
			ms = append(ms, m)
		}
	}
	return ms
}

// ReplicationLoss draws the messages lost against the edge failure
// probability q on log–log axes (thesis Ch. II.5), one panel per n, from
// replication-loss/trials: for n copies (m = 1) and dispersal into n pieces
// of which m = 2 and m = n/2 rebuild a message, the fraction of messages
// lost with its 95% Clopper–Pearson interval (points without a loss are
// left out) and the exact bracket of stats.MeanMessageLoss (upper end
// solid, lower end dotted) in the same colour; for a single copy (Valiant
// on the same faults) the fraction lost and the exact
// stats.ValiantLoss; and the thesis' bound 2(nq)^n on a message's loss
// (stats.MessageLossBound, dashed grey).
func ReplicationLoss(dir, out string) (Output, error) {
	var o Output
	pts, err := readLosses(dir, &o.Notes)
	if err != nil {
		return o, err
	}
	ns := values(pts, func(l lossPoint) int { return l.n })
	qs := values(pts, func(l lossPoint) float64 { return l.q })
	if qs[0] <= 0 {
		return o, fmt.Errorf("replication-loss: q = %v has no place on a log axis", qs[0])
	}
	qlo, qhi := qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5)
	zeros := 0
	var panels []*plot.Plot
	for _, n := range ns {
		p := newPlot("edge failure probability q", "fraction of messages lost")
		p.Title.Text = fmt.Sprintf("n = %d", n)
		ylo := 1.0
		for _, l := range pts {
			if l.n == n && l.lost > 0 {
				ylo = math.Min(ylo, stats.ClopperPearson(int(l.lost), int(l.messages), 0.95).Lo)
			}
		}
		ylo = math.Max(decade(ylo)/100, 1e-12)
		series := seriesOfLoss(n)
		for si, s := range series {
			c := colour(si)
			var exactHi, exactLo func(float64) float64
			if s.router == "valiant" {
				exactHi = func(q float64) float64 { return stats.ValiantLoss(n, q) }
			} else {
				m := s.pieces
				exactHi = func(q float64) float64 { _, hi := stats.MeanMessageLoss(n, m, q); return hi }
				exactLo = func(q float64) float64 { lo, _ := stats.MeanMessageLoss(n, m, q); return lo }
			}
			if err := addCurve(p, "", exactHi, qlo, qhi, ylo, plotter.Line{LineStyle: dataLine(c, 0)}); err != nil {
				return o, err
			}
			if exactLo != nil {
				if err := addCurve(p, "", exactLo, qlo, qhi, ylo, plotter.Line{LineStyle: dataLine(c, 2)}); err != nil {
					return o, err
				}
			}
			var bars errorBars
			for _, l := range pts {
				if l.n != n || l.router != s.router || l.pieces != s.pieces {
					continue
				}
				if l.lost == 0 {
					zeros++
					continue
				}
				iv := stats.ClopperPearson(int(l.lost), int(l.messages), 0.95)
				bars.XYs = append(bars.XYs, plotter.XY{X: l.q, Y: l.rate()})
				bars.YErrors = append(bars.YErrors, struct{ Low, High float64 }{l.rate() - iv.Lo, iv.Hi - l.rate()})
			}
			if len(bars.XYs) > 0 {
				marks, err := plotter.NewScatter(bars.XYs)
				if err != nil {
					return o, err
				}
				marks.GlyphStyle = glyph(c, si)
				eb, err := plotter.NewYErrorBars(bars)
				if err != nil {
					return o, err
				}
				eb.LineStyle = dataLine(c, 0)
				p.Add(marks, eb)
			}
			legendLine(p, s.name, c, 0, si)
		}
		bound := func(q float64) float64 { return stats.MessageLossBound(n, q) }
		if err := addCurve(p, "thesis: 2(nq)^n", bound, qlo, qhi, ylo, plotter.Line{LineStyle: boundLine(1)}); err != nil {
			return o, err
		}
		p.Legend.Add("exact (lower end dotted)", &plotter.Line{LineStyle: dataLine(boundColor, 0)})
		p.Legend.Left, p.Legend.Top = false, false
		logX(p, qlo, qhi)
		logY(p, ylo, 1)
		panels = append(panels, p)
	}
	if zeros > 0 {
		o.Notes = append(o.Notes, fmt.Sprintf("left out %d points without a lost message from the log axis", zeros))
	}
	o.Files, err = saveStack(out, "replication-loss", panels...)
	return addNotes(o, err, dir, replicationLossNotes)
}

// lossSeries is one series of replication-loss: a router and the pieces
// that rebuild a message.
type lossSeries struct {
	name, router string
	pieces       int
}

// seriesOfLoss returns the series replication-loss draws at n: one Valiant
// copy, n copies and the m-of-n pieces shown.
func seriesOfLoss(n int) []lossSeries {
	series := []lossSeries{{"1 copy (Valiant)", "valiant", 1}}
	for _, m := range shownPieces(n) {
		name := "n copies"
		if m > 1 {
			name = fmt.Sprintf("m = %d of n pieces", m)
		}
		series = append(series, lossSeries{name, "disjoint", m})
	}
	return series
}

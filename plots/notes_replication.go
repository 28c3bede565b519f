package plots

import (
	"fmt"
	"math"
	"strings"

	"github.com/hyperroute/hyperroute/stats"
)

// replicationLossNotes gives the numbers the caption of replication-loss
// quotes: per n, how many orders of magnitude the thesis' bound 2(nq)^n
// lies above the exact loss of n copies (the bracket's upper end) at each
// q of the grid where the bound is below 1; and per series drawn, in how many of the 95%
// Clopper–Pearson intervals of its points with a loss the exact curves
// lie (the upper end, and for disjoint the lower end).
func replicationLossNotes(dir string) ([]string, error) {
	var ignored []string
	pts, err := readLosses(dir, &ignored)
	if err != nil {
		return nil, err
	}
	var notes []string
	for _, n := range values(pts, func(l lossPoint) int { return l.n }) {
		var gaps []string
		for _, l := range pts {
			bound := stats.MessageLossBound(n, l.q)
			if l.n == n && l.router == "disjoint" && l.pieces == 1 && l.q > 0 && bound < 1 {
				_, hi := stats.MeanMessageLoss(n, 1, l.q)
				gaps = append(gaps, fmt.Sprintf("%.1f at q=%v", math.Log10(bound/hi), l.q))
			}
		}
		if len(gaps) > 0 {
			notes = append(notes, fmt.Sprintf("n=%d: 2(nq)^n over the exact loss of n copies, orders of magnitude: %s", n, strings.Join(gaps, ", ")))
		}
		series := seriesOfLoss(n)
		for _, s := range series {
			drawn, inHi, inLo := 0, 0, 0
			for _, l := range pts {
				if l.n != n || l.router != s.router || l.pieces != s.pieces || l.lost == 0 {
					continue
				}
				lo, hi := stats.ValiantLoss(n, l.q), stats.ValiantLoss(n, l.q)
				if s.router == "disjoint" {
					lo, hi = stats.MeanMessageLoss(n, s.pieces, l.q)
				}
				iv := stats.ClopperPearson(int(l.lost), int(l.messages), 0.95)
				drawn++
				if iv.Lo <= hi && hi <= iv.Hi {
					inHi++
				}
				if iv.Lo <= lo && lo <= iv.Hi {
					inLo++
				}
			}
			if drawn == 0 {
				continue
			}
			what := fmt.Sprintf("the exact loss in %d", inHi)
			if s.router == "disjoint" {
				what = fmt.Sprintf("the exact upper end in %d, the lower end in %d", inHi, inLo)
			}
			notes = append(notes, fmt.Sprintf("n=%d, %s: the 95%% intervals of the %d points with a loss hold %s", n, s.name, drawn, what))
		}
	}
	return notes, nil
}

// replicationRareNotes gives the numbers the caption of replication-rare
// quotes: per n, how many estimates there are and how far, in standard
// errors, the farthest lies outside its exact bracket; the factor by which
// the thesis' bound 2(nq)^n lies above the exact loss of n copies (upper
// end) at the smallest and the largest q where the bound is below 1; and
// the q at which the estimate of m = 2 of n pieces lies above that bound
// on n copies.
func replicationRareNotes(dir string) ([]string, error) {
	rows, err := readRare(dir)
	if err != nil {
		return nil, err
	}
	var notes []string
	for _, n := range values(rows, func(r rareLoss) int { return r.n }) {
		count, far := 0, 0.0
		var ratios []string
		var above []float64
		for _, r := range rows {
			if r.n != n {
				continue
			}
			count++
			if r.se > 0 {
				far = math.Max(far, math.Max(r.exactLo-r.loss, r.loss-r.exactHi)/r.se)
			}
			if r.router != "disjoint" {
				continue
			}
			bound := stats.MessageLossBound(n, r.q)
			if r.pieces == 1 && bound < 1 && r.exactHi > 0 {
				ratios = append(ratios, fmt.Sprintf("%.3g at q=%v", bound/r.exactHi, r.q))
			}
			if r.pieces == 2 && r.loss > bound {
				above = append(above, r.q)
			}
		}
		notes = append(notes, fmt.Sprintf("n=%d: %d estimates, the farthest %.2f standard errors outside its exact bracket (0: all inside)", n, count, math.Max(far, 0)))
		if len(ratios) > 0 {
			notes = append(notes, fmt.Sprintf("n=%d: 2(nq)^n over the exact loss of n copies: %s", n, strings.Join(ratios, ", ")))
		}
		if len(above) > 0 {
			notes = append(notes, fmt.Sprintf("n=%d: m = 2 of n pieces is lost more often than 2(nq)^n at q = %v", n, above))
		}
	}
	return notes, nil
}

package plots

import (
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/stats"
)

// addNotes returns o with the notes of notes(dir) added, the numbers
// the figure's caption in figures/README.md would quote, computed from the
// rows the figure plots; or o and err if drawing failed.
func addNotes(o Output, err error, dir string, notes func(dir string) ([]string, error)) (Output, error) {
	if err != nil {
		return o, err
	}
	more, err := notes(dir)
	o.Notes = append(o.Notes, more...)
	return o, err
}

// replicationThresholdNumbers draws ReplicationThreshold and adds to its
// notes the numbers its caption would quote (thresholdNotes).
func replicationThresholdNumbers(dir, out string) (Output, error) {
	o, err := ReplicationThreshold(dir, out)
	return addNotes(o, err, dir, thresholdNotes)
}

// thresholdNotes gives, per n of replication-loss, the numbers the caption
// of replication-threshold quotes: the q at which 1% of the messages are
// lost, measured for n copies (as ReplicationThreshold interpolates it)
// and exact (the bracket's upper end), the thesis' bound 2(nq)^n = 1%,
// Theorem II.2's q, and one copy's exact q.
func thresholdNotes(dir string) ([]string, error) {
	var ignored []string
	pts, err := readLosses(dir, &ignored)
	if err != nil {
		return nil, err
	}
	var notes []string
	for _, n := range values(pts, func(l lossPoint) int { return l.n }) {
		var qs, rates []float64
		for _, l := range pts {
			if l.n == n && l.router == "disjoint" && l.pieces == 1 {
				qs, rates = append(qs, l.q), append(rates, l.rate())
			}
		}
		measured := "not reached"
		if q, ok := crossing(qs, rates, lossLevel); ok {
			measured = fmt.Sprintf("%.3f", q)
		}
		exact := stats.InvertQ(func(q float64) float64 { _, h := stats.MeanMessageLoss(n, 1, q); return h }, lossLevel)
		bound := math.Pow(lossLevel/2, 1/float64(n)) / float64(n)
		theorem := stats.TheoremII2MaxQ(n, -math.Log(lossLevel/2)/float64(n))
		one := stats.InvertQ(func(q float64) float64 { return stats.ValiantLoss(n, q) }, lossLevel)
		notes = append(notes, fmt.Sprintf("n=%d: 1%% of messages lost at q = %s measured (n copies), %.3f exact (upper end); bound 2(nq)^n: %.3f, Theorem II.2: %.3f, one copy: %.4f",
			n, measured, exact, bound, theorem, one))
	}
	return notes, nil
}

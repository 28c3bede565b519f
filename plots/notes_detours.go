package plots

import (
	"fmt"
	"math"
	"strings"

	"github.com/hyperroute/hyperroute/stats"
)

// countAt returns how many of rows are at n and q, and how many of them
// have event.
func countAt(rows []detourTrial, n int, q float64, event func(detourTrial) bool) (k, all int) {
	for _, r := range rows {
		if r.n == n && r.q == q {
			all++
			if event(r) {
				k++
			}
		}
	}
	return k, all
}

// detourExistenceNotes gives the numbers the caption of detour-existence
// quotes: per n and q, the fraction of trials in which some failed edge
// has no intact detour, the thesis' bound n·2^n·q·(3q)^{n−1} (capped at
// 1, as drawn), and the bound over the rate where some trial had such an
// edge.
func detourExistenceNotes(dir string) ([]string, error) {
	rows, err := readDetourTrials(dir, "detour-existence")
	if err != nil {
		return nil, err
	}
	var notes []string
	for _, n := range values(rows, func(r detourTrial) int { return r.n }) {
		var parts []string
		for _, q := range values(rows, func(r detourTrial) float64 { return r.q }) {
			k, all := countAt(rows, n, q, func(r detourTrial) bool { return r.noDetour })
			if all == 0 {
				continue
			}
			rate, bound := float64(k)/float64(all), stats.DetourMissingBound(n, q)
			part := fmt.Sprintf("q=%v: %.3g of %d (bound %.3g", q, rate, all, bound)
			if k > 0 {
				part += fmt.Sprintf(", %.2f times the rate", bound/rate)
			}
			parts = append(parts, part+")")
		}
		notes = append(notes, fmt.Sprintf("n=%d, trials with a failed edge without a detour: %s", n, strings.Join(parts, "; ")))
	}
	return notes, nil
}

// matchingNotes gives the numbers the caption of matching quotes: per n,
// the smallest and the largest factor by which (n/5)(10q)^n lies above the
// heuristic's failure rate, over the q ≤ 0.1 (where it is drawn) at which
// some trial failed; and at the largest n, per strategy, the mean γ of the
// complete systems at the smallest and the largest q, and at the largest q
// the share of each γ.
func matchingNotes(dir string) ([]string, error) {
	rows, err := readDetourTrials(dir, "matching")
	if err != nil {
		return nil, err
	}
	qs := values(rows, func(r detourTrial) float64 { return r.q })
	ns := values(rows, func(r detourTrial) int { return r.n })
	var notes []string
	for _, n := range ns {
		lo, hi := math.Inf(1), 0.0
		for _, q := range qs {
			k, _ := countAt(rows, n, q, func(r detourTrial) bool { return r.strategy == "heuristic" && !r.ok })
			tried, _ := countAt(rows, n, q, func(r detourTrial) bool { return r.strategy == "heuristic" })
			if k == 0 || q > 0.1 {
				continue
			}
			f := stats.MatchingFailureBound(n, q) / (float64(k) / float64(tried))
			lo, hi = math.Min(lo, f), math.Max(hi, f)
		}
		if hi > 0 {
			notes = append(notes, fmt.Sprintf("n=%d: (n/5)(10q)^n is %.2f to %.2f times the heuristic's failure rate", n, lo, hi))
		}
	}
	top, first, last := ns[len(ns)-1], qs[0], qs[len(qs)-1]
	for _, s := range []string{"optimal", "heuristic", "random"} {
		mean := func(q float64) (float64, int) {
			sum, k := 0, 0
			for _, r := range rows {
				if r.n == top && r.q == q && r.strategy == s && r.ok {
					sum += r.gamma
					k++
				}
			}
			return float64(sum) / float64(k), k
		}
		m0, k0 := mean(first)
		m1, k1 := mean(last)
		if k0 == 0 || k1 == 0 {
			continue
		}
		counts := map[int]int{}
		for _, r := range rows {
			if r.n == top && r.q == last && r.strategy == s && r.ok {
				counts[r.gamma]++
			}
		}
		var shares []string
		for _, g := range values(rows, func(r detourTrial) int { return r.gamma }) {
			if counts[g] > 0 {
				shares = append(shares, fmt.Sprintf("γ=%d in %.3g%%", g, 100*float64(counts[g])/float64(k1)))
			}
		}
		notes = append(notes, fmt.Sprintf("n=%d, %s: mean γ of complete systems %.2f at q=%v, %.2f at q=%v (%s)", top, s, m0, first, m1, last, strings.Join(shares, ", ")))
	}
	return notes, nil
}

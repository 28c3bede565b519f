package plots

import (
	"fmt"
	"strings"
)

// faultyBitonicNotes gives the numbers the caption of faulty-bitonic
// quotes, over the trials it draws (a complete detour system and a failed
// edge): per n, port model and strategy, in how many trials the slowest
// step is γ + 2, above it (and by how much at most) or below it; and at
// the largest n, per strategy and port model, the mean of
// T / ((γ+2)·n(n+1)/2) at each q.
func faultyBitonicNotes(dir string) ([]string, error) {
	all, err := readSortTrials(dir, "faulty-bitonic")
	if err != nil {
		return nil, err
	}
	rows := drawnSortTrials(all)
	if len(rows) == 0 {
		return nil, nil
	}
	ports := ordered(values(rows, func(r sortTrial) string { return r.Port }), "single", "all")
	strategies := ordered(values(rows, func(r sortTrial) string { return r.Detours }), "optimal", "heuristic", "random")
	ns := values(rows, func(r sortTrial) int { return r.N })
	var notes []string
	for _, n := range ns {
		for _, port := range ports {
			for _, s := range strategies {
				on, above, below, most := 0, 0, 0, int64(0)
				for _, r := range rows {
					if r.N != n || r.Port != port || r.Detours != s {
						continue
					}
					switch d := r.MaxStep - (r.Gamma + 2); {
					case d == 0:
						on++
					case d > 0:
						above++
						most = max(most, d)
					default:
						below++
					}
				}
				if on+above+below == 0 {
					continue
				}
				notes = append(notes, fmt.Sprintf("n=%d, %s-port, %s: slowest step = γ+2 in %d trials, above in %d (by at most %d), below in %d", n, port, s, on, above, most, below))
			}
		}
	}
	n := ns[len(ns)-1]
	qs := values(rows, func(r sortTrial) float64 { return r.Q })
	for _, s := range strategies {
		for _, port := range ports {
			var parts []string
			for _, q := range qs {
				sum, k := 0.0, 0
				for _, r := range rows {
					if r.N == n && r.Detours == s && r.Port == port && r.Q == q {
						sum += float64(r.T) / float64((r.Gamma+2)*int64(n*(n+1)/2))
						k++
					}
				}
				if k > 0 {
					parts = append(parts, fmt.Sprintf("%.3f at q=%v", sum/float64(k), q))
				}
			}
			if len(parts) > 0 {
				notes = append(notes, fmt.Sprintf("n=%d, %s, %s-port: mean T / ((γ+2)·n(n+1)/2) %s", n, s, port, strings.Join(parts, ", ")))
			}
		}
	}
	return notes, nil
}

package plots

import (
	"slices"
)

// LoadLaw is the test of thesis Lemma II.2's per-node law at one n of
// butterfly-loads, as ButterflyLoads draws it: the trials, the priorities
// tested, and the smallest p-value with its priority (before the
// Bonferroni factor Priorities).
type LoadLaw struct {
	N, Trials, Priorities, LeastP int
	LeastPValue                   float64
}

// LoadLaws tests f(p, w) against Bin(N, 1/N) at every n of butterfly-loads
// in dir, on the rows ButterflyLoads draws (router disjoint, priority
// queues, random permutations), by loadLawTests; an n with fewer than two
// trials has no entry.
func LoadLaws(dir string) ([]LoadLaw, error) {
	rows, err := readLoadCounts(dir, "butterfly-loads")
	if err != nil {
		return nil, err
	}
	var notes []string
	rows = restrictAll(rows, &notes, "router", "disjoint", "queue", "priority", "pattern", "random", "mu", "1")
	var out []LoadLaw
	for _, n := range values(rows, func(r loadCount) int { return r.N }) {
		at := slices.DeleteFunc(slices.Clone(rows), func(r loadCount) bool { return r.N != n })
		tests := loadLawTests(at, n)
		if len(tests) == 0 {
			continue
		}
		l := LoadLaw{N: n, Trials: len(values(at, func(r loadCount) int64 { return r.Trial })), Priorities: len(tests), LeastPValue: 2}
		for _, lt := range tests {
			if lt.PValue < l.LeastPValue {
				l.LeastP, l.LeastPValue = lt.P, lt.PValue
			}
		}
		out = append(out, l)
	}
	return out, nil
}

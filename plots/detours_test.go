package plots

import (
	"testing"
)

// detourSpecs are small runs of the Chapter III.1 experiments, under their
// names, for the figures' tests.
var detourSpecs = []string{`name: detour-existence
grid:
  n: [4, 6]
  router: ecube
  detours: optimal
  q: [0.1, 0.2, 0.3]
trials: 100
seed: 7
draw_only: true
`, `name: matching
grid:
  n: [4, 6]
  router: ecube
  detours: [heuristic, optimal, random]
  q: [0.02, 0.05, 0.1]
trials: 100
seed: 7
draw_only: true
`, `name: faulty-bitonic
grid:
  n: [4, 5]
  router: bitonic
  port: [single, all]
  detours: [heuristic, random]
  q: [0.05, 0.1]
trials: 30
seed: 7
`}

// TestReadDetourTrials checks the rows the detour figures read from the
// small runs: every trial over detours, the optimal system complete
// exactly when no failed edge lacks an intact detour, γ set exactly when
// complete, and a complete heuristic system 1-conjunct (γ ≤ 1; 0 without
// failed edges).
func TestReadDetourTrials(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, detourSpecs...)
	for _, exp := range []string{"detour-existence", "matching"} {
		rows, err := readDetourTrials(dir, exp)
		if err != nil {
			t.Fatal(err)
		}
		if want := 2 * 3 * 100 * map[string]int{"detour-existence": 1, "matching": 3}[exp]; len(rows) != want {
			t.Fatalf("%s: %d rows, want %d", exp, len(rows), want)
		}
		stranded := 0
		for _, r := range rows {
			if r.noDetour {
				stranded++
			}
			if r.ok != (r.gamma >= 0) {
				t.Errorf("%s: %+v: gamma set iff ok", exp, r)
			}
			if r.strategy == "optimal" && r.ok == r.noDetour {
				t.Errorf("%s: %+v: optimal complete iff every failed edge has a detour", exp, r)
			}
			if r.strategy == "heuristic" && r.ok && r.gamma > 1 {
				t.Errorf("%s: %+v: heuristic γ > 1", exp, r)
			}
		}
		if exp == "detour-existence" && stranded == 0 {
			t.Errorf("%s: no trial with a failed edge without a detour at q up to 0.3", exp)
		}
	}
}

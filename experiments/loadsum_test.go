package experiments

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/routers"
)

// loadSumSpec routes with every router, on intact and faulty cubes; with
// detours added, on faulty cubes over detours (e-cube and Valiant
// simulated, bitonic).
const loadSumSpec = `name: loadsum
grid:
  n: [3, 4]
  router: [ROUTERS]
  port: [single, all]
  q: [0, 0.05]
trials: 4
seed: 9
tables: [trials, loads]
skip_invalid: true
`

// TestLoadsAccountForHops checks that the loads table accounts for every
// send of a trial, of every router: over its rows, Σ f_sum is the trial's
// hops, priority 0 included where the router sends with it
// (routers.Config.FirstPrio; dataset/SCHEMA.md, loads), and only there.
func TestLoadsAccountForHops(t *testing.T) {
	all := strings.Replace(loadSumSpec, "ROUTERS", strings.Join(routers.Names(), ", "), 1)
	dir := t.TempDir()
	for i, text := range []string{all, strings.Replace(all, "[0, 0.05]", "0.05\n  detours: heuristic", 1)} {
		s := mustParse(t, strings.Replace(text, "name: loadsum", fmt.Sprintf("name: loadsum%d", i), 1))
		run(t, s, dir, 2, Unsharded)
	}
	key := func(r row) string {
		return fmt.Sprint(r["router"], r["port"], r["q"], r["detours"], r["n"], r["trial"])
	}
	hops, sum, routed := make(map[string]int64), make(map[string]int64), make(map[any]bool)
	zero := make(map[string]int64) // Σ f_sum of priority 0 by router and detours
	for _, exp := range []string{"loadsum0", "loadsum1"} {
		_, trials := readRows(t, dir, exp, TableTrials)
		for _, r := range trials {
			hops[key(r)] = r["hops"].(int64)
			routed[r["router"]] = true
		}
		_, loads := readRows(t, dir, exp, TableLoads)
		for _, r := range loads {
			sum[key(r)] += r["f_sum"].(int64)
			if r["p"].(int64) == 0 {
				zero[fmt.Sprint(r["router"], r["detours"])] += r["f_sum"].(int64)
			}
		}
	}
	if len(routed) != len(routers.Names()) || len(sum) != len(hops) {
		t.Fatalf("%d routers of %d routed; %d trials with loads rows, %d trials", len(routed), len(routers.Names()), len(sum), len(hops))
	}
	for k, f := range zero {
		if f == 0 {
			t.Errorf("%s: rows for priority 0, which it never sends with", k)
		}
	}
	for k, h := range hops {
		if sum[k] != h {
			t.Errorf("%s: Σ f_sum = %d, hops %d", k, sum[k], h)
		}
	}
}

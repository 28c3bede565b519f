package experiments

import "testing"

// TestLoadsAccountForHops checks that the loads table accounts for every
// send of a trial: over its rows (priorities p ≥ 1), Σ f_sum is the
// trial's hops for e-cube, Valiant and bitonic, which send nothing with
// priority 0 (dataset/SCHEMA.md, loads).
func TestLoadsAccountForHops(t *testing.T) {
	s := mustParse(t, nodeSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	type cell struct {
		router, port, pattern string
		n, trial              int64
	}
	_, trials := readRows(t, dir, "nodes", TableTrials)
	hops := make(map[cell]int64)
	for _, r := range trials {
		hops[cell{r["router"].(string), r["port"].(string), r["pattern"].(string), r["n"].(int64), r["trial"].(int64)}] = r["hops"].(int64)
	}
	_, loads := readRows(t, dir, "nodes", TableLoads)
	sum := make(map[cell]int64)
	for _, r := range loads {
		sum[cell{r["router"].(string), r["port"].(string), r["pattern"].(string), r["n"].(int64), r["trial"].(int64)}] += r["f_sum"].(int64)
	}
	if len(hops) == 0 || len(sum) != len(hops) {
		t.Fatalf("%d trials with loads rows, %d trials", len(sum), len(hops))
	}
	for k, h := range hops {
		if sum[k] != h {
			t.Errorf("%v: Σ f_sum = %d, hops %d", k, sum[k], h)
		}
	}
}

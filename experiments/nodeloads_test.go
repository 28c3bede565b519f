package experiments

import (
	"testing"
)

// nodeSpec records f(p,v) for trials 0 … 2 of every router in both port
// models.
const nodeSpec = `name: nodes
grid:
  n: [3, 4]
  router: [ecube, valiant, bitonic, disjoint]
  port: [single, all]
  pattern: [random, transpose]
trials: 5
seed: 9
tables: [trials, loads, nodeloads]
node_trials: 3
skip_invalid: true
`

// TestNodeLoads checks the nodeloads table: rows for the trials below
// node_trials only, one per priority and node, summing over the nodes to
// the loads table's f_sum; bitonic sends once per node in every step, so
// f(d,v) = n − d + 1, the steps over dimension d; and Verify finds the
// rows the spec gives.
func TestNodeLoads(t *testing.T) {
	s := mustParse(t, nodeSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	type cell struct {
		router, port, pattern string
		n, trial, p           int64
	}
	key := func(r row) cell {
		return cell{r["router"].(string), r["port"].(string), r["pattern"].(string), r["n"].(int64), r["trial"].(int64), r["p"].(int64)}
	}
	_, loads := readRows(t, dir, "nodes", TableLoads)
	fSum := make(map[cell]int64)
	for _, r := range loads {
		fSum[key(r)] = r["f_sum"].(int64)
	}
	_, nodes := readRows(t, dir, "nodes", TableNodeLoads)
	sum := make(map[cell]int64)
	seen := make(map[cell]uint64) // bit v set for a row of node v
	for _, r := range nodes {
		k := key(r)
		v, f := r["v"].(int64), r["f"].(int64)
		if k.trial >= int64(s.NodeTrials) || v < 0 || v >= 1<<k.n || seen[k]>>v&1 != 0 {
			t.Fatalf("%v: a row for node %d beyond node_trials, outside Q_n or twice", k, v)
		}
		seen[k] |= 1 << v
		sum[k] += f
		if k.router == "bitonic" && f != k.n-k.p+1 {
			t.Errorf("%v v=%d: bitonic f = %d, want n − d + 1 = %d", k, v, f, k.n-k.p+1)
		}
	}
	cells := 0
	for k, want := range fSum {
		if k.trial >= int64(s.NodeTrials) {
			continue
		}
		cells++
		if seen[k] != 1<<(1<<k.n)-1 || sum[k] != want {
			t.Errorf("%v: nodes %b, Σ_v f = %d; want every node and f_sum %d", k, seen[k], sum[k], want)
		}
	}
	if cells == 0 || len(seen) != cells {
		t.Errorf("%d (point, trial, p) with node rows, want the %d below node_trials", len(seen), cells)
	}
	rep, err := Verify(dir, "nodes")
	if err != nil || len(rep.Problems) > 0 {
		t.Errorf("Verify: %v %v", err, rep.Problems)
	}
}

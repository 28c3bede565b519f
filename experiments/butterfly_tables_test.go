package experiments

import (
	"strings"
	"testing"
)

// TestMessagesTable runs disjoint and single-copy Valiant on faulty cubes
// and checks the messages table against the trials table: one row per
// message of each recorded trial, the messages not delivered are the
// trial's lost ones, a copy router's message is delivered iff its
// intermediate and its destination got a copy, and a single-copy router's
// has no count at its intermediate.
func TestMessagesTable(t *testing.T) {
	s := mustParse(t, `name: msg
grid:
  n: [3, 5]
  router: [disjoint, valiant]
  port: [single, all]
  q: 0.1
skip_invalid: true
trials: 6
seed: 5
tables: [trials, messages]
packet_trials: 4
`)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	type key struct {
		router, port string
		n, trial     int64
	}
	lost := map[key]int64{}
	_, trials := readRows(t, dir, "msg", TableTrials)
	for _, r := range trials {
		lost[key{r["router"].(string), r["port"].(string), r["n"].(int64), r["trial"].(int64)}] = r["lost"].(int64)
	}
	_, msgs := readRows(t, dir, "msg", TableMessages)
	rows, undelivered := map[key]int64{}, map[key]int64{}
	for _, r := range msgs {
		k := key{r["router"].(string), r["port"].(string), r["n"].(int64), r["trial"].(int64)}
		rows[k]++
		if !r["delivered"].(bool) {
			undelivered[k]++
		}
		switch k.router {
		case "disjoint":
			got := r["at_via"].(int64) >= 1 && r["at_dst"].(int64) >= 1
			if got != r["delivered"].(bool) {
				t.Errorf("%v: message %v: %v at y, %v at z, delivered %v", k, r["message"], r["at_via"], r["at_dst"], r["delivered"])
			}
		case "valiant":
			if r["at_via"] != nil || (r["at_dst"].(int64) == 1) != r["delivered"].(bool) {
				t.Errorf("%v: single copy: at_via %v, at_dst %v, delivered %v", k, r["at_via"], r["at_dst"], r["delivered"])
			}
		}
	}
	if len(rows) != 3*2*4 {
		t.Fatalf("messages of %d trials, want 24 (disjoint, Valiant single- and all-port; 2 n; 4 recorded trials each)", len(rows))
	}
	for k, n := range rows {
		if n != 1<<k.n || undelivered[k] != lost[k] {
			t.Errorf("%v: %d rows, %d not delivered; want 2^n rows and %d lost", k, n, undelivered[k], lost[k])
		}
	}
}

// TestLoadCountsTable checks the loadcounts table of disjoint without faults:
// every priority's counts cover the n·2^n nodes, and the loads sum to n·2^n
// (every copy leaves a node once per hop).
func TestLoadCountsTable(t *testing.T) {
	s := mustParse(t, `name: nl
grid:
  n: [2, 4]
  router: disjoint
trials: 5
seed: 5
tables: [trials, loadcounts]
`)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	_, rows := readRows(t, dir, "nl", TableLoadCounts)
	type key struct{ n, trial, p int64 }
	nodes, load := map[key]int64{}, map[key]int64{}
	for _, r := range rows {
		k := key{r["n"].(int64), r["trial"].(int64), r["p"].(int64)}
		nodes[k] += r["nodes"].(int64)
		load[k] += r["nodes"].(int64) * r["f"].(int64)
	}
	if len(nodes) != 5*(2*2+2)+5*(2*4+2) {
		t.Fatalf("%d (trial, p) pairs, want one per trial and priority 0 … 2n+1", len(nodes))
	}
	for k, c := range nodes {
		if all := k.n << k.n; c != all || load[k] != all {
			t.Errorf("%v: %d nodes with total load %d, want %d and %d", k, c, load[k], all, all)
		}
	}
}

// TestPacketsTableRefusesCopies checks that a spec asking the packets
// table of disjoint is refused: its packets are copies of messages.
func TestPacketsTableRefusesCopies(t *testing.T) {
	_, err := Parse("x.yaml", []byte("name: x\ngrid:\n  n: 4\n  router: disjoint\ntrials: 2\nseed: 1\ntables: [trials, packets]\n"))
	if err == nil || !strings.Contains(err.Error(), "the messages table records them") {
		t.Errorf("error %v", err)
	}
}

package main

import (
	"strings"
	"testing"
)

// TestSimSimulate runs issue 13's command line for the simulation of the
// intact cube: every model prints T, T_intact, d and lockstep; the thesis'
// model (queue, priority) on every routed trial lockstep and
// T = d·(T_intact−1)+1; bad values one line, exit 2.
func TestSimSimulate(t *testing.T) {
	faulty := 0
	for _, router := range []string{"valiant", "ecube"} {
		for _, conf := range []string{"edge", "node"} {
			for _, del := range []string{"queue", "arrival"} {
				for _, dq := range []string{"priority", "fifo"} {
					rows := simRows(t, "--router", router, "--n", "5", "--q", "0.03", "--detours", "optimal",
						"--confluent", conf, "--delivery", del, "--detour-queue", dq, "--trials", "20", "--workers", "1")
					for i, r := range rows {
						if r["ok"] != true {
							if r["T"] != nil || r["T_intact"] != nil {
								t.Errorf("%s %s %s %s row %d: not ok but routed: %v", router, conf, del, dq, i, r)
							}
							continue
						}
						T, ti, d, lock := r["T"].(float64), r["T_intact"].(float64), r["d"].(float64), r["lockstep"].(bool)
						if d > 1 {
							faulty++
						}
						if del == "queue" && dq == "priority" && (!lock || T != d*(ti-1)+1) {
							t.Errorf("%s %s row %d: T %v, T_intact %v, d %v, lockstep %v", router, conf, i, T, ti, d, lock)
						}
					}
				}
			}
		}
	}
	if faulty < 100 {
		t.Errorf("%d routed trials with a failed edge, want many", faulty)
	}
	for _, args := range [][]string{
		{"--q", "0.03", "--detours", "optimal", "--confluent", "vertex"},
		{"--q", "0.03", "--detours", "optimal", "--delivery", "late"},
		{"--q", "0.03", "--detour-queue", "fifo"},
		{"--q", "0.03", "--detours", "optimal", "--port", "all"},
	} {
		code, stdout, stderr := cli(append([]string{"sim", "--jsonl", "--n", "4"}, args...)...)
		if code != 2 || stdout != "" || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("sim %v: exit %d, stdout %q, stderr %q; want exit 2 and one line", args, code, stdout, stderr)
		}
	}
}

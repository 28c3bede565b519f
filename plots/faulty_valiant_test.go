package plots

import (
	"testing"
)

// faultyValiantSpec is a small faulty-valiant run.
const faultyValiantSpec = `name: faulty-valiant
grid:
  n: [4, 5]
  router: [valiant, adaptive-valiant]
  q: [0.01, 0.05, 0.15]
  detours: [none, optimal, heuristic]
  confluent: [edge, node]
  delivery: [queue, arrival]
  detour-queue: [priority, fifo]
  reroute: [detour, shortest]
skip_invalid: true
trials: 40
seed: 13
`

// TestSimTrials reads the run back as the figures do: every trial of a
// detour strategy is routed iff ok, and under the thesis' model (queue,
// priority) every routed trial is in lockstep with T = d·(T_intact−1)+1.
func TestSimTrials(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, faultyValiantSpec)
	rows, err := readSimTrials(dir)
	if err != nil {
		t.Fatal(err)
	}
	thesis := 0
	for _, r := range rows {
		switch {
		case r.Detours == "none" && r.Router == "valiant":
			if r.OK != -1 || r.TIntact != -1 || r.Lost < 0 {
				t.Fatalf("without detours: %+v", r)
			}
		case (r.OK == 1) != (r.TIntact >= 0):
			t.Fatalf("routed iff ok: %+v", r)
		case r.OK == 1 && r.Delivery == "queue" && r.DetourQ == "priority":
			thesis++
			if r.Lockstep != 1 || r.T != r.D*(r.TIntact-1)+1 {
				t.Fatalf("thesis' model: %+v", r)
			}
		}
	}
	if thesis < 100 {
		t.Errorf("%d routed trials of the thesis' model", thesis)
	}
}

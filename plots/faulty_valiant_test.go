package plots

import (
	"fmt"
	"path/filepath"
	"strings"
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
	var rows []simTrial
	if err := scanSimTrials(dir, func(r simTrial) { rows = append(rows, r) }); err != nil {
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

// meansBy returns, for the rows selected by of, the mean of v at each x.
func meansBy(rows []pqRow, of func(pqRow) bool, x, v func(pqRow) float64) map[float64]float64 {
	sum, cnt := map[float64]float64{}, map[float64]float64{}
	for _, r := range rows {
		if of(r) {
			sum[x(r)] += v(r)
			cnt[x(r)]++
		}
	}
	for k := range sum {
		sum[k] /= cnt[k]
	}
	return sum
}

// checkSeries checks that s has a point at every x of want with the
// value want[x], and no other.
func checkSeries(t *testing.T, s Series, want map[float64]float64) {
	t.Helper()
	if len(s.XYs) != len(want) {
		t.Errorf("%s, %s: %d points, want %d", s.Panel, s.Name, len(s.XYs), len(want))
	}
	for _, p := range s.XYs {
		if w, ok := want[p.X]; !ok || !near(p.Y, w) {
			t.Errorf("%s, %s: (%v, %v), want %v (%v)", s.Panel, s.Name, p.X, p.Y, w, ok)
		}
	}
}

// TestFaultyValiantSeries checks what the three faulty-valiant figures
// plot against the Parquet rows of a small run: the mean faulty time and
// its distance from the law at each d·(T_intact−1)+1, the mean slowdown
// T/T_intact at each q, per model and strategy, at the largest n; and the
// share of trials delivering every packet per n and method.
func TestFaultyValiantSeries(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, faultyValiantSpec)
	rows := parquetRows(t, dir, "faulty-valiant", "trials")
	out := filepath.Join(dir, "figures")
	routed := func(r pqRow) bool {
		return r.has("router", "valiant") && r.num["ok"] == 1 && r.num["n"] == 5
	}
	law := func(r pqRow) float64 { return r.num["d"]*(r.num["T_intact"]-1) + 1 }
	T := func(r pqRow) float64 { return r.num["T"] }
	sim, err := FaultyValiant(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := FaultyValiantSlowdown(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	for _, del := range []string{"queue", "arrival"} {
		for _, dq := range []string{"priority", "fifo"} {
			for _, conf := range []string{"edge", "node"} {
				m := simModel{conf, del, dq}
				model := func(r pqRow) bool {
					return routed(r) && r.has("confluent", conf, "delivery", del, "detour-queue", dq)
				}
				optimal := func(r pqRow) bool { return model(r) && r.has("detours", "optimal") }
				if del == "queue" {
					checkSeries(t, seriesNamed(t, sim, "n = 5, optimal detours, delivery queue", m.String()), meansBy(rows, optimal, law, T))
				}
				dist := func(r pqRow) float64 { return T(r) - law(r) }
				checkSeries(t, seriesNamed(t, sim, "n = 5, optimal detours, delivery "+del+": T − (d·(T_intact − 1) + 1)", m.String()),
					meansBy(rows, optimal, law, dist))
				for _, strategy := range []string{"optimal", "heuristic"} {
					of := func(r pqRow) bool { return model(r) && r.has("detours", strategy) }
					ratio := func(r pqRow) float64 { return T(r) / r.num["T_intact"] }
					checkSeries(t, seriesNamed(t, slow, "n = 5, "+strategy+" detours", m.String()),
						meansBy(rows, of, func(r pqRow) float64 { return r.num["q"] }, ratio))
				}
			}
		}
	}
	del, err := FaultyValiantDelivered(dir, out)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []float64{4, 5} {
		for _, method := range []string{"optimal", "heuristic", "no detours", "adaptive-valiant detour", "adaptive-valiant shortest"} {
			of := func(r pqRow) bool {
				if r.num["n"] != n || !r.has("confluent", "edge", "delivery", "queue", "detour-queue", "priority") {
					return false
				}
				switch method {
				case "no detours":
					return r.has("router", "valiant", "detours", "none")
				case "adaptive-valiant detour", "adaptive-valiant shortest":
					return r.has("router", "adaptive-valiant", "reroute", strings.TrimPrefix(method, "adaptive-valiant "))
				}
				return r.has("router", "valiant", "detours", method)
			}
			all := func(r pqRow) float64 {
				if r.str["detours"] == "none" {
					return map[bool]float64{false: 0, true: 1}[r.num["lost"] == 0]
				}
				return r.num["ok"]
			}
			checkSeries(t, seriesNamed(t, del, fmt.Sprintf("n = %v", n), method),
				meansBy(rows, of, func(r pqRow) float64 { return r.num["q"] }, all))
		}
	}
}

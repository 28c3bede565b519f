package plots

import (
	"math"
	"path/filepath"
	"testing"
)

// adaptiveSpec is a small adaptive-baselines run.
const adaptiveSpec = `name: adaptive-baselines
grid:
  n: [4, 5]
  router: [adaptive-ecube, adaptive-valiant, safety-levels, ecube, valiant]
  reroute: [detour, shortest]
  port: [single, all]
  q: [0, 0.02, 0.1, 0.2]
  pattern: random
skip_invalid: true
trials: 30
seed: 5
`

// TestAdaptiveBaselinesSeries checks what adaptive-baselines plots against
// the Parquet rows of a small run, single-port at the largest n: per
// method and q > 0 the fraction of messages lost (pooled), the mean
// stretch over the trials that have one and the mean T.
func TestAdaptiveBaselinesSeries(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, adaptiveSpec)
	o, err := AdaptiveBaselines(dir, filepath.Join(dir, "figures"))
	if err != nil {
		t.Fatal(err)
	}
	rows := parquetRows(t, dir, "adaptive-baselines", "trials")
	q := func(r pqRow) float64 { return r.num["q"] }
	for _, m := range []struct{ name, router, reroute string }{
		{"adaptive-ecube detour", "adaptive-ecube", "detour"},
		{"adaptive-valiant shortest", "adaptive-valiant", "shortest"},
		{"safety-levels", "safety-levels", ""},
		{"valiant", "valiant", ""},
	} {
		of := func(r pqRow) bool {
			return r.num["n"] == 5 && r.num["q"] > 0 && r.has("port", "single", "router", m.router) &&
				(m.reroute == "" || r.has("reroute", m.reroute))
		}
		checkSeries(t, seriesNamed(t, o, "n = 5, single-port: run time", m.name), meansBy(rows, of, q, func(r pqRow) float64 { return r.num["T"] }))
		lost := meansBy(rows, of, q, func(r pqRow) float64 { return r.num["lost"] })
		msgs := meansBy(rows, of, q, func(r pqRow) float64 { return r.num["messages"] })
		for x := range lost {
			lost[x] /= msgs[x]
		}
		checkSeries(t, seriesNamed(t, o, "n = 5, single-port: messages lost", m.name), lost)
		if m.router != "valiant" {
			withStretch := func(r pqRow) bool { _, ok := r.num["stretch"]; return of(r) && ok && !math.IsNaN(r.num["stretch"]) }
			checkSeries(t, seriesNamed(t, o, "n = 5, single-port: stretch of delivered routes", m.name),
				meansBy(rows, withStretch, q, func(r pqRow) float64 { return r.num["stretch"] }))
		}
	}
}

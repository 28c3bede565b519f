package experiments

import (
	"testing"

	"github.com/hyperroute/hyperroute/stats"
)

// TestDelaySeqTable checks the delayseq rows against Lemma I.1 and the
// identities they must satisfy, and the fixed sequence's mean Σh against
// Lemma I.4: the fixed sequence uses every priority once, so E Σh = Σ_p
// E f(p, v_p) = 2n · μ/2 = μn for Valiant's routing.
func TestDelaySeqTable(t *testing.T) {
	s := mustParse(t, `name: ds
grid:
  n: [3, 5, 7]
  mu: [1, 2]
  router: [ecube, valiant]
  pattern: [random, transpose]
trials: 150
seed: 5
tables: [trials, delayseq]
`)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	type key struct {
		router, pattern string
		n, mu, trial    int64
	}
	keyOf := func(r row) key {
		return key{r["router"].(string), r["pattern"].(string), r["n"].(int64), r["mu"].(int64), r["trial"].(int64)}
	}
	_, trials := readRows(t, dir, "ds", TableTrials)
	runTime := make(map[key]int64)
	for _, r := range trials {
		runTime[keyOf(r)] = r["T"].(int64)
	}
	_, seqs := readRows(t, dir, "ds", TableDelaySeq)
	if len(seqs) != len(trials) {
		t.Fatalf("%d delayseq rows, %d trials", len(seqs), len(trials))
	}
	type point struct {
		pattern string
		n, mu   int64
	}
	hFixed := make(map[point][]float64)
	for _, r := range seqs {
		k := keyOf(r)
		T, l, load := r["T"].(int64), r["d_len"].(int64), r["d_load"].(int64)
		xf, hf, xe, he := r["x_fixed"].(int64), r["h_fixed"].(int64), r["x_extracted"].(int64), r["h_extracted"].(int64)
		prios := k.n
		if k.router == "valiant" {
			prios = 2 * k.n
		}
		if T != runTime[k] || T > load || he != load || xe > he || xf > hf || l < 1 || l > prios || xe < 1 {
			t.Errorf("%v: T=%d (trials: %d), d_len=%d, d_load=%d, x/h extracted %d/%d, fixed %d/%d",
				k, T, runTime[k], l, load, xe, he, xf, hf)
		}
		if k.router == "valiant" {
			p := point{k.pattern, k.n, k.mu}
			hFixed[p] = append(hFixed[p], float64(hf))
		}
	}
	for p, h := range hFixed {
		// Six points are tested, so a 99.9% interval each.
		if mean, ci := stats.MeanCI(h, 0.999); !ci.Contains(float64(p.mu * p.n)) {
			t.Errorf("%+v: mean Σh of the fixed sequence %.3f, 99.9%% interval %v misses μn = %d", p, mean, ci, p.mu*p.n)
		}
	}
}

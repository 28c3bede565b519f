package paperreport

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hyperroute/hyperroute/experiments"
)

// tinySpecs are the experiments the statements read, on small grids, so
// that the tests judge real results of the runner in seconds. Each keeps
// its experiment's name, so its rows go where the report looks for them.
var tinySpecs = map[string]string{
	"routing-compare": "grid:\n  n: [4, 6]\n  router: [ecube, bitonic]\n  pattern: [random, transpose]\ntrials: 5\n",
	"delay-sequences": "grid:\n  n: [4, 6]\n  router: valiant\n  port: single\n  queue: priority\n  pattern: random\ntrials: 40\ntables: [trials, delayseq]\n",
	"priority-load":   "grid:\n  n: 5\n  router: valiant\n  pattern: [random, transpose]\ntrials: 40\ntables: [trials, loads, nodeloads]\n",
	"valiant-tail":    "grid:\n  n: [4, 6]\n  router: valiant\n  port: [single, all]\n  pattern: random\ntrials: 30\ntables: [trials]\n",
	"relations":       "grid:\n  n: [4, 6]\n  mu: [1, 2]\n  router: valiant\n  port: single\n  pattern: random\ntrials: 10\n",
	"butterfly-loads": "grid:\n  n: [4]\n  router: disjoint\ntrials: 40\ntables: [trials, loadcounts]\n",
	"butterfly-tail":  "grid:\n  n: [3, 4, 5]\n  router: [disjoint, valiant]\n  port: [single, all]\n  pattern: random\nskip_invalid: true\ntrials: 20\ntables: [trials]\n",
	"replication-loss": "grid:\n  n: [4, 6]\n  router: disjoint\n  pieces: 1\n  q: [0.01, 0.05, 0.3]\n  pattern: random\ntrials: 40\ntables: [trials]\n" +
		"clockless: true\n",
	"replication-rare": "model: loss\ngrid:\n  router: disjoint\n  n: [8]\n  pieces: 1\n  q: [0.01, 0.05]\n  rse: 0.1\n",
	"detour-existence": "model: detours\ngrid:\n  n: [4, 6]\n  detours: optimal\n  q: [0.02, 0.03]\ntrials: 100\n",
	"matching":         "grid:\n  n: [4, 6]\n  router: ecube\n  detours: [heuristic, optimal]\n  q: [0.02, 0.05]\n  pattern: random\ntrials: 100\ntables: [trials, rounds]\ndraw_only: true\n",
	"faulty-bitonic":   "grid:\n  n: [4]\n  router: bitonic\n  port: [single, all]\n  detours: [random, heuristic]\n  q: [0.05, 0.1]\n  pattern: random\ntrials: 30\n",
	"faulty-valiant": "grid:\n  n: [4]\n  router: [valiant, ecube]\n  q: [0.05, 0.1]\n  detours: [optimal, heuristic]\n  confluent: [edge, node]\n  delivery: [queue, arrival]\n" +
		"  detour-queue: [priority, fifo]\n  pattern: random\nskip_invalid: true\ntrials: 20\n",
	"collectives-bounds": "model: collectives\ngrid:\n  op: [oab, oas, aab, aas]\n  topology: cube\n  p: [4, 8, 16]\n  port: all\n  model: sf\n  m: 1\n  ts: 0\n  tw: 1\n  th: 0\n",
}

// tiny is the directory of the tiny runs, written once by TestMain.
var tiny string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "paperreport-")
	if err != nil {
		panic(err)
	}
	tiny = dir
	for name, grid := range tinySpecs {
		text := "name: " + name + "\ndescription: tiny " + name + "\nseed: 1988\n" + grid
		s, err := experiments.Parse(name+".yaml", []byte(text))
		if err != nil {
			panic(name + ": " + err.Error())
		}
		r := &experiments.Runner{Spec: s, Dir: dir, Workers: 2, Shard: experiments.Unsharded}
		if _, err := r.Run(context.Background()); err != nil {
			panic(name + ": " + err.Error())
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// copyExperiment copies DIR/name into a new results directory; without
// the manifest if incomplete.
func copyExperiment(t *testing.T, name string, incomplete bool) string {
	t.Helper()
	to := t.TempDir()
	err := os.CopyFS(filepath.Join(to, name), os.DirFS(filepath.Join(tiny, name)))
	if err != nil {
		t.Fatal(err)
	}
	if incomplete {
		if err := os.Remove(filepath.Join(to, name, "manifest.json")); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

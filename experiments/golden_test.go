package experiments

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json from the code under test")

// goldenFile pins the trial streams and what trials route: a change of the
// seed derivation, of a router or of the engine fails TestGolden until the
// file is regenerated with -update and the diff reviewed.
const goldenFile = "testdata/golden.json"

// golden is the content of goldenFile.
type golden struct {
	Seeds  []goldenSeed  `json:"seeds"`
	Trials []goldenTrial `json:"trials"`
}

// goldenSeed is TrialSeed and the first draws of TrialRand for one trial.
type goldenSeed struct {
	Master     uint64    `json:"master"`
	Experiment string    `json:"experiment"`
	Key        string    `json:"key"`
	Trial      int       `json:"trial"`
	S1         uint64    `json:"s1"`
	S2         uint64    `json:"s2"`
	Draws      [3]uint64 `json:"draws"` // the first three Uint64 of TrialRand
}

// goldenTrial is one trial of a configuration, drawn from the stream of
// experiment goldenStream with master seed goldenMaster.
type goldenTrial struct {
	Config map[string]string `json:"config"` // the parameters not at their defaults
	Trial  int               `json:"trial"`
	Seed   uint64            `json:"seed"`
	T      int               `json:"T"`
	Hops   int64             `json:"hops"`
	// MaxQueue is null for a router without queues.
	MaxQueue *int   `json:"max_queue"`
	Dropped  int    `json:"dropped"`
	Failed   int    `json:"failed_edges"`
	Arrivals string `json:"arrivals_sha256"` // of the arrival times, int32 LE, in packet order
}

const (
	goldenMaster = 1988
	goldenStream = "golden"
	goldenTrials = 3
)

// goldenSeedCases are the trials whose streams are pinned: the same key
// under two experiment names and hyperroute sim's, two master seeds, keys
// with and without faults, and a large trial index.
var goldenSeedCases = []goldenSeed{
	{Master: 1988, Experiment: "valiant-tail", Key: "n=8/pattern=random/mu=1", Trial: 0},
	{Master: 1988, Experiment: "valiant-tail", Key: "n=8/pattern=random/mu=1", Trial: 1},
	{Master: 1988, Experiment: "relations", Key: "n=8/pattern=random/mu=1", Trial: 0},
	{Master: 1988, Experiment: "sim", Key: "n=8/pattern=random/mu=1", Trial: 0},
	{Master: 1, Experiment: "sim", Key: "n=10/pattern=transpose/mu=2", Trial: 0},
	{Master: 42, Experiment: "mc", Key: "n=6/pattern=random/mu=1/q=0.02", Trial: 1<<31 - 1},
}

// goldenConfigs are the configurations whose trials are pinned: every
// router under each of its port models and queue disciplines at n = 6 on
// random permutations, Valiant with μ = 2, and routers on faulty cubes
// (random, and exactly k failed edges all-port where the router has it;
// over optimal detours where the router needs them).
func goldenConfigs() []routers.Config {
	var cs []routers.Config
	add := func(c routers.Config) { cs = append(cs, c) }
	for _, k := range routers.Registry {
		for _, port := range k.Ports {
			for _, q := range k.Disciplines {
				c := routers.Defaults()
				c.Router, c.Port, c.Queue, c.N = k.Name, port, q, 6
				if c.Validate() == nil { // bitonic runs all-port on faulty cubes only
					add(c)
				}
			}
		}
	}
	c := routers.Defaults()
	c.N, c.Mu = 6, 2
	add(c)
	for _, k := range routers.Registry {
		if k.Faults {
			c := routers.Defaults()
			c.Router, c.N, c.Q = k.Name, 6, 0.05
			if c.Validate() != nil && k.Detours { // bitonic needs a detour system
				c.Detours = "optimal"
			}
			add(c)
			c.Q, c.K = 0, 40
			if slices.Contains(k.Ports, routers.AllPort) {
				c.Port = routers.AllPort
			}
			add(c)
		}
	}
	return cs
}

// params returns the parameters of c that differ from their defaults, by
// name, so that a new parameter leaves the pinned configurations as they are.
func params(c routers.Config) map[string]string {
	m := make(map[string]string)
	for _, p := range routers.Params {
		if p.Get(c) != p.Default {
			m[p.Name] = p.Get(c)
		}
	}
	return m
}

// configOf returns the configuration of params m.
func configOf(m map[string]string) (routers.Config, error) {
	c := routers.Defaults()
	for name, v := range m {
		p, err := routers.LookupParam(name)
		if err != nil {
			return c, err
		}
		if err := p.Set(&c, v); err != nil {
			return c, err
		}
	}
	return c, c.Validate()
}

// computeSeed fills in s1, s2 and the draws of s.
func computeSeed(s goldenSeed) goldenSeed {
	s.S1, s.S2 = TrialSeed(s.Master, s.Experiment, s.Key, s.Trial)
	rng, _ := TrialRand(s.Master, s.Experiment, s.Key, s.Trial)
	for i := range s.Draws {
		s.Draws[i] = rng.Uint64()
	}
	return s
}

// computeTrial runs trial of c as the runner does, from the stream of
// goldenStream, recording arrival times.
func computeTrial(sim *routers.Sim, c routers.Config, trial int) (goldenTrial, error) {
	c.Record = engine.Record{Arrivals: true}
	rng, seed := TrialRand(goldenMaster, goldenStream, c.InstanceKey(), trial)
	res, err := sim.Trial(c, rng)
	if err != nil {
		return goldenTrial{}, err
	}
	g := goldenTrial{Config: params(c), Trial: trial, Seed: seed, T: res.T, Hops: res.Hops, Dropped: res.Dropped}
	if res.MaxQueue != routers.NoQueue {
		g.MaxQueue = &res.MaxQueue
	}
	if c.Faulty() {
		g.Failed = sim.Faults.Count()
	}
	h := sha256.New()
	binary.Write(h, binary.LittleEndian, res.Arrival)
	g.Arrivals = hex.EncodeToString(h.Sum(nil)[:8])
	return g, nil
}

// TestGolden compares the seed derivation and trials of every router, port
// model and queue discipline, on intact and faulty cubes, with the values
// in testdata/golden.json. After an intended change of the streams or of
// what a router does, regenerate the file with
//
//	go test ./experiments -run TestGolden -update
//
// and review the diff. Without the file the test fails.
func TestGolden(t *testing.T) {
	if *update {
		writeGolden(t)
	}
	text, err := os.ReadFile(goldenFile)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%s is missing: go test ./experiments -run TestGolden -update writes it", goldenFile)
	}
	if err != nil {
		t.Fatal(err)
	}
	var want golden
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("%s: %v", goldenFile, err)
	}
	if len(want.Seeds) == 0 || len(want.Trials) == 0 {
		t.Fatalf("%s pins %d seeds and %d trials", goldenFile, len(want.Seeds), len(want.Trials))
	}
	for _, w := range want.Seeds {
		if got := computeSeed(w); got != w {
			t.Errorf("TrialSeed(%d, %q, %q, %d): s1, s2, draws = %d, %d, %v; golden %d, %d, %v",
				w.Master, w.Experiment, w.Key, w.Trial, got.S1, got.S2, got.Draws, w.S1, w.S2, w.Draws)
		}
	}
	var sim routers.Sim
	pinned := make(map[string]bool)
	dropped := false
	for _, w := range want.Trials {
		c, err := configOf(w.Config)
		if err != nil {
			t.Fatalf("%s: %v: %v", goldenFile, w.Config, err)
		}
		got, err := computeTrial(&sim, c, w.Trial)
		if err != nil {
			t.Fatalf("%v trial %d: %v", w.Config, w.Trial, err)
		}
		if g, e := describe(got), describe(w); g != e {
			t.Errorf("%v trial %d:\n got    %s\n golden %s", w.Config, w.Trial, g, e)
		}
		pinned[fmt.Sprint(w.Config)] = true
		dropped = dropped || w.Dropped > 0
	}
	for _, c := range goldenConfigs() {
		if !pinned[fmt.Sprint(params(c))] {
			t.Errorf("%v is not pinned in %s: regenerate it with -update", params(c), goldenFile)
		}
	}
	if !dropped {
		t.Errorf("%s pins no trial that loses a packet", goldenFile)
	}
}

// describe is a pinned trial's values as one line.
func describe(g goldenTrial) string {
	mq := "null"
	if g.MaxQueue != nil {
		mq = fmt.Sprint(*g.MaxQueue)
	}
	return fmt.Sprintf("seed=%d T=%d hops=%d max_queue=%s dropped=%d failed_edges=%d arrivals=%s",
		g.Seed, g.T, g.Hops, mq, g.Dropped, g.Failed, g.Arrivals)
}

// writeGolden writes goldenFile from the code under test.
func writeGolden(t *testing.T) {
	var g golden
	for _, s := range goldenSeedCases {
		g.Seeds = append(g.Seeds, computeSeed(s))
	}
	var sim routers.Sim
	for _, c := range goldenConfigs() {
		for trial := range goldenTrials {
			tr, err := computeTrial(&sim, c, trial)
			if err != nil {
				t.Fatalf("%v trial %d: %v", params(c), trial, err)
			}
			g.Trials = append(g.Trials, tr)
		}
	}
	// One entry per line, so that a diff shows which trials changed.
	seeds, err := appendList([]byte("{\n"), "seeds", g.Seeds)
	if err != nil {
		t.Fatal(err)
	}
	text, err := appendList(append(seeds, ",\n"...), "trials", g.Trials)
	if err != nil {
		t.Fatal(err)
	}
	text = append(text, "\n}\n"...)
	if err := os.MkdirAll(filepath.Dir(goldenFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goldenFile, text, 0o644); err != nil {
		t.Fatal(err)
	}
}

// appendList appends "name": [ and the entries of list as JSON, one per
// line, and ].
func appendList[T any](b []byte, name string, list []T) ([]byte, error) {
	b = fmt.Appendf(b, "  %q: [", name)
	for i, v := range list {
		line, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "\n    %s", line)
	}
	return append(b, "\n  ]"...), nil
}

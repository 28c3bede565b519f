package routers

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/ascend"
	"github.com/hyperroute/hyperroute/engine"
)

// TestBitonicFaultySupports checks what bitonic refuses on a faulty cube
// and off it.
func TestBitonicFaultySupports(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Q: 0.05, Detours: "none"}, "needs detours ("},
		{Config{Q: 0.05, Detours: "heuristic"}, ""},
		{Config{K: 3, Detours: "optimal", Port: AllPort}, ""},
		{Config{Port: AllPort, Detours: "none"}, "port=all only with failed edges"},
	} {
		c.cfg.Router, c.cfg.N, c.cfg.Pattern, c.cfg.Mu = "bitonic", 4, "random", 1
		err := c.cfg.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v, want it supported", c.cfg, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: error %v, want %q", c.cfg, err, c.want)
		}
	}
}

// TestBitonicFaulty sorts random permutations on random faulty cubes with
// every detour strategy, single- and all-port, through Sim as the
// experiments do, and checks the result against the law of the ascend
// package: all-port T = Σ_d (n−d+1)·τ_d and max_step = γ + 2 exactly when
// an edge failed; single-port the steps of ascend.SinglePortStepTimes, and
// over_steps the steps above γ + 2. Route itself fails unless the output
// is sorted.
func TestBitonicFaulty(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	var sim Sim
	routed := 0
	for n := 3; n <= 7; n++ {
		for _, strategy := range []string{"heuristic", "optimal", "random"} {
			for _, port := range []Port{SinglePort, AllPort} {
				for _, q := range []float64{0.02, 0.1} {
					c := Config{Router: "bitonic", N: n, Pattern: "random", Mu: 1, Q: q, Detours: strategy, Port: port}
					if err := c.Validate(); err != nil {
						t.Fatal(err)
					}
					for range 20 {
						res, err := sim.Trial(c, rng)
						if err != nil {
							t.Fatalf("%+v: %v", c, err)
						}
						gamma, ok := res.Measured(measureIndex("gamma"))
						if !ok {
							continue // no complete detour system: not routed
						}
						routed++
						checkFaultySort(t, c, &sim.Drawn, res, int(gamma))
					}
				}
			}
		}
	}
	if routed < 1000 {
		t.Fatalf("only %d of 1200 trials routed", routed)
	}
}

func checkFaultySort(t *testing.T, c Config, d *Drawn, res *Result, gamma int) {
	t.Helper()
	n := c.N
	if _, g := d.System.Gamma(); g != gamma {
		t.Fatalf("%+v: gamma measured %d, the system's is %d", c, gamma, g)
	}
	maxStep, ok := res.Measured(measureIndex("max_step"))
	if !ok {
		t.Fatalf("%+v: no max_step", c)
	}
	law, wantMax := ascend.SortTime(d.System), gamma+2
	if d.Faults.Count() == 0 {
		wantMax = 1
	}
	steps := n * (n + 1) / 2
	over, ok := res.Measured(measureIndex("over_steps"))
	if !ok {
		t.Fatalf("%+v: no over_steps", c)
	}
	var singleT, singleMax, singleOver int
	for _, st := range ascend.SinglePortStepTimes(ascend.NewSort(n, d.Req.Dst), d.System) {
		singleT, singleMax = singleT+int(st), max(singleMax, int(st))
		if int(st) > gamma+2 {
			singleOver++
		}
	}
	switch {
	case res.Dropped != 0 || res.Held != 0:
		t.Fatalf("%+v: %d dropped, %d held", c, res.Dropped, res.Held)
	case c.Port == AllPort && (res.T != law || int(maxStep) != wantMax):
		t.Fatalf("%+v: T = %d, max_step = %v; the law says %d and %d", c, res.T, maxStep, law, wantMax)
	case c.Port == AllPort && res.T > (gamma+2)*steps:
		t.Fatalf("%+v: T = %d > (γ+2)·n(n+1)/2 = %d", c, res.T, (gamma+2)*steps)
	case c.Port == AllPort && over != 0:
		t.Fatalf("%+v: all-port, %v steps above γ + 2", c, over)
	case c.Port == SinglePort && (res.T != singleT || int(maxStep) != singleMax || int(over) != singleOver):
		t.Fatalf("%+v: single-port T = %d, max_step = %v, over_steps = %v; the law says %d, %d, %d", c, res.T, maxStep, over, singleT, singleMax, singleOver)
	}
}

// TestBitonicFaultyLaw checks the trials that take their cost from the law
// against the run on the engine (simulateFaulty, which also checks that the
// output is sorted): the same T, hops, longest queue, sends per priority
// and measures, on random faulty cubes of Q_3 … Q_11, every detour
// strategy, single- and all-port, q from 0.005 to 0.15.
func TestBitonicFaultyLaw(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	var sim Sim
	var eng engine.Engine
	var ref bitonic
	compared := 0
	for n := 3; n <= 11; n++ {
		for _, strategy := range []string{"heuristic", "optimal", "random"} {
			for _, port := range []Port{SinglePort, AllPort} {
				for _, q := range []float64{0.005, 0.03, 0.15} {
					c := Config{Router: "bitonic", N: n, Pattern: "random", Mu: 1, Q: q, Detours: strategy, Port: port}
					for range max(2, 24>>max(0, n-6)) {
						res, err := sim.Trial(c, rng)
						if err != nil {
							t.Fatalf("%+v: %v", c, err)
						}
						if !res.Routed() {
							continue
						}
						compared++
						eng.Discipline, eng.Record = c.Queue, c.Record
						want, err := ref.simulateFaulty(&eng, &sim.Drawn, c)
						if err != nil {
							t.Fatalf("%+v: %v", c, err)
						}
						sameResult(t, c, res, want)
					}
				}
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d trials routed", compared)
	}
}

// sameResult fails unless got and want have the same summary and measures
// as far as both report them.
func sameResult(t *testing.T, c Config, got, want *Result) {
	t.Helper()
	g, w := got.Result, want.Result
	if g.T != w.T || g.Hops != w.Hops || g.MaxQueue != w.MaxQueue || g.Dropped != w.Dropped || g.Held != w.Held ||
		!slices.Equal(g.PrioLoads, w.PrioLoads) {
		t.Fatalf("%+v: T %d, hops %d, queue %d, dropped %d, held %d, loads %v; the run: %d, %d, %d, %d, %d, %v",
			c, g.T, g.Hops, g.MaxQueue, g.Dropped, g.Held, g.PrioLoads, w.T, w.Hops, w.MaxQueue, w.Dropped, w.Held, w.PrioLoads)
	}
	for i, m := range Measures {
		gv, gok := got.Measured(i)
		if wv, wok := want.Measured(i); wok && (!gok || gv != wv) {
			t.Fatalf("%+v: %s = %v (%v); the run: %v", c, m.Name, gv, gok, wv)
		}
	}
}

// measureIndex is the index of the measure named name in Measures.
func measureIndex(name string) int {
	return slices.IndexFunc(Measures, func(m Measure) bool { return m.Name == name })
}

// TestBitonicFaultyPackets checks the per-packet records of a sort over
// detours against the intact sort of the same request: the items move in
// the same steps whatever the faults, so the hops agree, and an item that
// last moved in intact step a arrives at the end of faulty step a.
func TestBitonicFaultyPackets(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 3))
	var sim Sim
	for _, q := range []float64{0.001, 0.05} {
		c := Config{Router: "bitonic", N: 5, Pattern: "random", Mu: 1, Q: q, Detours: "optimal", Port: AllPort,
			Record: engine.Record{Packets: true}}
		for range 20 {
			res, err := sim.Trial(c, rng)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := res.Measured(measureIndex("gamma")); !ok {
				continue
			}
			intact, err := Bitonic(&sim.Req, engine.Record{Packets: true})
			if err != nil {
				t.Fatal(err)
			}
			ends := []int32{0}
			for _, st := range ascend.StepTimes(ascend.NewSort(c.N, sim.Req.Dst), sim.System) {
				ends = append(ends, ends[len(ends)-1]+st)
			}
			for item := range intact.Arrival {
				if res.PacketHops[item] != intact.PacketHops[item] || res.Arrival[item] != ends[intact.Arrival[item]] {
					t.Fatalf("q=%v item %d: arrival %d after %d hops; intact %d after %d, steps end at %v",
						q, item, res.Arrival[item], res.PacketHops[item], intact.Arrival[item], intact.PacketHops[item], ends)
				}
			}
		}
	}
}

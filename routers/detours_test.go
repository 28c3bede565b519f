package routers

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// withDetours lets the router named name route over detours for the test.
func withDetours(t *testing.T, name string) {
	k, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	was := k.Detours
	k.Detours = true
	t.Cleanup(func() { k.Detours = was })
}

func TestDetoursValidate(t *testing.T) {
	withDetours(t, "valiant")
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Router: "valiant", N: 4, Mu: 1, Pattern: "random", Detours: "optimal"}, "needs failed edges"},
		{Config{Router: "disjoint", N: 4, Mu: 1, Pattern: "random", Q: 0.1, Detours: "optimal"}, "does not route over detours"},
		{Config{Router: "valiant", N: 4, Mu: 1, Pattern: "random", Q: 0.1, Detours: "best"}, "unknown detour strategy"},
		{Config{Router: "valiant", N: 4, Mu: 1, Pattern: "random", Q: 0.1, Detours: "optimal", Record: engine.Record{Packets: true}}, "trials table only"},
		{Config{Router: "valiant", N: 4, Mu: 1, Pattern: "random", Q: 0.1, Detours: "optimal"}, ""},
		{Config{Router: "ecube", N: 4, Mu: 1, Pattern: "random", Q: 0.1, DrawOnly: true}, "draw only: measures the detour system, needs detours"},
		{Config{Router: "ecube", N: 4, Mu: 1, Pattern: "random", Q: 0.1, Detours: "random", DrawOnly: true}, ""},
	} {
		err := c.cfg.Validate()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
}

// TestTrialOverDetours routes Valiant (let route over detours) on dense
// faults of Q_4: a trial whose system is complete is routed and reports
// its γ, one without is not routed, and no_detour says whether some
// failed edge has no intact detour at all.
func TestTrialOverDetours(t *testing.T) {
	withDetours(t, "valiant")
	var sim Sim
	rng := rand.New(rand.NewPCG(8, 9))
	seen := map[[2]bool]int{}
	for _, strategy := range []string{"heuristic", "optimal", "random"} {
		c := Config{Router: "valiant", N: 4, Mu: 1, Pattern: "random", Q: 0.25, Detours: strategy}
		for range 200 {
			res, err := sim.Trial(c, rng)
			if err != nil {
				t.Fatal(err)
			}
			ok, _ := measured(res, "ok")
			noDetour, _ := measured(res, "no_detour")
			gamma, hasGamma := measured(res, "gamma")
			seen[[2]bool{ok == 1, noDetour == 1}]++
			if ok == 1 != sim.Complete || noDetour == 1 != (sim.Faults.Stranded() > 0) || hasGamma != sim.Complete {
				t.Fatalf("%s: ok %v, no_detour %v, γ %v; complete %v, stranded %d", strategy, ok, noDetour, gamma, sim.Complete, sim.Faults.Stranded())
			}
			if !sim.Complete {
				if res.T != 0 || res.Hops != 0 {
					t.Fatalf("%s: an incomplete system routed: T = %d, hops %d", strategy, res.T, res.Hops)
				}
				continue
			}
			if _, g := sim.System.Gamma(); float64(g) != gamma || sim.System.Check(g) != nil || res.Hops == 0 {
				t.Fatalf("%s: γ %v, system's %d, hops %d", strategy, gamma, g, res.Hops)
			}
		}
	}
	for _, k := range [][2]bool{{true, false}, {false, true}, {false, false}} {
		if seen[k] == 0 {
			t.Errorf("no trial with ok, no_detour = %v (seen %v)", k, seen)
		}
	}
}

// TestDrawOnly: a draw-only trial reports the measures of the system it
// draws, the same as a routed trial of the same stream, and routes
// nothing, also on a router that does not route over detours (validated
// before e-cube is let route over them).
func TestDrawOnly(t *testing.T) {
	strategies := []string{"heuristic", "optimal", "random"}
	for _, strategy := range strategies {
		d := Config{Router: "ecube", N: 5, Mu: 1, Pattern: "random", Q: 0.15, Detours: strategy, DrawOnly: true}
		if err := d.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	withDetours(t, "ecube")
	var routed, drawn Sim
	for _, strategy := range strategies {
		c := Config{Router: "ecube", N: 5, Mu: 1, Pattern: "random", Q: 0.15, Detours: strategy}
		d := c
		d.DrawOnly = true
		for i := range uint64(100) {
			want, err := routed.Trial(c, rand.New(rand.NewPCG(i, 3)))
			if err != nil {
				t.Fatal(err)
			}
			got, err := drawn.Trial(d, rand.New(rand.NewPCG(i, 3)))
			if err != nil {
				t.Fatal(err)
			}
			if got.T != 0 || got.Hops != 0 {
				t.Fatalf("%s: a draw-only trial routed: T = %d, hops %d", strategy, got.T, got.Hops)
			}
			for _, m := range []string{"no_detour", "ok", "gamma"} {
				w, wok := measured(want, m)
				g, gok := measured(got, m)
				if wok != gok || wok && w != g {
					t.Fatalf("%s, trial %d: %s = %v (%v), routed %v (%v)", strategy, i, m, g, gok, w, wok)
				}
			}
		}
	}
}

// TestDetoursPaired: configurations that differ only in the detour
// strategy draw the same request, faults and intermediates.
func TestDetoursPaired(t *testing.T) {
	withDetours(t, "valiant")
	var first Sim
	for i, strategy := range []string{"none", "heuristic", "optimal", "random"} {
		c := Config{Router: "valiant", N: 6, Mu: 1, Pattern: "random", Q: 0.05, Detours: strategy}
		var s Sim
		if err := s.Draw(c, rand.New(rand.NewPCG(1, 1))); err != nil {
			t.Fatal(err)
		}
		if (s.System != nil) != (strategy != "none") {
			t.Errorf("%s: system %v", strategy, s.System)
		}
		if i == 0 {
			first = s
			continue
		}
		if !slices.Equal(s.Req.Dst, first.Req.Dst) || s.Faults.Digest() != first.Faults.Digest() || !slices.Equal(s.Via, first.Via) {
			t.Errorf("%s: another instance than without detours", strategy)
		}
	}
}

// measured returns the measure named name of res.
func measured(res *Result, name string) (float64, bool) {
	return res.Measured(slices.IndexFunc(Measures, func(m Measure) bool { return m.Name == name }))
}

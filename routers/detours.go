package routers

import (
	"math/rand/v2"
	"slices"

	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

// detourBytes estimates the memory of c's detour system and of its
// strategy's choice (detours.Strategy.Bytes), 0 without detours.
func (c Config) detourBytes() int64 {
	s, err := detours.Lookup(c.Detours)
	if !c.HasDetours() || err != nil {
		return 0
	}
	return s.Bytes(c.N, faults.Share(c.N, c.Q, c.K, c.FaultList))
}

// drawSystem chooses the detour system of c's faulty cube with c's
// strategy, drawing from rng as the strategy does, and sets d.System and
// d.Complete; without detours d.System is nil.
func (d *Drawn) drawSystem(c Config, rng *rand.Rand) error {
	d.System, d.Complete = nil, false
	if !c.HasDetours() {
		return nil
	}
	s, err := detours.Lookup(c.Detours)
	if err != nil {
		return err
	}
	d.system.Reset(&d.Faults)
	d.System, d.gammaKnown = &d.system, false
	d.Complete = s.Choose(d.System, rng)
	return nil
}

// Gamma is the largest middle load γ of d.System, computed once a draw.
func (d *Drawn) Gamma() int {
	if !d.gammaKnown {
		_, d.gamma = d.System.Gamma()
		d.gammaKnown = true
	}
	return d.gamma
}

// routeOverDetours routes the drawn instance if its detour system is
// complete and c is not DrawOnly, and reports the measures no_detour, ok
// and gamma; a trial without a complete system is not routed (T = 0, no
// hops).
func (s *Sim) routeOverDetours(c Config, rng *rand.Rand) (*Result, error) {
	var res *Result
	var err error
	if s.Complete && !c.DrawOnly {
		res, err = s.Route(c, rng)
	} else {
		res, err = newResult(&engine.Result{}, nil)
	}
	if err != nil {
		return nil, err
	}
	res.Set("no_detour", btof(s.Faults.Stranded() > 0))
	res.Set("ok", btof(s.Complete))
	if s.Complete {
		res.Set("gamma", float64(s.Gamma()))
	}
	return res, nil
}

func btof(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Routed reports whether the trial of r was routed: false for a trial over
// detours without a complete detour system.
func (r *Result) Routed() bool {
	v, ok := r.Measured(slices.IndexFunc(Measures, func(m Measure) bool { return m.Name == "ok" }))
	return !ok || v == 1
}

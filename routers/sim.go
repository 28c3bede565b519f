package routers

import (
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// Drawn is what a trial draws: the request, the failed edges, then what its
// router draws.
type Drawn struct {
	Req hypercube.Request
	// Faults holds the failed edges of a configuration with faults.
	Faults faults.Set
	// Via holds Valiant's intermediates, one per packet; empty otherwise.
	Via []uint32
	// System is the detour system of a configuration with detours, chosen
	// last; Complete says that it has a detour for every failed edge. Nil
	// without detours.
	System   *faults.System
	Complete bool
	system   faults.System
	// System's γ, once Gamma has computed it.
	gamma      int
	gammaKnown bool
}

// Sim runs the trials of one worker and reuses its buffers between them.
// A Sim is not safe for concurrent use.
type Sim struct {
	Drawn
	eng       engine.Engine
	instances map[string]Instance
}

// Draw fills the Drawn part of s with a fresh instance of c from rng: the
// request, the failed edges, what c's router draws (Kind.Draw), and the
// detour system. Configurations that differ in router or detour strategy
// draw the same request, faults and (for μ = 1) intermediates.
func (s *Sim) Draw(c Config, rng *rand.Rand) error {
	k, err := Lookup(c.Router)
	if err != nil {
		return err
	}
	if err := s.Req.Fill(c.Pattern, c.N, c.Mu, rng); err != nil {
		return err
	}
	if err := s.drawFaults(c, rng); err != nil {
		return err
	}
	s.Via = s.Via[:0]
	if k.Draw != nil {
		k.Draw(&s.Drawn, c, rng)
	}
	return s.drawSystem(c, rng)
}

// drawFaults draws the failed edges of c's cube, if any.
func (s *Sim) drawFaults(c Config, rng *rand.Rand) error {
	if !c.Faulty() {
		return nil
	}
	return c.draw().Fill(&s.Faults, c.N, rng)
}

// Route routes the drawn instance with c's router, port model and queue
// discipline; rng serves the Random discipline.
func (s *Sim) Route(c Config, rng *rand.Rand) (*Result, error) {
	k, err := Lookup(c.Router)
	if err != nil {
		return nil, err
	}
	inst, ok := s.instances[k.Name]
	if !ok {
		if s.instances == nil {
			s.instances = make(map[string]Instance)
		}
		inst = k.New()
		s.instances[k.Name] = inst
	}
	s.eng.Discipline, s.eng.Record, s.eng.Rand = c.Queue, c.Record, rng
	s.eng.Faults, s.eng.OnFailure = nil, engine.Refuse
	return inst.Route(&s.eng, &s.Drawn, c)
}

// StateBytes is the memory the simulator holds between trials: the engine's
// buffers and the drawn instance.
func (s *Sim) StateBytes() int64 {
	return s.eng.StateBytes() + int64(cap(s.Req.Dst)+cap(s.Via))*4 + s.Faults.Bytes()
}

// Trial draws an instance of c from rng and routes it; with detours, only
// if the detour system is complete; with c.Clockless, by Fates.
func (s *Sim) Trial(c Config, rng *rand.Rand) (*Result, error) {
	if err := s.Draw(c, rng); err != nil {
		return nil, err
	}
	if c.Clockless {
		return Fates(&s.Drawn, c)
	}
	if c.HasDetours() {
		return s.routeOverDetours(c, rng)
	}
	return s.Route(c, rng)
}

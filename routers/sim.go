package routers

import (
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/hypercube"
)

// Sim runs the trials of one worker and reuses its buffers between them.
// A Sim is not safe for concurrent use.
type Sim struct {
	Req hypercube.Request
	// Via holds Valiant's intermediates, one per packet; empty otherwise.
	Via []uint32

	eng Engine
	wp  waypoints
}

// Draw fills Req and Via with a fresh instance of c from rng: first the
// request, then (Valiant) one uniform intermediate per packet.
func (s *Sim) Draw(c Config, rng *rand.Rand) error {
	if err := s.Req.Fill(c.Pattern, c.N, c.Mu, rng); err != nil {
		return err
	}
	s.Via = s.Via[:0]
	if info, _ := Lookup(c.Router); info.Phases == 2 {
		mask := uint32(1)<<c.N - 1
		s.Via = grow(s.Via, s.Req.Packets())
		for i := range s.Via {
			s.Via[i] = rng.Uint32() & mask
		}
	}
	return nil
}

// Route routes the drawn instance with c's router, port model and queue
// discipline; rng serves the Random discipline.
func (s *Sim) Route(c Config, rng *rand.Rand) (*Result, error) {
	info, err := Lookup(c.Router)
	if err != nil {
		return nil, err
	}
	if info.Phases == 0 {
		return Bitonic(&s.Req, c.Record)
	}
	var via []uint32
	if info.Phases == 2 {
		via = s.Via
	}
	s.wp.reset(c.N, c.Port, c.Queue, &s.Req, via)
	s.eng.Discipline, s.eng.Record, s.eng.Rand = c.Queue, c.Record, rng
	return s.eng.Run(&s.wp, c.Prios())
}

// StateBytes is the memory the simulator holds between trials: the engine's
// buffers and the drawn instance.
func (s *Sim) StateBytes() int64 {
	return s.eng.StateBytes() + int64(cap(s.Req.Dst)+cap(s.Via))*4
}

// Trial draws an instance of c from rng and routes it.
func (s *Sim) Trial(c Config, rng *rand.Rand) (*Result, error) {
	if err := s.Draw(c, rng); err != nil {
		return nil, err
	}
	return s.Route(c, rng)
}

package routers

import (
	"math/bits"
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/engine"
)

var ecubeKind = Kind{
	Name:           "ecube",
	Doc:            "greedy e-cube (dimension order) routing, priority = dimension: the oblivious baseline (e-cube legs as in thesis I.3)",
	Ports:          []Port{SinglePort, AllPort},
	Disciplines:    allDisciplines,
	Faults:         true,
	Detours:        true,
	Params:         simParams,
	Check:          checkSimulation,
	Prios:          func(n int) int { return n + 1 },
	DelaySequences: true,
	New:            func() Instance { return new(waypoints) },
}

var valiantKind = Kind{
	Name:           "valiant",
	Doc:            "Valiant two-phase routing via a uniform random intermediate, priorities d and d+n (thesis I.3)",
	Ports:          []Port{SinglePort, AllPort},
	Disciplines:    allDisciplines,
	Faults:         true,
	Detours:        true,
	Params:         simParams,
	Check:          checkSimulation,
	Prios:          func(n int) int { return 2*n + 1 },
	Draws:          "one uniform intermediate per packet",
	Draw:           drawIntermediates,
	DelaySequences: true,
	New:            func() Instance { return new(waypoints) },
}

var allDisciplines = []engine.Discipline{engine.Priority, engine.FIFO, engine.Random, engine.Farthest}

// drawIntermediates draws Valiant's intermediates, one per packet.
func drawIntermediates(d *Drawn, c Config, rng *rand.Rand) {
	mask := uint32(1)<<c.N - 1
	d.Via = grow(d.Via, d.Req.Packets())
	for i := range d.Via {
		d.Via[i] = rng.Uint32() & mask
	}
}

// waypoints routes each packet by e-cube along its legs (engine.Legs): to
// the destination for greedy e-cube (thesis Ch. I.1), to the intermediate
// and then the destination for Valiant's two phases (Ch. I.3). Under the
// delivery rule arrival a packet is done when it arrives; under queue, the
// thesis' formal model of Ch. III.2, it waits at its destination with
// priority 0 and is delivered by a send from the node's queue, which takes
// the node's send of that step (single-port; by the general step).
type waypoints struct {
	engine.Legs
	port  Port
	queue bool       // delivery rule queue
	sim   simulation // on a faulty cube with detours
}

// Route routes the drawn request, through d.Via if it is not empty.
func (w *waypoints) Route(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	w.Legs = engine.Legs{N: c.N, Mu: c.Mu, Dst: d.Req.Dst, AllPort: c.Port == AllPort}
	if len(d.Via) > 0 {
		w.Via, w.Off = d.Via, c.N
	}
	w.port, w.queue = c.Port, delivery.Get(c) == "queue"
	if c.HasDetours() {
		return w.routeSimulated(e, d, c, d.System)
	}
	if c.Faulty() {
		// The routing does not know the faults: a packet sent over a
		// failed edge is lost.
		e.Faults, e.OnFailure = &d.Faults, engine.Lose
	}
	res, err := newResult(e.Run(w, c.Prios()))
	if err != nil {
		return nil, err
	}
	// Every packet is a message of its own, sent once; under the queue
	// rule each delivered one made a send within its destination.
	moved := res.Hops
	if w.queue {
		moved -= int64(len(w.Dst) - res.Dropped)
	}
	res.Set("messages", float64(len(w.Dst)))
	res.Set("lost", float64(res.Dropped))
	res.Set("moved", float64(moved))
	return res, nil
}

// Fused says that the fused step may run w, in either port model, each
// packet done on arrival (under the queue rule a delivery is a send of its
// own: the general step).
func (w *waypoints) Fused() (*engine.Legs, bool) { return &w.Legs, !w.queue }

func (w *waypoints) Packets() int { return len(w.Dst) }

func (w *waypoints) Nodes() int { return 1 << w.N }

// Queues is the port model's: one queue per node, or one per out-link.
func (w *waypoints) Queues() int { return w.port.Queues(w.N) }

func (w *waypoints) Start(first int, batch []engine.Move) {
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = w.First(id)
		w.place(m, w.Src(id))
	}
}

func (w *waypoints) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		if m.Phase == atDst {
			m.To, m.Fate = m.From, engine.Delivered
			continue
		}
		x := m.From ^ m.Via
		w.place(m, m.From^(x&-x))
	}
}

// place puts the packet of m at node at in the queue of its next hop; at
// its destination it is delivered, or under the queue rule waits in the
// node's queue with priority 0 to be delivered by a send.
func (w *waypoints) place(m *engine.Move, at uint32) {
	m.To, m.Fate = at, engine.Waiting
	var d int
	var there bool
	m.Via, m.Phase, m.Prio, d, there = w.Next(at, m.Via, m.Dst, m.Phase)
	switch {
	case there && w.queue:
		m.Phase, m.Prio, m.Queue = atDst, 0, 0
	case there:
		m.Fate = engine.Delivered
	default:
		m.Queue = w.port.Queue(d + 1)
	}
}

// Remain returns the hops packet p, waiting at node at, still has to go.
func (w *waypoints) Remain(p *engine.Packet, at uint32) int {
	return bits.OnesCount32(at^p.Via) + bits.OnesCount32(p.Via^p.Dst)
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

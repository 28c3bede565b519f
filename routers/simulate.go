package routers

import (
	"fmt"
	"math/bits"

	"github.com/hyperroute/hyperroute/confluent"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/param"
)

// simulation runs an intact-cube routing on a faulty cube by a confluent
// detour system, in rounds of d sub-steps [Schömer 1988, Ch. III.2]: the
// routing is e-cube legs (greedy e-cube or Valiant's two phases),
// single-port, under the priority rule, and each hop over an intact edge is
// sent in sub-step 0 of a round, each hop over a failed edge goes over the
// edge's detour in the sub-steps the system gives it. A packet on a detour
// has the priority it will have at the detour's end (its delivery priority
// 0 if that is its destination).
//
// Queues: queue 0 of every node is the intact routing's queue, served in
// sub-step 0 (sub-step t mod d in step t). Node-confluent (Theorem III.1):
// d queues, queue f served in sub-step f, one send per node per step.
// Edge-confluent (Theorem III.2): queue 0 and one queue per out-link and
// sub-step f = 1 … d−1, (d−1)·n + 1 in all, all out-links of a node
// sending in the same sub-step. Detour queues send by priority (the thesis)
// or first in, first out.
//
// Delivery: under the rule queue, the thesis' formal model, a packet at its
// destination waits in queue 0 with priority 0 and is sent from it to
// itself, which takes its node's send of that step; under arrival it is done
// when it arrives.
//
// Lockstep: a packet keeps its intact schedule if every send it makes from
// queue 0 on the faulty cube happens in step d·t for the step t of its
// intact send and it arrives in (d·(a−1), d·a] for its intact arrival a.
// Then 𝒯 lies in (d·(T−1), d·T]; under the queue rule 𝒯 = d·(T−1) + 1.
//
// What the harness verified about 𝒯 against the thesis' d·T, and where
// lockstep breaks, is in docs/model.md, "Simulating the intact cube".
type simulation struct {
	engine.Legs
	sys   *confluent.System // nil: the intact cube
	edge  bool              // the queues of Theorem III.2
	queue bool              // delivery rule queue
	fifo  bool              // detour queues first in, first out
	d     int               // sub-steps per round (1 on the intact cube)
	on    []int32           // per packet: the detour it is on, −1 if none
	next  []uint8           // per packet: its next hop on that detour

	// The intact schedule, recorded on the intact cube and checked on the
	// faulty one: packet id's sends from queue 0 are plan[off[id]:off[id+1]],
	// sent counts those made so far, arrival its arrival time.
	off, plan, sent, arrival []int32
	// broken is the first packet that left its schedule and the step, −1
	// if none.
	broken, brokenAt int32
	// left is per packet the queue its last send left from, and unserved
	// counts the sends from a queue not served in their sub-step: the
	// queues only gain packets between their sub-steps (the relations
	// after the thesis' Lemma III.1 in III.2) if it stays 0.
	left     []uint16
	unserved int
}

// atDst marks a packet that waits at its destination to be delivered
// (Packet.Phase, delivery rule queue).
const atDst = 2

// simulated is the outcome of a simulation: the faulty run's result, the
// intact run's time, the dilation and whether every packet kept its intact
// schedule.
type simulated struct {
	res      *engine.Result
	tIntact  int
	d        int
	lockstep bool
	// broken is the first packet that left its intact schedule and the
	// step, −1 if none.
	broken, brokenAt int32
	// monotone: every send came from a queue served in its sub-step.
	monotone bool
}

// simulate routes legs first on the intact cube, then on the faulty cube
// y.Faults with the confluent system built from the complete detour system
// y (edge- or node-confluent), e's recording applying to the faulty run.
func (s *simulation) simulate(e *engine.Engine, legs engine.Legs, y *faults.System, edge, queue, fifo bool, prios int) (*simulated, error) {
	build, check := confluent.Node, (*confluent.System).NodeConfluent
	if edge {
		build, check = confluent.Edge, (*confluent.System).EdgeConfluent
	}
	sys, err := build(y)
	if err == nil {
		err = sys.Check()
	}
	if err == nil {
		err = check(sys)
	}
	if err != nil {
		return nil, err
	}
	s.Legs, s.edge, s.queue, s.fifo = legs, edge, queue, fifo
	s.plan = s.schedule()
	rec := e.Record
	s.sys, s.d = nil, 1
	e.Faults, e.Record = nil, engine.Record{}
	// On the intact cube every step serves the one queue: the engine's
	// step for one queue without a schedule.
	intact, err := e.Run(s, prios)
	e.Record = rec
	if err != nil {
		return nil, err
	}
	s.sys, s.d = sys, sys.D
	e.Faults, e.OnFailure = y.Faults, engine.Refuse
	var faulty engine.Router = scheduled{s}
	if fifo {
		faulty = scheduledFIFO{scheduled{s}}
	}
	res, err := e.Run(faulty, prios)
	if err != nil {
		return nil, fmt.Errorf("%w (%s, %v)", err, s.model(), y.Faults)
	}
	return &simulated{res, intact.T, sys.D, s.broken < 0, s.broken, s.brokenAt, s.unserved == 0}, nil
}

// model names the simulation's model for messages.
func (s *simulation) model() string {
	c, d, q := "node", "arrival", "priority"
	if s.edge {
		c = "edge"
	}
	if s.queue {
		d = "queue"
	}
	if s.fifo {
		q = "fifo"
	}
	return fmt.Sprintf("confluent=%s delivery=%s detour-queue=%s d=%d", c, d, q, s.d)
}

// schedule sizes the per-packet state and returns plan with room for every
// packet's sends from queue 0: its route, and its delivery under the queue
// rule.
func (s *simulation) schedule() []int32 {
	np := len(s.Dst)
	s.off = grow(s.off, np+1)
	s.off[0] = 0
	for id := range np {
		via, dst, _ := s.First(id)
		src := s.Src(id)
		k := bits.OnesCount32(src^via) + bits.OnesCount32(via^dst)
		if s.queue {
			k++
		}
		s.off[id+1] = s.off[id] + int32(k)
	}
	s.sent, s.arrival = grow(s.sent, np), grow(s.arrival, np)
	s.on, s.next, s.left = grow(s.on, np), grow(s.next, np), grow(s.left, np)
	return grow(s.plan, int(s.off[np]))
}

func (s *simulation) Packets() int { return len(s.Dst) }

func (s *simulation) Nodes() int { return 1 << s.N }

// Queues is 1 on the intact cube, d for a node-confluent system and
// (d−1)·n + 1 for an edge-confluent one.
func (s *simulation) Queues() int {
	switch {
	case s.sys == nil:
		return 1
	case s.edge:
		return (s.d-1)*s.N + 1
	}
	return s.d
}

// scheduled is the simulation on the faulty cube, its queues served by
// sub-step (engine.Scheduler).
type scheduled struct{ *simulation }

// Serving serves the queues of sub-step t mod d.
func (s scheduled) Serving(t int32) (lo, hi int) { return s.serving(t) }

// scheduledFIFO is scheduled with detour queues first in, first out
// (engine.FIFOQueues).
type scheduledFIFO struct{ scheduled }

// FIFO says which queues send first in, first out: the detour queues.
func (s scheduledFIFO) FIFO(q uint16) bool { return q != 0 }

// serving returns the queues of sub-step t mod d: queue 0 in sub-step 0;
// queue f (node-confluent) or the out-link queues of f (edge-confluent) in
// sub-step f.
func (s *simulation) serving(t int32) (lo, hi int) {
	f := int(t) % s.d
	switch {
	case f == 0:
		return 0, 1
	case s.edge:
		return 1 + (f-1)*s.N, 1 + f*s.N
	}
	return f, f + 1
}

// queueOf is the queue from which hop h of a detour leaves.
func (s *simulation) queueOf(h confluent.Hop) uint16 {
	if s.edge {
		return uint16(1 + (int(h.Slot)-1)*s.N + int(h.Dim) - 1)
	}
	return uint16(h.Slot)
}

func (s *simulation) Start(first int, batch []engine.Move) {
	if first == 0 {
		clear(s.sent)
		s.broken, s.brokenAt, s.unserved = -1, -1, 0
	}
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = s.First(id)
		s.on[id] = -1
		s.place(m, s.Src(id))
	}
}

func (s *simulation) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		id := m.ID
		s.left[id] = m.Queue
		if k := s.on[id]; k >= 0 {
			u := &s.sys.Detours[k]
			h := u.Hops[s.next[id]]
			if s.next[id] == 2 {
				s.on[id] = -1
				s.place(m, h.To())
				continue
			}
			s.next[id]++
			m.To, m.Fate, m.Queue = h.To(), engine.Waiting, s.queueOf(u.Hops[s.next[id]])
			continue
		}
		if m.Phase == atDst {
			m.To, m.Fate = m.From, engine.Delivered
			continue
		}
		x := m.From ^ m.Via
		w := m.From ^ x&-x
		if dim := bits.TrailingZeros32(x) + 1; s.sys != nil && s.sys.Faults.FailedDim(m.From, dim) {
			k, _ := s.sys.Lookup(m.From, dim)
			u := &s.sys.Detours[k]
			s.on[id], s.next[id] = int32(k), 1
			m.To, m.Fate, m.Queue = u.Hops[0].To(), engine.Waiting, s.queueOf(u.Hops[1])
			m.Prio = s.prioAt(m, w)
			continue
		}
		s.place(m, w)
	}
}

// place puts the packet of m at node at in queue 0 with its priority
// there, or delivers it.
func (s *simulation) place(m *engine.Move, at uint32) {
	m.To, m.Fate, m.Queue = at, engine.Waiting, 0
	var there bool
	m.Via, m.Phase, m.Prio, _, there = s.Next(at, m.Via, m.Dst, m.Phase)
	switch {
	case there && s.queue:
		m.Phase, m.Prio = atDst, 0
	case there:
		m.Fate = engine.Delivered
	}
}

// prioAt is the priority the packet of m will have at node w, 0 if w is its
// destination.
func (s *simulation) prioAt(m *engine.Move, w uint32) uint8 {
	_, _, prio, _, there := s.Next(w, m.Via, m.Dst, m.Phase)
	if there {
		return 0
	}
	return prio
}

// Settled records the intact schedule on the intact cube and checks it on
// the faulty one.
func (s *simulation) Settled(t int32, moves []engine.Move, out []engine.Move) []engine.Move {
	main := int(t)%s.d == 0
	lo, hi := s.serving(t)
	for i := range moves {
		m := &moves[i]
		id := m.ID
		if q := int(s.left[id]); q < lo || q >= hi {
			s.unserved++
		}
		if main {
			k := s.off[id] + s.sent[id]
			switch {
			case s.sys == nil:
				s.plan[k] = t
			case k >= s.off[id+1] || s.plan[k]*int32(s.d) != t:
				s.breaks(id, t)
			}
			s.sent[id]++
		}
		if m.Fate == engine.Delivered {
			switch a := s.arrival[id]; {
			case s.sys == nil:
				s.arrival[id] = t + 1
			case t+1 <= int32(s.d)*(a-1) || t+1 > int32(s.d)*a:
				s.breaks(id, t)
			}
		}
	}
	return out
}

// breaks notes that packet id left its intact schedule in step t.
func (s *simulation) breaks(id uint32, t int32) {
	if s.broken < 0 {
		s.broken, s.brokenAt = int32(id), t
	}
}

// The parameters of e-cube and Valiant routing: the delivery rule (arrival,
// the default: done on arrival, as in Chapter I; queue: sent from the
// destination's queue, the thesis' formal model of Ch. III.2) on any cube,
// and over detours the confluent system (edge or node) and the discipline
// of the detour queues (priority or fifo).
var (
	confluentSystem = Own(param.Param{Name: "confluent", Doc: "confluent detour system simulating the intact cube (edge: Theorem III.2, node: III.1)", Type: Name, Default: "edge", Names: func() []string { return []string{"edge", "node"} }})
	delivery        = Own(param.Param{Name: "delivery", Doc: "delivery at the destination (arrival: done on arrival, as Ch. I; queue: sent from its queue, as the formal model of Ch. III.2; single-port)", Type: Name, Default: "arrival", Names: func() []string { return []string{"arrival", "queue"} }})
	detourQueue     = Own(param.Param{Name: "detour-queue", Doc: "discipline of the detour queues (priority at the detour's end, as the thesis, or fifo)", Type: Name, Default: "priority", Names: func() []string { return []string{"priority", "fifo"} }})
	simParams       = []*Param{confluentSystem, delivery, detourQueue}
)

func init() {
	confluentSystem.Used, detourQueue.Used = Config.HasDetours, Config.HasDetours
}

// DeliveryRule is the delivery rule of c: arrival or queue.
func DeliveryRule(c Config) string { return delivery.Get(c) }

// checkSimulation rejects the simulation's parameters without detours, the
// queue rule under the all-port model (a delivery is the node's one send of
// a step), and detours under another port model or queue discipline than
// the intact routing's of Ch. III.2: single-port, priority.
func checkSimulation(c Config) error {
	if delivery.Get(c) == "queue" && c.Port != SinglePort {
		return fmt.Errorf("delivery=queue delivers a packet by its node's one send of a step: single-port only, not port=%v", c.Port)
	}
	if !c.HasDetours() {
		for _, p := range []*Param{confluentSystem, detourQueue} {
			if v := p.Get(c); v != p.Default {
				return fmt.Errorf("%s=%s needs detours (a detour strategy and failed edges)", p.Name, v)
			}
		}
		return nil
	}
	if c.Port != SinglePort || c.Queue != engine.Priority {
		return fmt.Errorf("%s over detours simulates the single-port priority routing of the intact cube, not port=%v, queue=%v", c.Router, c.Port, c.Queue)
	}
	return nil
}

// routeSimulated routes the drawn instance of c on its faulty cube by the
// complete detour system y, simulating the intact cube, and reports the
// simulation's measures.
func (w *waypoints) routeSimulated(e *engine.Engine, d *Drawn, c Config, y *faults.System) (*Result, error) {
	legs := engine.Legs{N: c.N, Mu: c.Mu, Dst: d.Req.Dst}
	if len(d.Via) > 0 {
		legs.Via, legs.Off = d.Via, c.N
	}
	queue := delivery.Get(c) == "queue"
	out, err := w.sim.simulate(e, legs, y, confluentSystem.Get(c) == "edge", queue, detourQueue.Get(c) == "fifo", c.Prios())
	if err != nil {
		return nil, err
	}
	res, _ := newResult(out.res, nil)
	moved := res.Hops // the deliveries under the queue rule stay in their node
	if queue {
		moved -= int64(len(legs.Dst))
	}
	res.Set("messages", float64(len(legs.Dst)))
	res.Set("lost", 0)
	res.Set("moved", float64(moved))
	res.Set("T_intact", float64(out.tIntact))
	res.Set("d", float64(out.d))
	res.Set("lockstep", float64(btoi(out.lockstep)))
	res.Set("monotone", float64(btoi(out.monotone)))
	res.Set("excess", float64(res.T-out.d*out.tIntact))
	return res, nil
}

package messages

import (
	"fmt"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/topology"
)

// Runner runs programs on the engine, an engine.Router and Reactor, and
// reuses its buffers from run to run.
type Runner struct {
	prog   Program
	remain Remainer // prog, if it counts the hops to go itself
	obs    Observer
	net    topology.Network
	single bool
	// waiting counts per message the messages still to arrive before it
	// leaves, and waiters lists per message the messages waiting for it;
	// both empty when no message waits for another.
	waiting []int32
	waiters csr
	// With rounds: left counts per round the messages still to arrive,
	// open is the first round with some left, and the messages of round
	// r are the ids first[r] … first[r+1]−1 when the rounds ascend with
	// the ids (contiguous), else byRound.at(r).
	rounds     bool
	contiguous bool
	left       []int32
	open       int32
	first      []int32
	byRound    csr
}

// Run runs p on e under the port model, telling o what happens, and
// returns the engine's result. Messages that never leave (a message
// waiting for one that never arrives) are the result's Held.
func (r *Runner) Run(e *engine.Engine, p Program, o Observer, port Port) (*engine.Result, error) {
	if p.Messages() > 1<<31-1 {
		return nil, fmt.Errorf("messages: %d messages are more than 2^31", p.Messages())
	}
	r.prog, r.obs, r.net, r.single = p, o, p.Net(), port == SinglePort
	r.remain, _ = p.(Remainer)
	if err := r.dependencies(); err != nil {
		return nil, err
	}
	if err := r.countRounds(); err != nil {
		return nil, err
	}
	return e.Run(r, p.Prios())
}

// dependencies fills waiting and waiters from the program's After lists.
func (r *Runner) dependencies() error {
	n := r.prog.Messages()
	r.waiting = r.waiting[:0]
	deps := 0
	for id := range int32(n) {
		for _, a := range r.prog.After(id) {
			if a < 0 || a >= int32(n) || a == id {
				return fmt.Errorf("messages: message %d waits for message %d, not another message", id, a)
			}
		}
		deps += len(r.prog.After(id))
	}
	if deps == 0 {
		return nil
	}
	r.waiting = grow(r.waiting, n)
	r.waiters.reset(n)
	for id := range int32(n) {
		after := r.prog.After(id)
		r.waiting[id] = int32(len(after))
		for _, a := range after {
			r.waiters.off[a+1]++
		}
	}
	r.waiters.fill(func(yield func(list, id int32)) {
		for id := range int32(n) {
			for _, a := range r.prog.After(id) {
				yield(a, id)
			}
		}
	})
	return nil
}

// countRounds counts the messages of each round and finds them.
func (r *Runner) countRounds() error {
	n := int32(r.prog.Messages())
	r.left, r.first = r.left[:0], r.first[:0]
	r.contiguous = true
	none, prev := int32(-1), int32(0)
	for id := range n {
		if _, ok := r.prog.Source(id); !ok {
			continue
		}
		rd := r.prog.Round(id)
		if rd < 1 {
			none = id
			continue
		}
		r.contiguous = r.contiguous && rd >= prev
		for int32(len(r.left)) <= rd {
			r.left = append(r.left, 0)
			r.first = append(r.first, id)
		}
		r.left[rd]++
		prev = rd
	}
	if r.rounds = len(r.left) > 0; !r.rounds {
		return nil
	}
	if none >= 0 {
		return fmt.Errorf("messages: message %d has no round, others have", none)
	}
	rounds := int32(len(r.left) - 1)
	r.left = append(r.left, 0)
	r.first = append(r.first, n, n)
	if !r.contiguous {
		r.byRound.reset(int(rounds) + 1)
		copy(r.byRound.off[1:], r.left[:rounds+1])
		r.byRound.fill(func(yield func(list, id int32)) {
			for id := range n {
				if _, ok := r.prog.Source(id); ok {
					yield(r.prog.Round(id), id)
				}
			}
		})
	}
	r.open = 1
	r.advance(-1, nil)
	return nil
}

func (r *Runner) Packets() int { return r.prog.Messages() }
func (r *Runner) Nodes() int   { return r.net.P }

// Queues is one per node single-port, else one per port.
func (r *Runner) Queues() int {
	if r.single {
		return 1
	}
	return r.net.Ports()
}

// Start puts the messages that may leave at their sources and holds the
// others.
func (r *Runner) Start(first int, batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		id := int32(first + i)
		src, ok := r.prog.Source(id)
		*m = engine.Move{Packet: engine.Packet{ID: uint32(id)}, To: src}
		switch {
		case !ok:
			m.Fate = engine.Delivered
		case r.held(id):
			m.Fate = engine.Held
		default:
			r.ready(m)
		}
	}
}

// held reports whether message id waits for messages or for its round.
func (r *Runner) held(id int32) bool {
	return len(r.waiting) > 0 && r.waiting[id] > 0 || r.rounds && r.prog.Round(id) > r.open
}

// ready puts the message of m at its source, waiting for its first hop.
func (r *Runner) ready(m *engine.Move) {
	m.Fate, m.Via, m.Prio = engine.Waiting, 0, r.prog.Prio(int32(m.ID))
	r.next(m)
}

// next notes in m the node of its next hop (Dst), whether it is the last
// (Phase 1) and the queue to wait in for it.
func (r *Runner) next(m *engine.Move) {
	next, last := r.prog.Hop(int32(m.ID), int(m.Via)+1)
	m.Dst, m.Phase = next, 0
	if last {
		m.Phase = 1
	}
	m.Queue = r.queue(m.To, next)
}

// queue returns the queue a message at node at waits in to go to next.
func (r *Runner) queue(at, next uint32) uint16 {
	if r.single {
		return 0
	}
	return uint16(r.net.Port(at, next))
}

// Remain returns the hops message p has still to go, counted along its
// route: the engine's Farthest discipline sends the message with the most
// first (ascend's single-port schedule).
func (r *Runner) Remain(p *engine.Packet, _ uint32) int {
	if r.remain != nil {
		return r.remain.Remain(int32(p.ID), int(p.Via))
	}
	k := int(p.Via) + 1
	for _, last := r.prog.Hop(int32(p.ID), k); !last; _, last = r.prog.Hop(int32(p.ID), k) {
		k++
	}
	return k - int(p.Via)
}

// Send moves each message one hop along its route; Via counts the hops
// taken.
func (r *Runner) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		m.To = m.Dst
		m.Via++
		if m.Phase == 1 {
			m.Fate = engine.Delivered
			continue
		}
		m.Fate = engine.Waiting
		r.next(m)
	}
}

// Settled tells the observer the hops of step t and starts the messages
// whose inputs and round have arrived.
func (r *Runner) Settled(t int32, moves []engine.Move, out []engine.Move) []engine.Move {
	for i := range moves {
		m := &moves[i]
		id := int32(m.ID)
		last := m.Fate == engine.Delivered
		r.obs.Moved(t, id, int(m.Via), m.To, last)
		if !last {
			continue
		}
		if len(r.waiting) > 0 {
			for _, w := range r.waiters.at(id) {
				if r.waiting[w]--; r.waiting[w] == 0 && !r.held(w) {
					src, _ := r.prog.Source(w)
					out = r.start(out, w, src)
				}
			}
		}
		if r.rounds {
			r.left[r.prog.Round(id)]--
			out = r.advance(t, out)
		}
	}
	return out
}

// start appends message id to out, waiting at its source src.
func (r *Runner) start(out []engine.Move, id int32, src uint32) []engine.Move {
	out = append(out, engine.Move{Packet: engine.Packet{ID: uint32(id)}, To: src})
	r.ready(&out[len(out)-1])
	return out
}

// advance closes the rounds whose messages have all arrived, in step t,
// and starts the messages of the rounds it opens that wait for nothing
// else.
func (r *Runner) advance(t int32, out []engine.Move) []engine.Move {
	for int(r.open) < len(r.left)-1 && r.left[r.open] == 0 {
		r.obs.RoundDone(r.open, t)
		r.open++
		if t < 0 {
			continue // before the start: Start holds by round
		}
		if r.contiguous {
			for id := r.first[r.open]; id < r.first[r.open+1]; id++ {
				out = r.release(out, id)
			}
		} else if int(r.open) < len(r.byRound.off)-1 {
			for _, id := range r.byRound.at(r.open) {
				out = r.release(out, id)
			}
		}
	}
	return out
}

// release starts message id of the round just opened unless it waits for
// messages.
func (r *Runner) release(out []engine.Move, id int32) []engine.Move {
	src, ok := r.prog.Source(id)
	if !ok || len(r.waiting) > 0 && r.waiting[id] > 0 {
		return out
	}
	return r.start(out, id, src)
}

package routers

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"unsafe"
)

// Fate is what became of a packet after a move.
type Fate uint8

const (
	// Waiting: the packet waits at its node for its next hop.
	Waiting Fate = iota
	// Delivered: the packet has reached its destination.
	Delivered
	// Dropped: the packet was lost on a failed link.
	Dropped
)

// Packet is one packet's state, 16 bytes. The engine stores it with the node
// it waits at, so the node is not part of it.
type Packet struct {
	ID uint32
	// Via, Dst and Phase are the Router's to use: a waypoint, the
	// destination, the stage of the route.
	Via, Dst uint32
	// Prio is the priority of the hop the packet waits for, Remain the hops
	// it still has to go (needed only by the Farthest discipline).
	Prio, Remain, Phase uint8
	// Tag is the queue of its node the packet waits in, 0 … Ports()−1.
	Tag uint8
}

// Move is a packet going from node From to node To, where the Router
// says what becomes of it.
type Move struct {
	Packet
	From, To uint32
	Fate     Fate
}

// Router moves packets for the Engine. It sets To, Fate, Tag, Prio and
// Remain of every packet it starts or sends.
type Router interface {
	// Packets is the number of packets, with ids 0 … Packets()−1.
	Packets() int
	// Nodes is the number of nodes, Ports the number of queues at each; a
	// queue sends at most one packet per step.
	Nodes() int
	Ports() int
	// Start sets up packets first, first+1, … in batch, To being the
	// packet's source (From is not used).
	Start(first int, batch []Move)
	// Send moves each packet of batch from From over its next link.
	Send(batch []Move)
}

// Record selects what a run keeps beyond the summary counts.
type Record struct {
	Packets bool // arrival time and hop count per packet
	Loads   bool // f(p,v) per priority and node
	Trace   bool // every send
}

// Send is one packet leaving a node: in step T it went From→To with priority
// Prio.
type Send struct {
	T        int32
	Packet   int32
	From, To uint32
	Prio     uint8
}

// Result is the outcome of one run.
type Result struct {
	T        int   // arrival time of the last packet
	Hops     int64 // packet-hops, every send counted
	MaxQueue int   // most packets ever waiting in one queue
	Dropped  int   // packets lost on failed links
	// PrioLoads[p] is Σ_v f(p,v), the packets sent with priority p.
	PrioLoads []int64

	// With Record.Packets: Arrival[id] is the arrival time of packet id at its
	// destination (−1 if dropped) and PacketHops[id] the hops it took.
	Arrival    []int32
	PacketHops []int32
	// With Record.Loads: Loads[p*LoadNodes+v] = f(p,v).
	Loads     []int32
	LoadNodes int
	// With Record.Trace: all sends in step order, within a step by queue.
	Trace []Send
}

// Engine runs the synchronous step loop. Its buffers are reused across runs,
// so one Engine per worker avoids allocation per trial.
//
// Packets are stored with the node they wait at (nodes), in arrival order:
// a step scans the nodes in order and moves the chosen packets to
// neighbours, so memory is read in one stream and written in a few, one
// per dimension, instead of at random.
type Engine struct {
	Discipline Discipline
	Record     Record
	// Rand draws for the Random discipline.
	Rand *rand.Rand

	nodes
	busy  []uint64 // bit v set iff node v holds a packet
	moves []Move   // packets chosen and not yet moved in this step
	fast  fastStep // stepFused's state
	ports int
	res   *Result
	// The longest queue seen and the packets sent per priority, kept
	// here while running.
	maxQueue  int
	prioLoads [256]int64
	full      bool   // a node held too many packets (ErrFull)
	touched   uint32 // what was read ahead of use, kept so that the reads stay
}

// sendChunk is how many chosen packets are moved together.
const sendChunk = 256

// maxPorts bounds Router.Ports.
const maxPorts = 64

// ErrStalled reports a run in which packets wait but no queue can send.
var ErrStalled = errors.New("routers: packets left but no queue sends")

// ErrFull reports a run in which more than 2^24−1 packets waited at one
// node, or more than 127 arrived at one node in one step.
var ErrFull = errors.New("routers: too many packets at one node")

// Run routes every packet of r to its destination. prios sizes the f(p,v)
// table (priorities 0 … prios−1).
func (e *Engine) Run(r Router, prios int) (*Result, error) {
	np, nn, ports := r.Packets(), r.Nodes(), r.Ports()
	if ports < 1 || ports > maxPorts {
		return nil, fmt.Errorf("routers: %d queues per node, want 1 … %d", ports, maxPorts)
	}
	e.busy = grow(e.busy, (nn+63)/64)
	clear(e.busy)
	if prios > len(e.prioLoads) {
		return nil, fmt.Errorf("routers: %d priorities, want at most %d", prios, len(e.prioLoads))
	}
	e.ports, e.maxQueue, e.full = ports, 0, false
	clear(e.prioLoads[:])
	res := &Result{PrioLoads: make([]int64, prios)}
	e.res = res
	rec := e.Record
	if rec.Packets {
		res.Arrival = make([]int32, np)
		res.PacketHops = make([]int32, np)
	}
	if rec.Loads {
		res.Loads = make([]int32, prios*nn)
		res.LoadNodes = nn
	}
	w, fused := e.fused(r)
	var live int
	if fused {
		live = e.startFused(w)
	} else {
		e.nodes.reset(nn, node{over: -1})
		live = e.start(r)
	}
	if e.full {
		return nil, fmt.Errorf("%w (at the start)", ErrFull)
	}
	for t := int32(0); live > 0; t++ {
		sent := res.Hops
		if fused {
			live -= e.stepFused(w, t)
		} else {
			live -= e.stepQueues(r, t)
		}
		if e.full {
			return nil, fmt.Errorf("%w (step %d)", ErrFull, t)
		}
		if res.Hops == sent {
			return nil, fmt.Errorf("%w (step %d, %d packets)", ErrStalled, t, live)
		}
	}
	res.MaxQueue, e.res = e.maxQueue, nil
	copy(res.PrioLoads, e.prioLoads[:])
	return res, nil
}

// start sets up the packets of r, puts each that waits for a hop at its
// node and returns how many wait.
func (e *Engine) start(r Router) (live int) {
	np := r.Packets()
	for first := 0; first < np; first += sendChunk {
		e.moves = grow(e.moves, min(sendChunk, np-first))
		batch := e.moves
		r.Start(first, batch)
		for i := range batch {
			if m := &batch[i]; m.Fate == Waiting {
				e.put(&m.Packet, m.To, &e.node[m.To], -1)
				live++
			}
		}
	}
	return live
}

// stepQueues runs step t: every node's queues choose the packets they send
// by the Discipline, and r moves them. It returns how many packets arrived
// or were dropped.
func (e *Engine) stepQueues(r Router, t int32) (done int) {
	e.moves = e.moves[:0]
	for w := range e.busy {
		for word := e.busy[w]; word != 0; word &= word - 1 {
			e.pick(uint32(w<<6+bits.TrailingZeros64(word)), t)
			if len(e.moves) >= sendChunk {
				done += e.move(r, t)
			}
		}
	}
	return done + e.move(r, t)
}

// move sends the chosen packets of step t and puts each where it waits
// next; it returns how many arrived or were dropped.
func (e *Engine) move(r Router, t int32) (done int) {
	res, rec := e.res, e.Record
	trace := len(res.Trace)
	if rec.Loads || rec.Trace {
		for i := range e.moves {
			e.record(&e.moves[i], t)
		}
	}
	r.Send(e.moves)
	done = e.arriveAll(t, trace)
	e.moves = e.moves[:0]
	return done
}

// record counts the send of m in step t in f(p,v) and the trace, as far as
// Record asks; the trace's To is filled in by arriveAll.
func (e *Engine) record(m *Move, t int32) {
	res := e.res
	if e.Record.Loads {
		res.Loads[int(m.Prio)*res.LoadNodes+int(m.From)]++
	}
	if e.Record.Trace {
		res.Trace = append(res.Trace, Send{T: t, Packet: int32(m.ID), From: m.From, Prio: m.Prio})
	}
}

// arriveAll puts the packets of the moves, sent in step t, where they wait
// next, the first move's send being Trace[trace]; it returns how many
// arrived or were dropped.
func (e *Engine) arriveAll(t int32, trace int) (done int) {
	e.res.Hops += int64(len(e.moves))
	if len(e.node) > touchNodes {
		e.touch()
	}
	for i := range e.moves {
		m := &e.moves[i]
		if e.Record.Trace {
			e.res.Trace[trace+i].To = m.To
		}
		done += e.arrive(m, t)
	}
	return done
}

// arrive puts the packet of m, sent in step t, where it waits next and
// returns 1 if it arrived or was dropped, 0 if it waits.
func (e *Engine) arrive(m *Move, t int32) int {
	res, rec := e.res, e.Record
	if rec.Packets {
		res.PacketHops[m.ID]++
	}
	switch m.Fate {
	case Waiting:
		b := &e.node[m.To]
		// The common case first: the packet goes in place.
		if e.Discipline != FIFO && b.putInline(&m.Packet, stamp(t)) {
			setBusy(e.busy, m.To)
			return 0
		}
		e.put(&m.Packet, m.To, b, t)
		return 0
	case Dropped:
		res.Dropped++
		if rec.Packets {
			res.Arrival[m.ID] = -1
		}
	default:
		res.T = int(t + 1)
		if rec.Packets {
			res.Arrival[m.ID] = t + 1
		}
	}
	return 1
}

// touchNodes is the number of nodes beyond which reading them ahead pays
// (touch, and putAll for stepFused): their 40 or 32 bytes each no longer fit
// in a core's 1 MiB second-level cache.
const touchNodes = 1 << 14

// touch reads the node of every move before the moves are put there, so
// that the cache misses overlap instead of stalling one put after another.
func (e *Engine) touch() {
	var sum uint32
	for i := range e.moves {
		sum += e.node[e.moves[i].To].state
	}
	e.touched = sum
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// StateBytes is the memory the engine's buffers hold: the nodes with their
// packets (as Packets, and as keys for stepFused), the busy bits, the
// moves of one chunk and the packets stepFused sends in one step.
func (e *Engine) StateBytes() int64 {
	f := &e.fast
	return e.nodes.bytes() + f.bytes() + int64(cap(e.busy))*8 + int64(cap(e.moves))*int64(unsafe.Sizeof(Move{})) +
		int64(cap(f.keys))*8 + int64(cap(f.at))*4
}

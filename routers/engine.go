package routers

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Place is where a packet waits next: a queue, the priority it carries on its
// next hop and the hops it still has to go. Queue is Delivered or Dropped when
// the packet waits nowhere.
type Place struct {
	Queue  int32
	Prio   uint8
	Remain uint8
}

const (
	// Delivered marks a packet that has reached its destination.
	Delivered int32 = -1
	// Dropped marks a packet lost on a failed link.
	Dropped int32 = -2
)

// Router moves packets for the Engine. It owns each packet's route state.
type Router interface {
	// Packets is the number of packets, with ids 0 … Packets()−1.
	Packets() int
	// Queues is the number of queues the engine serves.
	Queues() int
	// Start returns the place of packet p at its source.
	Start(p int32) Place
	// Send moves packet p over its next link and returns its new place.
	Send(p int32) Place
	// Node is the node that queue q belongs to.
	Node(q int32) uint32
	// At is the node packet p is at.
	At(p int32) uint32
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
	// With Record.Loads: Loads[p*nodes+v] = f(p,v); LoadNodes = nodes.
	Loads     []int32
	LoadNodes int
	// With Record.Trace: all sends in step order, within a step by queue.
	Trace []Send
}

// slot is the engine's per-packet state: the next packet in the same queue,
// the sort key there and the priority of the hop it waits for.
type slot struct {
	next int32
	key  uint32
	prio uint8
}

type move struct {
	p  int32
	pl Place
}

// Engine runs the synchronous step loop. Its buffers are reused across runs,
// so one Engine per worker avoids allocation per trial.
type Engine struct {
	Discipline Discipline
	Record     Record
	// Rand draws for the Random discipline.
	Rand *rand.Rand

	pk    []slot
	head  []int32
	qlen  []int32
	moved []move
}

// ErrStalled reports a run in which packets wait but no queue can send.
var ErrStalled = errors.New("routers: packets left but no queue sends")

// Run routes every packet of r to its destination. nodes and prios size the
// f(p,v) table (priorities 0 … prios−1).
func (e *Engine) Run(r Router, nodes, prios int) (*Result, error) {
	np, nq := r.Packets(), r.Queues()
	e.pk = grow(e.pk, np)
	e.head = grow(e.head, nq)
	e.qlen = grow(e.qlen, nq)
	for q := range e.head {
		e.head[q] = -1
		e.qlen[q] = 0
	}
	res := &Result{PrioLoads: make([]int64, prios)}
	if e.Record.Packets {
		res.Arrival = make([]int32, np)
		res.PacketHops = make([]int32, np)
	}
	if e.Record.Loads {
		res.Loads = make([]int32, prios*nodes)
		res.LoadNodes = nodes
	}
	live := 0
	for p := range int32(np) {
		pl := r.Start(p)
		if pl.Queue < 0 {
			continue
		}
		e.enqueue(p, pl, 0, res)
		live++
	}
	e.moved = e.moved[:0]
	for t := int32(0); live > 0; t++ {
		for q := range int32(nq) {
			if e.head[q] < 0 {
				continue
			}
			p := e.pop(q)
			prio := e.pk[p].prio
			res.PrioLoads[prio]++
			if e.Record.Loads {
				res.Loads[int(prio)*nodes+int(r.Node(q))]++
			}
			from := uint32(0)
			if e.Record.Trace {
				from = r.Node(q)
			}
			pl := r.Send(p)
			if e.Record.Trace {
				res.Trace = append(res.Trace, Send{T: t, Packet: p, From: from, To: r.At(p), Prio: prio})
			}
			e.moved = append(e.moved, move{p, pl})
		}
		if len(e.moved) == 0 {
			return nil, fmt.Errorf("%w (step %d, %d packets)", ErrStalled, t, live)
		}
		res.Hops += int64(len(e.moved))
		for _, m := range e.moved {
			if e.Record.Packets {
				res.PacketHops[m.p]++
			}
			switch m.pl.Queue {
			case Delivered, Dropped:
				live--
				at := t + 1
				if m.pl.Queue == Dropped {
					res.Dropped++
					at = -1
				} else {
					res.T = int(at)
				}
				if e.Record.Packets {
					res.Arrival[m.p] = at
				}
			default:
				e.enqueue(m.p, m.pl, t+1, res)
			}
		}
		e.moved = e.moved[:0]
	}
	return res, nil
}

// enqueue inserts p into its queue, kept sorted by (key, packet id).
func (e *Engine) enqueue(p int32, pl Place, now int32, res *Result) {
	k := e.Discipline.key(pl, now)
	s := &e.pk[p]
	s.key, s.prio = k, pl.Prio
	q := pl.Queue
	link := &e.head[q]
	for c := *link; c >= 0; c = *link {
		cs := &e.pk[c]
		if cs.key > k || cs.key == k && c > p {
			break
		}
		link = &cs.next
	}
	s.next = *link
	*link = p
	e.qlen[q]++
	if n := int(e.qlen[q]); n > res.MaxQueue {
		res.MaxQueue = n
	}
}

// pop removes the packet queue q sends this step.
func (e *Engine) pop(q int32) int32 {
	e.qlen[q]--
	link := &e.head[q]
	if e.Discipline == Random {
		for i := e.Rand.IntN(int(e.qlen[q]) + 1); i > 0; i-- {
			link = &e.pk[*link].next
		}
	}
	p := *link
	*link = e.pk[p].next
	return p
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

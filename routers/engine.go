package routers

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"unsafe"
)

// Queue values of a packet that waits nowhere.
const (
	// Delivered marks a packet that has reached its destination.
	Delivered int32 = -1
	// Dropped marks a packet lost on a failed link.
	Dropped int32 = -2
)

// Packet is one packet's state: 20 bytes, so that the packets of a cube of
// dimension 20 stay in a 33 MiB last-level cache.
type Packet struct {
	// Link is set by the Router after Start and Send: the queue the packet
	// waits in next, or Delivered or Dropped. While the packet waits, the
	// engine keeps the next packet of its queue there.
	Link int32
	// At is the cube node the packet is at; Via, Dst and Phase are the
	// Router's to use (a waypoint, the destination, the stage of the route).
	At, Via, Dst uint32
	// Prio is the priority of the hop the packet waits for, Remain the hops
	// it still has to go (needed only by the Farthest discipline).
	Prio, Remain uint8
	Phase        uint8
}

// Router moves packets for the Engine. It sets Link, Prio and Remain of
// every packet it starts or sends.
type Router interface {
	// Packets is the number of packets, with ids 0 … Packets()−1.
	Packets() int
	// Queues is the number of queues the engine serves.
	Queues() int
	// Node is the node that queue q belongs to.
	Node(q int32) uint32
	// Start places every packet at its source.
	Start(pk []Packet)
	// Send moves each packet of batch over its next link and places it.
	Send(pk []Packet, batch []int32)
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
type Engine struct {
	Discipline Discipline
	Record     Record
	// Rand draws for the Random discipline.
	Rand *rand.Rand

	pk    []Packet
	queue []queue
	busy  []uint64 // bit q set iff queue q is non-empty
	sent  []int32  // packets sent in the current step
}

// sendChunk is how many sent packets are moved and enqueued together.
const sendChunk = 256

// queue is a list of waiting packets in the order the discipline sends
// them.
type queue struct {
	head, len int32
}

// ErrStalled reports a run in which packets wait but no queue can send.
var ErrStalled = errors.New("routers: packets left but no queue sends")

// Run routes every packet of r to its destination. nodes and prios size the
// f(p,v) table (priorities 0 … prios−1).
func (e *Engine) Run(r Router, nodes, prios int) (*Result, error) {
	np, nq := r.Packets(), r.Queues()
	e.pk = grow(e.pk, np)
	e.queue = grow(e.queue, nq)
	e.busy = grow(e.busy, (nq+63)/64)
	for q := range e.queue {
		e.queue[q] = queue{head: -1}
	}
	clear(e.busy)
	res := &Result{PrioLoads: make([]int64, prios)}
	rec := e.Record
	if rec.Packets {
		res.Arrival = make([]int32, np)
		res.PacketHops = make([]int32, np)
	}
	if rec.Loads {
		res.Loads = make([]int32, prios*nodes)
		res.LoadNodes = nodes
	}
	r.Start(e.pk)
	live := 0
	for p := range e.pk {
		if e.pk[p].Link >= 0 {
			e.enqueue(int32(p), res)
			live++
		}
	}
	for t := int32(0); live > 0; t++ {
		e.sent = e.sent[:0]
		for w, word := range e.busy {
			for ; word != 0; word &= word - 1 {
				q := int32(w<<6 + bits.TrailingZeros64(word))
				p := e.pop(q)
				prio := e.pk[p].Prio
				res.PrioLoads[prio]++
				if rec.Loads {
					res.Loads[int(prio)*nodes+int(r.Node(q))]++
				}
				if rec.Trace {
					res.Trace = append(res.Trace, Send{T: t, Packet: p, From: r.Node(q), Prio: prio})
				}
				e.sent = append(e.sent, p)
			}
		}
		if len(e.sent) == 0 {
			return nil, fmt.Errorf("%w (step %d, %d packets)", ErrStalled, t, live)
		}
		res.Hops += int64(len(e.sent))
		if e.Discipline == FIFO {
			// Packets arriving in the same step queue up by id.
			slices.Sort(e.sent)
		}
		// Send and enqueue in chunks, so that a packet's record is still in
		// cache when it is enqueued.
		for i := 0; i < len(e.sent); i += sendChunk {
			chunk := e.sent[i:min(i+sendChunk, len(e.sent))]
			r.Send(e.pk, chunk)
			for _, p := range chunk {
				if rec.Packets {
					res.PacketHops[p]++
				}
				switch q := e.pk[p].Link; {
				case q >= 0:
					e.enqueue(p, res)
					continue
				case q == Dropped:
					res.Dropped++
					if rec.Packets {
						res.Arrival[p] = -1
					}
				default:
					res.T = int(t + 1)
					if rec.Packets {
						res.Arrival[p] = t + 1
					}
				}
				live--
			}
		}
		if rec.Trace {
			step := res.Trace[len(res.Trace)-len(e.sent):]
			for i := range step {
				step[i].To = e.pk[step[i].Packet].At
			}
		}
	}
	return res, nil
}

// enqueue inserts placed packet p into the queue named by its Link: by
// (rank, packet id) under Priority and Farthest, at the tail otherwise.
func (e *Engine) enqueue(p int32, res *Result) {
	s := &e.pk[p]
	q := s.Link
	qu := &e.queue[q]
	link := &qu.head
	if rank, ok := e.Discipline.rank(s); ok {
		for c := *link; c >= 0; c = *link {
			cs := &e.pk[c]
			if r, _ := e.Discipline.rank(cs); r > rank || r == rank && c > p {
				break
			}
			link = &cs.Link
		}
	} else {
		for *link >= 0 {
			link = &e.pk[*link].Link
		}
	}
	s.Link = *link
	*link = p
	qu.len++
	e.busy[q>>6] |= 1 << (q & 63)
	res.MaxQueue = max(res.MaxQueue, int(qu.len))
}

// pop removes the packet queue q sends this step.
func (e *Engine) pop(q int32) int32 {
	qu := &e.queue[q]
	qu.len--
	// Clear q's busy bit if the queue is now empty, without a branch.
	nonEmpty := uint64(uint32(qu.len|-qu.len)>>31) << (q & 63)
	e.busy[q>>6] = e.busy[q>>6]&^(1<<(q&63)) | nonEmpty
	link := &qu.head
	if e.Discipline == Random {
		for i := e.Rand.IntN(int(qu.len) + 1); i > 0; i-- {
			link = &e.pk[*link].Link
		}
	}
	p := *link
	*link = e.pk[p].Link
	return p
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// StateBytes is the memory the engine's buffers hold: packets, queues, busy
// bits and the per-step send list.
func (e *Engine) StateBytes() int64 {
	return int64(cap(e.pk))*int64(unsafe.Sizeof(Packet{})) + int64(cap(e.queue))*int64(unsafe.Sizeof(queue{})) +
		int64(cap(e.busy))*8 + int64(cap(e.sent))*4
}

package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"unsafe"
)

// Engine runs the synchronous step loop. Its buffers are reused across runs,
// so one Engine per worker avoids allocation per trial.
//
// Packets are stored with the node they wait at, in arrival order: a step
// scans the nodes in order and moves the chosen packets to their next
// nodes, so memory is read in one stream and written in a few, one per
// dimension, instead of at random.
type Engine struct {
	Discipline Discipline
	Record     Record
	// Rand draws for the Random discipline.
	Rand *rand.Rand
	// Faults, if set, are the failed links, and OnFailure what a send over
	// one does.
	Faults    Links
	OnFailure OnFailure

	nodes
	busy    []uint64 // bit v set iff node v holds a packet
	side    sideQueues
	moves   []Move   // packets chosen and not yet moved in this step
	started []Move   // packets a Reactor starts
	serving []uint16 // the queues of a node that send, while picking
	served  servedQueues
	fast    fastStep // the fused step's state
	legs    legKeys  // the keys of a Fusable router
	queues  int
	packets int
	sched   Scheduler
	react   Reactor
	remain  Remainer
	fifoq   FIFOQueues
	res     *Result
	// The longest queue seen and the packets sent per priority, kept
	// here while running.
	maxQueue  int
	prioLoads [256]int64
	full      bool   // a node held too many packets (ErrFull)
	err       error  // a router broke the rules (ErrFailedLink, ErrQueue)
	touched   uint32 // what was read ahead of use, kept so that the reads stay
}

// sendChunk is how many chosen packets are moved together.
const sendChunk = 256

// MaxQueues bounds Router.Queues.
const MaxQueues = 1 << 16

var (
	// ErrStalled reports a run in which packets wait but no queue sends
	// in a whole round of the schedule.
	ErrStalled = errors.New("engine: packets left but no queue sends")
	// ErrFull reports a run in which more than 2^24−1 packets waited at
	// one node, or more than 127 arrived at one node in one step.
	ErrFull = errors.New("engine: too many packets at one node")
	// ErrFailedLink reports a send over a failed link under Refuse.
	ErrFailedLink = errors.New("engine: send over a failed link")
	// ErrQueue reports a packet put in a queue its node does not have, or
	// started though not held.
	ErrQueue = errors.New("engine: no such queue")
)

// Run routes every packet of r to its destination. prios sizes the f(p,v)
// table (priorities 0 … prios−1).
func (e *Engine) Run(r Router, prios int) (*Result, error) {
	np, nn, queues := r.Packets(), r.Nodes(), r.Queues()
	if queues < 1 || queues > MaxQueues {
		return nil, fmt.Errorf("engine: %d queues per node, want 1 … %d", queues, MaxQueues)
	}
	if prios > len(e.prioLoads) {
		return nil, fmt.Errorf("engine: %d priorities, want at most %d", prios, len(e.prioLoads))
	}
	e.sched, _ = r.(Scheduler)
	e.react, _ = r.(Reactor)
	e.remain, _ = r.(Remainer)
	e.fifoq, _ = r.(FIFOQueues)
	if e.Discipline == Farthest && e.remain == nil {
		return nil, errors.New("engine: the farthest discipline needs a router that tells the hops to go (Remainer)")
	}
	keys, fused := e.fusedKeys(r)
	if l, ok := keys.(*legKeys); ok && fused {
		nn = l.nodes()
	}
	e.busy = grow(e.busy, (nn+63)/64)
	clear(e.busy)
	e.side.reset(e.sched != nil, len(e.busy))
	e.queues, e.packets, e.maxQueue, e.full, e.err = queues, np, 0, false, nil
	clear(e.prioLoads[:])
	res := &Result{PrioLoads: make([]int64, prios)}
	e.res = res
	rec := e.Record
	if rec.Arrivals || rec.Packets {
		res.Arrival = make([]int32, np)
	}
	if rec.Packets {
		res.PacketHops = make([]int32, np)
	}
	if rec.Loads {
		res.Loads = make([]int32, prios*nn)
		res.LoadNodes = nn
	}
	var live int
	if fused {
		live = e.startFused(keys, np, nn)
	} else {
		e.nodes.reset(nn, node{over: -1})
		live = e.start(r)
	}
	if err := e.failed("at the start"); err != nil {
		return nil, err
	}
	period := 1
	if e.sched != nil {
		period = queues
	}
	for t, idle := int32(0), 0; live > 0; t++ {
		sent := res.Hops
		if fused {
			live -= e.stepFused(keys, t)
		} else {
			live += e.step(r, t)
		}
		if err := e.failed(fmt.Sprintf("step %d", t)); err != nil {
			return nil, err
		}
		if rec.Steps {
			res.Sends = append(res.Sends, int32(res.Hops-sent))
		}
		if idle++; res.Hops > sent {
			idle = 0
		}
		if idle >= period {
			return nil, fmt.Errorf("%w (step %d, %d packets)", ErrStalled, t, live)
		}
	}
	res.MaxQueue, e.res = e.maxQueue, nil
	copy(res.PrioLoads, e.prioLoads[:])
	if fused && rec.Packets {
		// Fused legs: no packet is lost, each takes its legs' hops.
		for id := range res.PacketHops {
			res.PacketHops[id] = int32(e.legs.Hops(id))
		}
	}
	return res, nil
}

// failed returns the error the run ran into, if any, saying when.
func (e *Engine) failed(when string) error {
	switch {
	case e.full:
		return fmt.Errorf("%w (%s)", ErrFull, when)
	case e.err != nil:
		return fmt.Errorf("%w (%s)", e.err, when)
	}
	return nil
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// StateBytes is the memory the engine's buffers hold: the nodes with their
// packets (as Packets, and as keys for the fused step), the busy bits, the
// moves of one chunk and the packets the fused step sends in one step or
// queues.
func (e *Engine) StateBytes() int64 {
	return e.nodes.bytes() + e.fast.bytes() + int64(cap(e.busy))*8 + e.side.bytes() + int64(cap(e.legs.ids)+cap(e.legs.wp))*4 +
		int64(cap(e.moves)+cap(e.started))*int64(unsafe.Sizeof(Move{}))
}

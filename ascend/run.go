package ascend

import (
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// Result is the outcome of a run: the engine's, with T the time of the
// whole program, and the time each step took.
type Result struct {
	engine.Result
	StepTimes []int32
}

// MaxStep is the time of the slowest step.
func (r *Result) MaxStep() int {
	m := int32(0)
	for _, t := range r.StepTimes {
		m = max(m, t)
	}
	return int(m)
}

// Runner runs programs on the engine and reuses its buffers from run to
// run. Packet s·2^n + v is the word node v sends in step s; packets of
// later steps are held until the barrier before their step starts them.
type Runner struct {
	prog    Program
	sys     *faults.System
	n       int
	single  bool
	dims    []uint8 // by step
	senders []int32 // by step
	sent    []uint64
	got     []uint64
	step    int   // the step under way
	arrived int32 // its words that have arrived
	begin   int32 // the time it started
	times   []int32
}

// Run runs p on e over the faulty cube of y, each word over a failed edge
// going over the edge's detour in y; singlePort sends one packet per node
// per unit instead of one per link. It sets e's faults to y's, refused.
func (r *Runner) Run(e *engine.Engine, p Program, y *faults.System, singlePort bool) (*Result, error) {
	n := p.N()
	if y.Faults.N != n {
		return nil, fmt.Errorf("ascend: detour system of Q_%d for a program on Q_%d", y.Faults.N, n)
	}
	if !y.Complete() {
		return nil, fmt.Errorf("ascend: the detour system leaves a failed edge without a detour")
	}
	if err := y.Check(math.MaxInt); err != nil {
		return nil, err
	}
	if p.Steps()<<n > math.MaxInt32 {
		return nil, fmt.Errorf("ascend: %d steps on Q_%d are more than 2^31 packets", p.Steps(), n)
	}
	r.prog, r.sys, r.n, r.single = p, y, n, singlePort
	r.dims, r.senders = r.dims[:0], r.senders[:0]
	for s := range p.Steps() {
		r.dims = append(r.dims, uint8(p.Dim(s)))
		k := int32(0)
		for v := range uint32(1) << n {
			if p.Sends(s, v) {
				k++
			}
		}
		if k == 0 {
			return nil, fmt.Errorf("ascend: no node sends in step %d", s)
		}
		r.senders = append(r.senders, k)
	}
	r.sent = grow(r.sent, 1<<n)
	r.got = grow(r.got, 1<<n)
	r.times = make([]int32, p.Steps())
	r.step, r.arrived, r.begin = 0, 0, 0
	e.Faults, e.OnFailure = y.Faults, engine.Refuse
	res, err := e.Run(r, p.N()+1)
	if err != nil {
		return nil, err
	}
	if r.step != p.Steps() || res.Held != 0 || res.Dropped != 0 {
		return nil, fmt.Errorf("ascend: run ended in step %d of %d with %d packets held and %d lost", r.step, p.Steps(), res.Held, res.Dropped)
	}
	return &Result{Result: *res, StepTimes: r.times}, nil
}

func (r *Runner) Packets() int { return r.prog.Steps() << r.n }
func (r *Runner) Nodes() int   { return 1 << r.n }

func (r *Runner) Queues() int {
	if r.single {
		return 1
	}
	return r.n
}

// Start starts the words of the first step and holds the others; a node
// that does not send in a step has nothing to deliver (Delivered, no hop).
func (r *Runner) Start(first int, batch []engine.Move) {
	for i := range batch {
		id := uint32(first + i)
		s, v := int(id>>r.n), id&(1<<r.n-1)
		m := &batch[i]
		switch {
		case !r.prog.Sends(s, v):
			*m = engine.Move{Packet: engine.Packet{ID: id}, To: v, Fate: engine.Delivered}
		case s == 0:
			r.sent[v] = r.prog.Word(v)
			r.place(m, id)
		default:
			*m = engine.Move{Packet: engine.Packet{ID: id}, To: v, Fate: engine.Held}
		}
	}
}

// place sets m to packet id waiting at its source for its first hop: over
// its edge, or over the edge's detour if the edge has failed.
func (r *Runner) place(m *engine.Move, id uint32) {
	v := id & (1<<r.n - 1)
	d := int(r.dims[id>>r.n])
	*m = engine.Move{Packet: engine.Packet{ID: id, Dst: hypercube.Neighbor(v, d), Prio: uint8(d)}, To: v, Fate: engine.Waiting}
	hop := d
	if r.sys.Faults.FailedDim(v, d) {
		u, _ := r.sys.Detour(v, d)
		m.Via, hop = uint32(u.I), u.I
	}
	m.Queue = r.queue(hop)
}

// queue is the queue of the out-link of dimension d.
func (r *Runner) queue(d int) uint16 {
	if r.single {
		return 0
	}
	return uint16(d - 1)
}

// Send moves each packet one hop: straight to its receiver, or along its
// detour (Phase counts the hops taken).
func (r *Runner) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		d, via := int(m.Prio), int(m.Via)
		switch {
		case via == 0 || m.Phase == 2:
			m.To, m.Fate = m.Dst, engine.Delivered
		case m.Phase == 0:
			m.To, m.Queue, m.Phase = hypercube.Neighbor(m.From, via), r.queue(d), 1
		default:
			m.To, m.Queue, m.Phase = hypercube.Neighbor(m.From, d), r.queue(via), 2
		}
	}
}

// Settled takes the words that arrived; once every word of the step has,
// the receivers combine them and the next step's words start.
func (r *Runner) Settled(t int32, moves []engine.Move, out []engine.Move) []engine.Move {
	for i := range moves {
		m := &moves[i]
		if m.Fate != engine.Delivered {
			continue
		}
		src := m.ID & (1<<r.n - 1)
		r.got[m.To] = r.sent[src]
		r.arrived++
	}
	if r.step == len(r.times) || r.arrived < r.senders[r.step] {
		return out
	}
	s, d := r.step, int(r.dims[r.step])
	r.times[s], r.begin = t+1-r.begin, t+1
	for v := range uint32(1) << r.n {
		if r.prog.Sends(s, v) {
			w := hypercube.Neighbor(v, d)
			r.prog.Receive(s, w, r.got[w])
		}
	}
	r.step, r.arrived = s+1, 0
	if r.step == len(r.times) {
		return out
	}
	base := uint32(r.step) << r.n
	for v := range uint32(1) << r.n {
		if r.prog.Sends(r.step, v) {
			r.sent[v] = r.prog.Word(v)
		}
	}
	for v := range uint32(1) << r.n {
		if r.prog.Sends(r.step, v) {
			out = append(out, engine.Move{})
			r.place(&out[len(out)-1], base+v)
		}
	}
	return out
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

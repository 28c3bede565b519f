package ascend

import (
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/messages"
	"github.com/hyperroute/hyperroute/topology"
)

// Result is the outcome of a run: the engine's, with T the time of the
// whole program, the time each step took and the most hops into one node
// in one unit.
type Result struct {
	engine.Result
	StepTimes []int32
	RecvMax   int
}

// MaxStep is the time of the slowest step.
func (r *Result) MaxStep() int {
	m := int32(0)
	for _, t := range r.StepTimes {
		m = max(m, t)
	}
	return int(m)
}

// Schedule is the order in which a node sends the words waiting at it in
// one unit of a step, single-port. All-port it makes no difference: a
// link never has two words to choose from (package doc).
type Schedule uint8

const (
	// Optimal sends the word with the most hops still to go first: a
	// node's own word, then the detoured words on their middle edge, then
	// those on their last edge. Every step takes the least time any
	// schedule achieves (SinglePortStepTimes).
	Optimal Schedule = iota
	// SmallerSourceFirst sends the word of the smaller source first, the
	// engine's priority rule with one priority per step.
	SmallerSourceFirst
)

var scheduleNames = [...]string{"optimal", "smaller-source-first"}

func (s Schedule) String() string { return scheduleNames[s] }

// Runner runs programs on the engine by the one runner of package
// messages, and reuses its buffers from run to run. Message s·2^n + v is
// the word node v sends in step s (a gap if v does not send then), its
// route the edge, or the edge's detour if the edge has failed; step s is
// round s+1, so every step waits for the one before.
type Runner struct {
	// Schedule orders the words at a node, single-port; Optimal unless
	// set.
	Schedule Schedule
	run      messages.Runner
	prog     Program
	sys      *faults.System
	net      topology.Network
	dims     []uint8 // by step
	all      []bool  // by step: every node sends
	sent     []uint64
	got      []uint64
	begin    int32 // the time the step under way started
	times    []int32
	done     int // the steps done
	recvAt   []int32
	recvN    []int32
	recvMax  int
}

// Run runs p on e over the faulty cube of y under the port model, each
// word over a failed edge going over the edge's detour in y. It sets e's
// faults to y's, refused.
func (r *Runner) Run(e *engine.Engine, p Program, y *faults.System, port messages.Port) (*Result, error) {
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
	r.prog, r.sys = p, y
	r.net = topology.Network{Kind: topology.Cube, P: 1 << n, N: n}
	r.dims, r.all = r.dims[:0], r.all[:0]
	for s := range p.Steps() {
		k := sendersOf(p, s)
		if k == 0 {
			return nil, fmt.Errorf("ascend: no node sends in step %d", s)
		}
		r.dims = append(r.dims, uint8(p.Dim(s)))
		r.all = append(r.all, k == 1<<n)
	}
	r.sent = grow(r.sent, 1<<n)
	r.got = grow(r.got, 1<<n)
	r.recvAt = grow(r.recvAt, 1<<n)
	r.recvN = grow(r.recvN, 1<<n)
	for v := range r.recvAt {
		r.recvAt[v] = -1
	}
	r.times = make([]int32, p.Steps())
	r.done, r.begin, r.recvMax = 0, 0, 0
	r.words(0)
	e.Faults, e.OnFailure = y.Faults, engine.Refuse
	defer func(d engine.Discipline) { e.Discipline = d }(e.Discipline)
	e.Discipline = engine.Priority
	if r.Schedule == Optimal && port == messages.SinglePort {
		e.Discipline = engine.Farthest
	}
	res, err := r.run.Run(e, (*sweep)(r), (*sweep)(r), port)
	if err != nil {
		return nil, err
	}
	if r.done != p.Steps() || res.Held != 0 || res.Dropped != 0 {
		return nil, fmt.Errorf("ascend: run ended in step %d of %d with %d packets held and %d lost", r.done, p.Steps(), res.Held, res.Dropped)
	}
	return &Result{Result: *res, StepTimes: r.times, RecvMax: r.recvMax}, nil
}

// words takes the words the senders of step s send.
func (r *Runner) words(s int) {
	for v := range uint32(r.net.P) {
		if r.prog.Sends(s, v) {
			r.sent[v] = r.prog.Word(v)
		}
	}
}

// sweep is a Runner as the messages.Program and Observer of its run.
type sweep Runner

func (w *sweep) Net() topology.Network { return w.net }
func (w *sweep) Messages() int         { return w.prog.Steps() << w.net.N }
func (w *sweep) Prios() int            { return w.net.N + 1 }
func (w *sweep) After(int32) []int32   { return nil }

// step returns the step and the sender of message id.
func (w *sweep) step(id int32) (s int, v uint32) {
	return int(id) >> w.net.N, uint32(id) & (1<<w.net.N - 1)
}

func (w *sweep) Source(id int32) (uint32, bool) {
	s, v := w.step(id)
	return v, w.all[s] || w.prog.Sends(s, v)
}

// Prio is the step's dimension.
func (w *sweep) Prio(id int32) uint8 { return w.dims[id>>w.net.N] }

func (w *sweep) Round(id int32) int32 { return id>>w.net.N + 1 }

// Hop goes over the edge of the step's dimension d, or over its detour
// v –i→ v⊕e_i –d→ v⊕e_i⊕e_d –i→ v⊕e_d.
func (w *sweep) Hop(id int32, k int) (uint32, bool) {
	s, v := w.step(id)
	d := int(w.dims[s])
	if !w.sys.Faults.FailedDim(v, d) {
		return hypercube.Neighbor(v, d), true
	}
	u, _ := w.sys.Detour(v, d)
	switch k {
	case 1:
		return hypercube.Neighbor(v, u.I), false
	case 2:
		return hypercube.Neighbor(hypercube.Neighbor(v, u.I), d), false
	}
	return hypercube.Neighbor(v, d), true
}

// Remain is the hops word id has to go after taken: 3 − taken over a
// detour, 1 − taken over the edge.
func (w *sweep) Remain(id int32, taken int) int {
	s, v := w.step(id)
	if w.sys.Faults.FailedDim(v, int(w.dims[s])) {
		return 3 - taken
	}
	return 1 - taken
}

// Moved takes the words that arrive and counts the hops into each node
// per unit.
func (w *sweep) Moved(t int32, id int32, _ int, to uint32, last bool) {
	if w.recvAt[to] != t {
		w.recvAt[to], w.recvN[to] = t, 0
	}
	w.recvN[to]++
	w.recvMax = max(w.recvMax, int(w.recvN[to]))
	if last {
		_, v := w.step(id)
		w.got[to] = w.sent[v]
	}
}

// RoundDone ends step r−1 at time t: the receivers combine the words and
// the next step's senders take theirs.
func (w *sweep) RoundDone(r, t int32) {
	s := int(r - 1)
	d := int(w.dims[s])
	w.times[s], w.begin = t+1-w.begin, t+1
	for v := range uint32(w.net.P) {
		if w.prog.Sends(s, v) {
			u := hypercube.Neighbor(v, d)
			w.prog.Receive(s, u, w.got[u])
		}
	}
	w.done++
	if s+1 < len(w.times) {
		(*Runner)(w).words(s + 1)
	}
}

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

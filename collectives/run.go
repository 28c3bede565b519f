package collectives

import (
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/topology"
)

// Result is what a run measured, and how it compares.
type Result struct {
	// Rho is the number of steps (store-and-forward) or rounds
	// (cut-through); RhoM the same with every step or round counted as
	// many times as its largest message has blocks, the steps of the
	// non-combining model.
	Rho  int
	RhoM float64
	// Eta is the work in block-hops: every hop of a message counted as
	// many times as it has blocks. Hops counts message-hops.
	Eta      float64
	Hops     int64
	Messages int
	// Time is the time under the cost model.
	Time float64
	// OK says that every node ended with exactly what the operation
	// defines; Err says why not.
	OK  bool
	Err error
	// NoDup: no node received a block it held, nor a partial sum with a
	// contributor it had summed; NoHO: no node received a block, or a
	// partial sum, that came from itself.
	NoDup, NoHO bool
	// RecvMax is the most messages one node received in one step
	// (store-and-forward, hops into the node) or round (cut-through,
	// messages ending there).
	RecvMax int
	// Relays is the number of nodes outside a multicast set that
	// received the message.
	Relays int
}

// Run simulates c on the engine: it builds the algorithm's program, runs
// it, checks every node's data and prices it under the cost model.
func Run(c Config) (Result, error) {
	if err := c.Validate(); err != nil {
		return Result{}, err
	}
	a, _ := Lookup(c.Op, c.Algo)
	net, _ := topology.New(c.Topology, c.P)
	prog := newProgram(net)
	a.Build(prog, c)
	if prog.err != nil {
		return Result{}, fmt.Errorf("%v %s: %w", c.Op, c.Algo, prog.err)
	}
	if n := len(prog.items.val); n > MaxItems {
		return Result{}, fmt.Errorf("%v %s on p=%d moves %d blocks in its messages, more than %d", c.Op, c.Algo, c.P, n, MaxItems)
	}
	return execute(c, prog)
}

// execute runs prog under c.
func execute(c Config, prog *program) (Result, error) {
	r := newRunner(c, prog)
	e := &engine.Engine{Discipline: engine.Priority}
	res, err := e.Run(r, 1)
	if err != nil {
		return Result{}, fmt.Errorf("%v %s: %w", c.Op, c.Algo, err)
	}
	r.endStep()
	out := Result{Rho: res.T, RhoM: r.units(r.maxBlocks), Eta: r.units(r.blockHops), Hops: res.Hops,
		Messages: prog.messages(), Time: r.time, RecvMax: r.recvMax}
	if c.Model == CT && !prog.oneHop() {
		if err := r.cutThrough(&out); err != nil {
			r.data.fail("%v", err)
		}
	}
	out.Relays = r.data.verify()
	out.OK, out.Err = r.data.err == nil, r.data.err
	out.NoDup, out.NoHO = !r.data.dup, !r.data.heard
	return out, nil
}

// runner is the engine.Router (and Reactor) of one run: every message is
// one packet that follows its path hop by hop and starts when the messages
// it waits for have arrived at its source.
type runner struct {
	c         Config
	prog      *program
	data      *data
	itemWords float64
	oneQueue  bool
	waiting   []int32    // per message: messages still to arrive first
	waiters   csr[int32] // per message: the messages waiting for it
	pending   []int32    // messages arrived in the current step
	// With rounds, a message also waits for every message of the rounds
	// before (a barrier): left counts the messages of each round still to
	// arrive, open is the first round with some left, and blocked holds per
	// round the messages whose inputs have arrived.
	barrier  bool
	left     []int32
	open     int32
	blocked  [][]int32
	recvStep []int32 // per node: the step of recvN
	recvN    []int32 // per node: hops into it in that step
	step     int32   // the step being accounted
	stepTime float64 // its longest hop
	stepMax  float64 // its largest message, in blocks
	time     float64 // store-and-forward time so far
	// blocks of the largest message per step summed, and block-hops
	maxBlocks, blockHops float64
	recvMax              int
}

func newRunner(c Config, prog *program) *runner {
	// Under cut-through a message passes a node without taking its port;
	// with messages of one hop the models coincide.
	r := &runner{c: c, prog: prog, data: newData(c, prog), oneQueue: c.Port == OnePort && (c.Model == SF || prog.oneHop())}
	r.itemWords = r.data.itemWords()
	n := prog.messages()
	r.waiting = make([]int32, n)
	byDep := make([][]int32, n)
	for id := range int32(n) {
		deps := prog.after.at(id)
		r.waiting[id] = int32(len(deps))
		for _, a := range deps {
			byDep[a] = append(byDep[a], id)
		}
	}
	for _, ws := range byDep {
		r.waiters.add(ws)
	}
	if r.barrier = prog.rounds(); r.barrier {
		rounds := slices.Max(prog.round)
		r.left = make([]int32, rounds+2)
		r.blocked = make([][]int32, rounds+2)
		for _, rd := range prog.round {
			r.left[rd]++
		}
		r.open = 1
		r.advance()
	}
	r.recvStep = make([]int32, c.P)
	r.recvN = make([]int32, c.P)
	for v := range r.recvStep {
		r.recvStep[v] = -1
	}
	return r
}

func (r *runner) Packets() int { return r.prog.messages() }
func (r *runner) Nodes() int   { return r.c.P }

// Queues is one per node for one-port, else one per out-link.
func (r *runner) Queues() int {
	if r.oneQueue {
		return 1
	}
	return r.prog.net.Ports()
}

func (r *runner) Start(first int, batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		id := int32(first + i)
		*m = engine.Move{Packet: engine.Packet{ID: uint32(id)}, To: r.prog.src[id]}
		if r.waiting[id] > 0 || r.barred(id) {
			m.Fate = engine.Held
			continue
		}
		r.ready(m)
	}
}

// ready puts the message of m at its source, waiting for its first hop.
func (r *runner) ready(m *engine.Move) {
	m.Fate, m.Via = engine.Waiting, 0
	m.Queue = r.queue(m.To, r.prog.path.at(int32(m.ID))[0])
}

// queue returns the queue a message at node at waits in to go to next.
func (r *runner) queue(at, next uint32) uint16 {
	if r.oneQueue {
		return 0
	}
	return uint16(r.prog.net.Port(at, next))
}

// Send moves each message one hop along its path; Via counts the hops
// taken.
func (r *runner) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		path := r.prog.path.at(int32(m.ID))
		m.To = path[m.Via]
		m.Via++
		if int(m.Via) == len(path) {
			m.Fate = engine.Delivered
			continue
		}
		m.Fate = engine.Waiting
		m.Queue = r.queue(m.To, path[m.Via])
	}
}

// Settled prices the hops of step t, takes each departing message's data
// from its source and starts the messages whose inputs have all arrived.
// The data of the step's arrivals are put in place when the next step
// begins, so that a message leaving in a step takes what its source held
// before it.
func (r *runner) Settled(t int32, moves []engine.Move, out []engine.Move) []engine.Move {
	if t != r.step {
		r.endStep()
		r.step = t
	}
	for i := range moves {
		m := &moves[i]
		id := int32(m.ID)
		blocks := r.blocks(id)
		cost := blocks*r.itemWords*r.c.Tw + r.c.Th
		if m.Via == 1 {
			r.data.depart(id)
		}
		if m.Via == 1 || r.c.Startup == PerHop {
			cost += r.c.Ts
		}
		r.stepTime = max(r.stepTime, cost)
		r.stepMax = max(r.stepMax, blocks)
		r.blockHops += blocks
		r.received(m.To, t)
		if m.Fate != engine.Delivered {
			continue
		}
		r.pending = append(r.pending, id)
		for _, w := range r.waiters.at(id) {
			if r.waiting[w]--; r.waiting[w] == 0 && !r.barred(w) {
				out = r.start(out, w)
			}
		}
		if r.barrier {
			r.left[r.prog.round[id]]--
			for _, w := range r.advance() {
				out = r.start(out, w)
			}
		}
	}
	return out
}

// start appends message id to out, waiting at its source.
func (r *runner) start(out []engine.Move, id int32) []engine.Move {
	out = append(out, engine.Move{Packet: engine.Packet{ID: uint32(id)}, To: r.prog.src[id]})
	r.ready(&out[len(out)-1])
	return out
}

// barred reports whether message id, whose inputs have arrived, waits for
// an earlier round to end, and if so keeps it for then.
func (r *runner) barred(id int32) bool {
	if !r.barrier || r.waiting[id] > 0 || r.prog.round[id] <= r.open {
		return false
	}
	r.blocked[r.prog.round[id]] = append(r.blocked[r.prog.round[id]], id)
	return true
}

// advance opens the rounds whose predecessors have all arrived and
// returns the messages they release.
func (r *runner) advance() []int32 {
	var released []int32
	for int(r.open) < len(r.left)-1 && r.left[r.open] == 0 {
		r.open++
		released = append(released, r.blocked[r.open]...)
		r.blocked[r.open] = nil
	}
	return released
}

// units converts blocks to blocks of M words (a broadcast's pieces are
// smaller), in one rounding.
func (r *runner) units(blocks float64) float64 { return blocks * r.itemWords / float64(r.c.M) }

// blocks is the size of message id in blocks (items, or one partial sum).
func (r *runner) blocks(id int32) float64 {
	if r.data.class == combines {
		return 1
	}
	return float64(len(r.prog.items.at(id)))
}

// received counts a hop into node v in step t.
func (r *runner) received(v uint32, t int32) {
	if r.recvStep[v] != t {
		r.recvStep[v], r.recvN[v] = t, 0
	}
	r.recvN[v]++
	r.recvMax = max(r.recvMax, int(r.recvN[v]))
}

// endStep closes the step being accounted: adds its time and puts its
// arrivals' data in place.
func (r *runner) endStep() {
	r.time += r.stepTime
	r.maxBlocks += r.stepMax
	r.stepTime, r.stepMax = 0, 0
	for _, id := range r.pending {
		r.data.arrive(id)
	}
	r.pending = r.pending[:0]
}

// cutThrough prices the run by its rounds: a round lasts as long as its
// slowest message, t_s + words·t_w + hops·t_h, and must be contention-free:
// its paths use every directed link at most once, under one-port every
// node sends and receives at most one message in it, and each message
// waits only for messages of earlier rounds.
func (r *runner) cutThrough(out *Result) error {
	p := r.prog
	if !p.rounds() {
		return fmt.Errorf("%s has messages of more than one hop without rounds: it runs store-and-forward only", r.c.Algo)
	}
	rounds := int(slices.Max(p.round))
	order := make([]int32, p.messages())
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return int(p.round[a] - p.round[b]) })
	ports := p.net.Ports()
	link := make([]int32, p.net.P*ports)
	sent := make([]int32, p.net.P)
	got := make([]int32, p.net.P)
	recv := make([]int32, p.net.P)
	cost := make([]float64, rounds+1)
	biggest := make([]float64, rounds+1)
	out.RecvMax = 0
	for _, id := range order {
		rd := p.round[id]
		for _, a := range p.after.at(id) {
			if p.round[a] >= rd {
				return fmt.Errorf("message %d of round %d waits for message %d of round %d", id, rd, a, p.round[a])
			}
		}
		path := p.path.at(id)
		at := p.src[id]
		for _, x := range path {
			l := int(at)*ports + p.net.Port(at, x)
			if link[l] == rd {
				return fmt.Errorf("round %d: two messages use the link %d→%d", rd, at, x)
			}
			link[l], at = rd, x
		}
		src, dst := p.src[id], path[len(path)-1]
		if got[dst] != rd {
			got[dst], recv[dst] = rd, 0
		}
		recv[dst]++
		out.RecvMax = max(out.RecvMax, int(recv[dst]))
		if r.c.Port == OnePort {
			if sent[src] == rd {
				return fmt.Errorf("round %d: node %d sends two messages under one-port", rd, src)
			}
			if recv[dst] > 1 {
				return fmt.Errorf("round %d: node %d receives two messages under one-port", rd, dst)
			}
		}
		sent[src] = rd
		blocks := r.blocks(id)
		cost[rd] = max(cost[rd], r.c.Ts+blocks*r.itemWords*r.c.Tw+float64(len(path))*r.c.Th)
		biggest[rd] = max(biggest[rd], blocks)
	}
	out.Rho, out.Time = rounds, 0
	var sum float64
	for rd := 1; rd <= rounds; rd++ {
		sum += biggest[rd]
		out.Time += cost[rd]
	}
	out.RhoM = r.units(sum)
	return nil
}

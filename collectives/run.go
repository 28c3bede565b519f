package collectives

import (
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/messages"
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
	// Trace is every send of the run, with Config.KeepTrace; nil otherwise.
	Trace []engine.Send
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
	prog.barrier = prog.rounds()
	r := newRunner(c, prog)
	port := AllPort
	if c.Port == SinglePort && (c.Model == SF || prog.oneHop()) {
		// Under cut-through a message passes a node without taking its
		// port; with messages of one hop the models coincide.
		port = SinglePort
	}
	var run messages.Runner
	res, err := run.Run(&engine.Engine{Discipline: engine.Priority, Record: engine.Record{Trace: c.KeepTrace}}, prog, r, port)
	if err != nil {
		return Result{}, fmt.Errorf("%v %s: %w", c.Op, c.Algo, err)
	}
	r.endStep()
	out := Result{Rho: res.T, RhoM: r.units(r.maxBlocks), Eta: r.units(r.blockHops), Hops: res.Hops,
		Messages: prog.Messages(), Time: r.time, RecvMax: r.recvMax, Trace: res.Trace}
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

// runner is the messages.Observer of one run: it prices every step, moves
// the data and counts what nodes receive.
type runner struct {
	c         Config
	prog      *program
	data      *data
	itemWords float64
	pending   []int32 // messages arrived in the current step
	recvStep  []int32 // per node: the step of recvN
	recvN     []int32 // per node: hops into it in that step
	step      int32   // the step being accounted
	stepTime  float64 // its longest hop
	stepMax   float64 // its largest message, in blocks
	time      float64 // store-and-forward time so far
	// blocks of the largest message per step summed, and block-hops
	maxBlocks, blockHops float64
	recvMax              int
}

func newRunner(c Config, prog *program) *runner {
	r := &runner{c: c, prog: prog, data: newData(c, prog)}
	r.itemWords = r.data.itemWords()
	r.recvStep = make([]int32, c.P)
	r.recvN = make([]int32, c.P)
	for v := range r.recvStep {
		r.recvStep[v] = -1
	}
	return r
}

// Moved prices the hop of message id in step t, takes the message's data
// from its source when it leaves and notes its arrival. The data of the
// step's arrivals are put in place when the next step begins, so that a
// message leaving in a step takes what its source held before it.
func (r *runner) Moved(t int32, id int32, k int, to uint32, last bool) {
	if t != r.step {
		r.endStep()
		r.step = t
	}
	blocks := r.blocks(id)
	cost := blocks*r.itemWords*r.c.Tw + r.c.Th
	if k == 1 {
		r.data.depart(id)
	}
	if k == 1 || r.c.Startup == PerHop {
		cost += r.c.Ts
	}
	r.stepTime = max(r.stepTime, cost)
	r.stepMax = max(r.stepMax, blocks)
	r.blockHops += blocks
	r.received(to, t)
	if last {
		r.pending = append(r.pending, id)
	}
}

// RoundDone does nothing: rounds are priced by cutThrough.
func (r *runner) RoundDone(int32, int32) {}

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
// its paths use every directed link at most once, under single-port every
// node sends and receives at most one message in it, and each message
// waits only for messages of earlier rounds.
func (r *runner) cutThrough(out *Result) error {
	p := r.prog
	if !p.rounds() {
		return fmt.Errorf("%s has messages of more than one hop without rounds: it runs store-and-forward only", r.c.Algo)
	}
	rounds := int(slices.Max(p.round))
	order := make([]int32, p.Messages())
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
		if r.c.Port == SinglePort {
			if sent[src] == rd {
				return fmt.Errorf("round %d: node %d sends two messages under single-port", rd, src)
			}
			if recv[dst] > 1 {
				return fmt.Errorf("round %d: node %d receives two messages under single-port", rd, dst)
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

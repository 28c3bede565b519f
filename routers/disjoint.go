package routers

import (
	"fmt"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/param"
)

var disjointKind = Kind{
	Name: "disjoint",
	Doc:  "two-phase routing of every message as n copies on disjoint paths, simulating the wrapped butterfly BF_n; survives edge faults (thesis II)",
	// Port is that of the butterfly nodes; the cube node runs n of them,
	// one per dimension, so Q_n runs all-port (thesis Ch. II.4).
	Ports:        []Port{SinglePort},
	Disciplines:  []engine.Discipline{engine.Priority, engine.FIFO, engine.Random},
	Permutations: true,
	Faults:       true,
	Copies:       true,
	Params:       []*Param{pieces, pipelined, trim},
	Prios:        disjointPrios,
	Draws:        "one uniform intermediate per message, as Valiant's per packet",
	Draw:         drawIntermediates,
	New:          func() Instance { return new(disjoint) },
	Check:        checkDisjoint,
	Memory:       disjointMemory,
}

// The parameters of disjoint's own: each message is cut into n pieces of
// which any pieces rebuild it (1: n copies); pipelined forwards at the
// intermediate as soon as it can; trim drops trailing straight hops.
var (
	pieces    = Own(param.Param{Name: "pieces", Doc: "pieces of a message that rebuild it, of the n sent (1: n copies)", Type: Int, Default: "1", Lo: 1, Hi: hypercube.MaxDim})
	pipelined = Own(param.Param{Name: "pipelined", Doc: "forwarding at the intermediate as soon as it has the message", Type: Bool, Default: "false"})
	trim      = Own(param.Param{Name: "trim", Doc: "butterfly routes without their trailing straight hops", Type: Bool, Default: "false"})
)

// disjointPrios is the priority range on BF_n: hops taken, 0 … n in phase 1
// and n+1 … 2n+1 in phase 2.
func disjointPrios(n int) int { return 2*n + 2 }

// MaxDisjointDim is the largest n disjoint routes: the 2·n·2^n packets of a
// trial must have int32 ids.
const MaxDisjointDim = 25

func checkDisjoint(c Config) error {
	switch {
	case c.N > MaxDisjointDim:
		return fmt.Errorf("disjoint routes 2·n·2^n packets: n=%d above %d", c.N, MaxDisjointDim)
	case pieces.Int(c) > c.N:
		return fmt.Errorf("pieces=%d: a message travels as n=%d pieces, want 1 … %d", pieces.Int(c), c.N, c.N)
	}
	return nil
}

// disjointMemory estimates the memory of a trial of disjoint: per butterfly
// node the engine's state, the larger of the general step's (a node of 40
// bytes, a quarter of the packets of one phase in the overflow pool at a
// time, 24 bytes each) and the fused step's (a node of 32 bytes, a key and
// a node number sent, 12, and a quarter in the pool, 16 each), and its
// failed-edge bit; per message its destination, intermediate, copies and
// forwarding time (14); and what Record asks for: a packet sends at most
// n + 1 times in its phase.
func disjointMemory(c Config) int64 {
	nodes := int64(c.N) << c.N
	packets := 2 * nodes
	b := nodes*max(bytesPerNode+bytesPerOverflow/4, 32+12+16/4) + (nodes/int64(c.N))*14
	if c.Faulty() {
		b += nodes / 8
	}
	return b + recordBytes(c.Record, packets, nodes, int64(disjointPrios(c.N)), packets*int64(c.N+1))
}

// disjoint routes every message as n packets on node-disjoint paths, in
// two phases through a random intermediate, by simulating the wrapped
// butterfly BF_n on Q_n [Schömer 1988, Ch. II.2–II.5]: message s leaves as
// the n packets that start at (d, s), d = 1 … n, for super-node y on the
// routes β^d; y sends it on from its nodes (d, y) to z in the same way.
// With pieces m the packets carry n pieces of which any m rebuild the
// message (Rabin's information dispersal); y forwards once it has m, and z
// has the message once m arrive. Every butterfly node is an engine node
// with one queue, sending the packet with the fewest hops taken (ties to the
// smaller id s·n + d − 1). A run of one phase without faults takes the
// engine's fused step, the copies as keys (bflyKeys).
type disjoint struct {
	bf bfly
}

// Route routes the drawn permutation; d.Via holds one intermediate per
// message.
func (r *disjoint) Route(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	b := &r.bf
	b.reset(c, d)
	if c.Faulty() {
		// The routing does not know the faults: a copy sent over a failed
		// edge is lost (Ch. II.5).
		e.Faults, e.OnFailure = b.links(&d.Faults), engine.Lose
	}
	prios := c.Prios()
	var res *engine.Result
	if pipelined.Bool(c) {
		b.phase = bothPhases
		run, err := e.Run(b.router(e, c.Faulty()), prios)
		if err != nil {
			return nil, err
		}
		res = run
		res.T = int(b.end)
	} else {
		// Phase 2 starts when every phase-1 copy has arrived or been lost.
		// Without faults every copy arrives, and nothing need react.
		run1, err := b.run(e, phase1, c.Faulty(), prios)
		if err != nil {
			return nil, err
		}
		run2, err := b.run(e, phase2, c.Faulty(), prios)
		if err != nil {
			return nil, err
		}
		res = b.join(run1, run2)
	}
	out, err := newResult(res, nil)
	if err != nil {
		return nil, err
	}
	b.measure(out, c)
	return out, nil
}

// run routes phase ph alone on e.
func (b *bfly) run(e *engine.Engine, ph phases, faulty bool, prios int) (*engine.Result, error) {
	b.phase = ph
	res, err := e.Run(b.router(e, faulty), prios)
	if err == nil && !faulty {
		b.settle(res.T)
	}
	return res, err
}

// measure reports the router's measures of the finished trial in res, and
// the copies of each message if c records packets.
func (b *bfly) measure(res *Result, c Config) {
	var lost, lost1 int
	for s := range b.msgs {
		switch {
		case b.atVia[s] < b.pieces:
			lost, lost1 = lost+1, lost1+1
		case b.atDst[s] < b.pieces:
			lost++
		}
	}
	res.Set("messages", float64(b.msgs))
	res.Set("lost", float64(lost))
	res.Set("lost1", float64(lost1))
	res.Set("moved", float64(b.crossed)/float64(b.pieces))
	res.Set("T1", float64(b.done[0]))
	res.Set("T2", float64(b.done[1]))
	if c.Record.Packets {
		res.Copies = make([]Copies, b.msgs)
		for s := range res.Copies {
			res.Copies[s] = Copies{AtVia: b.atVia[s], AtDst: b.atDst[s]}
		}
	}
}

// join returns the result of the two phases run one after the other:
// phase 2's packets are numbered after phase 1's and its times count from
// T1, when phase 1 is over.
func (b *bfly) join(r1, r2 *engine.Result) *engine.Result {
	t1 := b.done[0]
	res := &engine.Result{
		T:         int(t1 + b.done[1]),
		Hops:      r1.Hops + r2.Hops,
		MaxQueue:  max(r1.MaxQueue, r2.MaxQueue),
		Dropped:   r1.Dropped + r2.Dropped,
		Held:      r1.Held + r2.Held,
		PrioLoads: r1.PrioLoads,
		LoadNodes: r1.LoadNodes,
		Loads:     r1.Loads,
	}
	for p, f := range r2.PrioLoads {
		res.PrioLoads[p] += f
	}
	for i, f := range r2.Loads {
		res.Loads[i] += f
	}
	if r1.Arrival != nil {
		res.Arrival = append(r1.Arrival, r2.Arrival...)
		for i := len(r1.Arrival); i < len(res.Arrival); i++ {
			if res.Arrival[i] >= 0 {
				res.Arrival[i] += t1
			}
		}
	}
	if r1.PacketHops != nil {
		res.PacketHops = append(r1.PacketHops, r2.PacketHops...)
	}
	if r1.Sends != nil {
		res.Sends = append(r1.Sends, r2.Sends...)
	}
	res.Trace = r1.Trace
	for _, s := range r2.Trace {
		s.T += t1
		s.Packet += int32(b.msgs * int(b.n))
		res.Trace = append(res.Trace, s)
	}
	return res
}

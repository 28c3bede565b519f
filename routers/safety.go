package routers

import (
	"math/bits"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

var safetyKind = Kind{
	Name:        "safety-levels",
	Doc:         "unicasting by safety levels [Wu 1997], adapted to failed directed edges: a published fault-tolerant rule to set against the detours of thesis Ch. III",
	Ports:       []Port{SinglePort, AllPort},
	Disciplines: allDisciplines,
	Faults:      true,
	Prios:       func(n int) int { return n + 1 },
	New:         func() Instance { return new(safety) },
	Memory:      func(c Config) int64 { return c.cubeBytes(c.N+1) + int64(c.Mu)<<c.N*2 + 2<<c.N },
}

// safety routes every packet straight to its destination by Wu's safety
// levels [Wu 1997], adapted from faulty nodes to failed directed edges.
//
// Every node u has a level S(u) in 0 … n. Node u sees a neighbour w at
// level S(w) if its edge u → w is intact and at −1 if it has failed (Wu:
// a faulty node has level 0 and is never sent to). With the levels u sees
// sorted, s_0 ≤ … ≤ s_{n−1}, S(u) is the least k with s_k < k, n if there
// is none; the levels are the greatest fixed point of this rule, which Wu
// reaches by rounds of exchange between neighbours from S ≡ n. So S(u) ≥ 1
// only if every out-edge of u is intact. As in Wu's model, S(u) ≥ h
// guarantees that every node at distance h from u is reached over intact
// edges in h hops: among the h neighbours on shortest paths, one is seen at
// level ≥ s_{h−1} ≥ h−1, so its edge is intact and the argument repeats
// there.
//
// A packet at u with h hops to go takes the neighbour towards its
// destination that u sees at the highest level, if that is ≥ h−1 (the
// lowest dimension among equals); else, at its source only, a neighbour
// away from it seen at level ≥ h+1, which costs 2 hops more; else the rule
// gives no guaranteed route and the packet is not sent (lost, Held at its
// source). Once sent, it always finds its next hop.
type safety struct {
	port   Port
	n      int
	dst    []uint32
	faults *faults.Set
	level  []int8 // by node
	below  []int8 // by node: neighbours seen below the level being assigned
	top    int8   // the highest level
	spare  []bool // per packet: took a hop away from its destination
	lost   []bool
}

// Route routes the drawn request on its faulty cube; a send over a failed
// edge would fail the run.
func (s *safety) Route(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	s.port, s.n, s.dst, s.faults = c.Port, c.N, d.Req.Dst, nil
	if c.Faulty() {
		s.faults = &d.Faults
		e.Faults, e.OnFailure = &d.Faults, engine.Refuse
	}
	s.levels()
	np := d.Req.Packets()
	s.spare, s.lost = grow(s.spare, np), grow(s.lost, np)
	clear(s.spare)
	clear(s.lost)
	res, err := newResult(e.Run(s, c.Prios()))
	if err != nil {
		return nil, err
	}
	var lost, spared int
	var base, hops int64
	for id := range np {
		switch {
		case s.lost[id]:
			lost++
			continue
		case s.spare[id]:
			spared++
			hops += 2
		}
		l := int64(bits.OnesCount32(uint32(id/c.Mu) ^ s.dst[id]))
		base, hops = base+l, hops+l
	}
	res.Set("messages", float64(np))
	res.Set("lost", float64(lost))
	res.Set("moved", float64(res.Hops))
	res.Set("rerouted", float64(spared))
	if base > 0 {
		res.Set("stretch", float64(hops)/float64(base))
	}
	return res, nil
}

// levels computes every node's safety level and the highest.
func (s *safety) levels() {
	nodes := 1 << s.n
	s.level, s.below = grow(s.level, nodes), grow(s.below, nodes)
	for v := range s.level {
		s.level[v] = int8(s.n)
	}
	if s.faults != nil {
		s.peel()
	}
	s.top = slices.Max(s.level)
}

// peel lowers the levels from n to the greatest fixed point of the rule,
// level by level from 0 as a k-core is peeled: with the nodes below level
// l known, S(u) = l for the others that see more than l neighbours below
// l (a failed edge counts as seen at −1). Each node then raises what its
// neighbours count once, so that the levels cost O(n·2^n) rather than a
// pass of the rule per round.
func (s *safety) peel() {
	for v := range s.below {
		s.below[v] = int8(bits.OnesCount32(s.faults.Out(uint32(v))))
	}
	for l := int8(0); l < int8(s.n); l++ {
		found := false
		for v, b := range s.below {
			if b > l && s.level[v] == int8(s.n) {
				s.level[v], found = l, true
			}
		}
		if !found {
			return // no node counts more below l+1 than below l
		}
		for v, at := range s.level {
			if at != l {
				continue
			}
			for d := 1; d <= s.n; d++ {
				w := uint32(v) ^ 1<<(d-1)
				if !s.faults.FailedDim(w, d) {
					s.below[w]++
				}
			}
		}
	}
}

// seen is the level at which v sees its neighbour in dimension d: −1 over
// a failed edge.
func (s *safety) seen(v uint32, d int) int {
	if s.faults != nil && s.faults.FailedDim(v, d) {
		return -1
	}
	return int(s.level[v^1<<(d-1)])
}

func (s *safety) Packets() int { return len(s.dst) }

func (s *safety) Nodes() int { return 1 << s.n }

// Queues is the port model's: one queue per node, or one per out-link.
func (s *safety) Queues() int { return s.port.Queues(s.n) }

func (s *safety) Start(first int, batch []engine.Move) {
	mu := len(s.dst) >> s.n
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID, m.Dst = uint32(id), s.dst[id]
		s.place(m, uint32(id/mu), true)
	}
}

func (s *safety) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		s.place(m, m.From^1<<(m.Prio-1), false)
	}
}

// place puts the packet of m at node at in the queue of the hop the rule
// chooses, or gives it up if there is none.
func (s *safety) place(m *engine.Move, at uint32, source bool) {
	m.To, m.Fate = at, engine.Waiting
	x := at ^ m.Dst
	if x == 0 {
		m.Fate = engine.Delivered
		return
	}
	dim := 0
	if h := bits.OnesCount32(x); h-1 <= int(s.top) {
		dim = s.hop(m.ID, at, x, h, source)
	}
	if dim == 0 {
		s.lost[m.ID] = true
		m.Fate = engine.Dropped
		if source {
			m.Fate = engine.Held
		}
		return
	}
	m.Prio, m.Queue = uint8(dim), s.port.Queue(dim)
}

// hop returns the dimension the rule sends packet id on from node at, h
// hops from its destination at ⊕ x, 0 for none: towards it to the
// neighbour seen at the highest level if that is ≥ h−1, else, at its
// source, away from it to the first seen at ≥ h+1.
func (s *safety) hop(id, at, x uint32, h int, source bool) int {
	best, dim := -2, 0
	for r := x; r != 0; r &= r - 1 {
		d := bits.TrailingZeros32(r) + 1
		if l := s.seen(at, d); l > best {
			best, dim = l, d
		}
	}
	if best >= h-1 {
		return dim
	}
	if !source || h+1 > int(s.top) {
		return 0
	}
	for r := ^x & (1<<s.n - 1); r != 0; r &= r - 1 {
		if d := bits.TrailingZeros32(r) + 1; s.seen(at, d) >= h+1 {
			s.spare[id] = true
			return d
		}
	}
	return 0
}

// Remain returns the hops packet p, waiting at node at, still has to go:
// 2 more than the distance if it waits for a hop away from its
// destination.
func (s *safety) Remain(p *engine.Packet, at uint32) int {
	x := at ^ p.Dst
	if x>>(p.Prio-1)&1 == 0 {
		return bits.OnesCount32(x) + 2
	}
	return bits.OnesCount32(x)
}

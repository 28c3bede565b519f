package collectives

import (
	"fmt"

	"github.com/hyperroute/hyperroute/topology"
)

// A program is what an algorithm builds: its messages, each with a route,
// a content, the messages it waits for and, for cut-through, a round.
// Message ids are in the order built; a node sends its ready messages in
// that order.
type program struct {
	net  topology.Network
	src  []uint32
	path csr[uint32] // the nodes after the source
	// items carries the blocks of copied or moved data; from and into
	// the slots a combining message sums at its source and adds to at its
	// destination.
	items      csr[uint32]
	from, into []uint8
	after      csr[int32] // the messages that must have arrived first
	round      []int32    // cut-through round, 1 …; 0 if not given
	// result is, for combining operations, the slots whose sum is each
	// node's result.
	result []uint8
	// place is rank → node for the shift (identity unless set).
	place []uint32
	err   error // the first rule a message broke
	// barrier: every message has a round, and waits for the rounds
	// before its own (set by run).
	barrier bool
}

// csr is a list of lists, flat.
type csr[T any] struct {
	off []int32
	val []T
}

func (c *csr[T]) add(vs []T) {
	if len(c.off) == 0 {
		c.off = append(c.off, 0)
	}
	c.val = append(c.val, vs...)
	c.off = append(c.off, int32(len(c.val)))
}

func (c *csr[T]) at(i int32) []T { return c.val[c.off[i]:c.off[i+1]] }

// msg is a message an algorithm sends.
type msg struct {
	src, dst uint32
	// down routes it by Network.RouteDown instead of Route; path, if set,
	// is its route (the nodes after src) instead.
	down bool
	path []uint32
	// items are the blocks it carries; from and into the slots it sums
	// and adds to, for combining operations.
	items      []uint32
	from, into uint8
	after      []int32
	round      int32
}

// Slots of combining operations: a node's own value starts in slot own;
// the others start empty.
const (
	own   = 1 << 0
	acc   = 1 << 1
	third = 1 << 2
	slots = 3
)

func newProgram(net topology.Network) *program {
	p := &program{net: net, result: make([]uint8, net.P)}
	for v := range p.result {
		p.result[v] = own | acc
	}
	p.place = make([]uint32, net.P)
	for r := range p.place {
		p.place[r] = uint32(r)
	}
	return p
}

// The program as a messages.Program: one message per message, with its
// path, dependencies and, if every message has one, rounds.

func (p *program) Net() topology.Network          { return p.net }
func (p *program) Messages() int                  { return len(p.src) }
func (p *program) Source(id int32) (uint32, bool) { return p.src[id], true }
func (p *program) Prio(int32) uint8               { return 0 }
func (p *program) Prios() int                     { return 1 }
func (p *program) After(id int32) []int32         { return p.after.at(id) }

func (p *program) Hop(id int32, k int) (uint32, bool) {
	path := p.path.at(id)
	return path[k-1], k == len(path)
}

func (p *program) Round(id int32) int32 {
	if !p.barrier {
		return 0
	}
	return p.round[id]
}

// send adds m and returns its id.
func (p *program) send(m msg) int32 {
	id := int32(len(p.src))
	p.src = append(p.src, m.src)
	path := m.path
	switch {
	case path != nil:
		at := m.src
		for _, x := range path {
			p.check(p.net.Port(at, x) >= 0, "message %d: %d→%d is no link of the %v", id, at, x, p.net)
			at = x
		}
	case m.down:
		path = p.net.RouteDown(nil, m.src, m.dst)
	default:
		path = p.net.Route(nil, m.src, m.dst)
	}
	p.check(len(path) > 0, "message %d from node %d goes nowhere", id, m.src)
	p.path.add(path)
	p.items.add(m.items)
	p.from = append(p.from, m.from)
	p.into = append(p.into, m.into)
	for _, a := range m.after {
		p.check(a >= 0 && a < id, "message %d waits for message %d, not sent before it", id, a)
		if p.err == nil {
			dst := p.dst(a)
			p.check(dst == m.src, "message %d at node %d waits for message %d, which goes to node %d", id, m.src, a, dst)
		}
	}
	p.after.add(m.after)
	p.round = append(p.round, m.round)
	return id
}

// dst returns the destination of message id.
func (p *program) dst(id int32) uint32 {
	path := p.path.at(id)
	return path[len(path)-1]
}

// check records the first rule broken.
func (p *program) check(ok bool, format string, a ...any) {
	if !ok && p.err == nil {
		p.err = fmt.Errorf(format, a...)
	}
}

// rounds reports whether every message has a round.
func (p *program) rounds() bool {
	for _, r := range p.round {
		if r < 1 {
			return false
		}
	}
	return len(p.round) > 0
}

// oneHop reports whether every message goes to a neighbour.
func (p *program) oneHop() bool {
	for i := range p.src {
		if p.path.off[i+1]-p.path.off[i] != 1 {
			return false
		}
	}
	return true
}

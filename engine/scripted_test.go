package engine

import (
	"math/rand/v2"
)

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// hop is a node a scripted packet goes to and the queue it waits in there.
type hop struct {
	node  uint32
	queue uint16
}

// scripted is a Router whose packets follow routes given hop by hop: route
// i starts at its first hop and ends at its last. A packet's priority is the
// hops it has taken. The position on the route is state of the router's,
// indexed by packet id.
type scripted struct {
	nodes, queues int
	routes        [][]hop
	pos           []int
}

func (s *scripted) Packets() int { return len(s.routes) }
func (s *scripted) Nodes() int   { return s.nodes }
func (s *scripted) Queues() int  { return s.queues }

func (s *scripted) Start(first int, batch []Move) {
	if s.pos == nil {
		s.pos = make([]int, len(s.routes))
	}
	for i := range batch {
		id := first + i
		batch[i] = Move{Packet: Packet{ID: uint32(id)}}
		s.pos[id] = 0
		s.place(&batch[i])
	}
}

func (s *scripted) Send(batch []Move) {
	for i := range batch {
		s.pos[batch[i].ID]++
		s.place(&batch[i])
	}
}

// place sets m to the packet's hop at its position on its route.
func (s *scripted) place(m *Move) {
	r, p := s.routes[m.ID], s.pos[m.ID]
	m.To, m.Queue, m.Prio, m.Fate = r[p].node, r[p].queue, uint8(p), Waiting
	if p == len(r)-1 {
		m.Fate = Delivered
	}
}

// failedLinks fails the links listed.
type failedLinks map[[2]uint32]bool

func (f failedLinks) Failed(from, to uint32) bool { return f[[2]uint32{from, to}] }

// roundRobin is a scripted router whose node serves queue t mod queues in
// step t.
type roundRobin struct{ *scripted }

func (r roundRobin) Serving(t int32) (lo, hi int) {
	q := int(t) % r.queues
	return q, q + 1
}

// forwarder is a scripted router in which packet 1 is held at the start
// and started at node 1 when packet 0 arrives there, and packet 2 is held
// and never started.
type forwarder struct{ *scripted }

func (f forwarder) Start(first int, batch []Move) {
	f.scripted.Start(first, batch)
	for i := range batch {
		if batch[i].ID > 0 {
			batch[i].Fate = Held
		}
	}
}

func (f forwarder) Settled(t int32, moves []Move, out []Move) []Move {
	for _, m := range moves {
		if m.ID == 0 && m.Fate == Delivered {
			next := Move{Packet: Packet{ID: 1}}
			f.place(&next)
			out = append(out, next)
		}
	}
	return out
}

package routers

import (
	"math/bits"

	"github.com/hyperroute/hyperroute/hypercube"
)

// waypoints routes each packet by e-cube through a list of waypoints: the
// destination alone for greedy e-cube (§1.1), the intermediate and then the
// destination for Valiant's two phases (§2). A packet about to cross
// dimension d in phase ph (0-based) has priority d + ph·n.
type waypoints struct {
	n      int
	port   Port
	off    int  // priority offset of the last phase: n for Valiant, 0 for e-cube
	remain bool // whether to count the hops still to go (farthest-first)
	req    *hypercube.Request
	via    []uint32 // nil for single-phase routing
}

// Phase 0 heads for the intermediate, phase 1 for the destination.

func (w *waypoints) reset(n int, port Port, disc Discipline, req *hypercube.Request, via []uint32) {
	w.n, w.port, w.req, w.via, w.off = n, port, req, via, n
	w.remain = disc == Farthest
	if via == nil {
		w.off = 0
	}
}

func (w *waypoints) Packets() int { return w.req.Packets() }

func (w *waypoints) Nodes() int { return 1 << w.n }

// Ports is 1 in the single-port model; all-port has one queue per out-link,
// the queue of dimension d having Tag d−1.
func (w *waypoints) Ports() int {
	if w.port == AllPort {
		return w.n
	}
	return 1
}

func (w *waypoints) Start(first int, batch []Move) {
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = w.first(id)
		w.place(m, w.req.Src(id))
	}
}

// first returns the first waypoint, the destination and the phase of
// packet id at its source.
func (w *waypoints) first(id int) (via, dst uint32, ph uint8) {
	dst = w.req.Dst[id]
	if w.via != nil {
		return w.via[id], dst, 0
	}
	return dst, dst, 1
}

func (w *waypoints) Send(batch []Move) {
	for i := range batch {
		m := &batch[i]
		x := m.From ^ m.Via
		w.place(m, m.From^(x&-x))
	}
}

// place puts the packet of m at node at in the queue of its next hop.
func (w *waypoints) place(m *Move, at uint32) {
	m.To, m.Fate = at, Waiting
	var d int
	var there bool
	m.Via, m.Phase, m.Prio, d, there = w.next(at, m.Via, m.Dst, m.Phase)
	if there {
		m.Fate = Delivered
		return
	}
	if w.port == AllPort {
		m.Tag = uint8(d)
	}
	if w.remain {
		m.Remain = uint8(bits.OnesCount32(at^m.Via) + bits.OnesCount32(m.Via^m.Dst))
	}
}

// next routes a packet at node at that heads for waypoint via in phase ph,
// for destination dst, switching phase at the intermediate. It returns the
// waypoint and phase it heads on with, the priority and dimension d
// (0-based) of its next hop, or there if it has arrived. A packet about to
// cross dimension d in phase ph has priority d + 1 + ph·off. In phase 1 the
// waypoint is the destination, so that the next hop is always towards it.
func (w *waypoints) next(at, via, dst uint32, ph uint8) (_ uint32, _, prio uint8, d int, there bool) {
	x := at ^ via
	if x == 0 {
		if ph != 0 {
			return via, ph, 0, 0, true
		}
		ph, via = 1, dst
		if x = at ^ dst; x == 0 {
			return via, ph, 0, 0, true
		}
	}
	d = bits.TrailingZeros32(x)
	return via, ph, uint8(d + 1 + int(ph)*w.off), d, false
}

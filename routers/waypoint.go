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
		m.ID, m.Dst = uint32(id), w.req.Dst[id]
		m.Via, m.Phase = m.Dst, 1
		if w.via != nil {
			m.Via, m.Phase = w.via[id], 0
		}
		w.place(m, w.req.Src(id))
	}
}

func (w *waypoints) Send(batch []Move) {
	for i := range batch {
		m := &batch[i]
		x := m.From ^ m.Via
		w.place(m, m.From^(x&-x))
	}
}

// place puts the packet of m at node at in the queue of its next hop,
// switching phase at the intermediate. A packet about to cross dimension d
// in phase ph has priority d + ph·off. In phase 1 Via is the destination,
// so that the next hop is always towards Via.
func (w *waypoints) place(m *Move, at uint32) {
	m.To, m.Fate = at, Waiting
	x := at ^ m.Via
	if x == 0 {
		if m.Phase != 0 {
			m.Fate = Delivered
			return
		}
		m.Phase, m.Via = 1, m.Dst
		if x = at ^ m.Dst; x == 0 {
			m.Fate = Delivered
			return
		}
	}
	d := bits.TrailingZeros32(x)
	if w.port == AllPort {
		m.Tag = uint8(d)
	}
	m.Prio = uint8(d + 1 + int(m.Phase)*w.off)
	if w.remain {
		m.Remain = uint8(bits.OnesCount32(x) + bits.OnesCount32(m.Via^m.Dst))
	}
}

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

// Phase 0 heads for Via, phase 1 for Dst.

func (w *waypoints) reset(n int, port Port, disc Discipline, req *hypercube.Request, via []uint32) {
	w.n, w.port, w.req, w.via, w.off = n, port, req, via, n
	w.remain = disc == Farthest
	if via == nil {
		w.off = 0
	}
}

func (w *waypoints) Packets() int { return w.req.Packets() }

func (w *waypoints) Queues() int {
	if w.port == AllPort {
		return w.n << w.n
	}
	return 1 << w.n
}

func (w *waypoints) Node(q int32) uint32 {
	if w.port == AllPort {
		return uint32(q) / uint32(w.n)
	}
	return uint32(q)
}

func (w *waypoints) Start(pk []Packet) {
	for id := range pk {
		k := &pk[id]
		k.At, k.Dst = w.req.Src(id), w.req.Dst[id]
		k.Via, k.Phase = k.Dst, 1
		if w.via != nil {
			k.Via, k.Phase = w.via[id], 0
		}
		w.place(k)
	}
}

func (w *waypoints) Send(pk []Packet, batch []int32) {
	for _, p := range batch {
		k := &pk[p]
		target := k.Dst
		if k.Phase == 0 {
			target = k.Via
		}
		x := k.At ^ target
		k.At ^= x & -x
		w.place(k)
	}
}

// place puts packet k in the queue of its next hop, switching phase at the
// intermediate. A packet about to cross dimension d in phase ph has priority
// d + ph·off.
func (w *waypoints) place(k *Packet) {
	x := k.At ^ k.Via
	rest := k.Via ^ k.Dst
	off := 0
	if k.Phase != 0 || x == 0 {
		k.Phase = 1
		x, rest, off = k.At^k.Dst, 0, w.off
		if x == 0 {
			k.Link = Delivered
			return
		}
	}
	d := bits.TrailingZeros32(x)
	k.Link = int32(k.At)
	if w.port == AllPort {
		k.Link = int32(k.At)*int32(w.n) + int32(d)
	}
	k.Prio = uint8(d + 1 + off)
	if w.remain {
		k.Remain = uint8(bits.OnesCount32(x) + bits.OnesCount32(rest))
	}
}

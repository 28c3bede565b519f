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
	n    int
	port Port
	off  int // priority offset of the last phase: n for Valiant, 0 for e-cube
	pk   []wpPacket
}

type wpPacket struct {
	at, via, dst uint32
	phase        uint8 // 0: towards via, 1: towards dst
}

// reset loads a request; via is nil for single-phase routing.
func (w *waypoints) reset(n int, port Port, req *hypercube.Request, via []uint32) {
	w.n, w.port, w.off = n, port, n
	if via == nil {
		w.off = 0
	}
	w.pk = grow(w.pk, req.Packets())
	for id := range w.pk {
		p := &w.pk[id]
		p.at, p.dst = req.Src(id), req.Dst[id]
		if via == nil {
			p.via, p.phase = p.dst, 1
		} else {
			p.via, p.phase = via[id], 0
		}
	}
}

func (w *waypoints) Packets() int { return len(w.pk) }

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

func (w *waypoints) At(p int32) uint32 { return w.pk[p].at }

func (w *waypoints) Start(p int32) Place { return w.place(&w.pk[p]) }

func (w *waypoints) Send(p int32) Place {
	k := &w.pk[p]
	x := k.at ^ k.dst
	if k.phase == 0 {
		x = k.at ^ k.via
	}
	k.at ^= x & -x
	return w.place(k)
}

// place finds the queue of packet k at its current node, switching phase at
// the intermediate.
func (w *waypoints) place(k *wpPacket) Place {
	if k.phase == 0 {
		if x := k.at ^ k.via; x != 0 {
			return w.hop(k.at, x, 0, bits.OnesCount32(x)+bits.OnesCount32(k.via^k.dst))
		}
		k.phase = 1
	}
	x := k.at ^ k.dst
	if x == 0 {
		return Place{Queue: Delivered}
	}
	return w.hop(k.at, x, w.off, bits.OnesCount32(x))
}

func (w *waypoints) hop(at, x uint32, off, remain int) Place {
	d := bits.TrailingZeros32(x)
	q := int32(at)
	if w.port == AllPort {
		q = int32(at)*int32(w.n) + int32(d)
	}
	return Place{Queue: q, Prio: uint8(d + 1 + off), Remain: uint8(remain)}
}

package engine

import "math/bits"

// Legs routes every packet on Q_N by e-cube (ascending dimensions) from its
// source to its destination, through one waypoint if Via is set: greedy
// e-cube routing and Valiant's two phases [Schömer 1988, Ch. I.1 and I.3]. A
// packet about to cross dimension d+1 (bit d) on leg ph (0: towards the
// waypoint, 1: towards the destination) has priority d + 1 + ph·Off.
type Legs struct {
	N   int
	Off int // priority offset of the last leg: N with a waypoint, else 0
	// Mu packets start at every node: packet id at node id/Mu.
	Mu  int
	Dst []uint32 // destination of every packet
	Via []uint32 // waypoint of every packet, nil for one leg
	// AllPort: a node has one queue per out-link, queue d for the hop
	// across dimension d+1 (the all-port model); else one queue.
	AllPort bool
}

// A Fusable is a Router whose packets follow Legs, in the queues Legs.AllPort
// says: Run may step it by the fused step instead (Engine.Fused).
type Fusable interface {
	Router
	// Fused returns the legs of the packets and whether the router does
	// nothing but route them.
	Fused() (*Legs, bool)
}

// Queues is the number of queues a node has for l: one, or N all-port.
func (l *Legs) Queues() int {
	if l.AllPort {
		return l.N
	}
	return 1
}

// Hops returns the hops packet id takes: from its source to its waypoint
// and on to its destination, each leg by e-cube.
func (l *Legs) Hops(id int) int {
	via, dst, _ := l.First(id)
	return bits.OnesCount32(l.Src(id)^via) + bits.OnesCount32(via^dst)
}

// Src returns the source of packet id.
func (l *Legs) Src(id int) uint32 { return uint32(id / l.Mu) }

// First returns the first waypoint, the destination and the leg of packet
// id at its source.
func (l *Legs) First(id int) (via, dst uint32, ph uint8) {
	dst = l.Dst[id]
	if l.Via != nil {
		return l.Via[id], dst, 0
	}
	return dst, dst, 1
}

// Next routes a packet at node at that heads for waypoint via on leg ph,
// for destination dst, taking the last leg at the waypoint. It returns the
// waypoint and leg it heads on with, the priority and bit d of its next
// hop, or there if it has arrived. On the last leg the waypoint is the
// destination, so that the next hop is always towards it.
func (l *Legs) Next(at, via, dst uint32, ph uint8) (_ uint32, _, prio uint8, d int, there bool) {
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
	return via, ph, uint8(d + 1 + int(ph)*l.Off), d, false
}

package engine

import "math/bits"

// A key is a packet of the fused step as one word that sorts as the
// Priority discipline orders packets: from the top, the priority
// (prioBits), the packet id, and in the low n bits the route x = node ⊕
// waypoint, the dimensions still to cross on the current leg, crossed
// lowest first.
const (
	prioBits  = 6
	prioShift = 64 - prioBits
)

// fits reports whether the packets of legs on Q_n fit in keys: their
// priorities (at most 2n < 2^prioBits), ids and routes.
func fits(n, packets int) bool {
	return prioBits+bits.Len(uint(packets-1))+n <= 64
}

// keyLayout places the id and the route in the keys of Q_n.
type keyLayout struct {
	xBits         uint
	xMask, idMask uint64
}

func newKeyLayout(n int) keyLayout {
	xBits := uint(n) & 63
	xMask := uint64(1)<<xBits - 1
	return keyLayout{xBits: xBits, xMask: xMask, idMask: ^uint64(0) >> prioBits &^ xMask}
}

func (kl keyLayout) pack(prio uint8, id, x uint32) uint64 {
	return uint64(prio)<<prioShift | uint64(id)<<kl.xBits | uint64(x)
}

func (kl keyLayout) id(k uint64) uint32 { return uint32(k & kl.idMask >> kl.xBits) }

// rekey returns the key of the packet of k with priority prio and route x.
func (kl keyLayout) rekey(k uint64, prio uint8, x uint32) uint64 {
	return uint64(prio)<<prioShift | k&kl.idMask | uint64(x)
}

// route returns the dimensions k still has to cross on its leg.
func (kl keyLayout) route(k uint64) uint64 { return k & kl.xMask }

func prioOf(k uint64) uint64 { return k >> prioShift }

// nextLink returns the bit of the next dimension k crosses: the lowest bit
// of its route.
func nextLink(k uint64) uint64 { return k & -k }

// raised returns key k, which has just crossed the dimension of bit link
// and goes on on the same leg, with the priority of its next dimension:
// priorities follow the dimensions, so it rises by their distance.
func raised(k, link uint64) uint64 {
	return k + uint64(bits.TrailingZeros64(k)-bits.TrailingZeros64(link))<<prioShift
}

package engine

import "math/bits"

// The keys of Legs: from the top, the priority, the packet id, and in the
// low n bits the route x = node ⊕ waypoint, the dimensions still to cross
// on the current leg, crossed lowest first.

// fits reports whether the packets of legs on Q_n fit in keys: their
// priorities (at most 2n < 2^KeyPrioBits), ids and routes.
func fits(n, packets int) bool {
	return KeyPrioBits+bits.Len(uint(packets-1))+n <= 64
}

// keyLayout places the id and the route in the keys of Q_n.
type keyLayout struct {
	xBits         uint
	xMask, idMask uint64
}

func newKeyLayout(n int) keyLayout {
	xBits := uint(n) & 63
	xMask := uint64(1)<<xBits - 1
	return keyLayout{xBits: xBits, xMask: xMask, idMask: ^uint64(0) >> KeyPrioBits &^ xMask}
}

func (kl keyLayout) pack(prio uint8, id, x uint32) uint64 {
	return uint64(prio)<<KeyPrioShift | uint64(id)<<kl.xBits | uint64(x)
}

func (kl keyLayout) id(k uint64) uint32 { return uint32(k & kl.idMask >> kl.xBits) }

// rekey returns the key of the packet of k with priority prio and route x.
func (kl keyLayout) rekey(k uint64, prio uint8, x uint32) uint64 {
	return uint64(prio)<<KeyPrioShift | k&kl.idMask | uint64(x)
}

// route returns the dimensions k still has to cross on its leg.
func (kl keyLayout) route(k uint64) uint64 { return k & kl.xMask }

func prioOf(k uint64) uint64 { return k >> KeyPrioShift }

// nextLink returns the bit of the next dimension k crosses: the lowest bit
// of its route.
func nextLink(k uint64) uint64 { return k & -k }

// raised returns key k, which has just crossed the dimension of bit link
// and goes on on the same leg, with the priority of its next dimension:
// priorities follow the dimensions, so it rises by their distance.
func raised(k, link uint64) uint64 {
	return k + uint64(bits.TrailingZeros64(k)-bits.TrailingZeros64(link))<<KeyPrioShift
}

// legKeys are the packets of Legs as keys, on the nodes of Q_N.
type legKeys struct {
	*Legs
	kl      keyLayout
	ids, wp []uint32 // hopMany's packets at waypoints on the first leg, and their nodes
	touched uint32   // what hopMany read ahead of use, kept so that the reads stay
}

func (l *legKeys) Start(first int, keys []uint64, at []uint32) int {
	n := 0
	for i := range keys {
		id := first + i
		src := l.Src(id)
		via, dst, ph := l.First(id)
		via, _, prio, _, there := l.Next(src, via, dst, ph)
		if !there {
			keys[n], at[n] = l.kl.pack(prio, uint32(id), src^via), src
			n++
		}
	}
	return n
}

func (l *legKeys) Hop(keys []uint64, at []uint32, now int32, arrival []int32) int {
	if len(l.Dst) >= queuedNodes {
		return l.hopMany(keys, at, now, arrival)
	}
	at = at[:len(keys)]
	kl, off := l.kl, uint64(l.Off)
	kept := 0
	for i, k := range keys {
		prio := prioOf(k)
		link := nextLink(k)
		to := at[i] ^ uint32(link)
		// k crosses link; its id stays.
		if k ^= link; kl.route(k) != 0 {
			// On to the same waypoint.
			keys[kept] = raised(k, link)
			at[kept] = to
			kept++
			continue
		}
		// At the waypoint: the next leg, or arrived.
		ph, dst := uint8(1), to
		if prio <= off {
			ph, dst = 0, l.Dst[kl.id(k)]
		}
		via, _, p, _, there := l.Next(to, to, dst, ph)
		if there {
			if arrival != nil {
				arrival[kl.id(k)] = now
			}
			continue
		}
		keys[kept] = kl.rekey(k, p, to^via)
		at[kept] = to
		kept++
	}
	return kept
}

// hopMany is Hop on many nodes: the packets that reach their waypoints on
// the first leg are left to a second loop, so that reading their
// destinations, scattered in memory, overlaps. Hop keeps its own loop:
// with this one's, Valiant at n = 14 ran 7–9 % slower.
func (l *legKeys) hopMany(keys []uint64, at []uint32, now int32, arrival []int32) int {
	at = at[:len(keys)]
	kl, off := l.kl, uint64(l.Off)
	l.ids, l.wp = grow(l.ids, len(keys)), grow(l.wp, len(keys))
	ids, wp := l.ids, l.wp
	kept, waiting := 0, 0
	for i, k := range keys {
		link := nextLink(k)
		to := at[i] ^ uint32(link)
		if k ^= link; kl.route(k) != 0 {
			keys[kept], at[kept] = raised(k, link), to
			kept++
			continue
		}
		if prioOf(k) <= off {
			ids[waiting], wp[waiting] = kl.id(k), to
			waiting++
		} else if arrival != nil {
			arrival[kl.id(k)] = now
		}
	}
	// Read the destinations first, so that the cache misses overlap.
	var sum uint32
	for _, id := range ids[:waiting] {
		sum += l.Dst[id]
	}
	l.touched = sum
	for i, id := range ids[:waiting] {
		to := wp[i]
		via, _, p, _, there := l.Next(to, to, l.Dst[id], 0)
		if there {
			if arrival != nil {
				arrival[id] = now
			}
			continue
		}
		keys[kept], at[kept] = kl.pack(p, id, to^via), to
		kept++
	}
	return kept
}

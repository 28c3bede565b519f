package engine

import "math/bits"

// The keys of Legs under the Priority discipline: from the top, the
// priority, the packet id, and in the low n bits the route x = node ⊕
// waypoint, the dimensions still to cross on the current leg, crossed
// lowest first. Under FIFO: from the top, the time the packet arrived at
// its node, the packet id, a bit set on the last leg, and the route.

// fits reports whether the packets of legs on Q_n fit in keys: their
// priorities (at most 2n < 2^KeyPrioBits), ids and routes; under FIFO
// their arrival times (any step of a run, 31 bits), ids, legs and routes.
func fits(n, packets int, fifo bool) bool {
	if fifo {
		return fifoTimeBits+bits.Len(uint(packets-1))+1+n <= 64
	}
	return KeyPrioBits+bits.Len(uint(packets-1))+n <= 64
}

// fifoTimeBits is how many bits FIFO keys keep for the arrival time, a
// step of a run (int32).
const fifoTimeBits = 31

// keyLayout places the id, the leg and the route in the keys of Q_n.
type keyLayout struct {
	xBits, idShift uint
	xMask, idMask  uint64
	// Under FIFO: the bit of the last leg, and the shift of the arrival
	// time.
	last   uint64
	tShift uint
}

func newKeyLayout(n int, fifo bool) keyLayout {
	xBits := uint(n) & 63
	xMask := uint64(1)<<xBits - 1
	if fifo {
		tShift := uint(64 - fifoTimeBits)
		return keyLayout{xBits: xBits, idShift: xBits + 1, xMask: xMask, last: 1 << xBits, tShift: tShift,
			idMask: (uint64(1)<<tShift - 1) &^ (xMask<<1 | 1)}
	}
	return keyLayout{xBits: xBits, idShift: xBits, xMask: xMask, idMask: ^uint64(0) >> KeyPrioBits &^ xMask}
}

func (kl keyLayout) pack(prio uint8, id, x uint32) uint64 {
	return uint64(prio)<<KeyPrioShift | uint64(id)<<kl.xBits | uint64(x)
}

// packFIFO returns the FIFO key of packet id, arrived at time now, on
// route x on its last leg if last.
func (kl keyLayout) packFIFO(now int32, id, x uint32, last bool) uint64 {
	k := uint64(now)<<kl.tShift | uint64(id)<<kl.idShift | uint64(x)
	if last {
		k |= kl.last
	}
	return k
}

func (kl keyLayout) id(k uint64) uint32 { return uint32(k & kl.idMask >> kl.idShift) }

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

// legKeys are the packets of Legs as keys, on the nodes of Q_N, or
// all-port on its out-links: link d of node v is node d·2^N + v of the
// fused step, so that a packet going on on its leg goes to a higher one.
type legKeys struct {
	*Legs
	kl      keyLayout
	fifo    bool        // FIFO keys
	loads   *[256]int64 // the sends per priority, counted by Hop under FIFO
	ids, wp []uint32    // hopMany's packets at waypoints on the first leg, and their nodes
	touched uint32      // what hopMany read ahead of use, kept so that the reads stay
}

// plain reports whether l's keys are single-port Priority ones, which Hop
// moves by its own loop.
func (l *legKeys) plain() bool { return !l.fifo && !l.AllPort }

// nodes is the number of nodes of the fused step: the cube's, or all-port
// its links.
func (l *legKeys) nodes() int { return l.Queues() << l.N }

// port returns the mask of the link field of a fused node: 0 single-port.
func (l *legKeys) port() uint32 {
	if l.AllPort {
		return ^uint32(0)
	}
	return 0
}

func (l *legKeys) Start(first int, keys []uint64, at []uint32) int {
	if !l.plain() {
		return l.startModes(first, keys, at)
	}
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
	if !l.plain() {
		return l.hopModes(keys, at, now, arrival)
	}
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

// startModes is Start for FIFO or all-port keys.
func (l *legKeys) startModes(first int, keys []uint64, at []uint32) int {
	n, pm := 0, l.port()
	for i := range keys {
		id := first + i
		src := l.Src(id)
		via, dst, ph := l.First(id)
		via, ph, prio, d, there := l.Next(src, via, dst, ph)
		if there {
			continue
		}
		keys[n] = l.kl.pack(prio, uint32(id), src^via)
		if l.fifo {
			keys[n] = l.kl.packFIFO(0, uint32(id), src^via, ph != 0)
		}
		at[n] = src | uint32(d)<<l.N&pm
		n++
	}
	return n
}

// hopModes is Hop for FIFO or all-port keys: under FIFO it counts the
// sends per priority, which FIFO keys do not hold.
func (l *legKeys) hopModes(keys []uint64, at []uint32, now int32, arrival []int32) int {
	at = at[:len(keys)]
	kl, off, fifo, loads := l.kl, uint64(l.Off), l.fifo, l.loads
	pm, vm, shift := l.port(), uint32(1)<<l.N-1, uint(l.N)
	kept := 0
	for i, k := range keys {
		link := nextLink(k)
		last := fifo && k&kl.last != 0 || !fifo && prioOf(k) > off
		if fifo {
			prio := uint64(bits.TrailingZeros64(link)) + 1
			if last {
				prio += off
			}
			loads[prio]++
		}
		to := at[i]&vm ^ uint32(link)
		if k ^= link; kl.route(k) != 0 {
			// On to the same waypoint.
			if fifo {
				k = k&(1<<kl.tShift-1) | uint64(now)<<kl.tShift
			} else {
				k = raised(k, link)
			}
			keys[kept] = k
			at[kept] = to | uint32(bits.TrailingZeros64(k))<<shift&pm
			kept++
			continue
		}
		// At the waypoint: the next leg, or arrived.
		ph, dst := uint8(1), to
		if !last {
			ph, dst = 0, l.Dst[kl.id(k)]
		}
		via, _, p, d, there := l.Next(to, to, dst, ph)
		if there {
			if arrival != nil {
				arrival[kl.id(k)] = now
			}
			continue
		}
		if fifo {
			keys[kept] = kl.packFIFO(now, kl.id(k), to^via, true)
		} else {
			keys[kept] = kl.rekey(k, p, to^via)
		}
		at[kept] = to | uint32(d)<<shift&pm
		kept++
	}
	return kept
}

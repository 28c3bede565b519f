package routers

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
)

// adaptiveKeys are the packets of adaptive as the engine's keys, for its
// fused step in the single-port model: from the top, the priority of the
// next hop, the packet id, a bit set while the packet is on a detour and,
// in the low n bits, its route on its leg, the dimensions it still has to
// cross, lowest first. The leg is read from the priority; a packet on a
// detour, at the end of a leg or before a failed edge is moved as in the
// general step, from the router's state by id.
type adaptiveKeys struct {
	*adaptive
	held, dropped         int
	xMask, detour, idMask uint64 // the route's bits, the detour bit, the id's bits
	idShift               uint
	// drawing are the packets of a Hop that meet a failed edge off a
	// detour, reroute detour: they draw their detours after the others, in
	// the order of the nodes they left, as in the general step.
	drawing []sentKey
}

// sentKey is the key of a packet and the node it left.
type sentKey struct {
	key  uint64
	from uint32
}

// Keys returns the packets as keys; the fused step takes them single-port
// if priority, id, detour bit and route fit in a key.
func (a *adaptive) Keys() (engine.Keys, bool) {
	n := uint(a.N)
	a.keys = adaptiveKeys{adaptive: a, xMask: 1<<n - 1, detour: 1 << n, idMask: ^uint64(0) >> engine.KeyPrioBits &^ (1<<(n+1) - 1), idShift: n + 1,
		drawing: a.keys.drawing[:0]}
	fits := engine.KeyPrioBits+bits.Len(uint(len(a.Dst)-1))+1+a.N <= 64
	return &a.keys, a.port == SinglePort && fits
}

func (k *adaptiveKeys) Lost() (held, dropped int) { return k.held, k.dropped }

func (k *adaptiveKeys) Start(first int, keys []uint64, at []uint32) int {
	w := 0
	for i := range keys {
		var m engine.Move
		id := first + i
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = k.First(id)
		k.place(&m, k.Src(id), engine.Held)
		w = k.settle(&m, keys, at, w, nil, 0)
	}
	return w
}

// Hop moves a packet off a detour whose next hop is intact by its key
// alone, from its waypoint on reading its destination, and any other as
// Send does.
func (k *adaptiveKeys) Hop(keys []uint64, at []uint32, now int32, arrival []int32) int {
	k.drawing = k.drawing[:0]
	f, xMask, detour, last := k.faults, k.xMask, k.detour, uint64(k.Off+1)<<engine.KeyPrioShift
	w := 0
	for i, key := range keys {
		if key&detour != 0 {
			if to, ok := k.detourHop(&key, at[i]); ok {
				keys[w], at[w] = key, to
				w++
				continue
			}
		} else {
			x := key & xMask
			link := x & -x
			to := at[i] ^ uint32(link)
			prio := key>>engine.KeyPrioShift - uint64(bits.TrailingZeros64(link))
			switch x &^= link; {
			case x != 0:
			case key >= last:
				// At its destination.
				if arrival != nil {
					arrival[uint32(key&k.idMask>>k.idShift)] = now
				}
				continue
			default:
				// At its waypoint: on to the destination.
				x, prio = uint64(to^k.Dst[uint32(key&k.idMask>>k.idShift)]), prio+uint64(k.Off)
				if x == 0 {
					if arrival != nil {
						arrival[uint32(key&k.idMask>>k.idShift)] = now
					}
					continue
				}
			}
			if d := bits.TrailingZeros64(x); f == nil || !f.FailedDim(to, d+1) {
				keys[w], at[w] = (prio+uint64(d))<<engine.KeyPrioShift|key&k.idMask|x, to
				w++
				continue
			}
		}
		m, to := k.sent(key, at[i])
		if k.off[m.ID] < k.end[m.ID] {
			k.off[m.ID]++ // the hop was one of its detour
		}
		if k.draws(m, to) {
			k.drawing = append(k.drawing, sentKey{key, at[i]})
			continue
		}
		k.place(&m, to, engine.Dropped)
		w = k.settle(&m, keys, at, w, arrival, now)
	}
	slices.SortFunc(k.drawing, func(x, y sentKey) int { return cmp.Compare(x.from, y.from) })
	for _, s := range k.drawing {
		m, to := k.sent(s.key, s.from)
		k.place(&m, to, engine.Dropped)
		w = k.settle(&m, keys, at, w, arrival, now)
	}
	return w
}

// detourHop moves the packet of *key, which left node from on a hop of its
// detour, to its next hop of the detour, and returns the node it is at,
// or reports that it has reached the end of its detour, its key
// unchanged.
func (k *adaptiveKeys) detourHop(key *uint64, from uint32) (uint32, bool) {
	id := uint32(*key & k.idMask >> k.idShift)
	off := k.off[id] + 1
	if off >= k.end[id] {
		return 0, false
	}
	k.off[id] = off
	prio := int(*key >> engine.KeyPrioShift)
	leg := 0
	if prio > k.Off {
		leg = k.Off // the last leg, or the only one (Off = 0)
	}
	*key = uint64(k.adaptive.detourHop(id)+leg)<<engine.KeyPrioShift | *key&(1<<engine.KeyPrioShift-1)
	return from ^ 1<<(prio-leg-1), true
}

// sent returns the move of the packet of key, which left node from, and
// the node it went to.
func (k *adaptiveKeys) sent(key uint64, from uint32) (engine.Move, uint32) {
	var m engine.Move
	id, prio := uint32(key&k.idMask>>k.idShift), uint8(key>>engine.KeyPrioShift)
	m.ID, m.Dst, m.Prio, m.From, m.Via, m.Phase = id, k.Dst[id], prio, from, k.Dst[id], 1
	if int(prio) <= k.Off {
		m.Via, m.Phase = k.Via[id], 0
	}
	dim := int(prio) - int(m.Phase)*k.Off
	return m, from ^ 1<<(dim-1)
}

// draws reports whether the packet of m, arrived at node at, draws a random
// detour there: it is not on a detour and its next hop on its leg crosses a
// failed edge.
func (k *adaptiveKeys) draws(m engine.Move, at uint32) bool {
	if k.shortest || k.faults == nil || k.off[m.ID] < k.end[m.ID] {
		return false
	}
	dim, there := k.legHop(&m, at)
	return !there && k.faults.FailedDim(at, dim)
}

// settle writes the key and node of the packet of m to keys[w] and at[w]
// if it waits, counts it if it is lost, sets its arrival if it arrived,
// and returns the number of keys written.
func (k *adaptiveKeys) settle(m *engine.Move, keys []uint64, at []uint32, w int, arrival []int32, now int32) int {
	switch m.Fate {
	case engine.Waiting:
		key := uint64(m.Prio)<<engine.KeyPrioShift | uint64(m.ID)<<k.idShift
		if k.off[m.ID] < k.end[m.ID] {
			key |= k.detour
		} else {
			key |= uint64(m.To ^ m.Via)
		}
		keys[w], at[w] = key, m.To
		return w + 1
	case engine.Held:
		k.held++
	case engine.Dropped:
		k.dropped++
	case engine.Delivered:
		if arrival != nil {
			arrival[m.ID] = now
		}
	}
	return w
}

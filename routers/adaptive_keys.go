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
// cross, lowest first; on a detour, the route on from where the detour
// ends. The leg is read from the priority, a detour's hops and the
// destination at the waypoint by id; a packet whose next hop on its leg
// crosses a failed edge is placed as in the general step.
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

// Hop moves every packet by its key, reading its detour, or its
// destination at its waypoint, by its id; a packet whose next hop on its
// leg crosses a failed edge is placed as Send does, after the others if
// it draws a detour.
func (k *adaptiveKeys) Hop(keys []uint64, at []uint32, now int32, arrival []int32) int {
	k.drawing = k.drawing[:0]
	f, xMask, low := k.faults, k.xMask, uint64(1)<<engine.KeyPrioShift-1
	w := 0
	for i, key := range keys {
		// The node reached, the route on the leg from there and the
		// priority less the dimension of its hops on the leg.
		var to uint32
		var x, base uint64
		id := uint32(key & k.idMask >> k.idShift)
		if key&k.detour != 0 {
			prio := int(key >> engine.KeyPrioShift)
			_, leg := k.leg(prio)
			to = at[i] ^ 1<<(prio-leg-1)
			if k.off[id]++; k.off[id] < k.end[id] {
				keys[w], at[w] = uint64(k.detourHop(id)+leg)<<engine.KeyPrioShift|key&low, to
				w++
				continue
			}
			x, base = key&xMask, uint64(leg+1)
		} else {
			x = key & xMask
			link := x & -x
			to, x = at[i]^uint32(link), x&^link
			base = key>>engine.KeyPrioShift - uint64(bits.TrailingZeros64(link))
		}
		if x == 0 && base <= uint64(k.Off) {
			// At its waypoint: on to the destination.
			x, base = uint64(to^k.Dst[id]), base+uint64(k.Off)
		}
		if x == 0 {
			if arrival != nil {
				arrival[id] = now
			}
			continue
		}
		if d := bits.TrailingZeros64(x); f == nil || !f.FailedDim(to, d+1) {
			keys[w], at[w] = (base+uint64(d))<<engine.KeyPrioShift|key&k.idMask|x, to
			w++
			continue
		}
		if !k.shortest {
			k.drawing = append(k.drawing, sentKey{key, at[i]})
			continue
		}
		m, _ := k.sent(key, at[i])
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

// sent returns the move of the packet of key, which left node from, and
// the node it went to.
func (k *adaptiveKeys) sent(key uint64, from uint32) (engine.Move, uint32) {
	var m engine.Move
	id, prio := uint32(key&k.idMask>>k.idShift), uint8(key>>engine.KeyPrioShift)
	phase, leg := k.leg(int(prio))
	m.ID, m.Dst, m.Prio, m.From, m.Via, m.Phase = id, k.Dst[id], prio, from, k.Dst[id], phase
	if phase == 0 {
		m.Via = k.Via[id]
	}
	return m, from ^ 1<<(int(prio)-leg-1)
}

// leg returns the leg of a packet whose hop has priority prio and the
// offset of its priorities: the first leg, or the last (or only, Off = 0).
func (k *adaptiveKeys) leg(prio int) (phase uint8, off int) {
	if prio > k.Off {
		return 1, k.Off
	}
	return 0, 0
}

// settle writes the key and node of the packet of m to keys[w] and at[w]
// if it waits, counts it if it is lost, sets its arrival if it arrived,
// and returns the number of keys written.
func (k *adaptiveKeys) settle(m *engine.Move, keys []uint64, at []uint32, w int, arrival []int32, now int32) int {
	switch m.Fate {
	case engine.Waiting:
		// On a detour, the route on the leg from where the detour ends.
		key := uint64(m.Prio)<<engine.KeyPrioShift | uint64(m.ID)<<k.idShift | uint64(m.To^m.Via)
		if k.off[m.ID] < k.end[m.ID] {
			key = key&^k.xMask | k.detour | uint64(k.goal[m.ID]^m.Via)
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

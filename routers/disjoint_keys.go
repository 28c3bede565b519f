package routers

import (
	"math/bits"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
)

// bflyKeys are the copies of a run of one phase of bfly as the engine's
// keys, for its fused step. A copy at node (l, v) of BF_n is, from the top
// of its key, its priority (the hops taken, plus n+1 in phase 2), its id
// and, in the low n+2 bits, its hops: bit j set if its jth hop from here
// crosses, and a bit 1 above the last hop. The node is key node
// (l−1)·2^n + v rotated right by l−1 within n bits, so that bit 0 is the
// dimension of layer l and what a step sends from one layer goes to the
// next in few streams. Such a run has no faults: in phase 2 every copy
// starts, and every copy arrives. A run of both phases (pipelined) starts
// y's copies of a message once y has enough of it (bothKeys).
type bflyKeys struct{ *bfly }

// A key holds the priority, an id below 2^31 and the n+2 bits of the hops
// for every n up to MaxDisjointDim.
const _ = uint(64 - (engine.KeyPrioBits + 31 + MaxDisjointDim + 2))

// Keys returns the copies of a run as keys.
func (b *bfly) Keys() (engine.Keys, bool) {
	if b.phase == bothPhases {
		return bothKeys{b}, true
	}
	return bflyKeys{b}, true
}

// Start sets up the copies as keys and counts the cube links they will
// cross.
func (k bflyKeys) Start(first int, keys []uint64, at []uint32) int {
	b := k.bfly
	n := b.n
	var crossed int64
	for i := 0; i < len(keys); {
		// The copies of message s from copy l0 on that are in range.
		id := uint32(first + i)
		s := b.div.div(id)
		l0 := id - s*n
		m := min(int(n-l0), len(keys)-i)
		v, target, prio := s, b.via[s], uint64(0)
		if b.phase == phase2 {
			v, target, prio = b.via[s], b.dst[s], uint64(n+1)
		}
		crossed += b.copies(prio, id, v^target, v, l0, keys[i:i+m], at[i:i+m])
		i += m
	}
	b.crossed += crossed
	return len(keys)
}

// copies writes the keys and nodes of len(keys) copies of a message with
// priority prio on route r = v ⊕ z, copy l0, with id id at node (l0+1,
// v), and those after it, and returns the cube links they will cross.
// Copy l0 crosses dimension l0 first, then the other dimensions where v
// and z differ and last, dimension l0 again if v and z agree there;
// trimmed, it stops after its last crossing. Its key holds its hops, bit
// j set if its jth hop crosses, and a bit above the last (bflyKeys); its
// route and node are rotated right by l0, one more for each next copy.
func (b *bfly) copies(prio uint64, id, r, v, l0 uint32, keys []uint64, at []uint32) (crossed int64) {
	// Every shift is below 64 (n ≤ MaxDisjointDim), which the masks
	// tell the compiler.
	n := b.n & 31
	top := n - 1
	key := prio<<engine.KeyPrioShift | uint64(id)<<(n+2)
	node := l0 << n
	r, v = b.rotate(r, l0), b.rotate(v, l0)
	at = at[:len(keys)]
	for i := range keys {
		hops := uint64(r|1) | uint64(^r&1)<<n
		end := n + 1
		if b.trim {
			end = uint32(bits.Len64(hops))
		}
		keys[i], at[i] = key|hops|1<<(end&63), node|v
		crossed += int64(bits.OnesCount64(hops))
		key += 1 << (n + 2)
		node += 1 << n
		r, v = r>>1|(r&1)<<top, v>>1|(v&1)<<top
	}
	return crossed
}

// rotate returns x rotated right by k < n within n bits.
func (b *bfly) rotate(x, k uint32) uint32 {
	n := b.n & 31
	return (x>>(k&31) | x<<((n-k)&31)) & (1<<n - 1)
}

// Hop moves each copy one hop along its route β^d, as Send does: the hop
// crosses if bit 0 of the copy's hops is set, and the copy arrives after
// its last hop (the hops left are 1).
func (k bflyKeys) Hop(keys []uint64, at []uint32, now int32, arrival []int32) int {
	b := k.bfly
	h := b.hopper()
	if arrival != nil {
		// A pass of its own, which keeps the loop below short.
		for _, key := range keys {
			if h.arrives(key) {
				arrival[b.copyID(key)] = now
			}
		}
	}
	return h.all(keys, at)
}

// allGo moves each copy of keys, at node at[i], one hop, writes the key
// and node of each that has hops left to the front of keys and at, and
// returns how many.
func (h hopper) allGo(keys []uint64, at []uint32) int {
	at = at[:len(keys)]
	kept := 0
	for i, key := range keys {
		// Written in any case, kept unless the copy arrived.
		keys[kept], at[kept] = h.next(key, at[i])
		kept += int(b2u(!h.arrives(key)))
	}
	return kept
}

// hopper is what a copy's hop on BF_n reads: the bits of a key's hops, and
// of a node's place in its layer, the place of its top bit, and the nodes.
type hopper struct {
	hops              uint64
	mask, half, nodes uint32
}

// hopper returns the hopper of b's butterfly.
func (b *bfly) hopper() hopper {
	n := b.n & 31
	return hopper{hops: 1<<(n+2) - 1, mask: 1<<n - 1, half: 1 << n >> 1, nodes: n << n}
}

// next returns the key and node of the copy of key at node at after its
// hop: its hops shifted down, its priority one more, and its node in the
// next layer (the first after the last), crossed if the hop crosses.
func (h hopper) next(key uint64, at uint32) (uint64, uint32) {
	f := key & h.hops
	a := at ^ uint32(f)&1
	w := a & h.mask
	next := (a | h.mask) + 1
	if next >= h.nodes {
		next = 0
	}
	// f − f>>1 = ⌈f/2⌉ = (f+1)>>1.
	return key - (f+1)>>1 + 1<<engine.KeyPrioShift, next | w>>1 | -(w&1)&h.half
}

// arrives reports whether the copy of key arrives with its hop: its hops
// left are 1.
func (h hopper) arrives(key uint64) bool { return key&h.hops>>1 == 1 }

// copyID returns the id of the copy of key.
func (b *bfly) copyID(key uint64) uint32 {
	return uint32(key << engine.KeyPrioBits >> (engine.KeyPrioBits + 2 + b.n&31))
}

// bothKeys are the copies of a run of both phases as keys: a phase-1 copy
// of message s has id s·n + d − 1, a phase-2 copy n·2^n + s·n + d − 1
// (as bfly's). Every phase-2 copy is held at the start; Hop starts those
// of a message once y has pieces of its phase-1 copies, and counts what
// reacting does.
type bothKeys struct{ *bfly }

// Start sets up the phase-1 copies as keys; the phase-2 copies wait.
func (k bothKeys) Start(first int, keys []uint64, at []uint32) int {
	ph1 := k.msgs * int(k.n)
	if first >= ph1 {
		return 0
	}
	m := min(len(keys), ph1-first)
	k.phase = phase1
	w := bflyKeys(k).Start(first, keys[:m], at[:m])
	k.phase = bothPhases
	return w
}

// Hop moves each copy as bflyKeys.Hop does and settles those that arrive:
// a phase-1 copy counts at y, whose copies of the message it starts once
// y has pieces of them; a phase-2 copy at z.
func (k bothKeys) Hop(keys []uint64, at []uint32, now int32, arrival []int32) int {
	b := k.bfly
	b.started, b.startedAt = b.started[:0], b.startedAt[:0]
	h := b.hopper()
	at = at[:len(keys)]
	kept := 0
	for i, key := range keys {
		if h.arrives(key) {
			id := b.copyID(key)
			if arrival != nil {
				arrival[id] = now
			}
			b.arrived(id, key>>engine.KeyPrioShift > uint64(b.n), now)
			continue
		}
		keys[kept], at[kept] = h.next(key, at[i])
		kept++
	}
	return kept
}

// Started returns the phase-2 copies the last Hop started.
func (k bothKeys) Started() ([]uint64, []uint32) { return k.started, k.startedAt }

// arrived counts copy id, of phase 2 if second, arrived at time now, as
// reacting.Settled does, and starts y's copies of its message once y has
// pieces of them.
func (b *bfly) arrived(id uint32, second bool, now int32) {
	n, ph1 := b.n, uint32(b.msgs)*b.n
	b.end = now
	if second {
		s := b.div.div(id - ph1)
		b.done[1] = max(b.done[1], now-b.forwarded[s])
		b.atDst[s]++
		return
	}
	s := b.div.div(id)
	b.done[0] = now
	if b.atVia[s]++; b.atVia[s] != b.pieces {
		return
	}
	b.forwarded[s] = now
	y, z := b.via[s], b.dst[s]
	m := len(b.started)
	b.started, b.startedAt = slices.Grow(b.started, int(n))[:m+int(n)], slices.Grow(b.startedAt, int(n))[:m+int(n)]
	b.crossed += b.copies(uint64(n+1), ph1+s*n, y^z, y, 0, b.started[m:], b.startedAt[m:])
}

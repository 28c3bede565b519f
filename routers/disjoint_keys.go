package routers

import (
	"math/bits"

	"github.com/hyperroute/hyperroute/engine"
)

// bflyKeys are the copies of a run of one phase of bfly as the engine's
// keys, for its fused step. A copy at node (l, v) of BF_n heading for
// target super-node z is, from the top of its key, its priority (the hops
// taken, plus n+1 in phase 2), its id, a bit 1 and, in the low n bits, its
// route v ⊕ z rotated right by l−1 within n bits, so that bit 0 is the
// dimension of layer l; the node is key node (l−1)·2^n + v rotated the
// same way, layer by layer, so that what a step sends from one layer goes
// to the next in few streams. Such a run has no faults: in phase 2 every
// copy starts, and every copy arrives.
type bflyKeys struct{ *bfly }

// Keys returns the copies of a run of one phase as keys.
func (b *bfly) Keys() (engine.Keys, bool) { return bflyKeys{b}, b.phase != bothPhases }

// Start sets up the copies as keys and counts the cube links they will
// cross: the first hop crosses dimension d, the hops 1 … n−1 the other
// dimensions where v and z differ and hop n, trimmed or not, dimension d
// if v and z agree there, so popcount(v ⊕ z) links if they differ in d,
// two more if not.
func (k bflyKeys) Start(first int, keys []uint64, at []uint32) int {
	b := k.bfly
	n := b.n
	var crossed int64
	for i := range keys {
		id := uint32(first + i)
		s := b.div.div(id)
		v, target, prio := s, b.via[s], uint64(0)
		if b.phase == phase2 {
			v, target, prio = b.via[s], b.dst[s], uint64(n+1)
		}
		l0, r := id-s*n, v^target
		crossed += int64(bits.OnesCount32(r) + 2*int(^r>>l0&1))
		keys[i] = prio<<engine.KeyPrioShift | (uint64(id)<<1|1)<<n | uint64(b.rotate(r, l0))
		at[i] = l0<<n | b.rotate(v, l0)
	}
	b.crossed += crossed
	return len(keys)
}

// rotate returns x rotated right by k < n within n bits.
func (b *bfly) rotate(x, k uint32) uint32 {
	return (x>>k | x<<(b.n-k)) & (1<<b.n - 1)
}

// Hop moves each copy one hop along its route β^d, as Send does: the hop
// crosses if bit 0 of the route is set or it is the first of the phase,
// and the copy arrives after the last hop of the phase or, trimmed, once
// its route is 0 (key&rest = 0; the bit above the route is never 0).
func (k bflyKeys) Hop(keys []uint64, at []uint32, now int32, arrival []int32) int {
	b := k.bfly
	n := b.n & 31
	// By priority: bit 0 for the first hop of a phase, bit 1 for the last.
	var hop [1 << engine.KeyPrioBits]uint8
	hop[0], hop[n+1], hop[n], hop[2*n+1] = 1, 1, 2, 2
	mask, nodes := uint32(1)<<n-1, n<<n
	rest := uint64(mask) + 1
	if b.trim {
		rest = uint64(mask)
	}
	at = at[:len(keys)]
	kept := 0
	for i, key := range keys {
		h := hop[key>>engine.KeyPrioShift]
		x := uint32(key|uint64(h)) & 1
		r := uint32(key)&mask ^ x
		key = (key&^uint64(mask) | uint64(r>>1|r&1<<(n-1))) + 1<<engine.KeyPrioShift
		if h&2 != 0 || key&rest == 0 {
			if arrival != nil {
				arrival[key<<engine.KeyPrioBits>>(engine.KeyPrioBits+1+n)] = now
			}
			continue
		}
		a := at[i]
		w := a&mask ^ x
		next := a&^mask + mask + 1
		if next >= nodes {
			next = 0
		}
		keys[kept], at[kept] = key, next|w>>1|w&1<<(n-1)
		kept++
	}
	return kept
}

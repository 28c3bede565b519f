package routers

import "github.com/hyperroute/hyperroute/engine"

// bflyKeys are the copies of a run of one phase of bfly as the engine's
// keys, for its fused step: from the top, the priority (the hops taken,
// plus n+1 in phase 2), the copy's id and, in the low n bits, the route r =
// v ⊕ target, where its cube node v still differs from the target
// super-node. Node (l, v) of BF_n is key node (l−1)·2^n + v, layer by
// layer, so that what a step sends from one layer goes to the next in few
// streams. Such a run has no faults: in phase 2 every copy starts.
type bflyKeys struct{ *bfly }

// Keys returns the copies of a run of one phase as keys.
func (b *bfly) Keys() (engine.Keys, bool) { return bflyKeys{b}, b.phase != bothPhases }

func (k bflyKeys) Start(first int, keys []uint64, at []uint32) int {
	b := k.bfly
	n := b.n
	for i := range keys {
		id := uint32(first + i)
		s := b.div.div(id)
		v, target, prio := s, b.via[s], uint64(0)
		if b.phase == phase2 {
			v, target, prio = b.via[s], b.dst[s], uint64(n+1)
		}
		keys[i] = prio<<engine.KeyPrioShift | uint64(id)<<n | uint64(v^target)
		at[i] = (id-s*n)<<n | v
	}
	return len(keys)
}

// Hop moves each copy one hop along its route β^d, as Send does.
func (k bflyKeys) Hop(keys []uint64, at []uint32, now int32, arrival []int32) int {
	b := k.bfly
	n, trim := b.n, b.trim
	full, vMask, rMask := uint64(n+1), uint32(1)<<n-1, uint64(1)<<n-1
	at = at[:len(keys)]
	var crossed uint64
	kept := 0
	for i, key := range keys {
		a := at[i]
		l0, p := a>>n, key>>engine.KeyPrioShift
		x := key>>l0&1 | uint64(b2u(p == 0 || p == full))
		crossed += x
		key = (key ^ x<<l0) + 1<<engine.KeyPrioShift
		if p++; p == full || p == 2*full || trim && key&rMask == 0 {
			if arrival != nil {
				arrival[key<<engine.KeyPrioBits>>(engine.KeyPrioBits+n)] = now
			}
			continue
		}
		next := l0 + 1
		if next == n {
			next = 0
		}
		keys[kept], at[kept] = key, next<<n|(a&vMask^uint32(x)<<l0)
		kept++
	}
	b.crossed += int64(crossed)
	return kept
}

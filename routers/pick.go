package routers

import "math/bits"

// pick chooses the packets node v sends in step t, takes them out and adds
// them to the moves: one per queue that holds a packet which arrived
// before step t.
func (e *Engine) pick(v uint32, t int32) {
	b := &e.node[v]
	b.renew(t)
	ready := b.len() - b.fresh()
	if ready == 0 {
		return
	}
	// The queues hold what they held at the end of the last step.
	switch {
	case e.ports == 1 && b.over < 0 && e.Discipline != Random:
		// The common case: at most inline packets, all in place.
		e.maxQueue = max(e.maxQueue, ready)
		// i = 1 if the second packet goes first, without a branch: keys
		// are below 2^40, so k1 − k0 wraps around iff k1 < k0.
		i := int((e.key(&b.pk[1]) - e.key(&b.pk[0])) >> 63)
		if ready < 2 {
			i = 0
		}
		e.moves = append(e.moves, Move{Packet: b.pk[i], From: v})
		e.prioLoads[b.pk[i].Prio]++
		b.pk[i] = b.pk[1] // inline = 2: pk[1] moves up if pk[0] went
		b.state--
	case e.ports == 1:
		e.maxQueue = max(e.maxQueue, ready)
		e.pickQueue(v, b, ready, 0, false)
	default:
		var tags uint64
		for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
			tags |= 1 << e.packet(b, i, at).Tag
		}
		for ; tags != 0; tags &= tags - 1 {
			tag := uint8(bits.TrailingZeros64(tags))
			e.maxQueue = max(e.maxQueue, e.count(b, ready, tag, true))
			e.pickQueue(v, b, ready, tag, true)
			ready--
		}
	}
	clearIfEmpty(e.busy, v, uint32(b.len()))
}

// pickQueue chooses by the discipline among the first ready packets of b
// (those with Tag tag if byTag), takes it out and adds it to the moves.
func (e *Engine) pickQueue(v uint32, b *node, ready int, tag uint8, byTag bool) {
	e.moves = append(e.moves, Move{Packet: e.take(b, ready, tag, byTag), From: v})
	e.prioLoads[e.moves[len(e.moves)-1].Prio]++
}

// take chooses by the discipline among the first ready packets of b (those
// with Tag tag if byTag), takes it out and returns it.
func (e *Engine) take(b *node, ready int, tag uint8, byTag bool) Packet {
	if e.Discipline == Priority && !byTag {
		return e.takeFirst(b, ready)
	}
	draw := -1
	if e.Discipline == Random {
		draw = e.Rand.IntN(e.count(b, ready, tag, byTag))
	}
	best, bi := ^uint64(0), -1
	var bat, bprev int32
	// at is the pool index of position i ≥ inline, prev that of i−1.
	for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
		k := e.packet(b, i, at)
		if byTag && k.Tag != tag {
			continue
		}
		if draw >= 0 {
			if draw == 0 {
				bi, bat, bprev = i, at, prev
				break
			}
			draw--
			continue
		}
		if key := e.key(k); key < best || bi < 0 {
			best, bi, bat, bprev = key, i, at, prev
		}
	}
	k := *e.packet(b, bi, bat)
	e.remove(b, bi, bat, bprev)
	return k
}

// takeFirst is take under the Priority discipline, among all the first
// ready packets of b.
func (ns *nodes) takeFirst(b *node, ready int) Packet {
	best, bi := priorityKey(&b.pk[0]), 0
	if k := priorityKey(&b.pk[1]); ready > 1 && k < best {
		best, bi = k, 1
	}
	// at is the pool index of position i, prev that of i−1.
	var bat, bprev int32
	for i, at, prev := inline, b.over, int32(-1); i < ready; i++ {
		if k := priorityKey(&ns.pool[at].Packet); k < best {
			best, bi, bat, bprev = k, i, at, prev
		}
		prev, at = at, ns.pool[at].next
	}
	k := *ns.packet(b, bi, bat)
	ns.remove(b, bi, bat, bprev)
	return k
}

// priorityKey orders packets under the Priority discipline: by Prio, ties
// by ID.
func priorityKey(k *Packet) uint64 { return uint64(k.Prio)<<32 | uint64(k.ID) }

// key orders the packets of a queue, smallest first: by priority or by
// hops to go, ties by packet id; under FIFO all keys are equal and the
// first packet, the earliest to arrive, goes.
func (e *Engine) key(k *Packet) uint64 {
	switch e.Discipline {
	case Priority:
		return priorityKey(k)
	case Farthest:
		return uint64(255-k.Remain)<<32 | uint64(k.ID)
	}
	return 0
}

// count returns how many of the first ready packets of b have Tag tag, or
// ready if not byTag.
func (e *Engine) count(b *node, ready int, tag uint8, byTag bool) int {
	if !byTag {
		return ready
	}
	c := 0
	for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
		if e.packet(b, i, at).Tag == tag {
			c++
		}
	}
	return c
}

// put adds packet k to b, node v, at the end of step t (t = −1: before
// the first step). Under FIFO it goes after the packets that arrived before
// and those of the same step with a smaller id.
func (e *Engine) put(k *Packet, v uint32, b *node, t int32) {
	pos := b.len()
	if t >= 0 {
		b.renew(t)
	}
	if pos == maxWaiting || b.fresh() == maxFresh {
		e.full = true
		return
	}
	if t >= 0 {
		if e.Discipline == FIFO {
			pos = e.fifoPos(b, k.ID)
		}
		b.state += oneFresh
	}
	e.insert(b, pos, k)
	setBusy(e.busy, v)
}

// fifoPos returns the position before the first fresh packet of b with an
// id above id, or b.len().
func (e *Engine) fifoPos(b *node, id uint32) int {
	n := b.len()
	i := n - b.fresh()
	at, prev := b.over, int32(-1)
	if i >= inline {
		at, prev = e.entryAt(b, i)
	}
	for ; i < n; i = e.advance(i, &at, &prev) {
		if e.packet(b, i, at).ID > id {
			return i
		}
	}
	return n
}

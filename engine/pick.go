package engine

import "math/bits"

// pick chooses the packets node v sends in step t, takes them out and adds
// them to the moves: one per queue lo … hi−1 that holds a packet which
// arrived before step t.
func (e *Engine) pick(v uint32, t int32, lo, hi int) {
	b := &e.node[v]
	b.renew(t)
	ready := b.len() - b.fresh()
	if ready == 0 {
		return
	}
	// The queues hold what they held at the end of the last step.
	switch {
	case e.queues == 1 && b.over < 0 && e.Discipline != Random:
		// The common case: at most inline packets, all in place.
		e.maxQueue = max(e.maxQueue, ready)
		k0, k1 := e.key(&b.pk[0]), e.key(&b.pk[1])
		if e.Discipline == Farthest {
			k0, k1 = e.farthestKey(&b.pk[0], v), e.farthestKey(&b.pk[1], v)
		}
		e.moves = e.sendInline(e.moves, b, v, firstOf(k0, k1, ready))
	case e.queues == 1:
		e.maxQueue = max(e.maxQueue, ready)
		e.pickQueue(v, b, ready, 0, false)
	case hi-lo <= 64 && e.Discipline != Random:
		e.pickServed(v, b, ready, lo, hi)
	case hi-lo <= 64:
		// The queues served that hold a ready packet, as bits above lo.
		var served uint64
		for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
			if q := uint(e.packet(b, i, at).Queue) - uint(lo); q < uint(hi-lo) {
				served |= 1 << q
			}
		}
		for ; served != 0; served &= served - 1 {
			ready = e.pickIn(v, b, ready, uint16(lo+bits.TrailingZeros64(served)))
		}
	default:
		// The same, as a list in order.
		qs := e.serving[:0]
		for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
			if q := int(e.packet(b, i, at).Queue); q >= lo && q < hi {
				qs = insertNew(qs, uint16(q))
			}
		}
		for _, q := range qs {
			ready = e.pickIn(v, b, ready, q)
		}
		e.serving = qs
	}
	clearIfEmpty(e.busy, v, uint32(b.len()))
}

// pickServed is pick for queues lo … hi−1, at most 64, under a discipline
// that draws nothing: one pass over the first ready packets of b, node v,
// finds each served queue's packet to send and counts the queue's ready
// packets; the packets are taken out from the last position to the first,
// so that the positions of the others stay, and sent in queue order.
func (e *Engine) pickServed(v uint32, b *node, ready, lo, hi int) {
	ps := &e.served
	var served uint64
	for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
		k := e.packet(b, i, at)
		q := uint(k.Queue) - uint(lo)
		if q >= uint(hi-lo) {
			continue
		}
		var key uint64
		switch {
		case e.Discipline == Farthest:
			key = e.farthestKey(k, v)
		case e.Discipline == Priority && ps.fifo>>q&1 == 0:
			key = priorityKey(k)
		}
		if bit := uint64(1) << q; served&bit == 0 {
			served |= bit
			ps.count[q], ps.best[q] = 1, pickedAt{key, int32(i), at, prev}
		} else if ps.count[q]++; key < ps.best[q].key {
			ps.best[q] = pickedAt{key, int32(i), at, prev}
		}
	}
	// The queues served, by position, last first.
	qs := ps.order[:0]
	for w := served; w != 0; w &= w - 1 {
		q := uint8(bits.TrailingZeros64(w))
		j := len(qs)
		qs = append(qs, q)
		for ; j > 0 && ps.best[qs[j-1]].i < ps.best[q].i; j-- {
			qs[j] = qs[j-1]
		}
		qs[j] = q
	}
	for _, q := range qs {
		p := &ps.best[q]
		ps.packet[q] = *e.packet(b, int(p.i), p.at)
		e.remove(b, int(p.i), p.at, p.prev)
	}
	for w := served; w != 0; w &= w - 1 {
		q := bits.TrailingZeros64(w)
		e.maxQueue = max(e.maxQueue, int(ps.count[q]))
		e.moves = append(e.moves, Move{Packet: ps.packet[q], From: v})
		e.prioLoads[ps.packet[q].Prio]++
	}
}

// servedQueues is pickServed's state: per queue served (from lo), its
// ready packets, the one to send and where it is; and which of the queues
// send first in, first out.
type servedQueues struct {
	fifo   uint64
	count  [64]int32
	best   [64]pickedAt
	packet [64]Packet
	order  [64]uint8
}

// pickedAt is a packet chosen at a node: its key, position and pool
// indices (as take keeps them).
type pickedAt struct {
	key         uint64
	i, at, prev int32
}

// firstOf returns which of a node's two inline packets, with keys k0 and
// k1, goes first: 1 if the second, without a branch (keys are below 2^40,
// so k1 − k0 wraps around iff k1 < k0); 0 if only the first is ready.
func firstOf(k0, k1 uint64, ready int) int {
	i := int((k1 - k0) >> 63)
	if ready < 2 {
		i = 0
	}
	return i
}

// sendInline appends inline packet i of b, node v, to moves and takes it
// out of b.
func (e *Engine) sendInline(moves []Move, b *node, v uint32, i int) []Move {
	moves = append(moves, Move{Packet: b.pk[i], From: v})
	e.prioLoads[b.pk[i].Prio]++
	b.pk[i] = b.pk[1] // inline = 2: pk[1] moves up if pk[0] went
	b.state--
	return moves
}

// pickIn picks the packet queue q of b, node v, sends among its first ready
// packets and returns how many of those are left.
func (e *Engine) pickIn(v uint32, b *node, ready int, q uint16) int {
	e.maxQueue = max(e.maxQueue, e.count(b, ready, q, true))
	e.pickQueue(v, b, ready, q, true)
	return ready - 1
}

// pickQueue chooses by the discipline among the first ready packets of b,
// node v (those in queue q if byQueue), takes it out and adds it to the
// moves.
func (e *Engine) pickQueue(v uint32, b *node, ready int, q uint16, byQueue bool) {
	e.moves = append(e.moves, Move{Packet: e.take(b, v, ready, q, byQueue), From: v})
	e.prioLoads[e.moves[len(e.moves)-1].Prio]++
}

// take chooses by the discipline among the first ready packets of b, node
// v (those in queue q if byQueue), takes it out and returns it.
func (e *Engine) take(b *node, v uint32, ready int, q uint16, byQueue bool) Packet {
	if e.Discipline == Priority && !byQueue && e.fifoq == nil {
		return e.takeFirst(b, ready)
	}
	draw := -1
	if e.Discipline == Random {
		draw = e.Rand.IntN(e.count(b, ready, q, byQueue))
	}
	best, bi := ^uint64(0), -1
	var bat, bprev int32
	// at is the pool index of position i ≥ inline, prev that of i−1.
	for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
		k := e.packet(b, i, at)
		if byQueue && k.Queue != q {
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
		key := e.key(k)
		if e.Discipline == Farthest {
			key = e.farthestKey(k, v)
		}
		if key < best || bi < 0 {
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

// key orders the packets of a queue, smallest first, under the Priority,
// FIFO and Random disciplines: by priority, ties by packet id; under FIFO
// (and in the FIFO queues of a FIFOQueues) all keys are equal and the first
// packet, the earliest to arrive, goes.
// Farthest asks the router (farthestKey).
func (e *Engine) key(k *Packet) uint64 {
	if e.Discipline == Priority && !e.fifo(k.Queue) {
		return priorityKey(k)
	}
	return 0
}

// fifo reports whether queue q sends first in, first out: under the FIFO
// discipline, or as the router's FIFOQueues says under Priority.
func (e *Engine) fifo(q uint16) bool {
	return e.Discipline == FIFO || e.Discipline == Priority && e.fifoq != nil && e.fifoq.FIFO(q)
}

// farthestKey orders packets under the Farthest discipline: by hops to go,
// most first, ties by ID.
func (e *Engine) farthestKey(k *Packet, v uint32) uint64 {
	return uint64(255-e.remain.Remain(k, v))<<32 | uint64(k.ID)
}

// count returns how many of the first ready packets of b are in queue q,
// or ready if not byQueue.
func (e *Engine) count(b *node, ready int, q uint16, byQueue bool) int {
	if !byQueue {
		return ready
	}
	c := 0
	for i, at, prev := 0, b.over, int32(-1); i < ready; i = e.advance(i, &at, &prev) {
		if e.packet(b, i, at).Queue == q {
			c++
		}
	}
	return c
}

// put adds packet k to node v at the end of step t (t = −1: before the
// first step). Under FIFO it goes after the packets that arrived before and
// those of the same step with a smaller id.
func (e *Engine) put(k *Packet, v uint32, t int32) {
	if int(k.Queue) >= e.queues {
		e.err = ErrQueue
		return
	}
	b := &e.node[v]
	pos := b.len()
	if t >= 0 {
		b.renew(t)
	}
	if pos == maxWaiting || b.fresh() == maxFresh {
		e.full = true
		return
	}
	if t >= 0 {
		if e.fifo(k.Queue) {
			pos = e.fifoPos(b, k.ID)
		}
		b.state += oneFresh
	}
	e.insert(b, pos, k)
	setBusy(e.busy, v)
	e.side.put(v, k.Queue)
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

// insertNew inserts q into the ascending qs unless it is there.
func insertNew(qs []uint16, q uint16) []uint16 {
	i := len(qs)
	for i > 0 && qs[i-1] > q {
		i--
	}
	if i > 0 && qs[i-1] == q {
		return qs
	}
	qs = append(qs, q)
	copy(qs[i+1:], qs[i:])
	qs[i] = q
	return qs
}

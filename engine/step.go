package engine

import "math/bits"

// start sets up the packets of r, puts each that waits for a hop at its
// node and returns how many wait.
func (e *Engine) start(r Router) (live int) {
	np := r.Packets()
	for first := 0; first < np; first += sendChunk {
		e.moves = grow(e.moves, min(sendChunk, np-first))
		batch := e.moves
		r.Start(first, batch)
		for i := range batch {
			switch m := &batch[i]; m.Fate {
			case Waiting:
				e.put(&m.Packet, m.To, -1)
				live++
			case Held:
				if e.res.Arrival != nil {
					e.res.Arrival[m.ID] = -1
				}
				e.res.Held++
			}
		}
	}
	return live
}

// step runs step t: every node's queues that r's schedule serves choose the
// packets they send by the Discipline, and r moves them. It returns the
// change in the number of packets waiting: those started less those that
// arrived or were lost.
func (e *Engine) step(r Router, t int32) (change int) {
	if e.queues == 1 && e.Discipline == Priority && e.sched == nil && e.fifoq == nil {
		return e.stepOne(r, t)
	}
	lo, hi := 0, e.queues
	if e.sched != nil {
		lo, hi = e.sched.Serving(t)
		lo, hi = max(lo, 0), min(hi, e.queues)
	}
	e.moves = e.moves[:0]
	if lo >= hi {
		e.renewAll(t)
		e.side.after = false
		return e.move(r, t)
	}
	e.servedFIFO(lo, hi)
	if e.side.on && lo > 0 {
		return e.stepSide(r, t, lo, hi)
	}
	e.side.after = false
	for w := range e.busy {
		for word := e.busy[w]; word != 0; word &= word - 1 {
			e.pick(uint32(w<<6+bits.TrailingZeros64(word)), t, lo, hi)
			if len(e.moves) >= sendChunk {
				change += e.move(r, t)
			}
		}
	}
	return change + e.move(r, t)
}

// servedFIFO notes which of the queues lo … hi−1 send first in, first out,
// if they are at most 64.
func (e *Engine) servedFIFO(lo, hi int) {
	if hi-lo <= 64 {
		e.served.fifo = 0
		for q := lo; q < hi; q++ {
			if e.fifo(uint16(q)) {
				e.served.fifo |= 1 << (q - lo)
			}
		}
	}
}

// renewAll forgets the fresh packets of every node that holds packets, in
// step t, which serves no queue: a node's stamp is only the parity of the
// step its fresh packets arrived in, so every node that holds packets must
// be renewed in every step.
func (e *Engine) renewAll(t int32) {
	for w := range e.busy {
		for word := e.busy[w]; word != 0; word &= word - 1 {
			e.node[w<<6+bits.TrailingZeros64(word)].renew(t)
		}
	}
}

// stepOne is step for one queue per node under the Priority discipline
// without a Scheduler: the same choices, with the common case of pick (at
// most inline packets, all in place) written out in the loop, on local
// copies of the engine's fields (e.node does not change during a run).
func (e *Engine) stepOne(r Router, t int32) (change int) {
	now, nodes, busy := stamp(t), e.node, e.busy
	moves, maxQueue := e.moves[:0], e.maxQueue
	for w := range busy {
		for word := busy[w]; word != 0; word &= word - 1 {
			v := uint32(w<<6 + bits.TrailingZeros64(word))
			b := &nodes[v]
			st := renewed(b.state, now)
			b.state = st
			ready := int(st&maxWaiting) - int(st>>24&maxFresh)
			if ready == 0 {
				continue
			}
			maxQueue = max(maxQueue, ready)
			if b.over >= 0 {
				e.moves = moves
				e.pickQueue(v, b, ready, 0, false)
				moves = e.moves
			} else {
				i := firstOf(priorityKey(&b.pk[0]), priorityKey(&b.pk[1]), ready)
				moves = e.sendInline(moves, b, v, i)
			}
			clearIfEmpty(busy, v, uint32(b.len()))
			if len(moves) >= sendChunk {
				e.moves = moves
				change += e.move(r, t)
				moves = e.moves
			}
		}
	}
	e.moves, e.maxQueue = moves, maxQueue
	return change + e.move(r, t)
}

// move sends the chosen packets of step t, puts each where it waits next
// and starts what a Reactor starts in response; it returns the change in
// the number of packets waiting.
func (e *Engine) move(r Router, t int32) (change int) {
	res, rec := e.res, e.Record
	trace := len(res.Trace)
	if rec.Loads || rec.Trace {
		for i := range e.moves {
			e.record(&e.moves[i], t)
		}
	}
	r.Send(e.moves)
	change = -e.arriveAll(t, trace)
	if e.react != nil {
		e.started = e.react.Settled(t, e.moves, e.started[:0])
		change += e.startAll(t)
	}
	if e.side.in {
		e.side.arrived(e.moves, e.started)
	}
	e.moves = e.moves[:0]
	return change
}

// startAll puts the packets a Reactor started in step t and returns how
// many.
func (e *Engine) startAll(t int32) int {
	for i := range e.started {
		m := &e.started[i]
		if m.Fate != Waiting || int(m.ID) >= e.packets {
			e.err = ErrQueue
			return 0
		}
		e.put(&m.Packet, m.To, t)
	}
	e.res.Held -= len(e.started)
	return len(e.started)
}

// record counts the send of m in step t in f(p,v) and the trace, as far as
// Record asks; the trace's To is filled in by arriveAll.
func (e *Engine) record(m *Move, t int32) {
	res := e.res
	if e.Record.Loads {
		res.Loads[int(m.Prio)*res.LoadNodes+int(m.From)]++
	}
	if e.Record.Trace {
		res.Trace = append(res.Trace, Send{T: t, Packet: int32(m.ID), From: m.From, Prio: m.Prio})
	}
}

// arriveAll puts the packets of the moves, sent in step t, where they wait
// next, the first move's send being Trace[trace]; it returns how many
// arrived or were lost.
func (e *Engine) arriveAll(t int32, trace int) (done int) {
	e.res.Hops += int64(len(e.moves))
	if e.Faults != nil {
		e.checkLinks()
	}
	if len(e.node) > touchNodes {
		e.touch()
	}
	if e.Record.Trace || e.Record.Packets || e.Discipline == FIFO || e.fifoq != nil || e.side.on {
		for i := range e.moves {
			m := &e.moves[i]
			if e.Record.Trace {
				e.res.Trace[trace+i].To = m.To
			}
			done += e.arrive(m, t)
		}
		return done
	}
	// The common case of arrive, without a call: the packet goes in place.
	now, nodes, busy, queues := stamp(t), e.node, e.busy, e.queues
	for i := range e.moves {
		m := &e.moves[i]
		if m.Fate == Waiting && int(m.Queue) < queues && nodes[m.To].putInline(&m.Packet, now) {
			setBusy(busy, m.To)
			continue
		}
		done += e.arrive(m, t)
	}
	return done
}

// checkLinks loses, or refuses, the moves over failed links.
func (e *Engine) checkLinks() {
	for i := range e.moves {
		m := &e.moves[i]
		if m.From == m.To || !e.Faults.Failed(m.From, m.To) {
			continue
		}
		if e.OnFailure == Refuse {
			e.err = ErrFailedLink
			return
		}
		m.Fate = Dropped
	}
}

// arrive puts the packet of m, sent in step t, where it waits next and
// returns 1 if it arrived or was lost, 0 if it waits.
func (e *Engine) arrive(m *Move, t int32) int {
	res, rec := e.res, e.Record
	if rec.Packets {
		res.PacketHops[m.ID]++
	}
	switch m.Fate {
	case Waiting:
		// The common case first: the packet goes in place.
		if !e.fifo(m.Queue) && int(m.Queue) < e.queues && e.node[m.To].putInline(&m.Packet, stamp(t)) {
			setBusy(e.busy, m.To)
			e.side.put(m.To, m.Queue)
			return 0
		}
		e.put(&m.Packet, m.To, t)
		return 0
	case Dropped:
		res.Dropped++
		if res.Arrival != nil {
			res.Arrival[m.ID] = -1
		}
	default:
		res.T = int(t + 1)
		if res.Arrival != nil {
			res.Arrival[m.ID] = t + 1
		}
	}
	return 1
}

// touchNodes is the number of nodes beyond which reading them ahead pays
// (touch, and putAll for the fused step): their 40 or 32 bytes each no
// longer fit in a core's 1 MiB second-level cache.
const touchNodes = 1 << 14

// touch reads the node of every move before the moves are put there, so
// that the cache misses overlap instead of stalling one put after another.
func (e *Engine) touch() {
	var sum uint32
	for i := range e.moves {
		sum += e.node[e.moves[i].To].state
	}
	e.touched = sum
}

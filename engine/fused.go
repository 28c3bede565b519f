package engine

import "math/bits"

// Fused reports whether Run steps r by the fused step: r is Keyed (or
// Fusable) and says its packets fit in keys and do nothing but route, under
// the Priority discipline, with no failed links and recording at most
// arrival times and sends per step.
func (e *Engine) Fused(r Router) bool {
	_, ok := e.fusedKeys(r)
	return ok
}

// fusedKeys returns the keys of r if Run steps r by the fused step.
func (e *Engine) fusedKeys(r Router) (Keys, bool) {
	if e.Faults != nil || e.Discipline != Priority || r.Queues() != 1 {
		return nil, false
	}
	if _, ok := r.(Scheduler); ok {
		return nil, false
	}
	if _, ok := r.(Reactor); ok {
		return nil, false
	}
	rec := e.Record
	rec.Arrivals, rec.Steps = false, false
	if rec != (Record{}) {
		return nil, false
	}
	switch f := r.(type) {
	case Fusable:
		legs, ok := f.Fused()
		if !ok || !fits(legs.N, r.Packets()) {
			return nil, false
		}
		e.legs = legKeys{Legs: legs, kl: newKeyLayout(legs.N)}
		return &e.legs, true
	case Keyed:
		return f.Keys()
	}
	return nil, false
}

// fastStep is the state of the fused step: the packets waiting at each
// node as keys, and the packets sent in the step.
type fastStep struct {
	sorted
	keys []uint64 // packets sent
	at   []uint32 // the nodes they leave, then the nodes they go to
}

func (f *fastStep) bytes() int64 {
	return f.sorted.bytes() + int64(cap(f.keys))*8 + int64(cap(f.at))*4
}

// startFused sets up the np packets of k on nn nodes in the sorted store
// and returns how many wait.
func (e *Engine) startFused(k Keys, np, nn int) (live int) {
	f := &e.fast
	f.reset(nn, sortedNode{over: -1})
	// A node sends at most one packet per step.
	f.keys, f.at = grow(f.keys, max(min(nn, np), 1)), grow(f.at, max(min(nn, np), 1))
	for first := 0; first < np; first += len(f.keys) {
		m := min(len(f.keys), np-first)
		w := k.Start(first, f.keys[:m], f.at[:m])
		for i, v := range f.at[:w] {
			f.put(&f.node[v], f.keys[i])
			setBusy(e.busy, v)
		}
		live += w
	}
	return live
}

// stepFused runs step t for k as the general step does, and returns how
// many packets arrived. Every packet it puts arrived in step t, after the
// packets waiting at the start of the step were chosen, so that the next to
// leave a node is always its smallest key.
func (e *Engine) stepFused(k Keys, t int32) int {
	sent := e.scan()
	kept := k.Hop(e.fast.keys[:sent], e.fast.at[:sent], t+1, e.res.Arrival)
	e.putAll(kept)
	e.res.Hops += int64(sent)
	if kept < sent {
		e.res.T = int(t + 1)
	}
	return sent - kept
}

// scan takes the first packet out of every node that holds one, into keys
// and at, counts its send by priority and returns how many.
func (e *Engine) scan() int {
	f := &e.fast
	node, busy, keys, at := f.node, e.busy, f.keys, f.at
	maxQueue, loads := uint32(e.maxQueue), &e.prioLoads
	n, over := 0, len(at)
	for wi := range busy {
		var emptied uint64
		for word := busy[wi]; word != 0; word &= word - 1 {
			v := uint32(wi<<6 + bits.TrailingZeros64(word))
			b := &node[v]
			m := b.n
			maxQueue = max(maxQueue, m)
			if m-1 >= sortedInline {
				// Left to the loop below, so that this one calls nothing.
				over--
				at[over] = v
				continue
			}
			k := b.takeLast(m)
			keys[n], at[n] = k, v
			loads[prioOf(k)]++
			n++
			emptied |= (uint64(m-1) - 1) >> 63 << (v & 63)
		}
		busy[wi] &^= emptied
	}
	// at[n] is written after at[i] (i ≥ over ≥ n) is read.
	for i := over; i < len(at); i++ {
		v := at[i]
		k := f.take(&node[v])
		keys[n], at[n] = k, v
		loads[prioOf(k)]++
		n++
	}
	e.maxQueue = int(maxQueue)
	return n
}

// putAll puts the packets of keys[:kept] at their nodes at[:kept].
func (e *Engine) putAll(kept int) {
	f := &e.fast
	for lo := 0; lo < kept; lo += sendChunk {
		hi := min(lo+sendChunk, kept)
		if len(f.node) > touchNodes {
			// Read the nodes first, so that the cache misses overlap.
			var sum uint32
			for _, v := range f.at[lo:hi] {
				sum += f.node[v].n
			}
			e.touched = sum
		}
		for i := e.putInline(lo, hi); i < hi; i = e.putInline(i+1, hi) {
			f.put(&f.node[f.at[i]], f.keys[i])
			setBusy(e.busy, f.at[i])
		}
	}
}

// putInline puts the packets from the ith to the end-th as long as each
// finds a place in its node, and returns the index of the first that does
// not.
func (e *Engine) putInline(i, end int) int {
	f := &e.fast
	node, busy, keys, at := f.node, e.busy, f.keys[:end], f.at[:end]
	for ; i < end; i++ {
		v := at[i]
		b := &node[v]
		m := b.n
		if m >= sortedInline {
			return i
		}
		b.insert(keys[i])
		b.n = m + 1
		setBusy(busy, v)
	}
	return end
}

package engine

import "math/bits"

// Fused reports whether Run steps r by the fused step: r is Fusable and
// says its packets only follow their legs, under the Priority discipline,
// with no failed links and recording at most arrival times and sends per
// step, and a packet fits in a key.
func (e *Engine) Fused(r Router) bool {
	_, ok := e.fusedLegs(r)
	return ok
}

// fusedLegs returns the legs of r if Run steps r by the fused step.
func (e *Engine) fusedLegs(r Router) (*Legs, bool) {
	f, ok := r.(Fusable)
	if !ok || e.Faults != nil || e.Discipline != Priority || r.Queues() != 1 {
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
	legs, ok := f.Fused()
	return legs, ok && rec == Record{} && fits(legs.N, r.Packets())
}

// fastStep is the state of the fused step: the packets waiting at each
// node as keys, and the packets sent in the step.
type fastStep struct {
	sorted
	keys []uint64 // packets sent
	at   []uint32 // the nodes they leave, then the nodes they go to
	now  int32    // the time the packets sent arrive
}

func (f *fastStep) bytes() int64 {
	return f.sorted.bytes() + int64(cap(f.keys))*8 + int64(cap(f.at))*4
}

// startFused sets up the packets of l in the sorted store and returns how
// many wait.
func (e *Engine) startFused(l *Legs) (live int) {
	f := &e.fast
	nodes, np := 1<<l.N, len(l.Dst)
	f.reset(nodes, sortedNode{over: -1})
	// A node sends at most one packet per step.
	f.keys, f.at = grow(f.keys, min(nodes, np)), grow(f.at, min(nodes, np))
	kl := newKeyLayout(l.N)
	for id := range np {
		src := l.Src(id)
		via, dst, ph := l.First(id)
		via, _, prio, _, there := l.Next(src, via, dst, ph)
		if !there {
			f.put(&f.node[src], kl.pack(prio, uint32(id), src^via))
			setBusy(e.busy, src)
			live++
		}
	}
	return live
}

// stepFused runs step t for l as the general step does, and returns how
// many packets arrived. Every packet it puts arrived in step t, after the
// packets waiting at the start of the step were chosen, so that the next to
// leave a node is always its smallest key.
func (e *Engine) stepFused(l *Legs, t int32) int {
	sent := e.scan()
	e.fast.now = t + 1
	kept := e.route(l, sent)
	e.putAll(kept)
	e.res.Hops += int64(sent)
	if kept < sent {
		e.res.T = int(t + 1)
	}
	return sent - kept
}

// scan takes the first packet out of every node that holds one, into keys
// and at, and returns how many.
func (e *Engine) scan() int {
	f := &e.fast
	node, busy, keys, at := f.node, e.busy, f.keys, f.at
	maxQueue := uint32(e.maxQueue)
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
			keys[n], at[n] = b.takeLast(m), v
			n++
			emptied |= (uint64(m-1) - 1) >> 63 << (v & 63)
		}
		busy[wi] &^= emptied
	}
	// at[n] is written after at[i] (i ≥ over ≥ n) is read.
	for i := over; i < len(at); i++ {
		v := at[i]
		keys[n], at[n] = f.take(&node[v]), v
		n++
	}
	e.maxQueue = int(maxQueue)
	return n
}

// route moves the packets sent, keys[:sent] leaving at[:sent], over their
// next link, keeps those that have not arrived at the front with at their
// next node, and returns how many they are.
func (e *Engine) route(l *Legs, sent int) int {
	f := &e.fast
	keys := f.keys[:sent]
	at := f.at[:len(keys)]
	kl := newKeyLayout(l.N)
	off, loads := uint64(l.Off), &e.prioLoads
	kept := 0
	for i, k := range keys {
		prio := prioOf(k)
		loads[prio]++
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
			// Read through e, so that the loop keeps its registers.
			if a := e.res.Arrival; a != nil {
				a[kl.id(k)] = e.fast.now
			}
			continue
		}
		keys[kept] = kl.rekey(k, p, to^via)
		at[kept] = to
		kept++
	}
	return kept
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

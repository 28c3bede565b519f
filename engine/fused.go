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
// node as keys, the packets sent from one chunk of nodes, and those
// deferred to the end of the step.
type fastStep struct {
	sorted
	ck   []uint64 // packets sent from a chunk
	ca   []uint32 // the nodes they leave, then the nodes they go to
	keys []uint64 // packets deferred, or started
	at   []uint32 // the nodes they go to
}

func (f *fastStep) bytes() int64 {
	return f.sorted.bytes() + int64(cap(f.keys)+cap(f.ck))*8 + int64(cap(f.at)+cap(f.ca))*4
}

// chunkWords is how many words of busy bits, 64 nodes each, the fused step
// scans at a time: a chunk's packets, 12 KiB, stay in the first-level cache.
const chunkWords = 16

// startFused sets up the np packets of k on nn nodes in the sorted store
// and returns how many wait.
func (e *Engine) startFused(k Keys, np, nn int) (live int) {
	f := &e.fast
	f.reset(nn, sortedNode{over: -1})
	// A node sends at most one packet per step.
	f.keys, f.at = grow(f.keys, max(min(nn, np), 1)), grow(f.at, max(min(nn, np), 1))
	f.ck, f.ca = grow(f.ck, chunkWords*64), grow(f.ca, chunkWords*64)
	for first := 0; first < np; first += len(f.keys) {
		m := min(len(f.keys), np-first)
		w := k.Start(first, f.keys[:m], f.at[:m])
		e.putAll(w)
		live += w
	}
	return live
}

// stepFused runs step t for k as the general step does, and returns how
// many packets arrived. It scans the nodes by chunks from the last to the
// first: every node takes out its smallest key, k moves the chunk's
// packets, and those that go to a node already scanned in this step are
// put there at once, the others at the end of the step; so that every
// packet put arrived after its node chose, and the next to leave a node is
// always its smallest key. A router that numbers its nodes so that most
// packets go to higher numbers has most of them put while their nodes are
// still in the cache.
func (e *Engine) stepFused(k Keys, t int32) int {
	f := &e.fast
	deferred, sent, kept := 0, 0, 0
	for hi := len(e.busy); hi > 0; hi -= chunkWords {
		lo := max(hi-chunkWords, 0)
		n := e.scan(lo, hi)
		w := k.Hop(f.ck[:n], f.ca[:n], t+1, e.res.Arrival)
		deferred = e.putScanned(w, uint32(lo)<<6, deferred)
		sent, kept = sent+n, kept+w
	}
	e.putAll(deferred)
	e.res.Hops += int64(sent)
	if kept < sent {
		e.res.T = int(t + 1)
	}
	return sent - kept
}

// scan takes the first packet out of every node of busy words lo … hi−1
// that holds one, into ck and ca, counts its send by priority and returns
// how many.
func (e *Engine) scan(lo, hi int) int {
	f := &e.fast
	node, busy, keys, at := f.node, e.busy[lo:hi], f.ck, f.ca
	maxQueue, loads := uint32(e.maxQueue), &e.prioLoads
	n, over := 0, len(at)
	for i := range busy {
		var emptied uint64
		for word := busy[i]; word != 0; word &= word - 1 {
			v := uint32((lo+i)<<6 + bits.TrailingZeros64(word))
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
		busy[i] &^= emptied
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

// putScanned puts the packets of ck[:kept] that go to nodes from first on,
// scanned in this step, and moves the others to keys and at from
// deferred on; it returns the number deferred.
func (e *Engine) putScanned(kept int, first uint32, deferred int) int {
	f := &e.fast
	node, busy, keys, at := f.node, e.busy, f.ck[:kept], f.ca[:kept]
	for i, k := range keys {
		v := at[i]
		if v < first {
			f.keys[deferred], f.at[deferred] = k, v
			deferred++
			continue
		}
		b := &node[v]
		if m := b.n; m < sortedInline {
			b.insert(k)
			b.n = m + 1
		} else {
			f.put(b, k)
		}
		setBusy(busy, v)
	}
	return deferred
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

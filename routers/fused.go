package routers

import "math/bits"

// fused returns r as a waypoint router if Run can step it with stepFused:
// single-port, under the Priority discipline, recording nothing beyond the
// summary, with keys that fit in a word: the case the experiments spend
// their time in.
func (e *Engine) fused(r Router) (*waypoints, bool) {
	w, ok := r.(*waypoints)
	return w, ok && w.port == SinglePort && e.Discipline == Priority && e.Record == Record{} &&
		prioBits+bits.Len(uint(w.Packets()-1))+w.n <= 64
}

// A key is a packet of stepFused as one word, ordered as the Priority
// discipline orders packets: Prio in the top prioBits, then ID, then in
// the low n bits the route x = node ⊕ Via still to go to the waypoint.
// Priorities are at most 2n < 2^prioBits for the n ≤ 29 that fit.
const (
	prioBits  = 6
	prioShift = 64 - prioBits
)

// fastStep is the state of stepFused: the packets waiting at each node as
// keys, and the packets sent in the step.
type fastStep struct {
	sorted
	keys []uint64 // packets sent
	at   []uint32 // the nodes they leave, then the nodes they go to
}

// startFused sets up the packets of w in the sorted store and returns how
// many wait.
func (e *Engine) startFused(w *waypoints) (live int) {
	f := &e.fast
	nodes, np := w.Nodes(), w.Packets()
	f.reset(nodes, sortedNode{over: -1})
	// A node sends at most one packet per step.
	f.keys, f.at = grow(f.keys, min(nodes, np)), grow(f.at, min(nodes, np))
	for id := range np {
		src := w.req.Src(id)
		via, dst, ph := w.first(id)
		via, _, prio, _, there := w.next(src, via, dst, ph)
		if !there {
			f.put(&f.node[src], uint64(prio)<<prioShift|uint64(id)<<w.n|uint64(src^via))
			setBusy(e.busy, src)
			live++
		}
	}
	return live
}

// stepFused runs step t for w as pick, Router.Send and move do, and
// returns how many packets arrived. Every packet it puts arrived in step t,
// after the packets waiting at the start of the step were chosen, so that
// the next to leave a node is always its smallest key.
func (e *Engine) stepFused(w *waypoints, t int32) int {
	sent := e.scan()
	kept := e.route(w, sent)
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

// route moves the sent packets, keys[:sent] leaving at[:sent], over their
// next link, keeps those that have not arrived at the front with at their
// next node, and returns how many they are.
func (e *Engine) route(w *waypoints, sent int) int {
	f := &e.fast
	keys := f.keys[:sent]
	at := f.at[:len(keys)]
	xBits, off := uint(w.n)&63, uint64(w.off)
	xMask := uint64(1)<<xBits - 1
	idMask := ^uint64(0) >> prioBits &^ xMask
	kept := 0
	for i, k := range keys {
		prio := k >> prioShift
		e.prioLoads[prio]++
		// The next link is the lowest bit of x.
		low := k & -k
		to := at[i] ^ uint32(low)
		if k ^= low; k&xMask != 0 {
			// On to the same waypoint: the priority follows the dimension.
			keys[kept] = k + uint64(bits.TrailingZeros64(k)-bits.TrailingZeros64(low))<<prioShift
			at[kept] = to
			kept++
			continue
		}
		ph, dst := uint8(1), to
		if prio <= off {
			ph, dst = 0, w.req.Dst[k&idMask>>xBits]
		}
		via, _, p, _, there := w.next(to, to, dst, ph)
		if there {
			continue
		}
		keys[kept] = uint64(p)<<prioShift | k&idMask | uint64(to^via)
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

package engine

import (
	"math/bits"
	"unsafe"
)

// Fused reports whether Run steps r by the fused step: r is Keyed (or
// Fusable) and says its packets fit in keys and do nothing but route, under
// the Priority discipline (Fusable: or FIFO), with no failed links (Keyed:
// or a Dropper's, sends over them refused) and recording at most arrival
// times (not of a Dropper) and sends per step (Fusable: or packets).
func (e *Engine) Fused(r Router) bool {
	_, ok := e.fusedKeys(r)
	return ok
}

// fusedKeys returns the keys of r if Run steps r by the fused step.
func (e *Engine) fusedKeys(r Router) (Keys, bool) {
	if e.Discipline != Priority && e.Discipline != FIFO {
		return nil, false
	}
	if _, ok := r.(Scheduler); ok {
		return nil, false
	}
	if _, ok := r.(Reactor); ok {
		return nil, false
	}
	if _, ok := r.(FIFOQueues); ok {
		return nil, false
	}
	rec := e.Record
	rec.Arrivals, rec.Steps = false, false
	f, legs := r.(Fusable)
	if legs {
		// Legs tell every packet's hops (Legs.Hops).
		rec.Packets = false
	}
	if rec != (Record{}) {
		return nil, false
	}
	if legs {
		legs, ok := f.Fused()
		if e.Faults != nil {
			return nil, false
		}
		fifo := e.Discipline == FIFO
		if !ok || r.Queues() != legs.Queues() || !fits(legs.N, r.Packets(), fifo) || legs.AllPort && legs.N<<legs.N > maxPortNodes {
			return nil, false
		}
		e.legs.Legs, e.legs.kl, e.legs.fifo, e.legs.loads = legs, newKeyLayout(legs.N, fifo), fifo, &e.prioLoads
		return &e.legs, true
	}
	if k, ok := r.(Keyed); ok && e.Discipline == Priority && r.Queues() == 1 {
		keys, ok := k.Keys()
		_, drops := keys.(Dropper)
		if e.Faults != nil && !(drops && e.OnFailure == Refuse) || drops && e.Record.Arrivals {
			return nil, false
		}
		return keys, ok
	}
	return nil, false
}

// maxPortNodes bounds the links of a cube whose all-port legs the fused
// step takes: a sorted node of 32 bytes for each.
const maxPortNodes = 1 << 20

// fastStep is the state of the fused step: the packets waiting at each
// node as keys, the packets sent from one chunk of nodes, and those
// deferred to the end of the step, or on many nodes queued until their
// nodes' chunk is in the cache.
type fastStep struct {
	sorted
	// loads counts the sends per priority as scan takes keys: the
	// engine's, or for keys that do not hold the priority (FIFO), a
	// discard.
	loads   *[256]int64
	discard [256]int64
	ck      []uint64    // packets sent from a chunk
	ca      []uint32    // the nodes they leave, then the nodes they go to
	keys    []uint64    // packets deferred, or started
	at      []uint32    // the nodes they go to
	q       *queuedStep // stepQueued's queues, once it has run
	// queued is whether the run steps by stepQueued.
	queued bool
	// words is how many busy words stepFused scans at a time.
	words int
}

// queuedStep holds the packets stepQueued queues: down those for chunks
// not yet scanned in this step; up, by the parity of the step they were
// sent in, those for chunks scanned, to be put before the next step scans
// them.
type queuedStep struct {
	down queues
	up   [2]queues
}

func (f *fastStep) bytes() int64 {
	return f.sorted.bytes() + int64(cap(f.keys)+cap(f.ck))*8 + int64(cap(f.at)+cap(f.ca))*4 +
		f.q.bytes()
}

// chunkWords is how many words of busy bits, 64 nodes each, the fused step
// scans at a time for Keyed routers: a chunk's packets, 12 KiB, stay in the
// first-level cache.
const chunkWords = 16

// queuedNodes is the number of nodes from which on the fused step queues
// the packets of legs (Fusable routers, whose packets cross one dimension
// of the cube a hop) for distant chunks (stepQueued), the nodes no longer
// fitting in the second-level cache.
const queuedNodes = 1 << 18

// queuedWords is how many busy words stepQueued scans at a time: 8192
// nodes, 256 KiB, that stay in the second-level cache while it puts the
// packets for them; queuedShift is the log2 of its nodes.
const (
	queuedWords = 128
	queuedShift = 13
)

// nearChunks is how many chunks above the one scanned stepQueued puts
// packets in at once, their nodes still being in the cache.
const nearChunks = 4

// startBatch is how many packets startFused starts at a time on many
// nodes.
const startBatch = 4096

// queues are packets waiting to be put, by the log2 of the distance in
// chunks from the chunk they were sent from to their own.
type queues [32]queue

// queue is packets waiting to be put, from head on, in order of their
// nodes' chunks from the last to the first.
type queue struct {
	p    []queued
	head int
}

// queued is a packet waiting to be put: its key and node.
type queued struct {
	key uint64
	at  uint32
}

func (q *queuedStep) bytes() int64 {
	if q == nil {
		return 0
	}
	return q.down.bytes() + q.up[0].bytes() + q.up[1].bytes()
}

func (qs *queues) bytes() (n int64) {
	for i := range qs {
		n += int64(cap(qs[i].p)) * int64(unsafe.Sizeof(queued{}))
	}
	return n
}

func (qs *queues) reset() {
	for i := range qs {
		qs[i].p, qs[i].head = qs[i].p[:0], 0
	}
}

func (qs *queues) push(c int, k uint64, v uint32) {
	q := &qs[c]
	q.p = append(q.p, queued{k, v})
}

// startFused sets up the np packets of k on nn nodes in the sorted store
// and returns how many wait.
func (e *Engine) startFused(k Keys, np, nn int) (live int) {
	f := &e.fast
	// Whole words of nodes, which scan takes 64 at a time.
	f.reset((nn+63)&^63, sortedNode{over: -1})
	f.loads = &e.prioLoads
	if e.legs.fifo && k == Keys(&e.legs) {
		f.loads = &f.discard
	}
	// A node sends at most one packet per step; stepQueued defers none.
	size, chunk := max(min(nn, np), 1), chunkWords*64
	_, legs := k.(*legKeys)
	dropper, drops := k.(Dropper)
	f.queued, f.words = legs && nn >= queuedNodes, chunkWords
	switch {
	case f.queued:
		size, chunk = min(size, startBatch), queuedWords*64
		if f.q == nil {
			f.q = new(queuedStep)
		}
		f.q.down.reset()
		f.q.up[0].reset()
		f.q.up[1].reset()
	case legs || drops:
		// Legs on fewer nodes step fastest in one chunk: every node
		// chooses, then every packet is put, none deferred. A Dropper
		// moves all of a step's packets in one Hop.
		size, chunk, f.words = min(size, startBatch), len(e.busy)*64, len(e.busy)
	}
	// Room past the packets in at, which putRun reads ahead.
	f.keys, f.at = grow(f.keys, size), grow(f.at, size+putAhead)[:size]
	f.ck, f.ca = grow(f.ck, chunk), grow(f.ca, chunk+putAhead)
	for first := 0; first < np; first += len(f.keys) {
		m := min(len(f.keys), np-first)
		w := k.Start(first, f.keys[:m], f.at[:m])
		e.putAll(w)
		live += w
	}
	if drops {
		e.res.Held, e.res.Dropped = dropper.Lost()
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
// still in the cache. Legs take all nodes as one chunk.
func (e *Engine) stepFused(k Keys, t int32) int {
	f := &e.fast
	if f.queued {
		return e.stepQueued(k, t)
	}
	deferred, sent, kept, started := 0, 0, 0, 0
	starter, _ := k.(Starter)
	for hi := len(e.busy); hi > 0; hi -= f.words {
		lo := max(hi-f.words, 0)
		n := e.scan(lo, hi)
		w := k.Hop(f.ck[:n], f.ca[:n], t+1, e.res.Arrival)
		deferred = e.putScanned(w, uint32(lo)<<6, deferred)
		if starter != nil {
			keys, at := starter.Started()
			deferred = e.putStarted(keys, at, uint32(lo)<<6, deferred)
			started += len(keys)
		}
		sent, kept = sent+n, kept+w
	}
	e.putAll(deferred)
	lost := 0
	if d, ok := k.(Dropper); ok {
		_, dropped := d.Lost()
		lost, e.res.Dropped = dropped-e.res.Dropped, dropped
	}
	return e.stepped(t, sent, kept, lost) - started
}

// putStarted puts the started packets keys at nodes at that go to nodes
// from first on, scanned in this step, and appends the others to those
// deferred; it returns the number deferred.
func (e *Engine) putStarted(keys []uint64, at []uint32, first uint32, deferred int) int {
	f := &e.fast
	for i, k := range keys {
		v := at[i]
		if v < first {
			if deferred == len(f.keys) {
				f.keys, f.at = append(f.keys, k), append(f.at, v)
			} else {
				f.keys[deferred], f.at[deferred] = k, v
			}
			deferred++
			continue
		}
		if b := &f.node[v]; !b.putInPlace(k) {
			f.put(b, k)
		}
		setBusy(e.busy, v)
	}
	return deferred
}

// stepped counts the sent packets of step t, of which kept still wait and
// lost were lost, and returns how many arrived or were lost.
func (e *Engine) stepped(t int32, sent, kept, lost int) int {
	e.res.Hops += int64(sent)
	if kept+lost < sent {
		e.res.T = int(t + 1)
	}
	return sent - kept
}

// stepQueued is stepFused for many nodes: the packets that go to a node
// scanned in this step are put at once if it is near, else before the
// next step scans it; the others after their node's chunk is scanned in
// this step; and each chunk's nodes are read ahead after the chunk above
// is stepped. So most packets are put while their nodes are in the cache.
func (e *Engine) stepQueued(k Keys, t int32) int {
	f := &e.fast
	sent, kept := 0, 0
	down, cur, next := &f.q.down, &f.q.up[t&1], &f.q.up[(t+1)&1]
	for hi := len(e.busy); hi > 0; hi -= queuedWords {
		lo := max(hi-queuedWords, 0)
		first := uint32(lo) << 6
		e.drain(cur, first)
		n := e.scan(lo, hi)
		w := k.Hop(f.ck[:n], f.ca[:n], t+1, e.res.Arrival)
		e.putQueued(w, first, down, next)
		e.drain(down, first)
		e.readAhead(max(lo-queuedWords, 0), lo, cur, down)
		sent, kept = sent+n, kept+w
	}
	return e.stepped(t, sent, kept, 0)
}

// drain puts the packets of qs, from their heads on, that go to nodes from
// first on.
func (e *Engine) drain(qs *queues, first uint32) {
	f := &e.fast
	node, busy := f.node, e.busy
	for c := range qs {
		q := &qs[c]
		i, p := q.head, q.p
		for ; i < len(p) && p[i].at >= first; i++ {
			v := p[i].at
			if b := &node[v]; !b.putInPlace(p[i].key) {
				f.put(b, p[i].key)
			}
			setBusy(busy, v)
		}
		q.head = i
		if i == len(p) {
			q.p, q.head = p[:0], 0
		}
	}
}

// readAhead reads ahead the nodes of busy words lo … hi−1 that hold
// packets, and those that the packets of up and down go to.
func (e *Engine) readAhead(lo, hi int, up, down *queues) {
	f := &e.fast
	if lo == hi {
		return
	}
	prefetchBusy(unsafe.Pointer(&f.node[lo<<6]), e.busy[lo:hi])
	first := uint32(lo) << 6
	for _, qs := range [2]*queues{up, down} {
		for c := range qs {
			q := &qs[c]
			i, p := q.head, q.p
			for i < len(p) && p[i].at >= first {
				i++
			}
			if i > q.head {
				prefetchQueued(unsafe.Pointer(&f.node[0]), p[q.head:i])
			}
		}
	}
}

// putQueued puts the packets of ck[:kept] sent from the chunk from node
// first on: those that go to the nodes of near chunks scanned at once, the
// others in next, for the next step, or in down, for this step.
func (e *Engine) putQueued(kept int, first uint32, down, next *queues) {
	f := &e.fast
	node, busy, keys, at := f.node, e.busy, f.ck[:kept], f.ca[:kept]
	// Chunks are ranked from the last, 0, to the first.
	top := uint32(len(busy)<<6 - 1)
	rc := (top - first) >> queuedShift
	for i, k := range keys {
		v := at[i]
		r := (top - v) >> queuedShift
		if v < first {
			down.push(bits.Len32(r-rc)-1, k, v)
			continue
		}
		if d := rc - r; d >= nearChunks {
			// Queued in order of rank, so that drain finds them at the
			// head; any other is put at once.
			if q := &next[bits.Len32(d)-1]; len(q.p) == 0 || r >= (top-q.p[len(q.p)-1].at)>>queuedShift {
				q.p = append(q.p, queued{k, v})
				continue
			}
		}
		if b := &node[v]; !b.putInPlace(k) {
			f.put(b, k)
		}
		setBusy(busy, v)
	}
}

// scan takes the first packet out of every node of busy words lo … hi−1
// that holds one, into ck and ca, counts its send by priority and returns
// how many.
func (e *Engine) scan(lo, hi int) int {
	f := &e.fast
	node, busy, keys, at, loads := f.node, e.busy, f.ck, f.ca, f.loads
	maxQueue := uint32(e.maxQueue)
	n := 0
	for i := lo; i < hi; i++ {
		if busy[i] == 0 {
			continue
		}
		// A word's nodes, and room for a key of each; the word scanned
		// next, whose nodes takeWord reads ahead: the first of the next
		// chunk down after the last of this one.
		first := uint32(i) << 6
		next := i + 1
		if next == hi {
			next = max(2*lo-hi, 0)
		}
		took, emptied, full, most := takeWord((*[64]sortedNode)(node[first:]), busy[i], first,
			(*[64]uint64)(keys[n:]), (*[64]uint32)(at[n:]), loads, (*[64]sortedNode)(node[next<<6:]))
		busy[i] &^= emptied
		n += took
		maxQueue = max(maxQueue, most)
		for ; full != 0; full &= full - 1 {
			v := first + uint32(bits.TrailingZeros64(full))
			b := &node[v]
			maxQueue = max(maxQueue, b.n)
			k := f.take(b)
			keys[n], at[n] = k, v
			loads[prioOf(k)]++
			n++
		}
	}
	e.maxQueue = int(maxQueue)
	return n
}

// putScanned puts the packets of ck[:kept] that go to nodes from first on,
// scanned in this step, and moves the others to keys and at from
// deferred on; it returns the number deferred.
func (e *Engine) putScanned(kept int, first uint32, deferred int) int {
	f := &e.fast
	keys, at := f.ck[:kept], f.ca[:kept]
	for len(keys) > 0 {
		// Room for every packet to be deferred, if any can be.
		var dk []uint64
		var da []uint32
		if first > 0 {
			dk, da = f.keys[deferred:deferred+len(keys)], f.at[deferred:deferred+len(keys)]
		}
		put, moved := putRun(f.node, e.busy, keys, at, first, dk, da)
		deferred += moved
		if put == len(keys) {
			break
		}
		// A packet for a node that holds sortedInline keys, already
		// busy (or for no node, which fails here).
		f.put(&f.node[at[put]], keys[put])
		keys, at = keys[put+1:], at[put+1:]
	}
	return deferred
}

// putAll puts the packets of keys[:kept] at their nodes at[:kept].
func (e *Engine) putAll(kept int) {
	f := &e.fast
	keys, at := f.keys[:kept], f.at[:kept]
	for len(keys) > 0 {
		put, _ := putRun(f.node, e.busy, keys, at, 0, nil, nil)
		if put == len(keys) {
			return
		}
		// A packet for a node that holds sortedInline keys, already
		// busy (or for no node, which fails here).
		f.put(&f.node[at[put]], keys[put])
		keys, at = keys[put+1:], at[put+1:]
	}
}

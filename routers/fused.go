package routers

import (
	"math/bits"
	"unsafe"
)

// fused returns r as a waypoint router if Run can step it with stepFused:
// single-port, under the Priority discipline, recording nothing beyond the
// summary: the case the experiments spend their time in.
func (e *Engine) fused(r Router) (*waypoints, bool) {
	w, ok := r.(*waypoints)
	return w, ok && wordsFit && w.port == SinglePort && e.Discipline == Priority && e.Record == Record{}
}

// fusedChunk is how many packets stepFused chooses before it puts them at
// their next nodes: a power of two, larger than sendChunk because a hop is
// smaller than a Move.
const fusedChunk = 512

// hop is a packet, held as words, at node at: the node it is taken from,
// and once routed the node it goes to.
type hop struct {
	k  words
	at uint32
}

// stepper is the state of stepFused within a step: where the scan of the
// busy nodes is, and the chunk of packets chosen but not yet put at their
// next nodes. The loops over a chunk, scan, route and putInline, call no
// function, so that the compiler keeps their state in registers; what takes
// a call (packets in the overflow pool) they leave to stepFused and
// putHops.
type stepper struct {
	now  uint32 // the stamp of the step
	wi   int    // busy word being scanned
	word uint64 // its bits not yet scanned
	hops [fusedChunk]hop
	nh   int // chosen and not yet put
	// over holds the nodes of the chunk whose packets reach into the
	// overflow pool, left to stepFused.
	over  [fusedChunk]uint32
	nover int
	done  int   // packets arrived
	sent  int64 // packets sent
}

// stepFused runs step t for w as pick, Router.Send and move do, and
// returns how many packets arrived.
func (e *Engine) stepFused(w *waypoints, t int32) int {
	s := &e.fast
	s.now, s.wi, s.word, s.done, s.sent = stamp(t), 0, e.busy[0], 0, 0
	for {
		e.scan()
		for _, v := range s.over[:s.nover] {
			b := &e.node[v]
			p := e.takeFirst(b, b.len()-b.fresh())
			s.hops[s.nh] = hop{*asWords(&p), v}
			s.nh++
			clearIfEmpty(e.busy, v, uint32(b.len()))
		}
		s.nover = 0
		end := s.wi == len(e.busy)
		if s.nh == fusedChunk || end {
			e.putHops(w, t)
		}
		if end {
			break
		}
	}
	e.res.Hops += s.sent
	if s.done > 0 {
		e.res.T = int(t + 1)
	}
	return s.done
}

// scan chooses the packet of each busy node from the scan position on and
// adds it to the chunk, until the chunk is full or the scan ends. A node
// whose packets reach into the overflow pool it leaves to stepFused, after
// reading the first pool entry, so that the cache misses overlap.
func (e *Engine) scan() {
	s, node, busy := &e.fast, e.node, e.busy
	now, wi, word, nh, nover := s.now, s.wi, s.word, s.nh, s.nover
	maxQueue := e.maxQueue
	var touched uint32
	for wi < len(busy) {
		for ; word != 0 && nh+nover < fusedChunk; word &= word - 1 {
			v := uint32(wi<<6 + bits.TrailingZeros64(word))
			b := &node[v]
			st := renewed(b.state, now)
			b.state = st
			ready := int(st&maxWaiting) - int(st>>24&maxFresh)
			if ready == 0 {
				continue
			}
			maxQueue = max(maxQueue, ready)
			if b.over >= 0 {
				touched += e.pool[b.over].ID
				s.over[nover&(fusedChunk-1)] = v
				nover++
				continue
			}
			// Take the second packet if it is ready and goes first, the
			// first otherwise, without a branch.
			pk := b.words()
			a, c := pk[0], pk[1]
			_, less := bits.Sub64(c.key(), a.key(), 0)
			second := -(less & uint64(ready>>1))
			lo, hi := (a.lo^c.lo)&second, (a.hi^c.hi)&second
			pk[0] = words{c.lo ^ lo, c.hi ^ hi}
			b.state = st - 1
			clearIfEmpty(busy, v, st&maxWaiting-1)
			s.hops[nh&(fusedChunk-1)] = hop{words{a.lo ^ lo, a.hi ^ hi}, v}
			nh++
		}
		if nh+nover == fusedChunk {
			break
		}
		if wi++; wi < len(busy) {
			word = busy[wi]
		}
	}
	s.wi, s.word, s.nh, s.nover = wi, word, nh, nover
	e.maxQueue = maxQueue
	e.touched += touched
}

// route routes the packets of hs for w from the node they were taken from
// to the next, keeps those that have not arrived at the front of hs and
// returns how many they are.
func (e *Engine) route(w *waypoints, hs []hop) int {
	kept := 0
	for _, h := range hs {
		k, v := h.k, h.at
		e.prioLoads[k.prio()]++
		via := k.via()
		x := v ^ via
		to := v ^ (x & -x)
		via, ph, prio, _, there := w.next(to, via, k.dst(), k.phase())
		if there {
			continue
		}
		k.lo = k.lo&^(0xff<<prioShift|0xff<<phaseShift) | uint64(prio)<<prioShift | uint64(ph)<<phaseShift
		k.hi = k.hi&^0xffffffff | uint64(via)
		hs[kept] = hop{k, to}
		kept++
	}
	e.fast.sent += int64(len(hs))
	e.fast.done += len(hs) - kept
	return kept
}

// putHops routes the chunk's packets for w, sent in step t, and puts them
// at their next nodes.
func (e *Engine) putHops(w *waypoints, t int32) {
	s := &e.fast
	hs := s.hops[:e.route(w, s.hops[:s.nh])]
	if len(e.node) > touchNodes {
		// Read each node first, so that the cache misses overlap.
		var sum uint32
		for _, h := range hs {
			sum += e.node[h.at].state
		}
		e.touched = sum
	}
	for i := e.putInline(hs); i < len(hs); i += 1 + e.putInline(hs[i+1:]) {
		h := &hs[i]
		e.put((*Packet)(unsafe.Pointer(&h.k)), h.at, &e.node[h.at], t)
	}
	s.nh = 0
}

// putInline puts the packets of hs at their next nodes as long as each
// finds a place there, and returns how many it put.
func (e *Engine) putInline(hs []hop) int {
	node, busy, now := e.node, e.busy, e.fast.now
	for i := range hs {
		h := &hs[i]
		if !node[h.at].putInline((*Packet)(unsafe.Pointer(&h.k)), now) {
			return i
		}
		setBusy(busy, h.at)
	}
	return len(hs)
}

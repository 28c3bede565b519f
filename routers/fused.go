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
// next nodes. Its loops, scan, route and put, call no function, so that the
// compiler keeps their state in registers; what takes a call (packets in
// the overflow pool) they leave to stepFused and putHops.
type stepper struct {
	node []node
	busy []uint64
	w    *waypoints
	now  uint32 // the stamp of step t: packets arriving in it are fresh
	wi   int    // busy word being scanned
	word uint64 // its bits not yet scanned
	hops [fusedChunk]hop
	nh   int // chosen and not yet put
	// over holds the nodes left to stepFused in this chunk, pool the
	// overflow pool they reach into.
	over    [fusedChunk]uint32
	nover   int
	pool    []entry
	touched uint64 // what scan read of the pool, kept so that the reads stay
	done    int    // packets arrived
	sent    int64  // packets sent
	// maxQueue and prioLoads are as in Engine.
	maxQueue  int
	prioLoads *[256]int64
}

// stepFused runs step t for w as pick, Router.Send and move do, and
// returns how many packets arrived.
func (e *Engine) stepFused(w *waypoints, t int32) int {
	s := &e.fast
	s.node, s.busy, s.w, s.prioLoads = e.node, e.busy, w, &e.prioLoads
	s.now, s.done, s.sent, s.maxQueue = uint32(t&1)<<31, 0, 0, e.maxQueue
	s.wi, s.word = 0, 0
	if len(s.busy) > 0 {
		s.word = s.busy[0]
	}
	for {
		s.pool = e.pool
		s.scan()
		// The nodes whose packets reach into the overflow pool, whose first
		// pool entries scan has read.
		for _, v := range s.over[:s.nover] {
			b := &s.node[v]
			s.hops[s.nh] = hop{e.takeFirst(b, b.len()-b.fresh()), v}
			s.nh++
			s.clearIfEmpty(v)
		}
		s.nover = 0
		end := s.wi == len(s.busy)
		if s.nh == fusedChunk || end {
			e.putHops()
		}
		if end {
			break
		}
	}
	e.maxQueue = s.maxQueue
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
func (s *stepper) scan() {
	node, busy, now := s.node, s.busy, s.now
	wi, word, maxQueue, nh, nover := s.wi, s.word, s.maxQueue, s.nh, s.nover
	var touched uint64
	for wi < len(busy) {
		for ; word != 0 && nh+nover < fusedChunk; word &= word - 1 {
			v := uint32(wi<<6 + bits.TrailingZeros64(word))
			b := &node[v]
			st := b.state
			// Forget the fresh packets if they arrived before step t.
			st &^= uint32(int32(st^now)>>31) & (maxFresh << 24)
			b.state = st
			ready := int(st&maxWaiting) - int(st>>24&maxFresh)
			if ready == 0 {
				continue
			}
			maxQueue = max(maxQueue, ready)
			if b.over >= 0 {
				touched += uint64(s.pool[b.over].ID)
				s.over[nover&(fusedChunk-1)] = v
				nover++
				continue
			}
			// Take the second packet if it is ready and goes first, the
			// first otherwise, without a branch.
			pk := (*[inline]words)(unsafe.Pointer(&b.pk))
			a, c := pk[0], pk[1]
			_, less := bits.Sub64(c.key(), a.key(), 0)
			second := -(less & uint64(ready>>1))
			lo, hi := (a.lo^c.lo)&second, (a.hi^c.hi)&second
			pk[0] = words{c.lo ^ lo, c.hi ^ hi}
			b.state = st - 1
			// Clear v's busy bit if it is now empty, without a branch.
			busy[wi] &^= (uint64(st&maxWaiting) - 2) >> 63 << (v & 63)
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
	s.wi, s.word, s.maxQueue, s.nh, s.nover = wi, word, maxQueue, nh, nover
	s.touched += touched
}

// clearIfEmpty clears the busy bit of node v if it holds no packet.
func (s *stepper) clearIfEmpty(v uint32) {
	empty := (uint64(s.node[v].state&maxWaiting) - 1) >> 63
	s.busy[v>>6] &^= empty << (v & 63)
}

// route routes the packets of hs from the node they were taken from to
// the next, keeps those that have not arrived at the front of hs and
// returns how many they are.
func (s *stepper) route(hs []hop) int {
	w, kept := s.w, 0
	for _, h := range hs {
		k, v := h.k, h.at
		s.prioLoads[k.prio()]++
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
	s.sent += int64(len(hs))
	s.done += len(hs) - kept
	return kept
}

// putHops routes the chunk's packets and puts them at their next nodes.
func (e *Engine) putHops() {
	s := &e.fast
	hs := s.hops[:s.route(s.hops[:s.nh])]
	if len(s.node) > touchNodes {
		// Read each node first, so that the cache misses overlap.
		var sum uint32
		for _, h := range hs {
			sum += s.node[h.at].state
		}
		e.touched = sum
	}
	for i := s.put(hs); i < len(hs); i += 1 + s.put(hs[i+1:]) {
		// The node holds inline packets already: this one goes to the
		// overflow pool.
		v := hs[i].at
		b := &s.node[v]
		if b.len() == maxWaiting || b.fresh() == maxFresh {
			e.full = true
			continue
		}
		b.state += oneFresh
		e.insert(b, b.len(), (*Packet)(unsafe.Pointer(&hs[i].k)))
	}
	s.nh = 0
}

// put puts the packets of hs at their next nodes as long as each finds a
// place in its node, and returns how many it put.
func (s *stepper) put(hs []hop) int {
	node, busy, now := s.node, s.busy, s.now
	for i, h := range hs {
		b := &node[h.at]
		st := b.state
		// Forget the fresh packets if they arrived before step t.
		st &^= uint32(int32(st^now)>>31) & (maxFresh<<24 | 1<<31)
		st |= now
		n := st & maxWaiting
		if n >= inline || st>>24&maxFresh == maxFresh {
			b.state = st
			return i
		}
		(*[inline]words)(unsafe.Pointer(&b.pk))[n] = h.k
		b.state = st + 1 + oneFresh
		busy[h.at>>6] |= 1 << (h.at & 63)
	}
	return len(hs)
}

// takeFirst takes the packet that goes first under the Priority discipline
// out of the first ready packets of b and returns it.
func (ns *nodes) takeFirst(b *node, ready int) words {
	pk := (*[inline]words)(unsafe.Pointer(&b.pk))
	best, bi := pk[0].key(), 0
	if k := pk[1].key(); ready > 1 && k < best {
		best, bi = k, 1
	}
	// at is the pool index of position i, prev that of i−1.
	var bat, bprev int32
	for i, at, prev := inline, b.over, int32(-1); i < ready; i++ {
		if k := asWords(&ns.pool[at].Packet).key(); k < best {
			best, bi, bat, bprev = k, i, at, prev
		}
		prev, at = at, ns.pool[at].next
	}
	var k words
	if bi < inline {
		k = pk[bi]
	} else {
		k = *asWords(&ns.pool[bat].Packet)
	}
	ns.remove(b, bi, bat, bprev)
	return k
}

package engine

import "math/bits"

// sideQueues lets a step that serves only queues other than 0 visit only
// the nodes that hold a packet in one, under a Scheduler: in Ch. III.2's
// simulation most packets wait in queue 0, served one sub-step in d.
type sideQueues struct {
	on bool
	// nodes has bit v set if node v may hold a packet in a queue other
	// than 0: set when one is put there, cleared when a visit finds none.
	nodes []uint64
	// in: a step that visits only those nodes runs; after: the last step
	// did, and to lists the nodes its packets went to (renewed at the next
	// step, which does not visit every node that holds packets).
	in, after bool
	to        []uint32
}

// reset empties s for a run on words·64 nodes, on if the router is a
// Scheduler.
func (s *sideQueues) reset(on bool, words int) {
	s.on, s.in, s.after, s.to = on, false, false, s.to[:0]
	if on {
		s.nodes = grow(s.nodes, words)
		clear(s.nodes)
	}
}

func (s *sideQueues) bytes() int64 { return int64(cap(s.nodes))*8 + int64(cap(s.to))*4 }

// put notes a packet put in queue q of node v.
func (s *sideQueues) put(v uint32, q uint16) {
	if s.on && q != 0 {
		setBusy(s.nodes, v)
	}
}

// arrived notes the nodes where the moves and started packets of a step
// that visits only side nodes now wait.
func (s *sideQueues) arrived(moves, started []Move) {
	for i := range moves {
		if moves[i].Fate == Waiting {
			s.to = append(s.to, moves[i].To)
		}
	}
	for i := range started {
		s.to = append(s.to, started[i].To)
	}
}

// stepSide is step t for queues lo … hi−1, lo > 0, under a Scheduler: it
// picks at the nodes that may hold a packet in one of them, in ascending
// order as step does, which makes the same moves. The nodes it does not
// visit are renewed all the same, as the arrival marks need (package doc):
// every node that holds packets after a step that visited all, else those
// that packets went to in the last step.
func (e *Engine) stepSide(r Router, t int32, lo, hi int) (change int) {
	s := &e.side
	if s.after {
		for _, v := range s.to {
			e.node[v].renew(t)
		}
	} else {
		e.renewAll(t)
	}
	s.to, s.in = s.to[:0], true
	for w := range s.nodes {
		for word := s.nodes[w]; word != 0; word &= word - 1 {
			v := uint32(w<<6 + bits.TrailingZeros64(word))
			e.pick(v, t, lo, hi)
			if !e.holdsSide(&e.node[v]) {
				s.nodes[w] &^= 1 << (v & 63)
			}
			if len(e.moves) >= sendChunk {
				change += e.move(r, t)
			}
		}
	}
	change += e.move(r, t)
	s.in, s.after = false, true
	return change
}

// holdsSide reports whether b holds a packet in a queue other than 0.
func (e *Engine) holdsSide(b *node) bool {
	n := b.len()
	for i, at, prev := 0, b.over, int32(-1); i < n; i = e.advance(i, &at, &prev) {
		if e.packet(b, i, at).Queue != 0 {
			return true
		}
	}
	return false
}

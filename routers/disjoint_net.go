package routers

import (
	"math/bits"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

// phases says which phases of disjoint a run of bfly routes.
type phases uint8

const (
	phase1     phases = iota // s → y
	phase2                   // y → z, of the messages y has
	bothPhases               // both, y forwarding as soon as it can
)

// bfly is the wrapped butterfly BF_n on the engine (thesis Ch. II.4): node
// (l, v) is engine node v·n + l − 1, with one queue, so that the layers of
// cube node v are adjacent; a straight edge is a move between two of them
// and a cross edge out of layer l is the cube link of dimension l. A
// packet keeps its cube node in Via, its target super-node (y, then z) in
// Dst, the index l−1 of its layer in Phase, and its hops taken in Prio,
// offset by n+1 in phase 2 so that priorities rise along both phases (a
// copy is of phase 2 iff its priority is above n+1 once it has moved). Phase-1 packet
// (d, s) has id s·n + d − 1, phase-2 packet (d, y) of message s the id
// n·2^n + s·n + d − 1 (in a run of phase 2 alone, s·n + d − 1).
type bfly struct {
	net      butterfly.Net
	n        uint32
	msgs     int // 2^n
	pieces   uint8
	trim     bool
	phase    phases
	dst, via []uint32 // per message: its destination z and intermediate y
	// atVia and atDst count the copies of each message that reached y and
	// z; forwarded is the time y sent message s on (pipelined).
	atVia, atDst []uint8
	forwarded    []int32
	// done[0] is the time phase 1 is over (every copy arrived or lost),
	// done[1] the longest any message's phase-2 copies took from their
	// start; end is the time the last copy of either phase is done.
	done    [2]int32
	end     int32
	crossed int64 // packets sent over cube links
	div     divider
	lk      bflyLinks
	// started and startedAt are the phase-2 copies bothKeys.Hop started,
	// as keys, and their nodes.
	started   []uint64
	startedAt []uint32
}

// reset sets b up for a trial of c drawn in d.
func (b *bfly) reset(c Config, d *Drawn) {
	b.net = butterfly.Net{N: c.N}
	b.n, b.msgs = uint32(c.N), 1<<c.N
	b.pieces, b.trim = uint8(pieces.Int(c)), trim.Bool(c)
	b.dst, b.via = d.Req.Dst, d.Via
	b.atVia, b.atDst = grow(b.atVia, b.msgs), grow(b.atDst, b.msgs)
	b.forwarded = grow(b.forwarded, b.msgs)
	clear(b.atVia)
	clear(b.atDst)
	clear(b.forwarded)
	b.done, b.end, b.crossed = [2]int32{}, 0, 0
	b.div = newDivider(b.n)
}

// links returns the failed links of the cube f as links between engine
// nodes: a straight edge never fails.
func (b *bfly) links(f *faults.Set) engine.Links {
	b.lk = bflyLinks{f: f, div: b.div}
	return &b.lk
}

// router returns b as the engine's router of one run on e, reacting to
// what arrives if the run needs to count copies or forward them and e does
// not step it by the fused step (whose keys do so for both phases,
// bothKeys).
func (b *bfly) router(e *engine.Engine, react bool) engine.Router {
	switch {
	case react:
		return reacting{b}
	case b.phase == bothPhases && !e.Fused(b):
		return reacting{b}
	}
	return b
}

// settle records a run that did not react: every copy arrived, the last at
// time t.
func (b *bfly) settle(t int) {
	counts, i := b.atVia, 0
	if b.phase == phase2 {
		counts, i = b.atDst, 1
	}
	for s := range counts {
		counts[s] = uint8(b.n)
	}
	b.done[i] = int32(t)
}

func (b *bfly) Packets() int {
	if b.phase == bothPhases {
		return 2 * b.msgs * int(b.n)
	}
	return b.msgs * int(b.n)
}

func (b *bfly) Nodes() int { return b.msgs * int(b.n) }

func (b *bfly) Queues() int { return 1 }

func (b *bfly) Start(first int, batch []engine.Move) {
	n, ph1 := b.n, uint32(b.msgs)*b.n
	for i := range batch {
		m := &batch[i]
		id := uint32(first + i)
		local, second := id, b.phase == phase2
		if id >= ph1 {
			local, second = id-ph1, true
		}
		s := b.div.div(local)
		l0 := local - s*n
		if !second {
			*m = engine.Move{Packet: engine.Packet{ID: id, Via: s, Dst: b.via[s], Phase: uint8(l0)}, To: id}
			continue
		}
		*m = b.second(id, s, l0)
		if b.phase == bothPhases || b.atVia[s] < b.pieces {
			m.Fate = engine.Held
		}
	}
}

// second is the move that starts the phase-2 copy with id id of message s
// at node (l0+1, y).
func (b *bfly) second(id, s, l0 uint32) engine.Move {
	y := b.via[s]
	return engine.Move{
		Packet: engine.Packet{ID: id, Via: y, Dst: b.dst[s], Prio: uint8(b.n + 1), Phase: uint8(l0)},
		To:     y*b.n + l0,
	}
}

// Send moves each copy one hop along its route β^d, evaluated hop by hop:
// the first hop crosses, and every later one crosses where the copy's
// address still differs from the target's in the dimension of its layer
// (hops 1 … n−1 visit each layer but d once, where the address still has
// s's bit; hop n, back in layer d, has s's bit flipped by hop 0). The copy
// arrives after n+1 hops or, trimmed, once it is in the target super-node,
// from where only straight hops are left. A copy's hops taken are its
// priority, less n+1 in phase 2; so its first hop is at priority 0 or n+1
// and the last of a full route at n or 2n+1.
func (b *bfly) Send(batch []engine.Move) {
	n, full := b.n, uint8(b.n+1)
	var crossed uint32
	for i := range batch {
		m := &batch[i]
		l0, p := uint32(m.Phase)&31, m.Prio
		x := (m.Via^m.Dst)>>l0&1 | b2u(p == 0 || p == full)
		v := m.Via ^ x<<l0
		crossed += x
		next := l0 + 1
		if next == n {
			next = 0
		}
		m.Via, m.Prio, m.Phase = v, p+1, uint8(next)
		m.To = v*n + next
		m.Fate = engine.Waiting
		if p+1 == full || p+1 == 2*full || b.trim && v == m.Dst {
			m.Fate = engine.Delivered
		}
	}
	b.crossed += int64(crossed)
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// reacting is a bfly run that counts the copies that arrive and, in a run
// of both phases, starts y's copies of a message once y has enough of it.
type reacting struct{ *bfly }

func (r reacting) Settled(t int32, moves []engine.Move, out []engine.Move) []engine.Move {
	b := r.bfly
	n, ph1 := b.n, uint32(b.msgs)*b.n
	for i := range moves {
		m := &moves[i]
		if m.Fate == engine.Waiting {
			continue
		}
		b.end = t + 1
		local := m.ID
		if local >= ph1 {
			local -= ph1
		}
		s := b.div.div(local)
		if m.Prio > uint8(n+1) {
			b.done[1] = max(b.done[1], t+1-b.forwarded[s])
			if m.Fate == engine.Delivered {
				b.atDst[s]++
			}
			continue
		}
		b.done[0] = t + 1
		if m.Fate != engine.Delivered {
			continue
		}
		if b.atVia[s]++; b.phase == bothPhases && b.atVia[s] == b.pieces {
			b.forwarded[s] = t + 1
			for l0 := range n {
				out = append(out, b.second(ph1+s*n+l0, s, l0))
			}
		}
	}
	return out
}

// bflyLinks are the failed cube links as links between the engine nodes
// of bfly.
type bflyLinks struct {
	f   *faults.Set
	div divider
}

func (l *bflyLinks) Failed(from, to uint32) bool {
	v, w := l.div.div(from), l.div.div(to)
	return v != w && l.f.Failed(v, w)
}

// divider divides numbers below 2^32 by a fixed d ≤ 64 with a multiply:
// with M = ⌊2^63/d⌋ + 1 = 2^63/d + e/d, 0 < e ≤ d, x·M/2^63 = x/d + x·e/(d·2^63)
// exceeds x/d by less than 1/d since x·e < 2^63, so its floor is ⌊x/d⌋.
type divider struct{ m uint64 }

func newDivider(d uint32) divider { return divider{m: 1<<63/uint64(d) + 1} }

func (v divider) div(x uint32) uint32 {
	hi, lo := bits.Mul64(uint64(x), v.m)
	return uint32(hi<<1 | lo>>63)
}

// bytes is the memory b holds per trial beyond the drawn instance.
func (b *bfly) bytes() int64 {
	return int64(cap(b.atVia)+cap(b.atDst)) + 4*int64(cap(b.forwarded)) + 12*int64(cap(b.started))
}

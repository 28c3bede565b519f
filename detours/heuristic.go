package detours

import (
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/hyperroute/hyperroute/faults"
)

// heuristic is the thesis' parallel matching (Ch. III.1): the dimensions d
// one after the other; for d, rounds for i = d+1, …, n, 1, …, d−1, in
// which every failed edge of dimension d still without a detour takes U^i
// if it is intact and its middle edge is not taken yet, and takes that
// middle edge. It does not draw.
func heuristic(y *faults.System, _ *rand.Rand) bool {
	Heuristic(y)
	return y.Complete()
}

// Heuristic runs the parallel matching on y, emptied first, and returns
// the number of times two failed edges claimed the same free middle edge
// in one round. The thesis claims there are none, so that the rounds need
// no tie-break: U^i of v and of v' share their middle edge only if
// v ⊕ e_i = v' ⊕ e_i, that is v = v'. A dimension with few failed edges
// runs its rounds edge by edge (sparse), one with more on 64 nodes at a
// time, as bits (dense).
func Heuristic(y *faults.System) (clashes int) {
	f := y.Faults
	y.Reset(f)
	c := newCube(f)
	r, _ := roundsPool.Get().(*rounds)
	if r == nil || len(r.taken) != c.words {
		r = &rounds{pending: make([]uint64, c.words), taken: make([]uint64, c.words)}
	}
	defer roundsPool.Put(r)
	defer c.release()
	for d := 1; d <= f.N; d++ {
		if len(c.nodes[d]) <= sparseWords*c.words {
			clashes += r.sparse(c, y, d)
		} else {
			clashes += r.dense(c, y, d)
		}
	}
	return clashes
}

// sparseWords is the most failed edges per word of nodes for which a
// dimension's rounds run edge by edge.
const sparseWords = 2

// roundsPool keeps the rounds of past calls for the next.
var roundsPool sync.Pool

// rounds is the state of the matching of one dimension d, by node v:
// pending, the failed edges from v still without a detour (dense); taken,
// the middle edges from v taken, all 0 between dimensions; nodes, the
// failed edges of d still pending (sparse) or those taking U^i in a round
// (dense); and the buffers of either way.
type rounds struct {
	pending, taken []uint64
	nodes, claimed []uint32
	live, chose    []int32
	took           []uint64
}

// sparse runs the rounds of dimension d edge by edge: those of a round
// that take their U^i, then their middle edges.
func (r *rounds) sparse(c *cube, y *faults.System, d int) (clashes int) {
	n, taken := c.n, r.taken
	pending, claimed := append(r.nodes[:0], c.nodes[d]...), r.claimed[:0]
	ed, fd := uint32(1)<<(d-1), c.dim(d)
	for i := d%n + 1; i != d && len(pending) > 0; i = i%n + 1 {
		ei, fi := uint32(1)<<(i-1), c.dim(i)
		first, left := len(claimed), pending[:0]
		for _, v := range pending {
			// U^i is intact and its middle edge, from m, free.
			m := v ^ ei
			if (crossed(fi, fd, v, ei, ed)|taken[m>>6]>>(m&63))&1 != 0 {
				left = append(left, v)
				continue
			}
			claimed = append(claimed, m)
			y.Choose(v, d, i)
		}
		pending = left
		for _, m := range claimed[first:] {
			b := uint64(1) << (m & 63)
			if taken[m>>6]&b != 0 {
				clashes++
			}
			taken[m>>6] |= b
		}
	}
	for _, m := range claimed {
		taken[m>>6] = 0
	}
	r.nodes, r.claimed = pending, claimed
	return clashes
}

// dense runs the rounds of dimension d on 64 nodes at a time, as bits: the
// edges still pending, intact in dimension i, whose U^i has its other two
// edges intact and its middle edge free take U^i. For it, taken holds the
// middle edges failed as well as those taken: the detours take none of
// the failed ones, so that the clashes are counted as before.
func (r *rounds) dense(c *cube, y *faults.System, d int) (clashes int) {
	n, pending, taken := c.n, r.pending, r.taken
	copy(pending, c.dim(d))
	copy(taken, c.dim(d))
	live, took := r.live[:0], r.took
	if cap(r.chose) < len(pending) {
		r.chose = make([]int32, len(pending))
	}
	chose := r.chose[:len(pending)]
	// The nodes that take U^i in a round are among d's failed edges.
	if cap(r.nodes) < len(c.nodes[d]) {
		r.nodes = make([]uint32, len(c.nodes[d]))
	}
	nodes := r.nodes[:len(c.nodes[d])]
	for w, p := range pending {
		if p != 0 {
			live = append(live, int32(w))
		}
	}
	ed := uint32(1) << (d - 1)
	for i := d%n + 1; i != d && len(live) > 0; i = i%n + 1 {
		ei := uint32(1) << (i - 1)
		fi := c.dim(i)
		// The edges that take U^i, word by word of live: whether they
		// do depends on taken before this round only.
		took = took[:0]
		for _, w := range live {
			took = append(took, pending[w]&^(fi[w]|permuted(fi, int(w), ei^ed)|permuted(taken, int(w), ei)))
		}
		// live keeps, in place and without a branch, the words with edges
		// still pending; took and chose the words with edges taking U^i.
		kept, chosen := 0, 0
		for k, w := range live {
			t := took[k]
			p := pending[w] &^ t
			pending[w], live[kept] = p, w
			kept += int((p | -p) >> 63)
			took[chosen], chose[chosen] = t, w
			chosen += int((t | -t) >> 63)
			// The middle edges from v ⊕ e_i, v in t.
			m, mw := swapped(t, ei), int(w)^int(ei>>6)
			clashes += bits.OnesCount64(taken[mw] & m)
			taken[mw] |= m
		}
		y.ChooseNodes(d, i, nodes[:peel(nodes, chose[:chosen], took[:chosen])])
		live = live[:kept]
	}
	clear(taken)
	r.live, r.took = live, took
	return clashes
}

// peel writes to nodes, from the start, 64·at[k] + b for each bit b set in
// words[k], a bit of every word at a time, so that no loop ends on how
// many bits a word holds, and returns how many. It empties words and
// reorders at. Inlined, its loop would lose its registers to dense's.
//
//go:noinline
func peel(nodes []uint32, at []int32, words []uint64) int {
	n := 0
	for len(words) > 0 {
		kept := 0
		for k, t := range words {
			w := at[k]
			nodes[n] = uint32(w)<<6 | uint32(bits.TrailingZeros64(t))
			n++
			t &= t - 1
			words[kept], at[kept] = t, w
			kept += int((t | -t) >> 63)
		}
		words, at = words[:kept], at[:kept]
	}
	return n
}

// swapMasks[k] holds the bits of a word whose index has bit k clear.
var swapMasks = [6]uint64{0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff}

// permuted returns word w of the bits b permuted by x: bit v of the result
// is bit v ⊕ x of b.
func permuted(b []uint64, w int, x uint32) uint64 { return swapped(b[w^int(x>>6)], x) }

// swapped returns word with bit k and bit k ⊕ x swapped for every k, x's
// low 6 bits (the bits of x above address words).
func swapped(word uint64, x uint32) uint64 {
	for lo := x & 63; lo != 0; lo &= lo - 1 {
		k := bits.TrailingZeros32(lo)
		s := uint(1) << k
		word = word>>s&swapMasks[k] | word&swapMasks[k]<<s
	}
	return word
}

package collectives

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// data is what the nodes hold during a run and what each message took
// along, with the checks of every departure and arrival.
//
// Blocks of copied and moved data are items 0 … items−1, each with an
// origin; a node holds a copied item or not (has), a moved item is at one
// node or in a message (at). A combining run keeps per node and slot a
// partial sum and the set of nodes summed in it (the contributors), exact:
// values are random 64-bit words added modulo 2^64.
type data struct {
	c     Config
	prog  *program
	class class
	items int
	dests []uint32 // multicast set
	// copies
	has []uint64 // bit v·items+i: node v holds item i
	// moves
	at []uint32 // the node that holds item i, or inTransit
	// combines
	words      int      // 64-bit words of a contributor set
	x          []uint64 // node v's value
	val        []uint64 // (v·slots+s): partial sum
	set        []uint64 // (v·slots+s)·words …: its contributors
	msgVal     []uint64 // per message: what it took along
	msgSet     []uint64
	scratchSet []uint64

	err          error // the first thing that went wrong
	dup, heard   bool  // NODUP, NOHO broken
	receptions   int64 // blocks received at message destinations
	delivered    []bool
	deliveredAll int
}

const inTransit = ^uint32(0)

func newData(c Config, prog *program) *data {
	d := &data{c: c, prog: prog, class: c.Op.class(), delivered: make([]bool, prog.Messages())}
	p := c.P
	switch c.Op {
	case OAB:
		d.items = pieces(c)
	case MC:
		d.items = 1
		d.dests = c.members()
	case AAS:
		d.items = p * p
	default:
		d.items = p
	}
	switch d.class {
	case copies:
		d.has = make([]uint64, (p*d.items+63)/64)
		for i := range d.items {
			d.give(d.origin(uint32(i)), uint32(i))
		}
	case moves:
		d.at = make([]uint32, d.items)
		for i := range d.at {
			d.at[i] = d.origin(uint32(i))
		}
	case combines:
		d.words = (p + 63) / 64
		d.x = values(c)
		d.val = make([]uint64, p*slots)
		d.set = make([]uint64, p*slots*d.words)
		for v := range p {
			d.val[v*slots] = d.x[v]
			d.setOf(uint32(v), 0)[v/64] |= 1 << (v % 64)
		}
		d.msgVal = make([]uint64, prog.Messages())
		d.msgSet = make([]uint64, prog.Messages()*d.words)
		d.scratchSet = make([]uint64, d.words)
	}
	return d
}

// values returns the nodes' values of a combining operation, random
// 64-bit words drawn from c.Seed.
func values(c Config) []uint64 {
	rng := rand.New(rand.NewPCG(c.Seed, 0x726564))
	x := make([]uint64, c.P)
	for v := range x {
		x[v] = rng.Uint64()
	}
	return x
}

// pieces is the number of pieces of a broadcast's message: Config.Pieces,
// by default one per tree for nesbt and 1 for the others.
func pieces(c Config) int {
	switch {
	case c.Pieces > 0:
		return c.Pieces
	case c.Op == OAB && c.Algo == "nesbt":
		return log2(c.P)
	}
	return 1
}

// itemWords is the size of an item in words.
func (d *data) itemWords() float64 {
	if d.c.Op == OAB {
		return float64(d.c.M) / float64(pieces(d.c))
	}
	return float64(d.c.M)
}

// origin returns the node that holds item i at the start.
func (d *data) origin(i uint32) uint32 {
	p := uint32(d.c.P)
	switch d.c.Op {
	case OAB, MC, OAS:
		return uint32(d.c.Root)
	case AAS:
		return i / p
	case Shift:
		return d.prog.place[i]
	}
	return i
}

// dest returns the node a moved item i goes to.
func (d *data) dest(i uint32) uint32 {
	p := uint32(d.c.P)
	switch d.c.Op {
	case Gather:
		return uint32(d.c.Root)
	case AAS:
		return i % p
	case Shift:
		return d.prog.place[(int(i)+d.c.Shift)%d.c.P]
	}
	return i
}

func (d *data) holds(v, i uint32) bool {
	b := int(v)*d.items + int(i)
	return d.has[b/64]>>(b%64)&1 != 0
}

func (d *data) give(v, i uint32) {
	b := int(v)*d.items + int(i)
	d.has[b/64] |= 1 << (b % 64)
}

func (d *data) setOf(v uint32, s int) []uint64 {
	k := (int(v)*slots + s) * d.words
	return d.set[k : k+d.words]
}

func (d *data) msgSetOf(id int32) []uint64 {
	return d.msgSet[int(id)*d.words : int(id+1)*d.words]
}

func (d *data) fail(format string, a ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, a...)
	}
}

// depart takes what message id carries from its source, which must hold
// it.
func (d *data) depart(id int32) {
	src := d.prog.src[id]
	switch d.class {
	case copies:
		for _, i := range d.prog.items.at(id) {
			if !d.holds(src, i) {
				d.fail("message %d: node %d sends block %d, which it does not hold", id, src, i)
			}
		}
	case moves:
		for _, i := range d.prog.items.at(id) {
			if d.at[i] != src {
				d.fail("message %d: node %d sends block %d, which it does not hold", id, src, i)
			}
			d.at[i] = inTransit
		}
	case combines:
		set := d.msgSetOf(id)
		var sum uint64
		for s := range slots {
			if d.prog.from[id]&(1<<s) == 0 {
				continue
			}
			if overlap(set, d.setOf(src, s)) {
				d.fail("message %d: node %d sums slots with a common contributor", id, src)
			}
			union(set, d.setOf(src, s))
			sum += d.val[int(src)*slots+s]
		}
		d.msgVal[id] = sum
	}
}

// arrive puts what message id carries at its destination.
func (d *data) arrive(id int32) {
	dst := d.prog.dst(id)
	d.delivered[id] = true
	d.deliveredAll++
	switch d.class {
	case copies:
		for _, i := range d.prog.items.at(id) {
			d.dup = d.dup || d.holds(dst, i)
			d.heard = d.heard || d.origin(i) == dst
			d.give(dst, i)
		}
		d.receptions += int64(len(d.prog.items.at(id)))
	case moves:
		for _, i := range d.prog.items.at(id) {
			d.heard = d.heard || d.origin(i) == dst
			d.at[i] = dst
		}
		d.receptions += int64(len(d.prog.items.at(id)))
	case combines:
		set := d.msgSetOf(id)
		d.heard = d.heard || set[dst/64]>>(dst%64)&1 != 0
		for s := range slots {
			if d.prog.into[id]&(1<<s) == 0 {
				continue
			}
			to := d.setOf(dst, s)
			if overlap(to, set) {
				d.dup = true
				d.fail("message %d: node %d adds a partial sum with contributors it has summed already", id, dst)
			}
			union(to, set)
			d.val[int(dst)*slots+s] += d.msgVal[id]
		}
		d.receptions++
	}
}

func overlap(a, b []uint64) bool {
	for k := range a {
		if a[k]&b[k] != 0 {
			return true
		}
	}
	return false
}

func union(a, b []uint64) {
	for k := range a {
		a[k] |= b[k]
	}
}

// verify checks that every node ends with exactly what the operation
// defines, and returns the multicast relays: nodes outside the set that
// received the message on its way.
func (d *data) verify() (relays int) {
	if d.err != nil {
		return 0
	}
	if d.deliveredAll != len(d.delivered) {
		d.fail("%d of %d messages never arrived", len(d.delivered)-d.deliveredAll, len(d.delivered))
		return 0
	}
	p := d.c.P
	switch d.class {
	case copies:
		want := make([]bool, p)
		switch d.c.Op {
		case MC:
			want[d.c.Root] = true
			for _, v := range d.dests {
				want[v] = true
			}
		default:
			for v := range want {
				want[v] = true
			}
		}
		for v := range uint32(p) {
			for i := range uint32(d.items) {
				switch has := d.holds(v, i); {
				case want[v] && !has:
					d.fail("node %d ends without block %d", v, i)
				case !want[v] && has && i == 0:
					relays++
				}
			}
		}
	case moves:
		for i := range uint32(d.items) {
			if at, want := d.at[i], d.dest(i); at != want {
				d.fail("block %d (from node %d) ends at node %d, not at %d", i, d.origin(i), at, want)
			}
		}
	case combines:
		d.verifySums()
	}
	return relays
}

// verifySums checks each node's result against the sum computed directly.
func (d *data) verifySums() {
	p := d.c.P
	for v := range p {
		lo, hi, ok := d.wanted(v)
		if !ok {
			continue
		}
		var want uint64
		for u := lo; u < hi; u++ {
			want += d.x[u]
		}
		set := d.scratchSet
		clear(set)
		var got uint64
		for s := range slots {
			if d.prog.result[v]&(1<<s) == 0 {
				continue
			}
			if overlap(set, d.setOf(uint32(v), s)) {
				d.fail("node %d: its result slots share a contributor", v)
				return
			}
			union(set, d.setOf(uint32(v), s))
			got += d.val[v*slots+s]
		}
		if n := count(set); n != hi-lo || !rangeSet(set, lo, hi) {
			d.fail("node %d ends with the sum of %d values, not of nodes %d … %d", v, n, lo, hi-1)
			return
		}
		if got != want {
			d.fail("node %d ends with %#x, not the sum %#x", v, got, want)
			return
		}
	}
}

// wanted returns the contributors lo … hi−1 node v's result must sum, and
// false if v has no result.
func (d *data) wanted(v int) (lo, hi int, ok bool) {
	switch d.c.Op {
	case Reduce:
		return 0, d.c.P, v == d.c.Root
	case Prefix:
		return 0, v + 1, true
	}
	return 0, d.c.P, true
}

func count(set []uint64) int {
	n := 0
	for _, w := range set {
		n += bits.OnesCount64(w)
	}
	return n
}

// rangeSet reports whether set holds lo … hi−1 (given that it has hi−lo
// members).
func rangeSet(set []uint64, lo, hi int) bool {
	for u := lo; u < hi; u++ {
		if set[u/64]>>(u%64)&1 == 0 {
			return false
		}
	}
	return true
}

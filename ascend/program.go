package ascend

import (
	"fmt"
	"math/bits"
)

// Program is an ASCEND or DESCEND algorithm on Q_n: a sequence of steps,
// each over the edges of one dimension, in which some nodes send a word to
// their neighbour and the neighbours combine it with what they hold.
type Program interface {
	// N is the cube's dimension and Steps the number of steps.
	N() int
	Steps() int
	// Dim is the dimension of step s, 1 … N.
	Dim(s int) int
	// Sends reports whether node v sends in step s. It does not depend on
	// the data.
	Sends(s int, v uint32) bool
	// Word is what node v sends in the step about to start.
	Word(v uint32) uint64
	// Receive combines at node v the word w that its neighbour sent in
	// step s; every word of step s was taken before.
	Receive(s int, v uint32, w uint64)
}

// everySender is a Program that tells that every node sends in every step,
// so that its senders need not be counted node by node.
type everySender interface {
	EveryNodeSends() bool
}

// Sort is Batcher's bitonic sort of one item per node by key, as the
// compare-exchange program parallelsort of the thesis [Schömer 1988, Ch. I.1;
// Batcher 1968]: for k = 1 … n and d = k down to 1, every node exchanges
// its item with its neighbour across d and keeps the smaller key if the
// parity of its address bits k … n−1 equals its bit d−1, the larger one
// otherwise. It takes n(n+1)/2 steps and leaves the items in ascending order
// of key.
type Sort struct {
	n    int
	Key  []uint32 // by item
	Hold []uint32 // the item each node holds
	dims []uint8  // by step
	ks   []uint8  // by step: the merge stage k
}

// NewSort returns the sort of the items 0 … 2^n−1, item v starting at node
// v, by key.
func NewSort(n int, key []uint32) *Sort {
	p := &Sort{n: n, Key: key, Hold: make([]uint32, 1<<n)}
	for v := range p.Hold {
		p.Hold[v] = uint32(v)
	}
	for k := 1; k <= n; k++ {
		for d := k; d >= 1; d-- {
			p.dims = append(p.dims, uint8(d))
			p.ks = append(p.ks, uint8(k))
		}
	}
	return p
}

func (p *Sort) N() int                 { return p.n }
func (p *Sort) Steps() int             { return len(p.dims) }
func (p *Sort) Dim(s int) int          { return int(p.dims[s]) }
func (p *Sort) Sends(int, uint32) bool { return true }
func (p *Sort) EveryNodeSends() bool   { return true }
func (p *Sort) Word(v uint32) uint64   { return uint64(p.Hold[v]) }
func (p *Sort) Receive(s int, v uint32, w uint64) {
	d, k := int(p.dims[s]), int(p.ks[s])
	keepSmall := bits.OnesCount32(v>>k)&1 == int(v>>(d-1)&1)
	if theirs := uint32(w); (p.Key[theirs] < p.Key[p.Hold[v]]) == keepSmall {
		p.Hold[v] = theirs
	}
}

// Sorted reports the first node whose item is out of order.
func (p *Sort) Sorted() error {
	for v := 1; v < len(p.Hold); v++ {
		if p.Key[p.Hold[v-1]] > p.Key[p.Hold[v]] {
			return fmt.Errorf("ascend: node %d holds key %d after key %d", v, p.Key[p.Hold[v]], p.Key[p.Hold[v-1]])
		}
	}
	return nil
}

// Broadcast sends the word of node Root to every node: DESCEND over d = n
// … 1, in step s (over d = n−s) every node that has the word (whose
// address differs from Root in the dimensions above d only) sends it
// across d, the binomial spanning tree of collectives' oab binomial.
type Broadcast struct {
	n    int
	Root uint32
	Val  []uint64 // by node
}

// NewBroadcast returns the broadcast of word from root on Q_n.
func NewBroadcast(n int, root uint32, word uint64) *Broadcast {
	p := &Broadcast{n: n, Root: root, Val: make([]uint64, 1<<n)}
	p.Val[root] = word
	return p
}

func (p *Broadcast) N() int        { return p.n }
func (p *Broadcast) Steps() int    { return p.n }
func (p *Broadcast) Dim(s int) int { return p.n - s }
func (p *Broadcast) Sends(s int, v uint32) bool {
	return (v^p.Root)&(1<<(p.n-s)-1) == 0
}
func (p *Broadcast) Word(v uint32) uint64              { return p.Val[v] }
func (p *Broadcast) Receive(_ int, v uint32, w uint64) { p.Val[v] = w }

// Reduce sums the words of all nodes at node Root: ASCEND over d = 1 … n,
// the broadcast reversed, as collectives' reduce binomial: in step s (over
// d = s+1) the nodes that still hold a partial sum and differ from Root in
// dimension d send it across d, and the receivers add it to theirs.
type Reduce struct {
	n    int
	Root uint32
	Val  []uint64 // by node
}

// NewReduce returns the reduction of val (by node, changed in place) to
// root on Q_n.
func NewReduce(n int, root uint32, val []uint64) *Reduce {
	return &Reduce{n: n, Root: root, Val: val}
}

func (p *Reduce) N() int        { return p.n }
func (p *Reduce) Steps() int    { return p.n }
func (p *Reduce) Dim(s int) int { return s + 1 }
func (p *Reduce) Sends(s int, v uint32) bool {
	return (v^p.Root)&(1<<(s+1)-1) == 1<<s
}
func (p *Reduce) Word(v uint32) uint64              { return p.Val[v] }
func (p *Reduce) Receive(_ int, v uint32, w uint64) { p.Val[v] += w }

// Prefix computes inclusive prefix sums in node order: ASCEND over d = 1 …
// n, every node sends the sum of its subcube of dimensions below d across
// d, adds the received sum to that and, if the sender precedes it, to its
// prefix.
type Prefix struct {
	n          int
	Sum, Total []uint64 // by node
}

// NewPrefix returns the prefix sums of val (by node, not changed) on Q_n.
func NewPrefix(n int, val []uint64) *Prefix {
	return &Prefix{n: n, Sum: append([]uint64(nil), val...), Total: append([]uint64(nil), val...)}
}

func (p *Prefix) N() int                 { return p.n }
func (p *Prefix) Steps() int             { return p.n }
func (p *Prefix) Dim(s int) int          { return s + 1 }
func (p *Prefix) Sends(int, uint32) bool { return true }
func (p *Prefix) EveryNodeSends() bool   { return true }
func (p *Prefix) Word(v uint32) uint64   { return p.Total[v] }
func (p *Prefix) Receive(s int, v uint32, w uint64) {
	p.Total[v] += w
	if v>>s&1 == 1 {
		p.Sum[v] += w
	}
}

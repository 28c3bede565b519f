package detours

import (
	"math/bits"

	"github.com/hyperroute/hyperroute/faults"
)

// cube holds the failed edges of a faulty Q_n by dimension, a bit per node
// for each (bit v of dimension d: the edge from v in dimension d), so that
// the strategies, which work one dimension at a time on ascending nodes,
// read the faults and their own state from a few streams of 2^n bits or
// entries rather than from all n·2^n edges.
type cube struct {
	n     int
	words int      // words per dimension
	bits  []uint64 // dimension d from d·words on, d = 1 … n
	dims  [][]uint64
}

// newCube returns the failed edges of f by dimension.
func newCube(f *faults.Set) *cube {
	n := f.N
	words := (1<<n + 63) / 64
	c := &cube{n: n, words: words, bits: make([]uint64, (n+1)*words), dims: make([][]uint64, n+1)}
	for d := range c.dims {
		c.dims[d] = c.bits[d*words : (d+1)*words]
	}
	f.Each(func(v uint32, d int) { c.bits[d*words+int(v>>6)] |= 1 << (v & 63) })
	return c
}

// failed appends to nodes the nodes whose edge of dimension d failed,
// ascending, and returns the result.
func (c *cube) failed(d int, nodes []uint32) []uint32 {
	for w, word := range c.dims[d] {
		for ; word != 0; word &= word - 1 {
			nodes = append(nodes, uint32(w<<6+bits.TrailingZeros64(word)))
		}
	}
	return nodes
}

// cubeBytes is what newCube allocates on Q_n with failed failed edges, and
// the lists of a dimension's failed edges of its caller, with a page for
// each allocation rounded up.
func cubeBytes(n int, failed int64) int64 {
	return int64(n+1)*((1<<n+63)/64*8+24) + 4*failed + 4<<13
}

// dim returns the bits of the failed edges of dimension d, by node.
func (c *cube) dim(d int) []uint64 { return c.dims[d] }

// intact reports whether the detour U^i of the edge from v in dimension d
// is intact (faults.Set.Intact).
func (c *cube) intact(v uint32, d, i int) bool {
	a := v ^ 1<<(i-1)
	b := a ^ 1<<(d-1)
	fi, fd := c.dims[i], c.dims[d]
	return (fi[v>>6]>>(v&63)|fd[a>>6]>>(a&63)|fi[b>>6]>>(b&63))&1 == 0
}

// hasDetour reports whether the edge from v in dimension d has an intact
// detour.
func (c *cube) hasDetour(v uint32, d int) bool {
	for i := 1; i <= c.n; i++ {
		if i != d && c.intact(v, d, i) {
			return true
		}
	}
	return false
}

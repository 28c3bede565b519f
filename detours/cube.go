package detours

import (
	"sync"

	"github.com/hyperroute/hyperroute/faults"
)

// cube holds the failed edges of a faulty Q_n by dimension, a bit per node
// for each (bit v of dimension d: the edge from v in dimension d) and as
// lists of nodes, so that the strategies, which work one dimension at a
// time on ascending nodes, read the faults and their own state from a few
// streams of 2^n bits or entries rather than from all n·2^n edges.
type cube struct {
	n     int
	words int        // words per dimension
	bits  []uint64   // dimension d from (d−1)·words on, d = 1 … n
	dims  [][]uint64 // by dimension, its words of bits
	nodes [][]uint32 // by dimension, the nodes whose edge failed, ascending
}

// cubes keeps the cubes released for the next newCube.
var cubes sync.Pool

// newCube returns the failed edges of f by dimension, on the memory of a
// released cube of the same size if there is one.
func newCube(f *faults.Set) *cube {
	n := f.N
	words := (1<<n + 63) / 64
	c, _ := cubes.Get().(*cube)
	if c == nil || c.n != n {
		c = &cube{n: n, words: words, bits: make([]uint64, n*words), dims: make([][]uint64, n+1), nodes: make([][]uint32, n+1)}
		// Room for 9/8 of a dimension's share of the failed edges and 64
		// more (a dimension's count is binomial: 5 deviations and more).
		room := 9*f.Count()/(8*n) + 64
		all := make([]uint32, n*room)
		for d := 1; d <= n; d++ {
			c.dims[d] = c.bits[(d-1)*words : d*words]
			c.nodes[d] = all[(d-1)*room : (d-1)*room : d*room]
		}
	}
	f.ByDim(c.nodes)
	for d, nodes := range c.nodes {
		dim := c.dims[d]
		for _, v := range nodes {
			dim[v>>6] |= 1 << (v & 63)
		}
	}
	return c
}

// release empties c and keeps it for a later newCube.
func (c *cube) release() {
	clear(c.bits)
	for d := range c.nodes {
		c.nodes[d] = c.nodes[d][:0]
	}
	cubes.Put(c)
}

// cubeBytes is what newCube allocates on Q_n with failed failed edges,
// with a page for each allocation rounded up.
func cubeBytes(n int, failed int64) int64 {
	return int64(n)*((1<<n+63)/64*8) + int64(n+1)*48 + 4*(9*failed/8+64*int64(n)) + 4<<13
}

// dim returns the bits of the failed edges of dimension d, by node.
func (c *cube) dim(d int) []uint64 { return c.dims[d] }

// intact reports whether the detour U^i of the edge from v in dimension d
// is intact (faults.Set.Intact).
func (c *cube) intact(v uint32, d, i int) bool {
	return crossed(c.dims[i], c.dims[d], v, 1<<(i-1), 1<<(d-1))&1 == 0
}

// crossed returns, in bit 0, whether the detour U^i of the edge from v in
// dimension d crosses a failed edge, given the bits fi and fd of the failed
// edges of i and d and ei = 2^(i−1), ed = 2^(d−1).
func crossed(fi, fd []uint64, v, ei, ed uint32) uint64 {
	a := v ^ ei
	b := a ^ ed
	return fi[v>>6]>>(v&63) | fd[a>>6]>>(a&63) | fi[b>>6]>>(b&63)
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

package hypercube

import (
	"fmt"
	"math/bits"
)

// MaxDim is the largest supported dimension n; node addresses are uint32.
const MaxDim = 30

// Cube is the n-dimensional hypercube Q_n: nodes 0 … 2^n−1,
// dimensions 1 … n, where crossing dimension d flips bit d−1.
type Cube struct{ N int }

// New returns Q_n. It fails unless 1 ≤ n ≤ MaxDim.
func New(n int) (Cube, error) {
	if err := checkDim(n); err != nil {
		return Cube{}, err
	}
	return Cube{N: n}, nil
}

func checkDim(n int) error {
	if n < 1 || n > MaxDim {
		return fmt.Errorf("hypercube: dimension n=%d out of range [1, %d]", n, MaxDim)
	}
	return nil
}

// Nodes returns the number of nodes, 2^n.
func (c Cube) Nodes() int { return 1 << c.N }

// Edges returns the number of directed edges, n·2^n (v→w and w→v are two
// edges, which fail independently in the thesis' fault models).
func (c Cube) Edges() int { return c.N << c.N }

// Mask returns 2^n−1, the address with all n bits set.
func (c Cube) Mask() uint32 { return mask(c.N) }

// Contains reports whether v is a node of Q_n, that is v < 2^n.
func (c Cube) Contains(v uint32) bool { return v <= mask(c.N) }

func mask(n int) uint32 { return uint32(1)<<n - 1 }

// Neighbor returns the neighbour of v in dimension d, v ^ 1<<(d−1).
// d must be at least 1; Neighbor does not check it against n.
func Neighbor(v uint32, d int) uint32 { return v ^ 1<<(d-1) }

// Dist returns the distance of v and w in the cube, popcount(v ^ w).
func Dist(v, w uint32) int { return bits.OnesCount32(v ^ w) }

// ECube returns the e-cube (dimension-order) route from v to w as its
// dimensions, 1-based and ascending: the Dist(v, w) dimensions in which
// v and w differ. It returns an empty slice if v == w.
func ECube(v, w uint32) []int {
	x := v ^ w
	dims := make([]int, 0, bits.OnesCount32(x))
	for x != 0 {
		dims = append(dims, bits.TrailingZeros32(x)+1)
		x &= x - 1
	}
	return dims
}

// NextECube returns the first dimension of the e-cube route from v to w, the
// lowest dimension in which they differ, or 0 if v == w. It does not allocate.
func NextECube(v, w uint32) int {
	x := v ^ w
	if x == 0 {
		return 0
	}
	return bits.TrailingZeros32(x) + 1
}

// Walk returns the len(dims)+1 nodes visited by the path that starts at v and
// crosses the dimensions dims in order, v first.
func Walk(v uint32, dims []int) []uint32 {
	nodes := make([]uint32, 0, len(dims)+1)
	nodes = append(nodes, v)
	for _, d := range dims {
		v = Neighbor(v, d)
		nodes = append(nodes, v)
	}
	return nodes
}

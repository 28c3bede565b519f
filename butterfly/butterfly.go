package butterfly

import (
	"fmt"

	"github.com/hyperroute/hyperroute/hypercube"
)

// MaxDim is the largest n: the node ids of BF_n, n·2^n of them, fit in a
// uint32 up to n = 27; routes hold n+1 ≤ 64 bits.
const MaxDim = 27

// Net is the wrapped butterfly BF_N.
type Net struct{ N int }

// New returns BF_n. It fails unless 1 ≤ n ≤ MaxDim.
func New(n int) (Net, error) {
	if n < 1 || n > MaxDim {
		return Net{}, fmt.Errorf("butterfly: dimension n=%d out of range [1, %d]", n, MaxDim)
	}
	return Net{N: n}, nil
}

// Node is the butterfly node (L, V): layer L = 1 … n of super-node V.
type Node struct {
	L int
	V uint32
}

func (w Node) String() string { return fmt.Sprintf("(%d, %d)", w.L, w.V) }

// Nodes is the number of nodes, n·2^n.
func (b Net) Nodes() int { return b.N << b.N }

// ID numbers node w: V·n + L − 1, so that the n layers of a super-node are
// adjacent.
func (b Net) ID(w Node) uint32 { return w.V*uint32(b.N) + uint32(w.L-1) }

// Node returns the node numbered id.
func (b Net) Node(id uint32) Node {
	return Node{L: int(id%uint32(b.N)) + 1, V: id / uint32(b.N)}
}

// Contains reports whether w is a node of BF_n.
func (b Net) Contains(w Node) bool {
	return w.L >= 1 && w.L <= b.N && hypercube.Cube{N: b.N}.Contains(w.V)
}

// NextLayer is the layer the edges out of layer l go to, 1 + (l mod n).
func (b Net) NextLayer(l int) int { return l%b.N + 1 }

// Straight is the node the straight edge out of w goes to: (l′, v).
func (b Net) Straight(w Node) Node { return Node{L: b.NextLayer(w.L), V: w.V} }

// Cross is the node the cross edge out of w goes to: (l′, v with dimension
// l flipped), over the cube link of dimension l.
func (b Net) Cross(w Node) Node {
	return Node{L: b.NextLayer(w.L), V: hypercube.Neighbor(w.V, w.L)}
}

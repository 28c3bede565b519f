package topology

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/hyperroute/hyperroute/hypercube"
)

// Kind is a family of networks.
type Kind uint8

const (
	Ring Kind = iota
	Mesh
	Torus
	Cube
)

var kindNames = [...]string{"ring", "mesh", "torus", "cube"}

func (k Kind) String() string { return kindNames[k] }

// Kinds lists the network families.
var Kinds = []Kind{Ring, Mesh, Torus, Cube}

// ParseKind returns the family named s.
func ParseKind(s string) (Kind, error) {
	for i, name := range kindNames {
		if s == name {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown topology %q (want %s)", s, strings.Join(kindNames[:], ", "))
}

// MaxNodes bounds the number of nodes of a network.
const MaxNodes = 1 << 16

// Network is one network: its family and size.
type Network struct {
	Kind Kind
	P    int // nodes
	Side int // mesh and torus: p = Side²
	N    int // cube: p = 2^N
}

// New returns the network of kind with p nodes. A ring needs p ≥ 2, a mesh
// or torus a square p = s² with s ≥ 2, a cube a power of two p ≥ 2.
func New(kind Kind, p int) (Network, error) {
	g := Network{Kind: kind, P: p}
	if p < 2 || p > MaxNodes {
		return g, fmt.Errorf("%v of p=%d nodes: want 2 … %d", kind, p, MaxNodes)
	}
	switch kind {
	case Mesh, Torus:
		s := isqrt(p)
		if s*s != p {
			return g, fmt.Errorf("%v of p=%d nodes: p must be a square s² (the %v is s × s)", kind, p, kind)
		}
		g.Side = s
	case Cube:
		if p&(p-1) != 0 {
			return g, fmt.Errorf("cube of p=%d nodes: p must be a power of two", p)
		}
		g.N = bits.TrailingZeros(uint(p))
	}
	return g, nil
}

func isqrt(p int) int {
	s := 0
	for (s+1)*(s+1) <= p {
		s++
	}
	return s
}

func (g Network) String() string {
	switch g.Kind {
	case Mesh, Torus:
		return fmt.Sprintf("%v %d×%d", g.Kind, g.Side, g.Side)
	case Cube:
		return fmt.Sprintf("Q_%d", g.N)
	}
	return fmt.Sprintf("ring of %d", g.P)
}

// Ports is the number of port numbers a node may have: 2 on a ring, 4 on
// a mesh or torus, n on Q_n. Not every node has all of them (Neighbor).
func (g Network) Ports() int {
	switch g.Kind {
	case Ring:
		return 2
	case Mesh, Torus:
		return 4
	}
	return g.N
}

// Coord returns the row and column of node v of a mesh or torus.
func (g Network) Coord(v uint32) (row, col int) { return int(v) / g.Side, int(v) % g.Side }

// Node returns the node at row and column of a mesh or torus.
func (g Network) Node(row, col int) uint32 { return uint32(row*g.Side + col) }

// Neighbor returns the node port leads to from v, and false if v has no
// such port.
func (g Network) Neighbor(v uint32, port int) (uint32, bool) {
	switch g.Kind {
	case Ring:
		if port == 1 && g.P == 2 || port > 1 {
			return 0, false
		}
		return uint32(step(int(v), 1-2*port, g.P)), true
	case Cube:
		if port >= g.N {
			return 0, false
		}
		return hypercube.Neighbor(v, port+1), true
	}
	row, col := g.Coord(v)
	x := &col
	if port >= 2 {
		x = &row
	}
	dir := 1 - 2*(port&1)
	switch {
	case port > 3:
		return 0, false
	case g.Kind == Mesh && (*x+dir < 0 || *x+dir >= g.Side):
		return 0, false
	case g.Kind == Torus && dir < 0 && g.Side == 2:
		return 0, false
	}
	*x = step(*x, dir, g.Side)
	return g.Node(row, col), true
}

// step returns x+dir modulo size.
func step(x, dir, size int) int { return (x + dir + size) % size }

// Port returns the port of the link from v to its neighbour w, or −1 if
// they are not neighbours.
func (g Network) Port(v, w uint32) int {
	if g.Kind == Cube {
		x := v ^ w
		if x == 0 || x&(x-1) != 0 || x>>g.N != 0 {
			return -1
		}
		return bits.TrailingZeros32(x)
	}
	for port := range g.Ports() {
		if u, ok := g.Neighbor(v, port); ok && u == w {
			return port
		}
	}
	return -1
}

// Degree returns the number of out-links of v.
func (g Network) Degree(v uint32) int {
	d := 0
	for port := range g.Ports() {
		if _, ok := g.Neighbor(v, port); ok {
			d++
		}
	}
	return d
}

// Links returns the number of directed links.
func (g Network) Links() int {
	n := 0
	for v := range g.P {
		n += g.Degree(uint32(v))
	}
	return n
}

// Dist returns the length of a shortest path from v to w.
func (g Network) Dist(v, w uint32) int {
	switch g.Kind {
	case Ring:
		return arc(int(v), int(w), g.P)
	case Cube:
		return hypercube.Dist(v, w)
	}
	r1, c1 := g.Coord(v)
	r2, c2 := g.Coord(w)
	if g.Kind == Mesh {
		return abs(r1-r2) + abs(c1-c2)
	}
	return arc(r1, r2, g.Side) + arc(c1, c2, g.Side)
}

// arc is the distance of a and b on a cycle of size nodes.
func arc(a, b, size int) int {
	d := abs(a - b)
	return min(d, size-d)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Ecc returns the eccentricity of v, the largest distance from v.
func (g Network) Ecc(v uint32) int {
	e := 0
	for w := range g.P {
		e = max(e, g.Dist(v, uint32(w)))
	}
	return e
}

// Diam returns the diameter.
func (g Network) Diam() int {
	switch g.Kind {
	case Ring:
		return g.P / 2
	case Mesh:
		return 2 * (g.Side - 1)
	case Torus:
		return 2 * (g.Side / 2)
	}
	return g.N
}

// MarshalText and UnmarshalText make a Kind a flag.TextVar.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

func (k *Kind) UnmarshalText(b []byte) (err error) {
	*k, err = ParseKind(string(b))
	return err
}

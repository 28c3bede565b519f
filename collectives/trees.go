package collectives

import (
	"cmp"
	"slices"

	"github.com/hyperroute/hyperroute/topology"
)

// spTree returns the parents of the shortest-path spanning tree of net
// rooted at root whose paths are the dimension-ordered routes: the
// spanning binomial tree on the cube, the dimension-ordered tree on a mesh
// or torus, the two arcs on a ring [Johnsson & Ho 1989; Grama et al. 2003,
// §4.1]. The root's parent is −1.
func spTree(net topology.Network, root uint32) []int32 {
	parent := make([]int32, net.P)
	var path []uint32
	for v := range uint32(net.P) {
		path = net.Route(append(path[:0], root), root, v)
		parent[v] = -1
		if len(path) > 1 {
			parent[v] = int32(path[len(path)-2])
		}
	}
	return parent
}

// tree is a rooted tree as children lists, in breadth-first order.
type tree struct {
	root     uint32
	parent   []int32
	children [][]uint32
	depth    []int
	height   []int    // height of the subtree of each node
	order    []uint32 // breadth-first, root first
}

func newTree(root uint32, parent []int32) *tree {
	t := &tree{root: root, parent: parent, children: make([][]uint32, len(parent)),
		depth: make([]int, len(parent)), height: make([]int, len(parent))}
	for v, u := range parent {
		if u >= 0 {
			t.children[u] = append(t.children[u], uint32(v))
		}
	}
	t.order = append(t.order, root)
	for i := 0; i < len(t.order); i++ {
		v := t.order[i]
		for _, w := range t.children[v] {
			t.depth[w] = t.depth[v] + 1
			t.order = append(t.order, w)
		}
	}
	for i := len(t.order) - 1; i > 0; i-- {
		v := t.order[i]
		u := parent[v]
		t.height[u] = max(t.height[u], t.height[v]+1)
	}
	return t
}

// farthestFirst sorts each node's children by the height of their
// subtrees, highest first, ties by node: the order in which one port sends
// them (FF).
func (t *tree) farthestFirst() {
	for _, cs := range t.children {
		slices.SortStableFunc(cs, func(a, b uint32) int { return cmp.Compare(t.height[b], t.height[a]) })
	}
}

// pathTo returns the tree path from the root to v, without the root.
func (t *tree) pathTo(v uint32) []uint32 {
	path := make([]uint32, t.depth[v])
	for i := len(path) - 1; i >= 0; i-- {
		path[i] = v
		v = uint32(t.parent[v])
	}
	return path
}

// balancedForest returns the parents of a shortest-path spanning tree
// of net rooted at root whose subtrees below the root's neighbours are as
// equal in size as a greedy assignment makes them: level by level, each
// node joins the smallest of the subtrees that hold one of its neighbours
// of the level above (cf. the spanning balanced n-tree of Ho and Johnsson
// [Johnsson & Ho 1989]).
func balancedForest(net topology.Network, root uint32) []int32 {
	parent := make([]int32, net.P)
	sub := make([]int, net.P) // the subtree a node is in: a port of the root
	size := make([]int, net.Ports())
	dist := make([]int, net.P)
	levels := make([][]uint32, net.Ecc(root)+1)
	for v := range uint32(net.P) {
		dist[v] = net.Dist(root, v)
		levels[dist[v]] = append(levels[dist[v]], v)
	}
	parent[root] = -1
	for _, v := range levels[1] {
		parent[v], sub[v] = int32(root), net.Port(root, v)
		size[sub[v]]++
	}
	for _, level := range levels[min(2, len(levels)):] {
		// Nodes with fewer subtrees to choose from choose first.
		choices := make([]int, net.P)
		for _, v := range level {
			seen := 0
			for port := range net.Ports() {
				if u, ok := net.Neighbor(v, port); ok && dist[u] == dist[v]-1 {
					if seen&(1<<sub[u]) == 0 {
						choices[v]++
					}
					seen |= 1 << sub[u]
				}
			}
		}
		slices.SortStableFunc(level, func(a, b uint32) int { return cmp.Compare(choices[a], choices[b]) })
		for _, v := range level {
			best := -1
			for port := range net.Ports() {
				u, ok := net.Neighbor(v, port)
				if !ok || dist[u] != dist[v]-1 {
					continue
				}
				if best < 0 || size[sub[u]] < size[sub[best]] || size[sub[u]] == size[sub[best]] && sub[u] < sub[best] {
					best = int(u)
				}
			}
			parent[v], sub[v] = int32(best), sub[best]
			size[sub[v]]++
		}
	}
	return parent
}

// esbt returns the parents of the j-th of the n edge-disjoint spanning
// binomial trees of Q_n rooted at 0 [Johnsson & Ho 1989]: the root's one
// child is 2^j; a node v with bit j set hangs from v with its first set bit
// after j (cyclically) cleared, so that the nodes with bit j set form a
// spanning binomial tree below 2^j; a node with bit j clear hangs from its
// neighbour across dimension j. The trees have height n+1 and no directed
// edge in common.
func esbt(n, j int) []int32 {
	parent := make([]int32, 1<<n)
	parent[0] = -1
	bj := uint32(1) << j
	for v := uint32(1); v < 1<<n; v++ {
		switch {
		case v == bj:
			parent[v] = 0
		case v&bj == 0:
			parent[v] = int32(v | bj)
		default:
			for k := 1; k < n; k++ {
				b := uint32(1) << ((j + k) % n)
				if v&b != 0 {
					parent[v] = int32(v ^ b)
					break
				}
			}
		}
	}
	return parent
}

// relabel returns the tree of parent moved from root 0 to root by XOR, on
// the cube.
func relabel(parent []int32, root uint32) []int32 {
	out := make([]int32, len(parent))
	for v, u := range parent {
		w := uint32(v) ^ root
		out[w] = -1
		if u >= 0 {
			out[w] = int32(uint32(u) ^ root)
		}
	}
	return out
}

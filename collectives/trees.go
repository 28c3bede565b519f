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
// of net rooted at root whose subtrees below the root's neighbours are
// balanced level by level: each node at distance ℓ joins a subtree that
// holds one of its neighbours at distance ℓ−1, and the level is assigned
// so that no alternating path can move a node from a larger to a smaller
// subtree (an optimal semi-matching [Harvey et al. 2006]); cf. the
// spanning balanced n-tree of Ho and Johnsson [Johnsson & Ho 1989].
func balancedForest(net topology.Network, root uint32) []int32 {
	parent := make([]int32, net.P)
	sub := make([]int, net.P) // the subtree a node is in: a port of the root
	load := make([]int, net.Ports())
	dist := make([]int, net.P)
	levels := make([][]uint32, net.Ecc(root)+1)
	for v := range uint32(net.P) {
		dist[v] = net.Dist(root, v)
		levels[dist[v]] = append(levels[dist[v]], v)
	}
	parent[root] = -1
	for _, v := range levels[1] {
		parent[v], sub[v] = int32(root), net.Port(root, v)
		load[sub[v]]++
	}
	for _, level := range levels[min(2, len(levels)):] {
		// up[i] holds, per subtree node i can join, a neighbour above.
		up := make([]map[int]uint32, len(level))
		for i, v := range level {
			up[i] = make(map[int]uint32)
			for port := range net.Ports() {
				if u, ok := net.Neighbor(v, port); ok && dist[u] == dist[v]-1 {
					if _, seen := up[i][sub[u]]; !seen {
						up[i][sub[u]] = u
					}
				}
			}
		}
		in := semiMatch(up, load)
		for i, v := range level {
			parent[v] = int32(up[i][in[i]])
			sub[v] = in[i]
		}
	}
	return parent
}

// semiMatch assigns each node i to one of the subtrees of up[i], adding to
// load, node by node along the alternating path to the least loaded
// subtree it can reach (ties to the smaller subtree), which leaves no
// path that lowers the load of a fuller subtree.
func semiMatch(up []map[int]uint32, load []int) []int {
	in := make([]int, len(up))
	members := make([][]int, len(load))
	for i := range up {
		// Breadth-first over subtrees: from node j to its subtrees,
		// from a subtree to the nodes of this level in it.
		from := make([]int, len(load)) // the node that reached a subtree
		for t := range from {
			from[t] = -2
		}
		queue := []int{i}
		best := -1
		for len(queue) > 0 {
			j := queue[0]
			queue = queue[1:]
			for _, t := range sortedKeys(up[j]) {
				if from[t] != -2 {
					continue
				}
				from[t] = j
				if best < 0 || load[t] < load[best] || load[t] == load[best] && t < best {
					best = t
				}
				queue = append(queue, members[t]...)
			}
		}
		// Shift along the path: best takes from[best], which leaves its
		// subtree, and so on back to i.
		for t := best; ; {
			j := from[t]
			if j != i {
				old := in[j]
				members[old] = slices.DeleteFunc(members[old], func(x int) bool { return x == j })
				members[t] = append(members[t], j)
				in[j] = t
				t = old
				continue
			}
			members[t] = append(members[t], i)
			in[i] = t
			break
		}
		load[best]++
	}
	return in
}

func sortedKeys(m map[int]uint32) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
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

package collectives

import (
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// TestESBT: the n trees span Q_n, have height n+1 (1 on Q_1) and no
// directed edge in common; every edge is a cube edge.
func TestESBT(t *testing.T) {
	for n := 1; n <= 12; n++ {
		used := make(map[[2]int32]int)
		for j := range n {
			tr := newTree(0, esbt(n, j))
			if len(tr.order) != 1<<n {
				t.Fatalf("n=%d tree %d spans %d nodes", n, j, len(tr.order))
			}
			height := 0
			for v, u := range tr.parent {
				if u < 0 {
					continue
				}
				if d := v ^ int(u); d&(d-1) != 0 {
					t.Fatalf("n=%d tree %d: %d→%d is no cube edge", n, j, u, v)
				}
				if k, ok := used[[2]int32{u, int32(v)}]; ok {
					t.Fatalf("n=%d: edge %d→%d in trees %d and %d", n, u, v, k, j)
				}
				used[[2]int32{u, int32(v)}] = j
				height = max(height, tr.depth[v])
			}
			if want := min(n+1, max(n, 1)+min(n-1, 1)); height != want {
				t.Errorf("n=%d tree %d: height %d, want %d", n, j, height, want)
			}
		}
	}
}

// TestSpanningTreeIsRoutes: the shortest-path spanning tree's path to every
// node is the dimension-ordered route, on every network up to 64 nodes.
func TestSpanningTreeIsRoutes(t *testing.T) {
	for _, k := range topology.Kinds {
		for p := 2; p <= 64; p++ {
			net, err := topology.New(k, p)
			if err != nil {
				continue
			}
			for root := range uint32(p) {
				tr := newTree(root, spTree(net, root))
				for v := range uint32(p) {
					if got, want := tr.pathTo(v), net.Route(nil, root, v); !slices.Equal(got, want) {
						t.Fatalf("%v root %d: tree path to %d %v, route %v", net, root, v, got, want)
					}
				}
			}
		}
	}
}

// TestBalancedForest: below the root, the subtrees of the balanced
// shortest-path tree hold ⌈(p−1)/deg(root)⌉ nodes at most, on Q_1 … Q_12,
// rings, tori up to 32×32 and meshes with the root in a corner. (With the
// root elsewhere on a mesh, balancing level by level can miss by a few.)
func TestBalancedForest(t *testing.T) {
	var nets []topology.Network
	for n := 1; n <= 12; n++ {
		g, _ := topology.New(topology.Cube, 1<<n)
		nets = append(nets, g)
	}
	for p := 2; p <= 40; p++ {
		g, _ := topology.New(topology.Ring, p)
		nets = append(nets, g)
	}
	for s := 2; s <= 32; s++ {
		for _, k := range []topology.Kind{topology.Mesh, topology.Torus} {
			g, _ := topology.New(k, s*s)
			nets = append(nets, g)
		}
	}
	for _, g := range nets {
		for _, root := range []uint32{0, uint32(g.P / 2)} {
			if g.Kind == topology.Mesh && !corner(g, int(root)) {
				continue
			}
			tr := newTree(root, balancedForest(g, root))
			if len(tr.order) != g.P {
				t.Fatalf("%v: spans %d nodes", g, len(tr.order))
			}
			size := make(map[uint32]int)
			for v := range uint32(g.P) {
				if v == root {
					continue
				}
				if tr.depth[v] != g.Dist(root, v) {
					t.Fatalf("%v: node %d at depth %d, distance %d", g, v, tr.depth[v], g.Dist(root, v))
				}
				x := v
				for uint32(tr.parent[x]) != root {
					x = uint32(tr.parent[x])
				}
				size[x]++
			}
			d := g.Degree(root)
			limit := (g.P - 1 + d - 1) / d
			for top, n := range size {
				if n > limit {
					t.Errorf("%v root %d: subtree of %d has %d nodes, more than %d", g, root, top, n, limit)
				}
			}
		}
	}
}

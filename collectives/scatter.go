package collectives

import (
	"cmp"
	"slices"
)

var oasBinomial = Algorithm{
	Name: "binomial", Op: OAS,
	Doc:        "binomial-tree scatter, highest dimension first: each holder hands its partner the half of its blocks for the partner's half, sizes halving [Grama et al. 2003, §4.4]",
	Topologies: anyNet, Ports: ports, Models: bothModel, Combining: true,
	Needs: powerOfTwoSides,
	Build: func(p *program, c Config) {
		doubling(c.P, uint32(c.Root), func(v, w uint32, round, got int32) int32 {
			k := log2(c.P) - int(round) // the bit v and w differ in
			var items []uint32
			for u := range uint32(c.P) {
				if u>>k == w>>k {
					items = append(items, u)
				}
			}
			return p.send(msg{src: v, dst: w, items: items, after: after(got), round: round})
		})
	},
}

var gatherBinomial = Algorithm{
	Name: "binomial", Op: Gather,
	Doc:        "binomial-tree gather, lowest dimension first: each node hands everything it has gathered to its partner, sizes doubling (the scatter reversed) [Grama et al. 2003, §4.4]",
	Topologies: anyNet, Ports: ports, Models: bothModel, Combining: true,
	Needs: powerOfTwoSides,
	Build: func(p *program, c Config) {
		halvingIn(c.P, uint32(c.Root), func(v, w uint32, k int, got []int32) int32 {
			var items []uint32
			for u := range uint32(c.P) {
				if u>>k == v>>k {
					items = append(items, u)
				}
			}
			return p.send(msg{src: v, dst: w, items: items, after: got, round: int32(k + 1)})
		})
	},
}

// halvingIn visits the rounds of a binomial-tree reduction to root, lowest
// bit first: in the round of bit k every node v whose offset v XOR root
// has bit k as its lowest set bit sends to v XOR 2^k, after the messages
// got it received in the rounds before. send returns the message.
func halvingIn(p int, root uint32, send func(v, w uint32, k int, got []int32) int32) {
	got := make([][]int32, p)
	for k := range log2(p) {
		for v := range uint32(p) {
			if r := v ^ root; r&(1<<(k+1)-1) == 1<<k {
				w := v ^ 1<<k
				got[w] = append(got[w], send(v, w, k, got[v]))
			}
		}
	}
}

var oasTree = Algorithm{
	Name: "tree", Op: OAS,
	Doc:        "non-combining scatter down a shortest-path spanning tree, one block per packet, deepest first; all-port: the root's subtrees balanced level by level (cf. the spanning balanced n-tree [Johnsson & Ho 1989])",
	Topologies: anyNet, Ports: ports, Models: sfOnly,
	Build: func(p *program, c Config) {
		t := scatterTree(p, c)
		for _, v := range byDepth(t) {
			p.send(msg{src: t.root, path: t.pathTo(v), items: []uint32{v}})
		}
	},
}

var gatherTree = Algorithm{
	Name: "tree", Op: Gather,
	Doc:        "non-combining gather up the tree of oas tree, one block per packet, farthest first",
	Topologies: anyNet, Ports: ports, Models: sfOnly,
	Build: func(p *program, c Config) {
		t := scatterTree(p, c)
		for _, v := range byDepth(t) {
			path := t.pathTo(v)
			slices.Reverse(path)
			path = append(path[1:], t.root)
			p.send(msg{src: v, path: path, items: []uint32{v}})
		}
	},
}

// scatterTree is the tree of a non-combining scatter or gather: balanced
// below the root for all-port, the shortest-path tree for single-port.
func scatterTree(p *program, c Config) *tree {
	root := uint32(c.Root)
	if c.Port == AllPort {
		return newTree(root, balancedForest(p.net, root))
	}
	return newTree(root, spTree(p.net, root))
}

// byDepth returns the nodes other than the root, deepest first, ties by
// node.
func byDepth(t *tree) []uint32 {
	nodes := slices.Clone(t.order[1:])
	slices.SortStableFunc(nodes, func(a, b uint32) int {
		return cmp.Or(cmp.Compare(t.depth[b], t.depth[a]), cmp.Compare(a, b))
	})
	return nodes
}

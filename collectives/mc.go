package collectives

import (
	"cmp"
	"slices"

	"github.com/hyperroute/hyperroute/topology"
)

var mcTree = Algorithm{
	Name: "tree", Op: MC,
	Doc:        "the shortest-path spanning tree of oab tree, pruned to the subtrees that hold a destination (store-and-forward multicast)",
	Topologies: anyNet, Ports: ports, Models: bothModel,
	Build: func(p *program, c Config) {
		member := make([]bool, c.P)
		for _, v := range c.members() {
			member[v] = true
		}
		t := newTree(uint32(c.Root), spTree(p.net, uint32(c.Root)))
		wanted := make([]bool, c.P) // the subtree holds a destination
		for i := len(t.order) - 1; i >= 0; i-- {
			v := t.order[i]
			wanted[v] = wanted[v] || member[v]
			if u := t.parent[v]; u >= 0 && wanted[v] {
				wanted[u] = true
			}
		}
		broadcastTree(p, c, func(v uint32) bool { return wanted[v] })
	},
}

var mcUCube = Algorithm{
	Name: "ucube", Op: MC,
	Doc:        "U-cube: recursive halving of the destinations sorted in e-cube order, worms routed highest dimension first; ⌈log2(|M|+1)⌉ contention-free rounds [McKinley et al. 1994]",
	Topologies: cube, Ports: singlePort, Models: ctOnly,
	Build: func(p *program, c Config) {
		root := uint32(c.Root)
		chain := append([]uint32{root}, c.members()...)
		slices.SortFunc(chain, func(a, b uint32) int { return cmp.Compare(a^root, b^root) })
		halving(p, chain, 0, true)
	},
}

var mcUMesh = Algorithm{
	Name: "umesh", Op: MC,
	Doc:        "U-mesh: recursive halving of the destinations sorted in the order of XY routing (column, then row), the source anywhere in the chain [McKinley et al. 1994]",
	Topologies: []topology.Kind{topology.Mesh}, Ports: singlePort, Models: ctOnly,
	Build: func(p *program, c Config) {
		chain := append([]uint32{uint32(c.Root)}, c.members()...)
		s := uint32(p.net.Side)
		slices.SortFunc(chain, func(a, b uint32) int {
			return cmp.Or(cmp.Compare(a%s, b%s), cmp.Compare(a/s, b/s))
		})
		halving(p, chain, slices.Index(chain, uint32(c.Root)), false)
	},
}

// halving multicasts along chain from its member at index holder: split
// the chain into a lower half (the first ⌈L/2⌉) and an upper half; if the
// holder is in the lower half it sends to the first node of the upper
// half, else to the last node of the lower half; then both halves go on
// in parallel, one round later. Worms are routed highest dimension first
// on the cube (down).
func halving(p *program, chain []uint32, holder int, down bool) {
	var split func(lo, hi, holder int, got, round int32)
	split = func(lo, hi, holder int, got, round int32) {
		if hi-lo < 2 {
			return
		}
		mid := lo + (hi-lo+1)/2
		to := mid
		if holder >= mid {
			to = mid - 1
		}
		id := p.send(msg{src: chain[holder], dst: chain[to], down: down, items: []uint32{0}, after: after(got), round: round})
		if holder < mid {
			split(lo, mid, holder, got, round+1)
			split(mid, hi, to, id, round+1)
		} else {
			split(lo, mid, to, id, round+1)
			split(mid, hi, holder, got, round+1)
		}
	}
	split(0, len(chain), holder, -1, 1)
}

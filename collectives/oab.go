package collectives

import (
	"fmt"

	"github.com/hyperroute/hyperroute/topology"
)

var oabBinomial = Algorithm{
	Name: "binomial", Op: OAB,
	Doc:        "recursive doubling on the binomial tree, highest dimension first: the holders double each round, messages of 2^k hops on a ring, mesh or torus [Grama et al. 2003, §4.1]",
	Topologies: anyNet, Ports: ports, Models: bothModel,
	Needs: powerOfTwoSides, Build: buildOABBinomial,
}

// doubling visits the rounds of recursive doubling from root over the bits
// of the node numbers, highest first: in the round of bit k every holder v
// sends to v XOR 2^k. send returns the message to w, which then holds.
func doubling(p int, root uint32, send func(v, w uint32, round int32, got int32) int32) {
	got := make([]int32, p) // the message that brought the data, −1 at the root
	got[root] = -1
	holders := []uint32{root}
	n := log2(p)
	for k := n - 1; k >= 0; k-- {
		for _, v := range holders {
			w := v ^ 1<<k
			got[w] = send(v, w, int32(n-k), got[v])
			holders = append(holders, w)
		}
	}
}

func buildOABBinomial(p *program, c Config) {
	items := allItems(pieces(c))
	doubling(c.P, uint32(c.Root), func(v, w uint32, round, got int32) int32 {
		return p.send(msg{src: v, dst: w, items: items, after: after(got), round: round})
	})
}

// allItems returns 0 … k−1.
func allItems(k int) []uint32 {
	items := make([]uint32, k)
	for i := range items {
		items[i] = uint32(i)
	}
	return items
}

var oabTree = Algorithm{
	Name: "tree", Op: OAB,
	Doc:        "shortest-path spanning tree (binomial on the cube, dimension-ordered on mesh and torus, both arcs on a ring); all-port: directed flooding; single-port: children in turn, farthest subtree first [Johnsson & Ho 1989; Grama et al. 2003, §4.1]",
	Topologies: anyNet, Ports: ports, Models: bothModel,
	Build: func(p *program, c Config) { broadcastTree(p, c, nil) },
}

// broadcastTree sends the message down the shortest-path tree from the
// root, to the children that keep(child) (all if keep is nil), each after
// the message reached its parent.
func broadcastTree(p *program, c Config, keep func(v uint32) bool) {
	t := newTree(uint32(c.Root), spTree(p.net, uint32(c.Root)))
	if c.Port == SinglePort {
		t.farthestFirst()
	}
	items := allItems(pieces(c))
	got := make([]int32, c.P)
	got[c.Root] = -1
	for _, v := range t.order {
		for _, w := range t.children[v] {
			if keep == nil || keep(w) {
				got[w] = p.send(msg{src: v, dst: w, items: items, after: after(got[v])})
			}
		}
	}
}

var oabFlooding = Algorithm{
	Name: "flooding", Op: OAB,
	Doc:        "flooding: on first arrival a node sends to every neighbour no copy came from; step-optimal, not NODUP on graphs with cycles [Grama et al. 2003, §4.1]",
	Topologies: anyNet, Ports: allPort, Models: sfOnly,
	Build: buildFlooding,
}

// buildFlooding floods level by level: a node at distance d from the root
// receives from its neighbours at distance d−1 in step d and sends to its
// neighbours at distance d or more.
func buildFlooding(p *program, c Config) {
	net := p.net
	root := uint32(c.Root)
	dist := make([]int, c.P)
	levels := make([][]uint32, net.Ecc(root)+1)
	for v := range uint32(c.P) {
		dist[v] = net.Dist(root, v)
		levels[dist[v]] = append(levels[dist[v]], v)
	}
	into := make([][]int32, c.P) // messages from the level above
	for _, level := range levels {
		for _, u := range level {
			for port := range net.Ports() {
				w, ok := net.Neighbor(u, port)
				if !ok || dist[w] < dist[u] {
					continue
				}
				id := p.send(msg{src: u, dst: w, items: []uint32{0}, after: into[u]})
				if dist[w] == dist[u]+1 {
					into[w] = append(into[w], id)
				}
			}
		}
	}
}

var oabNESBT = Algorithm{
	Name: "nesbt", Op: OAB,
	Doc:        "n edge-disjoint spanning binomial trees, for large messages: the message in pieces, piece i down tree i mod n, pipelined [Johnsson & Ho 1989]",
	Topologies: cube, Ports: allPort, Models: bothModel, Pieces: true,
	Needs: func(c Config, net topology.Network) error {
		if c.Pieces > 0 && c.Pieces%net.N != 0 {
			return fmt.Errorf("pieces=%d: want a multiple of n=%d", c.Pieces, net.N)
		}
		return nil
	},
	Build: buildNESBT,
}

func buildNESBT(p *program, c Config) {
	n := p.net.N
	trees := make([]*tree, n)
	for j := range trees {
		trees[j] = newTree(uint32(c.Root), relabel(esbt(n, j), uint32(c.Root)))
	}
	got := make([]int32, c.P)
	for i := range uint32(pieces(c)) {
		t := trees[int(i)%n]
		got[c.Root] = -1
		for _, v := range t.order {
			for _, w := range t.children[v] {
				got[w] = p.send(msg{src: v, dst: w, items: []uint32{i}, after: after(got[v])})
			}
		}
	}
}

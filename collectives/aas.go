package collectives

import (
	"github.com/hyperroute/hyperroute/topology"
)

var aasRing = Algorithm{
	Name: "ring", Op: AAS,
	Doc:        "ring total exchange: each node sends its p−1 blocks to its successor; in every round a node keeps the block for itself and passes on the rest [Grama et al. 2003, §4.5]",
	Topologies: []topology.Kind{topology.Ring}, Ports: ports, Models: bothModel, Combining: true,
	Build: func(p *program, c Config) {
		ring := make([]uint32, c.P)
		for v := range ring {
			ring[v] = uint32(v)
		}
		ringExchange(p, [][]uint32{ring}, make([][]int32, c.P), 0, func(o, d uint32) []uint32 {
			return []uint32{o*uint32(c.P) + d}
		})
	},
}

// ringExchange runs a total exchange around each ring of nodes: in round
// i = 1 … n−1 the node at x sends to x+1 what the node at o = x−i+1 has
// for the nodes at o+i … o+n−1, in round round0+i; blocks(o, d) are the
// items the node o has for the node d. A node's first send waits for the
// messages start lists; it returns, per node, the messages it received.
func ringExchange(p *program, rings [][]uint32, start [][]int32, round0 int32, blocks func(o, d uint32) []uint32) [][]int32 {
	got := make([][]int32, p.net.P)
	for _, ring := range rings {
		n := len(ring)
		last := make([]int32, n)
		for i := 1; i < n; i++ {
			next := make([]int32, n)
			for x := range n {
				o := (x - i + 1 + n) % n
				var items []uint32
				for j := i; j < n; j++ {
					items = append(items, blocks(ring[o], ring[(o+j)%n])...)
				}
				deps := start[ring[x]]
				if i > 1 {
					deps = []int32{last[x]}
				}
				y := (x + 1) % n
				next[y] = p.send(msg{src: ring[x], dst: ring[y], items: items, after: deps, round: round0 + int32(i)})
				got[ring[y]] = append(got[ring[y]], next[y])
			}
			last = next
		}
	}
	return got
}

var aasRowCol = Algorithm{
	Name: "rowcol", Op: AAS,
	Doc:        "total exchange in the rows with the blocks for each column together, then in the columns, by the ring algorithm [Grama et al. 2003, §4.5]",
	Topologies: []topology.Kind{topology.Torus}, Ports: ports, Models: bothModel, Combining: true,
	Build: func(p *program, c Config) {
		s := p.net.Side
		pp := uint32(c.P)
		rows, cols := make([][]uint32, s), make([][]uint32, s)
		for i := range s {
			for j := range s {
				rows[i] = append(rows[i], p.net.Node(i, j))
				cols[j] = append(cols[j], p.net.Node(i, j))
			}
		}
		// Along a row, node o has for node d the blocks of o for d's
		// column; along a column, node o has for node d the blocks of
		// o's row for d.
		got := ringExchange(p, rows, make([][]int32, c.P), 0, func(o, d uint32) []uint32 {
			var items []uint32
			for _, w := range cols[int(d)%s] {
				items = append(items, o*pp+w)
			}
			return items
		})
		ringExchange(p, cols, got, int32(s-1), func(o, d uint32) []uint32 {
			var items []uint32
			for _, u := range rows[int(o)/s] {
				items = append(items, u*pp+d)
			}
			return items
		})
	},
}

var aasDimEx = Algorithm{
	Name: "dimex", Op: AAS,
	Doc:        "dimension exchange: in round k every node sends its neighbour across dimension k the p/2 blocks bound for the neighbour's half [Grama et al. 2003, §4.5]",
	Topologies: cube, Ports: ports, Models: bothModel, Combining: true,
	Build: func(p *program, c Config) {
		pp := uint32(c.P)
		// Before round k node v holds the blocks from the nodes that
		// agree with it from bit k up, for the nodes that agree with it
		// below bit k; it sends those for nodes across bit k.
		exchange(p, c, func(v uint32, k int) []uint32 {
			items := make([]uint32, 0, c.P/2)
			low := uint32(1)<<k - 1
			for a := range uint32(1) << k {
				o := v&^low | a
				for b := range pp >> (k + 1) {
					d := b<<(k+1) | (v^1<<k)&(1<<k) | v&low
					items = append(items, o*pp+d)
				}
			}
			return items
		})
	},
}

var aasPairwise = Algorithm{
	Name: "pairwise", Op: AAS,
	Doc:        "pairwise exchange: in round i = 1 … p−1 node v sends its block for v XOR i along the e-cube route; contention-free rounds on full-duplex links [Grama et al. 2003, §4.5]",
	Topologies: cube, Ports: ports, Models: bothModel,
	Build: func(p *program, c Config) {
		pp := uint32(c.P)
		got := make([]int32, c.P)
		next := make([]int32, c.P)
		for v := range got {
			got[v] = -1
		}
		for i := uint32(1); i < pp; i++ {
			for v := range pp {
				w := v ^ i
				next[w] = p.send(msg{src: v, dst: w, items: []uint32{v*pp + w}, after: after(got[v]), round: int32(i)})
			}
			got, next = next, got
		}
	},
}

var aasDirect = Algorithm{
	Name: "direct", Op: AAS,
	Doc:        "every block at once as its own packet along its dimension-ordered route, queues served in packet order (offset 1 first): the non-combining baseline",
	Topologies: anyNet, Ports: ports, Models: sfOnly,
	Build: func(p *program, c Config) {
		pp := uint32(c.P)
		for i := uint32(1); i < pp; i++ {
			for v := range pp {
				w := (v + i) % pp
				if p.net.Kind == topology.Cube {
					w = v ^ i
				}
				p.send(msg{src: v, dst: w, items: []uint32{v*pp + w}})
			}
		}
	},
}

package collectives

import (
	"fmt"

	"github.com/hyperroute/hyperroute/topology"
)

var aabRing = Algorithm{
	Name: "ring", Op: AAB,
	Doc:        "ring all-gather: p−1 rounds, each node passes on to its successor the block it received last [Grama et al. 2003, §4.2]",
	Topologies: []topology.Kind{topology.Ring}, Ports: ports, Models: bothModel,
	Build: func(p *program, c Config) {
		ring := make([]uint32, c.P)
		for v := range ring {
			ring[v] = uint32(v)
		}
		blocks := make([][]uint32, c.P)
		for v := range blocks {
			blocks[v] = []uint32{uint32(v)}
		}
		lineGather(p, [][]uint32{ring}, true, blocks, make([][]int32, c.P), 0)
	},
}

var aabRowCol = Algorithm{
	Name: "rowcol", Op: AAB,
	Doc:        "all-gather in the rows, then in the columns with the rows' blocks: on a torus rings one way (single-port), on a mesh lines both ways (all-port) [Grama et al. 2003, §4.2]",
	Topologies: []topology.Kind{topology.Mesh, topology.Torus}, Ports: ports, Models: bothModel,
	Needs: func(c Config, net topology.Network) error {
		if net.Kind == topology.Mesh && c.Port == SinglePort {
			return fmt.Errorf("a mesh row sends both ways in one step: all-port")
		}
		return nil
	},
	Build: func(p *program, c Config) {
		s := p.net.Side
		wrap := p.net.Kind == topology.Torus
		rows, cols := make([][]uint32, s), make([][]uint32, s)
		for i := range s {
			for j := range s {
				rows[i] = append(rows[i], p.net.Node(i, j))
				cols[j] = append(cols[j], p.net.Node(i, j))
			}
		}
		blocks := make([][]uint32, c.P)
		for v := range blocks {
			blocks[v] = []uint32{uint32(v)}
		}
		got := make([][]int32, c.P)
		got = lineGather(p, rows, wrap, blocks, got, 0)
		for v := range blocks {
			blocks[v] = rows[v/s]
		}
		lineGather(p, cols, wrap, blocks, got, int32(s-1))
	},
}

// lineGather runs an all-gather along each line of nodes (a ring if wrap,
// else a line sending both ways): in round k a node passes on the block of
// the node k−1 before it, which it received in round k−1; round k is
// round0+k of the program. A node's first sends wait for the messages
// start lists; it returns, per node, the messages it received.
func lineGather(p *program, lines [][]uint32, wrap bool, blocks [][]uint32, start [][]int32, round0 int32) [][]int32 {
	got := make([][]int32, p.net.P)
	for _, line := range lines {
		n := len(line)
		for _, dir := range []int{1, -1} {
			if wrap && dir < 0 {
				break
			}
			last := make([]int32, n) // the message each received in the round before
			for k := 1; k < n; k++ {
				next := make([]int32, n)
				for x := range n {
					y, o := x+dir, x-dir*(k-1)
					if wrap {
						y, o = (y+n)%n, (o+n)%n
					} else if y < 0 || y >= n || o < 0 || o >= n {
						continue
					}
					deps := start[line[x]]
					if k > 1 {
						deps = []int32{last[x]}
					}
					id := p.send(msg{src: line[x], dst: line[y], items: blocks[line[o]], after: deps, round: round0 + int32(k)})
					next[y] = id
					got[line[y]] = append(got[line[y]], id)
				}
				last = next
			}
		}
	}
	return got
}

var aabDimEx = Algorithm{
	Name: "dimex", Op: AAB,
	Doc:        "dimension exchange: in round k every node swaps all it has with its neighbour across dimension k, sizes doubling [Grama et al. 2003, §4.2]",
	Topologies: cube, Ports: ports, Models: bothModel, Combining: true,
	Build: func(p *program, c Config) {
		exchange(p, c, func(v uint32, k int) []uint32 {
			var items []uint32
			for u := range uint32(c.P) {
				if u>>k == v>>k {
					items = append(items, u)
				}
			}
			return items
		})
	},
}

// exchange runs n rounds of dimension exchange, lowest dimension first: in
// round k every node v sends items(v, k) to v XOR 2^k after the message of
// round k−1 reached it.
func exchange(p *program, c Config, items func(v uint32, k int) []uint32) {
	got := make([]int32, c.P)
	for v := range got {
		got[v] = -1
	}
	next := make([]int32, c.P)
	for k := range log2(c.P) {
		for v := range uint32(c.P) {
			w := v ^ 1<<k
			next[w] = p.send(msg{src: v, dst: w, items: items(v, k), after: after(got[v]), round: int32(k + 1)})
		}
		got, next = next, got
	}
}

package collectives

import (
	"cmp"
	"math/bits"
	"slices"
)

// The all-port, non-combining all-gather and total exchange on Q_n that
// meet the lower bounds of Lemma 1 of [Czech lecture 10], whose remark says
// such algorithms exist: every block is its own message, every message
// goes one hop in one step, and in every step each directed link carries at
// most one. Both are translation-invariant: node s does what node 0 does,
// with every address XORed with s. Then the messages of one step share a
// link only if node 0's schedule uses one dimension twice in that step; so
// node 0's schedule is built with every dimension at most once per step.

var aabOptimal = Algorithm{
	Name: "optimal", Op: AAB,
	Doc:        "every block down a spanning tree of Q_n translated to its source, the tree's edges timed so that each step uses each dimension at most once: ⌈(p−1)/log p⌉ steps, the lower bound [Czech lecture 10, Lemma 1 and its remark]",
	Topologies: cube, Ports: allPort, Models: sfOnly,
	Build: func(p *program, c Config) {
		n := p.net.N
		time, parent := spanningSchedule(n)
		pp := uint32(c.P)
		order := make([]uint32, 0, pp-1)
		for v := uint32(1); v < pp; v++ {
			order = append(order, v)
		}
		slices.SortStableFunc(order, func(a, b uint32) int { return cmp.Compare(time[a], time[b]) })
		for _, v := range order {
			for s := range pp {
				p.send(msg{src: s ^ parent[v], dst: s ^ v, items: []uint32{s}, round: time[v]})
			}
		}
	},
}

// spanningSchedule returns a spanning tree of Q_n rooted at 0, as the
// parent of every node, and the step in which each node's edge from its
// parent is crossed (0 for the root), such that the steps rise along every
// path from the root and no step has two edges of one dimension. Step by
// step it matches the dimensions to the nodes not yet reached that have a
// neighbour reached before across that dimension (a maximum matching,
// nodes of smaller weight, then with fewer such neighbours, first). Up to
// n = 10 this needs ⌈(2^n − 1)/n⌉ steps, the least possible (the tests
// check); beyond, it may need more.
func spanningSchedule(n int) (time []int32, parent []uint32) {
	N := 1 << n
	time, parent = make([]int32, N), make([]uint32, N)
	for v := range time {
		time[v] = -1
	}
	time[0] = 0
	reached := 1
	byDim := make([]int, n) // the node each dimension reaches in the step, −1 if none
	for step := int32(1); reached < N; step++ {
		before := func(u int) bool { return time[u] >= 0 && time[u] < step }
		var cands []int
		ways := map[int]int{} // reached neighbours
		for v := 1; v < N; v++ {
			if time[v] >= 0 {
				continue
			}
			for d := range n {
				if before(v ^ 1<<d) {
					ways[v]++
				}
			}
			if ways[v] > 0 {
				cands = append(cands, v)
			}
		}
		slices.SortStableFunc(cands, func(a, b int) int {
			return cmp.Or(cmp.Compare(bits.OnesCount(uint(a)), bits.OnesCount(uint(b))), cmp.Compare(ways[a], ways[b]), cmp.Compare(a, b))
		})
		for d := range byDim {
			byDim[d] = -1
		}
		var augment func(v int, seen []bool) bool
		augment = func(v int, seen []bool) bool {
			for d := range n {
				if seen[d] || !before(v^1<<d) {
					continue
				}
				seen[d] = true
				if byDim[d] < 0 || augment(byDim[d], seen) {
					byDim[d] = v
					return true
				}
			}
			return false
		}
		for _, v := range cands {
			augment(v, make([]bool, n))
		}
		for d, v := range byDim {
			if v >= 0 {
				time[v], parent[v] = step, uint32(v^1<<d)
				reached++
			}
		}
	}
	return time, parent
}

var aasOptimal = Algorithm{
	Name: "optimal", Op: AAS,
	Doc:        "every block along a shortest path, its hops timed by an edge colouring of offsets × dimensions with 2^{n−1} colours: every link busy in each of the p/2 steps, the lower bound [Czech lecture 10, Lemma 1 and its remark]",
	Topologies: cube, Ports: allPort, Models: sfOnly,
	Build: func(p *program, c Config) {
		n := p.net.N
		colour := offsetColouring(n)
		pp := uint32(c.P)
		type hop struct {
			x     uint32 // the offset s ⊕ d of the block
			dim   int
			round int32
		}
		var hops []hop
		for x := uint32(1); x < pp; x++ {
			for d := range n {
				if x>>d&1 != 0 {
					hops = append(hops, hop{x, d, colour[x][d] + 1})
				}
			}
		}
		slices.SortStableFunc(hops, func(a, b hop) int { return cmp.Compare(a.round, b.round) })
		for _, h := range hops {
			// Before the hop the block has crossed the dimensions of its
			// offset whose colours come first.
			var done uint32
			for d := range n {
				if h.x>>d&1 != 0 && colour[h.x][d] < h.round-1 {
					done |= 1 << d
				}
			}
			for s := range pp {
				at := s ^ done
				p.send(msg{src: at, dst: at ^ 1<<h.dim, items: []uint32{s*pp + (s ^ h.x)}, round: h.round})
			}
		}
	},
}

// offsetColouring colours the bipartite graph of the offsets x = 1 … 2^n−1
// and the dimensions, an edge (x, d) for each dimension d in which x is 1,
// with 2^{n−1} colours, its largest degree (König's theorem): colour[x][d],
// 0 … 2^{n−1}−1, differs among the dimensions of one x, and each dimension
// takes every colour once. Each edge in turn takes a colour free at both
// ends, after swapping two colours along an alternating path if needed.
func offsetColouring(n int) [][]int32 {
	N, k := 1<<n, 1<<(n-1)
	colour := make([][]int32, N)
	atX := make([][]int32, N) // atX[x][c]: the dimension of x coloured c, −1
	atD := make([][]int32, n) // atD[d][c]: the offset of d coloured c, −1
	free := func(row []int32) int32 {
		return int32(slices.Index(row, -1))
	}
	fill := func(m int) []int32 {
		row := make([]int32, m)
		for i := range row {
			row[i] = -1
		}
		return row
	}
	for d := range atD {
		atD[d] = fill(k)
	}
	for x := 1; x < N; x++ {
		colour[x], atX[x] = fill(n), fill(k)
		for d := range n {
			if x>>d&1 == 0 {
				continue
			}
			a, b := free(atX[x]), free(atD[d])
			if atD[d][a] >= 0 {
				// Swap a and b on the path from d: d –a– x1 –b– d1 –a– ….
				// It does not reach x (bipartite parity), so a becomes free
				// at d and stays free at x.
				var path [][2]int32 // (offset, dimension) edges, in order
				cur, c := int32(d), a
				onD := true
				for {
					var next int32
					if onD {
						next = atD[cur][c]
					} else {
						next = atX[cur][c]
					}
					if next < 0 {
						break
					}
					if onD {
						path = append(path, [2]int32{next, cur})
					} else {
						path = append(path, [2]int32{cur, next})
					}
					cur, onD = next, !onD
					c = a + b - c
				}
				for _, e := range path {
					ox, od := e[0], e[1]
					old := colour[ox][od]
					atX[ox][old], atD[od][old] = -1, -1
				}
				for _, e := range path {
					ox, od := e[0], e[1]
					nc := a + b - colour[ox][od]
					colour[ox][od] = nc
					atX[ox][nc], atD[od][nc] = od, ox
				}
			}
			colour[x][d] = a
			atX[x][a], atD[d][a] = int32(d), int32(x)
		}
	}
	return colour
}

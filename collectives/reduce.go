package collectives

var reduceBinomial = Algorithm{
	Name: "binomial", Op: Reduce,
	Doc:        "binomial-tree reduction, lowest dimension first (nearest partners first): the broadcast reversed [Grama et al. 2003, §4.1]",
	Topologies: anyNet, Ports: ports, Models: bothModel, Combining: true,
	Needs: powerOfTwoSides,
	Build: func(p *program, c Config) { binomialReduce(p, c.P, uint32(c.Root)) },
}

// binomialReduce sums every node's value and the partial sums it received
// into the root's slot acc by halvingIn; it returns the last message to
// the root and the number of rounds.
func binomialReduce(p *program, nodes int, root uint32) (last []int32, rounds int32) {
	halvingIn(nodes, root, func(v, w uint32, k int, got []int32) int32 {
		rounds = int32(k + 1)
		id := p.send(msg{src: v, dst: w, from: own | acc, into: acc, after: got, round: rounds})
		if w == root {
			last = append(last, id)
		}
		return id
	})
	return last, rounds
}

var reduceTree = Algorithm{
	Name: "tree", Op: Reduce,
	Doc:        "reduction up the shortest-path spanning tree of oab tree: a node sends its partial sum once all its children's have arrived",
	Topologies: anyNet, Ports: ports, Models: bothModel, Combining: true,
	Build: func(p *program, c Config) {
		t := newTree(uint32(c.Root), spTree(p.net, uint32(c.Root)))
		got := make([][]int32, c.P)
		for i := len(t.order) - 1; i > 0; i-- {
			v := t.order[i]
			u := uint32(t.parent[v])
			got[u] = append(got[u], p.send(msg{src: v, dst: u, from: own | acc, into: acc, after: got[v]}))
		}
	},
}

var allreduceDimEx = Algorithm{
	Name: "dimex", Op: Allreduce,
	Doc:        "dimension exchange: in round k every node swaps its partial sum with its neighbour across dimension k and adds [Grama et al. 2003, §4.3]",
	Topologies: cube, Ports: ports, Models: bothModel, Combining: true,
	Build: func(p *program, c Config) {
		swap(p, c, func(v, w uint32) uint8 { return acc })
	},
}

// swap runs n rounds of dimension exchange of partial sums, lowest
// dimension first: in round k node v sends the sum of all its slots to
// w = v XOR 2^k, which adds it to the slots into(v, w).
func swap(p *program, c Config, into func(v, w uint32) uint8) {
	got := make([]int32, c.P)
	next := make([]int32, c.P)
	for v := range got {
		got[v] = -1
	}
	for k := range log2(c.P) {
		for v := range uint32(c.P) {
			w := v ^ 1<<k
			next[w] = p.send(msg{src: v, dst: w, from: own | acc | third, into: into(v, w), after: after(got[v]), round: int32(k + 1)})
		}
		got, next = next, got
	}
}

var allreduceReduceBcast = Algorithm{
	Name: "reduce-bcast", Op: Allreduce,
	Doc:        "binomial reduction to node 0, then binomial broadcast of the sum: twice the rounds of dimex, and every node hears its own value back (not NOHO) [Grama et al. 2003, §4.3]",
	Topologies: anyNet, Ports: ports, Models: bothModel, Combining: true,
	Needs: powerOfTwoSides,
	Build: func(p *program, c Config) {
		last, rounds := binomialReduce(p, c.P, 0)
		for v := 1; v < c.P; v++ {
			p.result[v] = third
		}
		doubling(c.P, 0, func(v, w uint32, round, got int32) int32 {
			deps, from := after(got), uint8(third)
			if v == 0 {
				deps, from = last, own|acc
			}
			return p.send(msg{src: v, dst: w, from: from, into: third, after: deps, round: rounds + round})
		})
	},
}

var prefixDimEx = Algorithm{
	Name: "dimex", Op: Prefix,
	Doc:        "prefix sum by dimension exchange, lowest dimension first: a node adds what it receives to the sum it passes on, and to its result only if the sender is smaller [Grama et al. 2003, §4.3]",
	Topologies: cube, Ports: ports, Models: bothModel, Combining: true,
	Build: func(p *program, c Config) {
		// Slots: own, acc = the sum of the smaller nodes heard of (the
		// result is own + acc), third = the sum of the others.
		swap(p, c, func(v, w uint32) uint8 {
			if v < w {
				return acc
			}
			return third
		})
	},
}

package collectives

import (
	"math"
	"math/bits"

	"github.com/hyperroute/hyperroute/topology"
)

// Closed returns the closed-form time of c from the literature, with the
// per-hop term t_h added where a source leaves it out, and a reference;
// ok is false if there is none. Every closed form equals the simulated
// time exactly (TestClosedForms, at several sizes, costs, roots and shift
// amounts); docs/model.md checks the lecture notes' statements against
// the simulation.
func Closed(c Config) (t float64, ref string, ok bool) {
	net, err := topology.New(c.Topology, c.P)
	if err != nil {
		return math.NaN(), "", false
	}
	p, s := float64(c.P), float64(net.Side)
	n := float64(log2(c.P))
	S, W, H := c.Ts, float64(c.M)*c.Tw, c.Th
	hop := S + W + H // a message of one block to a neighbour
	// Recursive doubling on a ring, mesh or torus: n rounds whose
	// messages go far hops in all (p−1 on a ring, 2(s−1) on a mesh or
	// torus); cut-through pays t_h per hop, store-and-forward also t_w per
	// hop, and t_s per round or per hop.
	far := p - 1
	if net.Kind == topology.Mesh || net.Kind == topology.Torus {
		far = 2 * (s - 1)
	}
	doubling := n*(S+W) + H*far
	if c.Model == SF && c.Startup == PerHop {
		doubling = far * hop
	} else if c.Model == SF {
		doubling = n*S + far*(W+H)
	}
	ring, cube, grid := net.Kind == topology.Ring, net.Kind == topology.Cube, net.Kind == topology.Mesh || net.Kind == topology.Torus
	ct := c.Model == CT
	const grama = "Grama et al. 2003, ch. 4"
	switch c.Op {
	case OAB:
		switch c.Algo {
		case "binomial":
			if cube {
				return n * hop, grama, true
			}
			return doubling, grama, true
		case "tree":
			switch {
			case cube:
				return n * hop, grama, true
			case ring && c.Port == AllPort:
				return math.Floor(p/2) * hop, grama, true
			case ring:
				return math.Ceil(p/2) * hop, grama, true
			case c.Port == AllPort:
				return float64(net.Ecc(uint32(c.Root))) * hop, grama, true
			case net.Kind == topology.Mesh && corner(net, c.Root):
				return 2 * (s - 1) * hop, grama, true
			}
		case "flooding":
			// Every node is informed at step exc(root); two nodes of the
			// last level that are neighbours send each other a copy,
			// which arrives one step later.
			return float64(net.Ecc(uint32(c.Root))+lastLevelEdge(net, uint32(c.Root))) * hop, grama, true
		case "nesbt":
			// The trees have height n+1 (1 on Q_1).
			k, height := float64(pieces(c)), n+1
			if n == 1 {
				height = 1
			}
			return (math.Ceil(k/n) + height - 1) * (S + W/k + H), "Johnsson & Ho 1989", true
		}
	case OAS, Gather:
		switch c.Algo {
		case "binomial":
			switch {
			case cube:
				return n*(S+H) + W*(p-1), grama, true
			case ring && ct:
				return n*S + (H+W)*(p-1), grama, true
			case grid && ct:
				return n*S + W*(p-1) + 2*H*(s-1), grama, true
			}
		case "tree":
			if c.Port == AllPort && net.Kind == topology.Mesh && !corner(net, c.Root) {
				break // the subtrees need not balance (collectives tests)
			}
			if c.Port == AllPort {
				k := math.Ceil((p - 1) / float64(net.Degree(uint32(c.Root))))
				if c.Op == Gather && !(c.Startup == PerHop) {
					return S + k*(W+H), "Johnsson & Ho 1989", true
				}
				return k * hop, "Johnsson & Ho 1989", true
			}
			if c.Op == OAS {
				return (p - 1) * hop, "Johnsson & Ho 1989", true
			}
		}
	case AAB:
		switch c.Algo {
		case "ring":
			return (p - 1) * hop, grama, true
		case "rowcol":
			return 2*(s-1)*(S+H) + W*(p-1), grama, true
		case "dimex":
			return n*(S+H) + W*(p-1), grama, true
		}
	case AAS:
		switch c.Algo {
		case "ring":
			return (p-1)*(S+H) + W*p*(p-1)/2, grama, true
		case "rowcol":
			return 2*(s-1)*(S+H) + W*p*(s-1), grama, true
		case "dimex":
			return n * (S + H + W*p/2), grama, true
		case "pairwise":
			if ct {
				return (p-1)*(S+W) + H*n*p/2, grama, true
			}
			if c.Startup == PerHop {
				return n * p / 2 * hop, grama, true
			}
			return (p-1)*S + n*p/2*(W+H), grama, true
		}
	case Reduce:
		switch c.Algo {
		case "binomial":
			if cube {
				return n * hop, grama, true
			}
			return doubling, grama, true
		case "tree":
			return float64(net.Ecc(uint32(c.Root))) * hop, grama, true
		}
	case Allreduce:
		switch c.Algo {
		case "dimex":
			return n * hop, grama, true
		case "reduce-bcast":
			if cube {
				return 2 * n * hop, grama, true
			}
			return 2 * doubling, grama, true
		}
	case Prefix:
		return n * hop, grama, true
	case Shift:
		return closedShift(c, net)
	}
	return math.NaN(), "", false
}

// closedShift is Closed for the shift.
func closedShift(c Config, net topology.Network) (float64, string, bool) {
	S, W, H := c.Ts, float64(c.M)*c.Tw, c.Th
	perHop := c.Startup == PerHop && c.Model == SF
	const grama = "Grama et al. 2003, §4.6"
	switch c.Algo {
	case "ring":
		k := float64(min(c.Shift, c.P-c.Shift))
		if perHop {
			return k * (S + W + H), grama, true
		}
		return S + k*(W+H), grama, true
	case "rowcol", "rowcol-sep":
		if !perHop {
			break
		}
		return float64(torusShiftSteps(c, net.Side, c.Algo == "rowcol-sep")) * (S + W + H), grama, true
	case "gray", "gray-min":
		k := c.Shift
		if c.Algo == "gray-min" && grayHops(c.P-k) < grayHops(k) {
			k = c.P - k
		}
		stages, hops := float64(bits.OnesCount(uint(k))), float64(grayHops(k))
		switch {
		case c.Model == CT:
			return stages*(S+W) + hops*H, grama, true
		case perHop:
			return hops * (S + W + H), grama, true
		}
		return stages*S + hops*(W+H), grama, true
	case "direct":
		if c.Model == CT {
			return S + W + H*float64(log2(c.P)-bits.TrailingZeros(uint(c.Shift))), grama, true
		}
	}
	return math.NaN(), "", false
}

// torusShiftSteps is the number of steps of the torus shift by k: the row
// shift, then the longest column shift (one more for the blocks that
// wrapped round their row, in a step of its own if separate).
func torusShiftSteps(c Config, s int, separate bool) int {
	short := func(k int) int { k %= s; return min(k, s-k) }
	r, down := c.Shift%s, c.Shift/s
	col := short(down)
	if r > 0 {
		if separate {
			col = max(col, 1+short(down))
		} else {
			col = max(col, short(down+1))
		}
	}
	return short(r) + col
}

// corner reports whether v is a corner of the mesh.
func corner(net topology.Network, v int) bool {
	row, col := net.Coord(uint32(v))
	return (row == 0 || row == net.Side-1) && (col == 0 || col == net.Side-1)
}

// lastLevelEdge is 1 if two nodes at the largest distance from root are
// neighbours, else 0.
func lastLevelEdge(net topology.Network, root uint32) int {
	ecc := net.Ecc(root)
	for v := range uint32(net.P) {
		if net.Dist(root, v) != ecc {
			continue
		}
		for port := range net.Ports() {
			if w, ok := net.Neighbor(v, port); ok && net.Dist(root, w) == ecc {
				return 1
			}
		}
	}
	return 0
}

package detours

import (
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// heuristic is the thesis' parallel matching (Ch. III.1): the dimensions d
// one after the other; for d, rounds for i = d+1, …, n, 1, …, d−1, in
// which every failed edge of dimension d still without a detour takes U^i
// if it is intact and its middle edge is not taken yet, and takes that
// middle edge. It does not draw.
func heuristic(y *faults.System, _ *rand.Rand) bool {
	Heuristic(y)
	return y.Complete()
}

// Heuristic runs the parallel matching on y, emptied first, and returns
// the number of times two failed edges claimed the same free middle edge
// in one round. The thesis claims there are none, so that the rounds need
// no tie-break: U^i of v and of v' share their middle edge only if
// v ⊕ e_i = v' ⊕ e_i, that is v = v'. The rounds run in edge order.
func Heuristic(y *faults.System) (clashes int) {
	f := y.Faults
	y.Reset(f)
	byDim := make([][]uint32, f.N+1) // the failed edges by dimension
	f.Each(func(v uint32, d int) { byDim[d] = append(byDim[d], v) })
	taken := make([]bool, f.Edges()) // middle edges, by edge index
	var claimed []int                // middle edges claimed in this round
	for d := 1; d <= f.N; d++ {
		pending := byDim[d] // still without a detour
		for i := d%f.N + 1; i != d && len(pending) > 0; i = i%f.N + 1 {
			claimed = claimed[:0]
			left := pending[:0]
			for _, v := range pending {
				m := int(hypercube.Neighbor(v, i))*f.N + d - 1
				if !f.Intact(faults.Detour{V: v, D: d, I: i}) || taken[m] {
					left = append(left, v)
					continue
				}
				claimed = append(claimed, m)
				y.Choose(v, d, i)
			}
			pending = left
			for _, m := range claimed {
				if taken[m] {
					clashes++
				}
				taken[m] = true
			}
		}
	}
	return clashes
}

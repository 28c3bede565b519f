package detours

import (
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// optimal chooses a detour system of the smallest γ in every dimension.
// It does not draw.
func optimal(y *faults.System, _ *rand.Rand) bool {
	Optimal(y)
	return y.Complete()
}

// Optimal fills y, emptied first, with detours of the smallest γ^d in
// every dimension d, for the failed edges that have an intact detour, and
// returns γ^d by d − 1. Per dimension it is a b-matching of the failed
// edges to the intact middle edges of their intact detours: a maximum one
// under capacity b by augmenting paths, b raised from 1 until every such
// failed edge is matched (a vertex without an augmenting path never gets
// one later, so each is tried once per b).
func Optimal(y *faults.System) []int {
	f := y.Faults
	y.Reset(f)
	m := matcher{y: y, f: f, load: make([]int32, f.Edges()), seen: make([]uint32, f.Edges())}
	gamma := make([]int, f.N)
	byDim := make([][]uint32, f.N+1) // the failed edges with an intact detour
	f.Each(func(v uint32, d int) {
		if f.HasDetour(v, d) {
			byDim[d] = append(byDim[d], v)
		}
	})
	for d := 1; d <= f.N; d++ {
		open := byDim[d]
		for b := int32(1); len(open) > 0; b++ {
			m.cap = b
			left := open[:0]
			for _, v := range open {
				m.stamp++
				if !m.augment(v, d) {
					left = append(left, v)
				}
			}
			open = left
			gamma[d-1] = int(b)
		}
	}
	return gamma
}

// matcher finds augmenting paths of the b-matching of one dimension.
type matcher struct {
	y     *faults.System
	f     *faults.Set
	load  []int32  // detours per middle edge, by edge index
	seen  []uint32 // the stamp of the search that last visited a middle edge
	stamp uint32
	cap   int32
}

// augment gives the failed edge from v in dimension d a detour, moving
// others along an augmenting path if need be, and reports whether it could.
func (m *matcher) augment(v uint32, d int) bool {
	n := m.f.N
	for i := 1; i <= n; i++ {
		u := faults.Detour{V: v, D: d, I: i}
		if i == d || !m.f.Intact(u) {
			continue
		}
		mid := u.Middle()
		e := int(mid)*n + d - 1
		if m.seen[e] == m.stamp {
			continue
		}
		m.seen[e] = m.stamp
		if m.load[e] < m.cap {
			m.load[e]++
			m.y.Choose(v, d, i)
			return true
		}
		// The failed edges whose detour has this middle edge: from
		// mid ⊕ e_j with U^j.
		for j := 1; j <= n; j++ {
			w := hypercube.Neighbor(mid, j)
			if j == d || w == v {
				continue
			}
			if x, has := m.y.Detour(w, d); has && x.I == j && m.augment(w, d) {
				m.y.Choose(v, d, i)
				return true
			}
		}
	}
	return false
}

package detours

import (
	"math/rand/v2"
	"sync"

	"github.com/hyperroute/hyperroute/faults"
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
	c := newCube(f)
	m, _ := matchers.Get().(*matcher)
	if nodes := 1 << f.N; m == nil || len(m.mid) != nodes {
		m = &matcher{mid: make([]middle, nodes), via: make([]int8, nodes)}
	}
	m.c = c
	defer func() {
		m.c = nil
		c.release()
		matchers.Put(m)
	}()
	gamma := make([]int, f.N)
	var buf []uint32
	for d := 1; d <= f.N; d++ {
		// Round b = 1 sets aside the failed edges without an intact
		// detour: augment fails on them.
		failed := c.nodes[d]
		open := append(buf[:0], failed...)
		buf = open
		for b := int32(1); len(open) > 0; b++ {
			m.cap = b
			left, some := open[:0], false
			for _, v := range open {
				m.next()
				switch {
				case m.augment(v, d):
					some = true
				case b > 1 || c.hasDetour(v, d):
					left, some = append(left, v), true
				}
			}
			open = left
			if some {
				gamma[d-1] = int(b)
			}
		}
		for _, v := range failed {
			if i := m.via[v]; i != 0 {
				y.Choose(v, d, int(i))
				m.mid[v^1<<(i-1)].load, m.via[v] = 0, 0 // empty for the next dimension
			}
		}
	}
	return gamma
}

// matchers keeps the matchers of past calls for the next on a cube of the
// same size: every middle edge's load and every detour 0, as a new one's.
var matchers sync.Pool

// middle is the state of a middle edge of the dimension being matched:
// its detours and the search that last visited it.
type middle struct {
	load int32
	seen uint32
}

// matcher finds augmenting paths of the b-matching of one dimension, its
// state indexed by node: the middle edges by the node they leave, and the
// detour U^via[v] of the failed edge from v (0 for none).
type matcher struct {
	c     *cube
	mid   []middle
	via   []int8
	stamp uint32
	cap   int32
}

// next starts a new search.
func (m *matcher) next() {
	if m.stamp++; m.stamp == 0 {
		for i := range m.mid {
			m.mid[i].seen = 0
		}
		m.stamp = 1
	}
}

// augment gives the failed edge from v in dimension d a detour, moving
// others along an augmenting path if need be, and reports whether it could.
func (m *matcher) augment(v uint32, d int) bool {
	n := m.c.n
	for i := 1; i <= n; i++ {
		if i == d || !m.c.intact(v, d, i) {
			continue
		}
		mid := v ^ 1<<(i-1)
		e := &m.mid[mid]
		if e.seen == m.stamp {
			continue
		}
		e.seen = m.stamp
		if e.load < m.cap {
			e.load++
			m.via[v] = int8(i)
			return true
		}
		// The failed edges whose detour has this middle edge: from
		// mid ⊕ e_j with U^j.
		for j := 1; j <= n; j++ {
			w := mid ^ 1<<(j-1)
			if j == d || w == v {
				continue
			}
			if int(m.via[w]) == j && m.augment(w, d) {
				m.via[v] = int8(i)
				return true
			}
		}
	}
	return false
}

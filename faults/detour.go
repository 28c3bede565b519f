package faults

import (
	"fmt"

	"github.com/hyperroute/hyperroute/hypercube"
)

// Detour is the detour U^I of length 3 around the edge from V in dimension
// D [Schömer 1988, Ch. III.1]: V –I→ V⊕e_I –D→ V⊕e_I⊕e_D –I→ V⊕e_D, for a
// dimension I ≠ D. Its middle edge is the edge of dimension D from V⊕e_I.
type Detour struct {
	V    uint32
	D, I int
}

// Nodes returns the four nodes the detour visits, in order.
func (u Detour) Nodes() [4]uint32 {
	a := hypercube.Neighbor(u.V, u.I)
	b := hypercube.Neighbor(a, u.D)
	return [4]uint32{u.V, a, b, hypercube.Neighbor(b, u.I)}
}

// Middle returns the node the middle edge leaves; its dimension is D.
func (u Detour) Middle() uint32 { return hypercube.Neighbor(u.V, u.I) }

// Intact reports whether the three edges of u are intact in s.
func (s *Set) Intact(u Detour) bool {
	m := u.Middle()
	return !s.FailedDim(u.V, u.I) && !s.FailedDim(m, u.D) && !s.FailedDim(hypercube.Neighbor(m, u.D), u.I)
}

// HasDetour reports whether the edge from v in dimension d has an intact
// detour.
func (s *Set) HasDetour(v uint32, d int) bool {
	for i := 1; i <= s.N; i++ {
		if i != d && s.Intact(Detour{v, d, i}) {
			return true
		}
	}
	return false
}

// Stranded is the number of failed edges without an intact detour.
func (s *Set) Stranded() int {
	k := 0
	s.Each(func(v uint32, d int) {
		if !s.HasDetour(v, d) {
			k++
		}
	})
	return k
}

// System is a detour system on a faulty cube: at most one detour for each
// failed edge. A system is γ-conjunct if no intact edge is the middle edge
// of more than γ of its detours (Ch. III.1).
type System struct {
	Faults *Set
	via    []int8  // at slot (d−1)·2^N + v: the detour's dimension I, 0 for none
	loads  []int32 // Gamma's and Check's buffer of middle loads, zero between calls
	// chosen are the edges Choose set since Reset, for the next Reset to
	// empty, while they are at most len(via)/64; else all.
	chosen []int
	all    bool
}

// NewSystem returns the system on f without detours.
func NewSystem(f *Set) *System {
	y := new(System)
	y.Reset(f)
	return y
}

// Reset empties y and puts it on f, reusing its memory.
func (y *System) Reset(f *Set) {
	y.Faults = f
	switch {
	case cap(y.via) < f.Edges():
		y.via = make([]int8, f.Edges())
	case len(y.via) == f.Edges() && !y.all:
		for _, e := range y.chosen {
			y.via[e] = 0
		}
	default:
		y.via = y.via[:f.Edges()]
		clear(y.via)
	}
	if cap(y.chosen) < y.listed() {
		y.chosen = make([]int, 0, y.listed())
	}
	y.chosen, y.all = y.chosen[:0], false
}

// Choose makes U^i the detour of the edge from v in dimension d; i = 0
// removes its detour.
func (y *System) Choose(v uint32, d, i int) {
	e := y.slot(v, d)
	y.via[e] = int8(i)
	switch {
	case y.all:
	case len(y.chosen) < y.listed():
		y.chosen = append(y.chosen, e)
	default:
		y.all = true
	}
}

// listed is the most edges y lists for Reset to empty; past them, Reset
// empties all.
func (y *System) listed() int { return len(y.via) >> 6 }

// ChooseNodes makes U^i the detour of the edges in dimension d from nodes,
// as Choose for each.
func (y *System) ChooseNodes(d, i int, nodes []uint32) {
	base := y.slot(0, d)
	via := y.via[base : base+1<<y.Faults.N]
	if !y.all && len(y.chosen)+len(nodes) > y.listed() {
		y.all = true
	}
	if y.all {
		for _, v := range nodes {
			via[v] = int8(i)
		}
		return
	}
	for _, v := range nodes {
		via[v] = int8(i)
		y.chosen = append(y.chosen, base+int(v))
	}
}

// Detour returns the detour of the edge from v in dimension d, if it has
// one.
func (y *System) Detour(v uint32, d int) (Detour, bool) {
	i := int(y.via[y.slot(v, d)])
	return Detour{v, d, i}, i != 0
}

// slot is the place in via of the edge from v in dimension d. The edges of
// a dimension are together, so that a strategy that works one dimension at
// a time writes a few pages, not all of them.
func (y *System) slot(v uint32, d int) int { return (d-1)<<y.Faults.N | int(v) }

// edge returns the edge of via's slot e.
func (y *System) edge(e int) (v uint32, d int) {
	return uint32(e) & (1<<y.Faults.N - 1), e>>y.Faults.N + 1
}

// Complete reports whether every failed edge has a detour.
func (y *System) Complete() bool {
	ok := true
	y.Faults.Each(func(v uint32, d int) {
		if _, has := y.Detour(v, d); !has {
			ok = false
		}
	})
	return ok
}

// Loads returns, by edge index, how many detours of y have that edge as
// their middle edge, reusing buf.
func (y *System) Loads(buf []int32) []int32 {
	n := y.Faults.N
	if cap(buf) < len(y.via) {
		buf = make([]int32, len(y.via))
	}
	buf = buf[:len(y.via)]
	clear(buf)
	for e, i := range y.via {
		if i != 0 {
			v, d := y.edge(e)
			buf[int(Detour{v, d, int(i)}.Middle())*n+d-1]++
		}
	}
	return buf
}

// Gamma returns the largest middle load of y in each dimension (index
// d − 1) and over all dimensions: the system is γ-conjunct for that γ.
// It counts the detours of the failed edges, as Check allows no others.
func (y *System) Gamma() (perDim []int, gamma int) {
	n := y.Faults.N
	perDim = make([]int, n)
	if cap(y.loads) < len(y.via) {
		y.loads = make([]int32, len(y.via))
	}
	loads := y.loads[:len(y.via)] // zero outside Gamma
	y.Faults.Each(func(v uint32, d int) {
		if u, ok := y.Detour(v, d); ok {
			e := int(u.Middle())*n + d - 1
			loads[e]++
			perDim[d-1] = max(perDim[d-1], int(loads[e]))
		}
	})
	y.Faults.Each(func(v uint32, d int) {
		if u, ok := y.Detour(v, d); ok {
			loads[int(u.Middle())*n+d-1] = 0
		}
	})
	for _, g := range perDim {
		gamma = max(gamma, g)
	}
	return perDim, gamma
}

// Check reports the first way in which y is not a γ-conjunct detour system
// on its faults: a detour on an intact edge, a detour in the edge's own
// dimension or outside the cube, a detour over a failed edge, or an intact
// edge that is the middle edge of more than γ detours. A failed edge
// without a detour is allowed; Complete tells whether there is one.
func (y *System) Check(gamma int) error {
	f, n := y.Faults, y.Faults.N
	for e, i := range y.via {
		if i == 0 {
			continue
		}
		v, d := y.edge(e)
		u := Detour{v, d, int(i)}
		switch {
		case !f.FailedDim(u.V, u.D):
			return fmt.Errorf("faults: detour U^%d of the intact edge %d-%d->%d", u.I, u.V, u.D, hypercube.Neighbor(u.V, u.D))
		case u.I < 1 || u.I > n || u.I == u.D:
			return fmt.Errorf("faults: edge %d-%d->%d: no detour U^%d in Q_%d", u.V, u.D, hypercube.Neighbor(u.V, u.D), u.I, n)
		case !f.Intact(u):
			return fmt.Errorf("faults: detour %v of edge %d-%d->%d crosses a failed edge", u.Nodes(), u.V, u.D, hypercube.Neighbor(u.V, u.D))
		}
	}
	y.loads = y.Loads(y.loads)
	defer clear(y.loads) // as Gamma needs it
	for e, l := range y.loads {
		if int(l) > gamma {
			v, d := uint32(e/n), e%n+1
			return fmt.Errorf("faults: edge %d-%d->%d is the middle edge of %d detours, more than γ = %d", v, d, hypercube.Neighbor(v, d), l, gamma)
		}
	}
	return nil
}

package lossest

import (
	"fmt"
	"math"
	"slices"
)

// maxShared is the most edges that one group of paths sharing edges may
// share: the exact loss enumerates their 2^maxShared states. Two is the
// most for every y, z at n ≤ 6 (TestSharedAtMostTwo; other sources are
// translates).
const maxShared = 16

// lengths holds 1 − (1−q)^l and (1−q)^l, the probabilities that a path of
// l edges fails and that it does not, for l = 0 … len − 1.
type lengths struct{ fail, keep []float64 }

func newLengths(q float64, max int) lengths {
	t := lengths{fail: make([]float64, max+1), keep: make([]float64, max+1)}
	for l := range t.fail {
		t.fail[l], t.keep[l] = 0, 1
		if l > 0 {
			t.fail[l] = -math.Expm1(float64(l) * math.Log1p(-q))
			t.keep[l] = math.Exp(float64(l) * math.Log1p(-q))
		}
	}
	return t
}

// An edge of path number i (phase-1 paths 0 … n−1, phase-2 paths
// n … 2n−1) is kept as edge<<pathBits | i, so that sorting sorts by edge:
// edges are below n·2^n < 2^32 and 2n < 2^pathBits for n ≤ 27.
const pathBits = 6

// exact computes the probability, over the faults, that a message is lost
// on given routes: fewer than m of the n phase-1 paths, or fewer than m of
// the n phase-2 paths, are free of failed edges. A phase's paths share no
// edge, so they fail independently, but a phase-1 path may share edges with
// a phase-2 path. Paths that share none enter the joint law of (a, b), the
// failed paths of each phase, as independent Bernoulli; a group of paths
// linked by shared edges enters as the mixture, over the 2^s states of its
// s shared edges, of its paths failing independently given them. Every
// term is a product of probabilities, summed: no cancellation.
type exact struct {
	n, m   int
	q      float64
	len    lengths
	edges  []uint64  // edge<<pathBits | path
	parent []int     // union-find over the 2n paths
	priv   []int     // per path, its edges shared with no other path
	shares []int     // per path, its shared edges
	shared [][2]int  // the shared edges, as (phase-1 path, phase-2 path)
	a, b   []float64 // laws of the failed paths of each phase that share no edge
	joint  []float64 // joint law of the failed paths of each phase: joint[a·(n+1)+b]
	acc    []float64
	tmp    []float64
	group  []int    // the paths of one group
	gEdges [][2]int // and its shared edges
}

func newExact(n, m int, q float64) *exact {
	size := (n + 1) * (n + 1)
	return &exact{
		n: n, m: m, q: q, len: newLengths(q, n+2),
		a: make([]float64, n+1), b: make([]float64, n+1),
		parent: make([]int, 2*n), priv: make([]int, 2*n), shares: make([]int, 2*n),
		joint: make([]float64, size), acc: make([]float64, size), tmp: make([]float64, size),
	}
}

// fates returns the probabilities that the message whose phase-1 paths are
// p1 and phase-2 paths p2 (n each, directed cube edges) is lost and that
// it is delivered, each summed from its own terms: they add up to 1, and
// each keeps its precision where it is tiny.
func (x *exact) fates(p1, p2 [][]uint64) (lost, delivered float64, err error) {
	n := x.n
	x.edges = x.edges[:0]
	for i := range 2 * n {
		var p []uint64
		if i < n {
			p = p1[i]
		} else {
			p = p2[i-n]
		}
		if len(p) >= len(x.len.fail) {
			return 0, 0, fmt.Errorf("lossest: a path of %d edges on Q_%d, want at most %d", len(p), n, len(x.len.fail)-1)
		}
		for _, e := range p {
			x.edges = append(x.edges, e<<pathBits|uint64(i))
		}
		x.parent[i], x.priv[i], x.shares[i] = i, len(p), 0
	}
	slices.Sort(x.edges)
	x.shared = x.shared[:0]
	for i := 1; i < len(x.edges); i++ {
		e := x.edges[i] >> pathBits
		if x.edges[i-1]>>pathBits != e {
			continue
		}
		// Sorted, the phase-1 path comes first.
		a, b := int(x.edges[i-1]&(1<<pathBits-1)), int(x.edges[i]&(1<<pathBits-1))
		if a/n == b/n || i+1 < len(x.edges) && x.edges[i+1]>>pathBits == e {
			return 0, 0, fmt.Errorf("lossest: edge %d lies on paths %d and %d of one phase", e, a, b)
		}
		x.shared = append(x.shared, [2]int{a, b})
		x.priv[a]--
		x.priv[b]--
		x.shares[a]++
		x.shares[b]++
		x.parent[x.find(a)] = x.find(b)
	}
	// The failed paths of each phase among those that share no edge, a
	// and b, are independent: their laws are built apart.
	clear(x.a)
	clear(x.b)
	x.a[0], x.b[0] = 1, 1
	for i := range 2 * n {
		if x.shares[i] == 0 {
			v := x.a
			if i >= n {
				v = x.b
			}
			add1(v, x.len.fail[x.priv[i]], x.len.keep[x.priv[i]])
		}
	}
	t := n - x.m + 1
	if len(x.shared) == 0 {
		// Pr(a ≥ t) + Pr(a < t)·Pr(b ≥ t) and Pr(a < t)·Pr(b < t), as
		// sums of positive terms.
		var pa, pb, belowA, belowB float64
		for k := range n + 1 {
			if k >= t {
				pa += x.a[k]
				pb += x.b[k]
			} else {
				belowA += x.a[k]
				belowB += x.b[k]
			}
		}
		return pa + belowA*pb, belowA * belowB, nil
	}
	for a := range n + 1 {
		for b := range n + 1 {
			x.joint[a*(n+1)+b] = x.a[a] * x.b[b]
		}
	}
	for r := range 2 * n {
		if x.shares[r] > 0 && x.find(r) == r {
			if err := x.addGroup(r); err != nil {
				return 0, 0, err
			}
		}
	}
	for a := range n + 1 {
		for b := range n + 1 {
			if a >= t || b >= t {
				lost += x.joint[a*(n+1)+b]
			} else {
				delivered += x.joint[a*(n+1)+b]
			}
		}
	}
	return lost, delivered, nil
}

// add1 makes v, the law of a number of failed paths, the law with one more
// path, failing with probability f and not with keep = 1 − f.
func add1(v []float64, f, keep float64) {
	for k := len(v) - 1; k > 0; k-- {
		v[k] = v[k]*keep + v[k-1]*f
	}
	v[0] *= keep
}

func (x *exact) find(i int) int {
	for x.parent[i] != i {
		i = x.parent[i]
	}
	return i
}

// add makes j the joint law with path i added, failing with probability f
// and not with keep = 1 − f: a phase-1 path raises a, a phase-2 path b.
func (x *exact) add(j []float64, i int, f, keep float64) {
	n, step := x.n, x.n+1 // a phase-1 path moves a: a stride of n+1
	if i >= n {
		step = 1
	}
	for c := len(j) - 1; c >= 0; c-- {
		v := j[c] * keep
		if c >= step && (step > 1 || c%(n+1) != 0) {
			v += j[c-step] * f
		}
		j[c] = v
	}
}

// addGroup adds to the joint law the group of paths with root r, linked by
// shared edges: the mixture, over the states of its shared edges, of its
// paths failing independently, each surely if one of its shared edges
// failed and else with the probability that its own edges fail.
func (x *exact) addGroup(r int) error {
	x.group, x.gEdges = x.group[:0], x.gEdges[:0]
	for i := range 2 * x.n {
		if x.shares[i] > 0 && x.find(i) == r {
			x.group = append(x.group, i)
		}
	}
	for _, e := range x.shared {
		if x.find(e[0]) == r {
			x.gEdges = append(x.gEdges, e)
		}
	}
	s := len(x.gEdges)
	if s > maxShared {
		return fmt.Errorf("lossest: %d edges shared by one group of paths, at most %d enumerated", s, maxShared)
	}
	clear(x.acc)
	for state := range 1 << s {
		w := 1.0
		for k := range s {
			if state>>k&1 == 1 {
				w *= x.q
			} else {
				w *= 1 - x.q
			}
		}
		if w == 0 {
			continue
		}
		copy(x.tmp, x.joint)
		for _, i := range x.group {
			f, keep := x.len.fail[x.priv[i]], x.len.keep[x.priv[i]]
			for k, e := range x.gEdges {
				if state>>k&1 == 1 && (e[0] == i || e[1] == i) {
					f, keep = 1, 0
				}
			}
			x.add(x.tmp, i, f, keep)
		}
		for c, v := range x.tmp {
			x.acc[c] += w * v
		}
	}
	copy(x.joint, x.acc)
	return nil
}

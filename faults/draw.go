package faults

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Random fails every edge of s independently with probability q, drawing
// one number from rng per edge, in index order. It fails for q outside
// [0, 1].
func (s *Set) Random(q float64, rng *rand.Rand) error {
	if !(q >= 0 && q <= 1) {
		return fmt.Errorf("faults: q=%v: want a probability in [0, 1]", q)
	}
	// An edge fails iff a uniform 64-bit number lies below q·2^64, so
	// that the draw needs no floating point per edge.
	threshold, all := uint64(0), q == 1
	if !all {
		threshold = uint64(math.Ldexp(q, 64))
	}
	for i := range s.Edges() {
		if r := rng.Uint64(); all || r < threshold {
			s.failIndex(i)
		}
	}
	return nil
}

// Exactly fails k edges of the empty set s, chosen uniformly among the sets
// of k edges (Floyd's sampling, k draws from rng). It fails for k outside
// [0, n·2^n].
func (s *Set) Exactly(k int, rng *rand.Rand) error {
	m := s.Edges()
	if k < 0 || k > m {
		return fmt.Errorf("faults: k=%d failed edges: want 0 … %d on Q_%d", k, m, s.N)
	}
	for j := m - k; j < m; j++ {
		i := rng.IntN(j + 1)
		if s.failedIndex(i) {
			i = j
		}
		s.failIndex(i)
	}
	return nil
}

func (s *Set) failedIndex(i int) bool { return s.failed[i>>6]>>(i&63)&1 != 0 }

// Share is the share of the n·2^n directed edges of Q_n that a draw fails:
// k of them, or those of list, where given, else each with probability q.
func Share(n int, q float64, k int, list List) float64 {
	edges := float64(int64(n) << n)
	switch {
	case k > 0:
		return float64(k) / edges
	case list != "":
		return float64(list.Len()) / edges
	}
	return q
}

package faults

import (
	"slices"
	"testing"
)

// TestByDim checks ByDim against byDimGo on random sets of Q_1 … Q_20,
// from almost empty to full (up to Q_14): on lists without room, so that every list
// fills and grows on the way; on lists with room; and after what the lists
// held before, which ByDim keeps.
func TestByDim(t *testing.T) {
	rng := testRand(11)
	for _, n := range []int{1, 2, 3, 5, 7, 13, 14, 16, 20} {
		for _, q := range []float64{0.0005, 0.05, 0.5, 1} {
			if n > 14 && q > 0.05 {
				continue
			}
			s, _ := New(n)
			if err := s.Random(q, rng); err != nil {
				t.Fatal(err)
			}
			want := make([][]uint32, n+1)
			s.byDimGo(want)
			for _, room := range []int{0, s.Count()} {
				got := make([][]uint32, n+1)
				for d := range got {
					got[d] = make([]uint32, d%2, d%2+room)
				}
				s.ByDim(got)
				for d := range got {
					if len(got[d]) < d%2 || !slices.Equal(got[d][d%2:], want[d]) {
						t.Fatalf("Q_%d, q = %v, room %d, dimension %d: ByDim gives %d nodes, byDimGo %d", n, q, room, d, len(got[d])-d%2, len(want[d]))
					}
				}
			}
		}
	}
}

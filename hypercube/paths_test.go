package hypercube

import (
	"fmt"
	"slices"
	"testing"
)

// checkPaths checks the claims of thesis Ch. II.1 [Schömer 1988] for
// DisjointPaths(s, z) on Q_n: n paths, paths[d−1] starting with dimension d,
// each leading from s to z, k of length k and n−k of length k+2 (all ≤ n+1),
// where k = Dist(s, z), none visiting a node twice and no node other than s
// and z on two paths.
// seen is scratch space; checkPaths clears it.
func checkPaths(c Cube, s, z uint32, paths [][]int, seen map[uint32]bool) error {
	clear(seen)
	n, k := c.N, Dist(s, z)
	if len(paths) != n {
		return fmt.Errorf("%d paths, want n = %d", len(paths), n)
	}
	short, long := 0, 0
	for i, p := range paths {
		switch len(p) {
		case k:
			short++
		case k + 2:
			long++
		default:
			return fmt.Errorf("α^%d = %v has length %d, want %d or %d", i+1, p, len(p), k, k+2)
		}
		if len(p) > n+1 || p[0] != i+1 {
			return fmt.Errorf("α^%d = %v: longer than n+1 or not starting with %d", i+1, p, i+1)
		}
		v := s
		for j, d := range p {
			if d < 1 || d > n {
				return fmt.Errorf("α^%d = %v: dimension %d outside [1, %d]", i+1, p, d, n)
			}
			v = Neighbor(v, d)
			if j == len(p)-1 {
				break
			}
			// v is an interior node: not s, not z, on no other path and
			// not visited before on this one.
			if v == s || v == z || seen[v] {
				return fmt.Errorf("α^%d = %v: interior node %b is s, z or on an earlier path", i+1, p, v)
			}
			seen[v] = true
		}
		if v != z {
			return fmt.Errorf("α^%d = %v ends at %b, want %b", i+1, p, v, z)
		}
	}
	if short != k || long != n-k {
		return fmt.Errorf("%d paths of length k = %d and %d of length k+2, want %d and %d", short, k, long, k, n-k)
	}
	return nil
}

// TestDisjointPathsExhaustive checks every ordered pair s ≠ z of Q_n for every
// n ≤ 7 (16256 pairs at n = 7).
func TestDisjointPathsExhaustive(t *testing.T) {
	for n := 1; n <= 7; n++ {
		c := Cube{N: n}
		seen := make(map[uint32]bool)
		for s := range uint32(c.Nodes()) {
			for z := range uint32(c.Nodes()) {
				if s == z {
					continue
				}
				if err := checkPaths(c, s, z, c.DisjointPaths(s, z), seen); err != nil {
					t.Fatalf("Q_%d, s = %b, z = %b: %v", n, s, z, err)
				}
			}
		}
	}
}

// TestDisjointPathsExamples holds paths worked out by hand from the
// definition in thesis Ch. II.1.
func TestDisjointPathsExamples(t *testing.T) {
	for _, tc := range []struct {
		n    int
		s, z uint32
		want [][]int
	}{
		// One differing dimension: α^1 = (1), the rest go around it.
		{2, 0b00, 0b01, [][]int{{1}, {2, 1, 2}}},
		// d = (1, 2), d' = (3); no d_j > 3, so m = d_1 = 1.
		{3, 0b000, 0b011, [][]int{{1, 2}, {2, 1}, {3, 1, 2, 3}}},
		// d = (1, 3), d' = (2, 4): m = 3 for 2, m = d_1 = 1 for 4.
		{4, 0b0000, 0b0101, [][]int{{1, 3}, {2, 3, 1, 2}, {3, 1}, {4, 1, 3, 4}}},
		// d = (2, 3, 4), d' = (1): m = 2. The labels of s do not matter.
		{4, 0b1011, 0b0101, [][]int{{1, 2, 3, 4, 1}, {2, 3, 4}, {3, 4, 2}, {4, 2, 3}}},
		// Antipodes: n rotations.
		{3, 0b000, 0b111, [][]int{{1, 2, 3}, {2, 3, 1}, {3, 1, 2}}},
	} {
		got := Cube{N: tc.n}.DisjointPaths(tc.s, tc.z)
		if !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("Q_%d: DisjointPaths(%b, %b) = %v, want %v", tc.n, tc.s, tc.z, got, tc.want)
		}
	}
}

func TestDisjointPathsSameNode(t *testing.T) {
	if got := (Cube{N: 4}).DisjointPaths(5, 5); got != nil {
		t.Errorf("DisjointPaths(5, 5) = %v, want nil", got)
	}
}

func TestDisjointPathsOutsideCube(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("DisjointPaths(0, 8) on Q_3 did not panic")
		}
	}()
	Cube{N: 3}.DisjointPaths(0, 8)
}

// FuzzDisjointPaths checks the claims of thesis Ch. II.1 for arbitrary n ≤ 30
// and node pairs.
func FuzzDisjointPaths(f *testing.F) {
	f.Add(uint8(3), uint32(0), uint32(7))
	f.Add(uint8(30), uint32(0), uint32(1))
	f.Add(uint8(30), uint32(0x2aaaaaaa), uint32(0x15555555))
	f.Add(uint8(17), uint32(12345), uint32(12345))
	f.Fuzz(func(t *testing.T, dim uint8, s, z uint32) {
		c := Cube{N: 1 + int(dim)%MaxDim}
		s, z = s&c.Mask(), z&c.Mask()
		paths := c.DisjointPaths(s, z)
		if s == z {
			if paths != nil {
				t.Fatalf("DisjointPaths(%d, %d) = %v, want nil", s, z, paths)
			}
			return
		}
		if err := checkPaths(c, s, z, paths, make(map[uint32]bool)); err != nil {
			t.Fatalf("Q_%d, s = %b, z = %b: %v", c.N, s, z, err)
		}
	})
}

package butterfly

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/hypercube"
)

// forAll calls fn for every n ≤ 7, every pair of super-nodes s, z of BF_n
// (s = z included) and every start layer d: 2^14·7 = 114688 routes at n = 7.
func forAll(t *testing.T, fn func(b Net, d int, s, z uint32) error) {
	t.Helper()
	for n := 1; n <= 7; n++ {
		b := Net{N: n}
		for s := range uint32(1) << n {
			for z := range uint32(1) << n {
				for d := 1; d <= n; d++ {
					if err := fn(b, d, s, z); err != nil {
						t.Fatalf("BF_%d, s = %0*b, z = %0*b, d = %d: %v", n, n, s, n, z, d, err)
					}
				}
			}
		}
	}
}

// TestBetaIsAlpha checks the correspondence β^d ↔ α^d of thesis Ch. II.2
// exhaustively: the cross edges of β^d cross the dimensions of α^d
// (hypercube.DisjointPaths; for s = z, where there is no cube path to
// take, the detour (d, d) of length 2), and β^d leads from (d, s) to
// (1 + (d mod n), z) in n+1 hops.
func TestBetaIsAlpha(t *testing.T) {
	var alpha [][]int
	forAll(t, func(b Net, d int, s, z uint32) error {
		if d == 1 {
			alpha = hypercube.Cube{N: b.N}.DisjointPaths(s, z)
		}
		r := b.Beta(d, s, z)
		want := []int{d, d}
		if s != z {
			want = alpha[d-1]
		}
		if got := b.CubePath(d, r); !slices.Equal(got, want) {
			return fmt.Errorf("cross edges of β^d cross %v, α^d = %v", got, want)
		}
		walk := b.Walk(Node{d, s}, r)
		if len(walk) != b.N+2 || walk[len(walk)-1] != (Node{b.NextLayer(d), z}) {
			return fmt.Errorf("β^d = %0*b walks %v, want n+1 hops to (%d, %d)", b.N+1, r.Cross, walk, b.NextLayer(d), z)
		}
		return nil
	})
}

// TestBetaBits checks β^d bit by bit against its definition on examples
// worked out by hand: the thesis' own (Abb. 1, n = 4, s = 0, z = 0111,
// written with hop 0 first) and the case s = z.
func TestBetaBits(t *testing.T) {
	b := Net{N: 4}
	for _, c := range []struct {
		d    int
		s, z uint32
		bits string // hop 0 first
	}{
		{4, 0, 0b0111, "11111"}, // α = (4, 1, 2, 3, 4)
		{1, 0, 0b0111, "11100"}, // α = (1, 2, 3)
		{2, 0, 0b0111, "11010"}, // α = (2, 3, 1)
		{3, 0, 0b0111, "10110"}, // α = (3, 1, 2)
		{2, 5, 5, "10001"},      // s = z: out and back in dimension 2
	} {
		r := b.Beta(c.d, c.s, c.z)
		got := ""
		for i := range r.Len {
			got += map[bool]string{true: "1", false: "0"}[r.Takes(i)]
		}
		if got != c.bits {
			t.Errorf("β^%d(%b → %b) = %s, want %s", c.d, c.s, c.z, got, c.bits)
		}
	}
}

// TestTrim checks trimmed routes: they keep every cross edge and end with
// one, in super-node z, and only straight hops were dropped.
func TestTrim(t *testing.T) {
	forAll(t, func(b Net, d int, s, z uint32) error {
		r := b.Beta(d, s, z)
		tr := r.Trim()
		end := b.Walk(Node{d, s}, tr)
		switch {
		case tr.Cross != r.Cross || tr.Len > r.Len || tr.Len < 1:
			return fmt.Errorf("trim %+v of %+v", tr, r)
		case !tr.Takes(tr.Len - 1):
			return fmt.Errorf("trimmed route %+v ends with a straight hop", tr)
		case end[len(end)-1].V != z:
			return fmt.Errorf("trimmed route ends at %v, not in super-node %d", end[len(end)-1], z)
		case !slices.Equal(b.CubePath(d, tr), b.CubePath(d, r)):
			return fmt.Errorf("trimming changed the cube path")
		}
		return nil
	})
}

// TestDisjoint checks Lemma II.3's disjointness of the n routes β^1 … β^n
// of one message: the nodes u_1 … u_n a route visits after its first hop
// and before its end lie in n node-disjoint binary trees, so no two routes
// share one; the routes start in n different nodes and end in n different
// nodes. (An end may lie inside another route, which passed it earlier:
// in BF_2, 0 → 1, β^2 ends at (1, 1), where β^1 was after two hops.) And
// their cube paths share no node but s and z (thesis Ch. II.1). For every
// s, z of BF_n, n ≤ 7.
func TestDisjoint(t *testing.T) {
	for n := 1; n <= 7; n++ {
		b := Net{N: n}
		for s := range uint32(1) << n {
			for z := range uint32(1) << n {
				walks := make([][]Node, n+1)
				inQ := map[uint32]int{}
				for d := 1; d <= n; d++ {
					r := b.Beta(d, s, z)
					walks[d] = b.Walk(Node{d, s}, r)
					inner := hypercube.Walk(s, b.CubePath(d, r))
					for _, v := range inner[1 : len(inner)-1] {
						if other, ok := inQ[v]; ok {
							t.Fatalf("Q_%d, %d → %d: α^%d and α^%d share node %d", n, s, z, other, d, v)
						}
						inQ[v] = d
					}
				}
				if err := disjoint(walks[1:]); err != nil {
					t.Fatalf("BF_%d, %d → %d: %v", n, s, z, err)
				}
			}
		}
	}
}

// disjoint checks that no two walks share a node inside them (after the
// first and before the last) and that they start in distinct nodes and end
// in distinct nodes.
func disjoint(walks [][]Node) error {
	starts, ends, inside := map[Node]int{}, map[Node]int{}, map[Node]int{}
	for i, w := range walks {
		first, last := w[0], w[len(w)-1]
		if j, ok := starts[first]; ok {
			return fmt.Errorf("walks %d and %d start at %v", j, i, first)
		}
		if j, ok := ends[last]; ok {
			return fmt.Errorf("walks %d and %d end at %v", j, i, last)
		}
		starts[first], ends[last] = i, i
		for _, u := range w[1 : len(w)-1] {
			if j, ok := inside[u]; ok && j != i {
				return fmt.Errorf("walks %d and %d both pass %v", j, i, u)
			}
			inside[u] = i
		}
	}
	return nil
}

// TestEdges checks the two edges out of every node of BF_1 … BF_6 and the
// numbering of the nodes.
func TestEdges(t *testing.T) {
	for n := 1; n <= 6; n++ {
		b, err := New(n)
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, b.Nodes())
		for v := range uint32(1) << n {
			for l := 1; l <= n; l++ {
				w := Node{l, v}
				id := b.ID(w)
				if int(id) >= b.Nodes() || seen[id] || b.Node(id) != w || !b.Contains(w) {
					t.Fatalf("BF_%d: %v has id %d (seen %v), back %v", n, w, id, int(id) < len(seen) && seen[id], b.Node(id))
				}
				seen[id] = true
				st, cr := b.Straight(w), b.Cross(w)
				next := l%n + 1
				if st != (Node{next, v}) || cr != (Node{next, v ^ 1<<(l-1)}) {
					t.Fatalf("BF_%d: %v: straight %v, cross %v", n, w, st, cr)
				}
			}
		}
	}
	for _, n := range []int{0, MaxDim + 1} {
		if _, err := New(n); err == nil {
			t.Errorf("New(%d) accepted", n)
		}
	}
	if (Net{N: 3}).Contains(Node{4, 0}) || (Net{N: 3}).Contains(Node{1, 8}) || (Net{N: 3}).Contains(Node{0, 0}) {
		t.Error("Contains accepts a node outside BF_3")
	}
}

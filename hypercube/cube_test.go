package hypercube

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		n            int
		nodes, edges int
		err          string
	}{
		{n: -1, err: "hypercube: dimension n=-1 out of range [1, 30]"},
		{n: 0, err: "hypercube: dimension n=0 out of range [1, 30]"},
		{n: 1, nodes: 2, edges: 2},
		{n: 2, nodes: 4, edges: 8},
		{n: 3, nodes: 8, edges: 24},
		{n: 10, nodes: 1024, edges: 10240},
		{n: 20, nodes: 1048576, edges: 20971520},
		{n: 30, nodes: 1073741824, edges: 32212254720},
		{n: 31, err: "hypercube: dimension n=31 out of range [1, 30]"},
	} {
		c, err := New(tc.n)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("New(%d) error = %v, want %q", tc.n, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("New(%d): %v", tc.n, err)
		}
		if c.N != tc.n || c.Nodes() != tc.nodes || c.Edges() != tc.edges {
			t.Errorf("New(%d) = %+v with %d nodes, %d edges; want %d, %d",
				tc.n, c, c.Nodes(), c.Edges(), tc.nodes, tc.edges)
		}
		if c.Mask() != uint32(tc.nodes-1) || !c.Contains(uint32(tc.nodes-1)) || c.Contains(uint32(tc.nodes)) {
			t.Errorf("Q_%d: Mask = %d, Contains wrong at the top node", tc.n, c.Mask())
		}
	}
}

// TestNeighbor checks, for every node and dimension of Q_n, n ≤ 6, that
// Neighbor flips exactly bit d−1 (dimensions are 1 … n) and is an involution.
func TestNeighbor(t *testing.T) {
	for n := 1; n <= 6; n++ {
		c := Cube{N: n}
		for v := range uint32(c.Nodes()) {
			for d := 1; d <= n; d++ {
				w := Neighbor(v, d)
				if v^w != 1<<(d-1) || !c.Contains(w) || Dist(v, w) != 1 || Neighbor(w, d) != v {
					t.Fatalf("Q_%d: Neighbor(%b, %d) = %b", n, v, d, w)
				}
			}
		}
	}
	if got := Neighbor(0, 30); got != 1<<29 {
		t.Errorf("Neighbor(0, 30) = %#x, want 1<<29", got)
	}
}

// TestDistBFS compares Dist with the graph distance found by breadth-first
// search over Neighbor, for all pairs of nodes in Q_n, n ≤ 6.
func TestDistBFS(t *testing.T) {
	for n := 1; n <= 6; n++ {
		c := Cube{N: n}
		for s := range uint32(c.Nodes()) {
			dist := make([]int, c.Nodes())
			for i := range dist {
				dist[i] = -1
			}
			dist[s] = 0
			for queue := []uint32{s}; len(queue) > 0; queue = queue[1:] {
				v := queue[0]
				for d := 1; d <= n; d++ {
					if w := Neighbor(v, d); dist[w] < 0 {
						dist[w] = dist[v] + 1
						queue = append(queue, w)
					}
				}
			}
			for w, want := range dist {
				if got := Dist(s, uint32(w)); got != want || Dist(uint32(w), s) != want {
					t.Fatalf("Q_%d: Dist(%d, %d) = %d, BFS distance %d", n, s, w, got, want)
				}
			}
		}
	}
}

// checkECube checks that ECube(v, w) has Dist(v, w) entries, strictly
// ascending within 1 … n, that walking it from v ends at w, and that following
// NextECube hop by hop takes the same route.
func checkECube(t *testing.T, n int, v, w uint32) {
	t.Helper()
	route := ECube(v, w)
	if len(route) != Dist(v, w) {
		t.Fatalf("ECube(%b, %b) = %v: %d dimensions, want Dist = %d", v, w, route, len(route), Dist(v, w))
	}
	for i, d := range route {
		if d < 1 || d > n || (i > 0 && d <= route[i-1]) {
			t.Fatalf("ECube(%b, %b) = %v: not ascending in [1, %d]", v, w, route, n)
		}
	}
	if nodes := Walk(v, route); nodes[len(nodes)-1] != w {
		t.Fatalf("ECube(%b, %b) = %v ends at %b", v, w, route, nodes[len(nodes)-1])
	}
	var greedy []int
	for x := v; x != w; {
		d := NextECube(x, w)
		if d == 0 || len(greedy) > n {
			t.Fatalf("NextECube(%b, %b) = %d", x, w, d)
		}
		greedy = append(greedy, d)
		x = Neighbor(x, d)
	}
	if NextECube(w, w) != 0 || !slices.Equal(greedy, route) {
		t.Fatalf("NextECube route %v from %b to %b, ECube %v", greedy, v, w, route)
	}
}

func TestECubeExhaustive(t *testing.T) {
	for n := 1; n <= 6; n++ {
		for v := range uint32(1 << n) {
			for w := range uint32(1 << n) {
				checkECube(t, n, v, w)
			}
		}
	}
}

func TestECubeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := Cube{N: MaxDim}.Mask()
	for range 10000 {
		checkECube(t, MaxDim, rng.Uint32()&m, rng.Uint32()&m)
	}
	checkECube(t, MaxDim, 0, m)
}

func TestECubeExamples(t *testing.T) {
	for _, tc := range []struct {
		v, w uint32
		want []int
	}{
		{0, 0, []int{}},
		{0b101, 0b101, []int{}},
		{0b000, 0b111, []int{1, 2, 3}},
		{0b1010, 0b0110, []int{3, 4}},
		{0b1, 0b0, []int{1}},
		{1 << 29, 0, []int{30}},
	} {
		if got := ECube(tc.v, tc.w); !slices.Equal(got, tc.want) {
			t.Errorf("ECube(%b, %b) = %v, want %v", tc.v, tc.w, got, tc.want)
		}
	}
}

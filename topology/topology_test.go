package topology

import (
	"fmt"
	"testing"
)

// small lists every network with at most 64 nodes of every kind.
func small(t *testing.T) []Network {
	var gs []Network
	for _, k := range Kinds {
		for p := 2; p <= 64; p++ {
			if g, err := New(k, p); err == nil {
				gs = append(gs, g)
			}
		}
	}
	if len(gs) < 60+6+6+6 {
		t.Fatalf("only %d small networks", len(gs))
	}
	return gs
}

// bfs returns the distances from v along the links.
func bfs(g Network, v uint32) []int {
	dist := make([]int, g.P)
	for i := range dist {
		dist[i] = -1
	}
	dist[v] = 0
	queue := []uint32{v}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for port := range g.Ports() {
			if w, ok := g.Neighbor(u, port); ok && dist[w] < 0 {
				dist[w] = dist[u] + 1
				queue = append(queue, w)
			}
		}
	}
	return dist
}

func TestDistEccDiamAgainstBFS(t *testing.T) {
	for _, g := range small(t) {
		diam := 0
		for v := range g.P {
			d := bfs(g, uint32(v))
			ecc := 0
			for w := range g.P {
				if got := g.Dist(uint32(v), uint32(w)); got != d[w] {
					t.Fatalf("%v: Dist(%d,%d) = %d, BFS %d", g, v, w, got, d[w])
				}
				ecc = max(ecc, d[w])
			}
			if got := g.Ecc(uint32(v)); got != ecc {
				t.Fatalf("%v: Ecc(%d) = %d, BFS %d", g, v, got, ecc)
			}
			diam = max(diam, ecc)
		}
		if g.Diam() != diam {
			t.Fatalf("%v: Diam = %d, BFS %d", g, g.Diam(), diam)
		}
	}
}

// TestRoutesShortest: every route of every pair is a walk over links of
// length Dist that ends at its destination.
func TestRoutesShortest(t *testing.T) {
	for _, g := range small(t) {
		for v := range uint32(g.P) {
			for w := range uint32(g.P) {
				for _, r := range []struct {
					name  string
					route func([]uint32, uint32, uint32) []uint32
				}{{"Route", g.Route}, {"RouteDown", g.RouteDown}} {
					path := r.route(nil, v, w)
					if len(path) != g.Dist(v, w) {
						t.Fatalf("%v %s(%d,%d) = %v: %d hops, distance %d", g, r.name, v, w, path, len(path), g.Dist(v, w))
					}
					at := v
					for _, x := range path {
						if g.Port(at, x) < 0 {
							t.Fatalf("%v %s(%d,%d) = %v: %d→%d is no link", g, r.name, v, w, path, at, x)
						}
						at = x
					}
					if at != w {
						t.Fatalf("%v %s(%d,%d) = %v ends at %d", g, r.name, v, w, path, at)
					}
				}
			}
		}
	}
}

// TestDimensionOrder pins the order of the routes: Route corrects the
// column (the lowest cube dimension) first, RouteDown the row (the
// highest dimension) first; a ring's tie goes the + way.
func TestDimensionOrder(t *testing.T) {
	mesh, _ := New(Mesh, 9)
	torus, _ := New(Torus, 16)
	cube, _ := New(Cube, 16)
	ring, _ := New(Ring, 6)
	for _, c := range []struct {
		g          Network
		route      func([]uint32, uint32, uint32) []uint32
		v, w       uint32
		want       string
		name, what string
	}{
		{mesh, mesh.Route, 0, 8, "[1 2 5 8]", "mesh", "Route"},
		{mesh, mesh.RouteDown, 0, 8, "[3 6 7 8]", "mesh", "RouteDown"},
		{torus, torus.Route, 0, 15, "[3 15]", "torus", "Route"},
		{torus, torus.Route, 0, 10, "[1 2 6 10]", "torus", "Route"},
		{cube, cube.Route, 0, 13, "[1 5 13]", "cube", "Route"},
		{cube, cube.RouteDown, 0, 13, "[8 12 13]", "cube", "RouteDown"},
		{ring, ring.Route, 1, 4, "[2 3 4]", "ring", "Route"},
		{ring, ring.Route, 4, 1, "[5 0 1]", "ring", "Route"},
		{ring, ring.Route, 1, 5, "[0 5]", "ring", "Route"},
	} {
		if got := fmt.Sprint(c.route(nil, c.v, c.w)); got != c.want {
			t.Errorf("%s %s(%d,%d) = %s, want %s", c.name, c.what, c.v, c.w, got, c.want)
		}
	}
}

// TestLinks: the number of directed links of each family.
func TestLinks(t *testing.T) {
	for _, c := range []struct {
		k    Kind
		p, n int
	}{
		{Ring, 2, 2}, {Ring, 3, 6}, {Ring, 8, 16},
		{Mesh, 4, 8}, {Mesh, 9, 24}, {Mesh, 16, 48},
		{Torus, 4, 8}, {Torus, 9, 36}, {Torus, 16, 64},
		{Cube, 2, 2}, {Cube, 8, 24}, {Cube, 64, 384},
	} {
		g, err := New(c.k, c.p)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Links(); got != c.n {
			t.Errorf("%v: %d links, want %d", g, got, c.n)
		}
	}
}

func TestNewRejects(t *testing.T) {
	for _, c := range []struct {
		k Kind
		p int
	}{{Ring, 1}, {Mesh, 8}, {Torus, 2}, {Cube, 12}, {Cube, 0}, {Ring, MaxNodes + 1}} {
		if _, err := New(c.k, c.p); err == nil {
			t.Errorf("New(%v, %d) accepted", c.k, c.p)
		}
	}
	if _, err := ParseKind("tree"); err == nil {
		t.Error("ParseKind(tree) accepted")
	}
}

// TestWalk: a walk along a ring port.
func TestWalk(t *testing.T) {
	g, _ := New(Ring, 5)
	if got := fmt.Sprint(g.Walk(nil, 3, 0, 3)); got != "[4 0 1]" {
		t.Errorf("Walk = %s", got)
	}
	if got := fmt.Sprint(g.Walk(nil, 1, 1, 2)); got != "[0 4]" {
		t.Errorf("Walk = %s", got)
	}
}

// TestPortAgainstNeighbor: Port(v, w) is the port whose Neighbor from v is
// w, and −1 for every w that is no neighbour of v (on the cube also nodes
// beyond Q_n).
func TestPortAgainstNeighbor(t *testing.T) {
	for _, g := range small(t) {
		for v := range uint32(g.P) {
			want := make(map[uint32]int)
			for port := range g.Ports() {
				if w, ok := g.Neighbor(v, port); ok {
					want[w] = port
				}
			}
			for w := range uint32(2 * g.P) {
				port, ok := want[w]
				if !ok {
					port = -1
				}
				if got := g.Port(v, w); got != port {
					t.Fatalf("%v: Port(%d, %d) = %d, want %d", g, v, w, got, port)
				}
			}
		}
	}
}

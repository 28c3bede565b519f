package butterfly

import "math/bits"

// Route is a route of n+1 hops or fewer through BF_n: hop i (i = 0, 1, …)
// takes the cross edge if bit i of Cross is set and the straight edge
// otherwise, Len hops in all.
type Route struct {
	Cross uint64
	Len   int
}

// Beta returns β^d, the route of the packet that starts at node (d, s) for
// super-node z [Schömer 1988, Ch. II.2]: with r(i) = s(i) ⊕ z(i),
//
//	β^d = (1, r(d+1), …, r(n), r(1), …, r(d−1), ¬r(d)),
//
// n+1 hops from (d, s) to (1 + (d mod n), z). Its cross edges cross the
// dimensions of the cube path α^d (CubePath). d must be in 1 … n.
func (b Net) Beta(d int, s, z uint32) Route {
	n := b.N
	r := func(i int) uint64 { return uint64((s ^ z) >> (i - 1) & 1) }
	route := Route{Cross: 1, Len: n + 1}
	for i := 1; i < n; i++ {
		route.Cross |= r((d-1+i)%n+1) << i
	}
	route.Cross |= (1 - r(d)) << n
	return route
}

// Trim drops the trailing straight hops of r, which only move a packet
// between the layers of its destination super-node (the remark after the
// definition of β^d in Ch. II.2). A route starts with a cross edge, so
// at least one hop is left.
func (r Route) Trim() Route {
	return Route{Cross: r.Cross, Len: 64 - bits.LeadingZeros64(r.Cross)}
}

// Takes reports whether hop i of r takes the cross edge.
func (r Route) Takes(i int) bool { return r.Cross>>i&1 != 0 }

// Walk returns the nodes r visits from w, w first: Len+1 nodes.
func (b Net) Walk(w Node, r Route) []Node {
	nodes := []Node{w}
	for i := range r.Len {
		if r.Takes(i) {
			w = b.Cross(w)
		} else {
			w = b.Straight(w)
		}
		nodes = append(nodes, w)
	}
	return nodes
}

// CubePath returns the dimensions r crosses from layer d, in order: the
// cube path that r's cross edges take on Q_n.
func (b Net) CubePath(d int, r Route) []int {
	var dims []int
	for i, l := 0, d; i < r.Len; i, l = i+1, b.NextLayer(l) {
		if r.Takes(i) {
			dims = append(dims, l)
		}
	}
	return dims
}

package topology

import "math/bits"

// Route appends to path the nodes after v on the dimension-ordered shortest
// route from v to w (package doc) and returns it; v == w appends nothing.
func (g Network) Route(path []uint32, v, w uint32) []uint32 {
	switch g.Kind {
	case Ring:
		return g.line(path, v, w, 1, g.P, true)
	case Cube:
		for x := v ^ w; x != 0; x &= x - 1 {
			v ^= x & -x
			path = append(path, v)
		}
		return path
	}
	_, c := g.Coord(w)
	path = g.line(path, v, g.Node(int(v)/g.Side, c), 1, g.Side, g.Kind == Torus)
	if len(path) > 0 {
		v = path[len(path)-1]
	}
	return g.line(path, v, w, g.Side, g.Side, g.Kind == Torus)
}

// RouteDown appends the route from v to w that crosses the dimensions in
// descending order: on the cube the e-cube route that compares addresses
// from the most significant bit, on a mesh or torus first along the column.
// On a ring it is Route.
func (g Network) RouteDown(path []uint32, v, w uint32) []uint32 {
	switch g.Kind {
	case Ring:
		return g.Route(path, v, w)
	case Cube:
		for x := v ^ w; x != 0; {
			b := uint32(1) << (31 - bits.LeadingZeros32(x))
			v ^= b
			x ^= b
			path = append(path, v)
		}
		return path
	}
	r, _ := g.Coord(w)
	path = g.line(path, v, g.Node(r, int(v)%g.Side), g.Side, g.Side, g.Kind == Torus)
	if len(path) > 0 {
		v = path[len(path)-1]
	}
	return g.line(path, v, w, 1, g.Side, g.Kind == Torus)
}

// Walk appends the k nodes reached from v by k hops out of port, which
// must lead the same way at every node on the way (a ring or a torus row
// or column).
func (g Network) Walk(path []uint32, v uint32, port, k int) []uint32 {
	for range k {
		v, _ = g.Neighbor(v, port)
		path = append(path, v)
	}
	return path
}

// line appends the route from v to w along one line of nodes spaced
// stride apart, of size nodes, the shorter way if it wraps around (+ on a
// tie).
func (g Network) line(path []uint32, v, w uint32, stride, size int, wraps bool) []uint32 {
	a, b := int(v)/stride%size, int(w)/stride%size
	base := int(v) - a*stride
	d := b - a
	if wraps {
		d = (d%size + size) % size
		if d > size/2 {
			d -= size
		}
	}
	dir := 1
	if d < 0 {
		dir, d = -1, -d
	}
	for range d {
		a = step(a, dir, size)
		path = append(path, uint32(base+a*stride))
	}
	return path
}

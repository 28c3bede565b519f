package collectives

import (
	"math/bits"

	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/topology"
)

var shiftRing = Algorithm{
	Name: "ring", Op: Shift,
	Doc:        "every block min(k, p−k) hops the shorter way round the ring, all in step [Grama et al. 2003, §4.6]",
	Topologies: []topology.Kind{topology.Ring}, Ports: ports, Models: sfOnly,
	Build: func(p *program, c Config) {
		port, k := 0, c.Shift
		if c.Shift > c.P-c.Shift {
			port, k = 1, c.P-c.Shift
		}
		for v := range uint32(c.P) {
			p.send(msg{src: v, path: p.net.Walk(nil, v, port, k), items: []uint32{v}})
		}
	},
}

var shiftRowCol = Algorithm{
	Name: "rowcol", Op: Shift,
	Doc:        "k mod s along the rows, then ⌊k/s⌋ along the columns, the blocks that wrapped round a row going one further: at most 2⌊s/2⌋ steps [Grama et al. 2003, §4.6]",
	Topologies: []topology.Kind{topology.Torus}, Ports: ports, Models: sfOnly,
	Build: func(p *program, c Config) { torusShift(p, c, false) },
}

var shiftRowColSep = Algorithm{
	Name: "rowcol-sep", Op: Shift,
	Doc:        "as rowcol, but the blocks that wrapped round a row take a separate step up their column before the column shift: at most 2⌊s/2⌋+1 steps",
	Topologies: []topology.Kind{topology.Torus}, Ports: ports, Models: sfOnly,
	Build: func(p *program, c Config) { torusShift(p, c, true) },
}

// torusShift shifts rank i = node i (row-major) by k on a torus: by
// r = k mod s along its row, then by ⌊k/s⌋ along its column, plus one for
// a block that wrapped round its row, in the same column shift or, if
// separate, in a step of its own.
func torusShift(p *program, c Config, separate bool) {
	s := p.net.Side
	r, down := c.Shift%s, c.Shift/s
	for v := range uint32(c.P) {
		_, col := p.net.Coord(v)
		at, got := v, int32(-1)
		walk := func(ports int, k int) {
			if k%s == 0 {
				return
			}
			port, hops := ports, k%s
			if hops > s-hops {
				port, hops = ports+1, s-hops
			}
			path := p.net.Walk(nil, at, port, hops)
			got = p.send(msg{src: at, path: path, items: []uint32{v}, after: after(got)})
			at = path[len(path)-1]
		}
		walk(0, r)
		wrapped := 0
		if col+r >= s {
			wrapped = 1
		}
		if separate {
			walk(2, wrapped)
			walk(2, down)
		} else {
			walk(2, down+wrapped)
		}
	}
}

var shiftGray = Algorithm{
	Name: "gray", Op: Shift,
	Doc:        "rank i at node G(i) of the binary-reflected Gray code; one stage per set bit of the shift k, highest first, each a shift by 2^j over paths of 2 hops (1 for 2^0): at most 2n−1 hops [Grama et al. 2003, §4.6]",
	Topologies: cube, Ports: ports, Models: bothModel,
	Build: func(p *program, c Config) { grayShift(p, c, false) },
}

var shiftGrayMin = Algorithm{
	Name: "gray-min", Op: Shift,
	Doc:        "as gray, forward by k or backward by p−k, whichever takes fewer hops: at most n hops",
	Topologies: cube, Ports: ports, Models: bothModel,
	Build: func(p *program, c Config) { grayShift(p, c, true) },
}

// grayHops is the number of hops the Gray-code shift by k takes: 2 per set
// bit of k, 1 for bit 0.
func grayHops(k int) int { return 2*bits.OnesCount(uint(k)) - k&1 }

// grayShift places rank i at node G(i) and moves every block by one stage
// per set bit of the shift, highest bit first; backward by p−k if shorter
// and allowed.
func grayShift(p *program, c Config, shorter bool) {
	for r := range p.place {
		p.place[r] = hypercube.Gray(uint32(r))
	}
	k, sign := c.Shift, 1
	if shorter && grayHops(c.P-k) < grayHops(k) {
		k, sign = c.P-k, -1
	}
	for r := range c.P {
		pos, got := r, int32(-1)
		stage := int32(0)
		for j := bits.Len(uint(k)) - 1; j >= 0; j-- {
			if k>>j&1 == 0 {
				continue
			}
			stage++
			next := (pos + sign*(1<<j) + c.P) % c.P
			got = p.send(msg{src: p.place[pos], dst: p.place[next], items: []uint32{uint32(r)}, after: after(got), round: stage})
			pos = next
		}
	}
}

var shiftDirect = Algorithm{
	Name: "direct", Op: Shift,
	Doc:        "rank i at node i; every block straight to node (i+k) mod p along its e-cube route, one contention-free cut-through round of n − γ(k) hops, γ(k) the 2-adic order of the shift k",
	Topologies: cube, Ports: ports, Models: bothModel,
	Build: func(p *program, c Config) {
		for v := range c.P {
			p.send(msg{src: uint32(v), dst: uint32((v + c.Shift) % c.P), items: []uint32{uint32(v)}, round: 1})
		}
	},
}

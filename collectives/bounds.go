package collectives

import (
	"math"

	"github.com/hyperroute/hyperroute/topology"
)

// Bound is a lower bound on a run, from counting: what must arrive where,
// how much a node sends or receives in a step, how many hops every block
// must go.
type Bound struct {
	// Steps bounds Result.Rho (combining allowed), Rho bounds Result.RhoM
	// (the steps of the non-combining model; NaN where not given), Eta
	// bounds Result.Eta.
	Steps int
	Rho   float64
	Eta   float64
}

// LowerBound returns the lower bound for c, which must be valid. With d
// the messages a node sends per step (1 single-port, its degree all-port), D
// the largest degree, and receptions not limited:
//
//   - a broadcast informs at most (d+1) times as many nodes per step, and
//     under store-and-forward needs exc(root) steps; every other node
//     needs a block: η ≥ p−1;
//   - a scatter injects at most d(root) blocks per step, a gather receives
//     at most deg(root); every block goes at least its distance;
//   - an all-gather node receives at most deg(v) blocks per step;
//   - in a total exchange every block goes its distance, and a step moves
//     at most one message per directed link (and, single-port, per node);
//   - a reduction's root hears from at most D+1 times as many nodes per
//     step; all-reduce needs 2(p−1) messages (the gossip bound for one-way
//     calls).
//
// On the all-port full-duplex store-and-forward Q_n these are the table of
// docs/model.md: OAB ρ = n, η = 2^n−1; AAB ρ = ⌈(2^n−1)/n⌉, η = 2^n(2^n−1);
// OAS ρ = ⌈(2^n−1)/n⌉, η = n·2^{n−1}; AAS ρ = 2^{n−1}, η = n·2^{2n−1}.
func LowerBound(c Config) Bound {
	net, _ := topology.New(c.Topology, c.P)
	p := c.P
	sf := c.Model == SF
	maxDeg, minDeg := 0, math.MaxInt
	for v := range uint32(p) {
		maxDeg, minDeg = max(maxDeg, net.Degree(v)), min(minDeg, net.Degree(v))
	}
	root := uint32(c.Root)
	out := func(v uint32) int { // messages v sends per step
		if c.Port == SinglePort {
			return 1
		}
		return net.Degree(v)
	}
	dOut := out(0)
	if c.Port == AllPort {
		dOut = maxDeg
	}
	spread := func(k int) int { return logCeil(k, dOut+1) } // steps to reach k nodes from one
	gather := func(k int) int { return logCeil(k, maxDeg+1) }
	ifSF := func(x int) int {
		if sf {
			return x
		}
		return 0
	}
	var b Bound
	switch c.Op {
	case OAB:
		b.Steps = max(ifSF(net.Ecc(root)), spread(p))
		b.Eta = float64(p - 1)
	case MC:
		dests := c.members()
		ecc := 0
		for _, v := range dests {
			ecc = max(ecc, net.Dist(root, v))
		}
		b.Steps = max(ifSF(ecc), spread(len(dests)+1))
		b.Eta = float64(len(dests))
	case OAS, Gather:
		b.Steps = max(ifSF(net.Ecc(root)), spread(p))
		through := out(root)
		if c.Op == Gather {
			b.Steps = max(ifSF(net.Ecc(root)), gather(p))
			through = net.Degree(root)
		}
		b.Rho = math.Max(float64(b.Steps), ceilDiv(p-1, through))
		for v := range uint32(p) {
			b.Eta += float64(net.Dist(root, v))
		}
	case AAB:
		b.Steps = max(ifSF(net.Diam()), spread(p))
		b.Rho = math.Max(float64(b.Steps), ceilDiv(p-1, minDeg))
		b.Eta = float64(p * (p - 1))
	case AAS:
		for u := range uint32(p) {
			for v := range uint32(p) {
				b.Eta += float64(net.Dist(u, v))
			}
		}
		b.Steps = max(ifSF(net.Diam()), 1)
		b.Rho = math.Max(float64(b.Steps), math.Ceil(b.Eta/float64(net.Links())))
		b.Rho = math.Max(b.Rho, math.Max(ceilDiv(p-1, dOut), ceilDiv(p-1, minDeg)))
		if sf && c.Port == SinglePort {
			b.Rho = math.Max(b.Rho, math.Ceil(b.Eta/float64(p)))
		}
	case Reduce:
		b.Steps = max(ifSF(net.Ecc(root)), gather(p))
		b.Eta = float64(p - 1)
	case Allreduce:
		b.Steps = max(ifSF(net.Diam()), gather(p), spread(p))
		b.Eta = float64(2 * (p - 1))
	case Prefix:
		far := 0
		for u := range uint32(p) {
			for v := u; v < uint32(p); v++ {
				far = max(far, net.Dist(u, v))
			}
		}
		b.Steps = max(ifSF(far), gather(p))
		b.Eta = float64(p - 1)
	case Shift:
		prog := newProgram(net)
		if a, err := Lookup(c.Op, c.Algo); err == nil {
			a.Build(prog, c) // for its placement of the ranks
		}
		far := 0
		for r := range p {
			d := net.Dist(prog.place[r], prog.place[(r+c.Shift)%p])
			far = max(far, d)
			b.Eta += float64(d)
		}
		b.Steps = max(ifSF(far), 1)
		b.Rho = float64(b.Steps)
	}
	if c.Op.class() != moves && c.Op != AAB && pieces(c) == 1 {
		b.Rho = float64(b.Steps) // one block per message
	} else if c.Op.class() != moves && c.Op != AAB {
		b.Rho = math.NaN()
	}
	return b
}

// logCeil returns the least t with base^t ≥ k.
func logCeil(k, base int) int {
	t := 0
	for x := 1; x < k; x *= base {
		t++
	}
	return t
}

func ceilDiv(a, b int) float64 { return float64((a + b - 1) / b) }

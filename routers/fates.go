package routers

import (
	"fmt"
	"math/bits"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

// CheckClockless reports whether Fates can compute what becomes of every
// message of c without the clock: for routers disjoint, valiant and ecube,
// whose routes are fixed before they start (oblivious), over no detours.
// On a static fault set a copy is then lost iff its route crosses a failed
// edge, whenever it is sent (docs/model.md, II.5).
func CheckClockless(c Config) error {
	switch {
	case c.Router != "disjoint" && c.Router != "valiant" && c.Router != "ecube":
		return fmt.Errorf("router %s: fates without the clock need an oblivious router (disjoint, valiant or ecube)", c.Router)
	case c.HasDetours():
		return fmt.Errorf("detours=%s: routes over detours depend on the detour system; fates without the clock need none", c.Detours)
	case c.Record.Loads || c.Record.Steps || c.Record.Trace:
		return fmt.Errorf("router %s without the clock: loads, steps and traces are counted by the clock; record none", c.Router)
	}
	return nil
}

// Fates computes what becomes of every message of the drawn instance d of c
// without running the clock: each copy (or piece, or single packet) follows
// the route its router gives it and is lost at the first failed edge on it.
// The result holds what the step simulation reports and the clock does not
// decide: the messages, lost and lost1, moved, hops, dropped and held, and
// with c.Record.Packets the copies of each message of disjoint; T, the
// largest queue and the timing measures (T1, T2) are 0 or not reported.
// With c.Record.Arrivals or Packets, a single-copy router's arrivals say
// only which packets arrive: 0 for those, −1 for the lost (there is no
// time). These are the step simulation's numbers on the same instance (the
// routers' tests check it).
func Fates(d *Drawn, c Config) (*Result, error) {
	if err := CheckClockless(c); err != nil {
		return nil, err
	}
	var f *faults.Set
	if c.Faulty() {
		f = &d.Faults
	}
	res, _ := newResult(&engine.Result{}, nil)
	if c.Router == "disjoint" {
		disjointFates(res, d, c, f)
		return res, nil
	}
	legs := engine.Legs{N: c.N, Mu: c.Mu, Dst: d.Req.Dst}
	if c.Router == "valiant" {
		legs.Via, legs.Off = d.Via, c.N
	}
	if c.Record.Arrivals || c.Record.Packets {
		res.Arrival = make([]int32, len(legs.Dst))
	}
	for id := range legs.Dst {
		via, dst, ph := legs.First(id)
		ok, hops := walkLegs(&legs, f, legs.Src(id), via, dst, ph, nil)
		res.Hops += int64(hops)
		if !ok {
			res.Dropped++
			if res.Arrival != nil {
				res.Arrival[id] = -1
			}
		}
	}
	res.Set("messages", float64(len(legs.Dst)))
	res.Set("lost", float64(res.Dropped))
	res.Set("moved", float64(res.Hops))
	return res, nil
}

// disjointFates fills res with the fates of the messages of router
// disjoint: y forwards message s iff at least m of its phase-1 copies
// arrived, and s arrives iff at least m of y's arrive.
func disjointFates(res *Result, d *Drawn, c Config, f *faults.Set) {
	n, m := c.N, pieces.Int(c)
	net := butterfly.Net{N: n}
	var lost, lost1, crossed int
	if c.Record.Packets {
		res.Copies = make([]Copies, 1<<n)
	}
	phase := func(from, to uint32) (arrived int) {
		for l := 1; l <= n; l++ {
			r := net.Beta(l, from, to)
			if trim.Bool(c) {
				r = r.Trim()
			}
			ok, hops, cross := walkBeta(net, f, l, from, r, nil)
			res.Hops += int64(hops)
			crossed += cross
			if ok {
				arrived++
			} else {
				res.Dropped++
			}
		}
		return arrived
	}
	for s := range uint32(1) << n {
		y, z := d.Via[s], d.Req.Dst[s]
		var cp Copies
		if cp.AtVia = uint8(phase(s, y)); int(cp.AtVia) < m {
			lost, lost1 = lost+1, lost1+1
			res.Held += n
		} else if cp.AtDst = uint8(phase(y, z)); int(cp.AtDst) < m {
			lost++
		}
		if res.Copies != nil {
			res.Copies[s] = cp
		}
	}
	res.Set("messages", float64(int(1)<<n))
	res.Set("lost", float64(lost))
	res.Set("lost1", float64(lost1))
	res.Set("moved", float64(crossed)/float64(m))
}

// walkBeta follows route r of the copy that starts at butterfly node
// (d, from) and reports whether it arrives, the hops it takes and the cube
// edges it crosses, the failed one it is lost on counted; with f nil no
// edge fails. It appends to edges, if not nil, the cube edges crossed as
// faults numbers them (v·n + dim − 1).
func walkBeta(net butterfly.Net, f *faults.Set, d int, from uint32, r butterfly.Route, edges *[]uint64) (ok bool, hops, crossed int) {
	v, n := from, net.N
	// Only the cross hops, the set bits of r.Cross, leave v: hop i starts
	// in layer 1 + ((d − 1 + i) mod n).
	for c := r.Cross & (1<<r.Len - 1); c != 0; c &= c - 1 {
		i := bits.TrailingZeros64(c)
		l := d + i
		if l > n {
			l -= n
		}
		crossed++
		if edges != nil {
			*edges = append(*edges, uint64(v)*uint64(n)+uint64(l-1))
		}
		if f != nil && f.FailedDim(v, l) {
			return false, i + 1, crossed
		}
		v ^= 1 << (l - 1)
	}
	return true, r.Len, crossed
}

// walkLegs follows the e-cube legs of a packet at src heading for via on
// leg ph, for destination dst, as legs routes it, and reports whether it
// arrives and the hops it takes, the failed edge it is lost on counted;
// with f nil no edge fails. It appends to edges, if not nil, the cube edges
// crossed.
func walkLegs(legs *engine.Legs, f *faults.Set, src, via, dst uint32, ph uint8, edges *[]uint64) (ok bool, hops int) {
	at := src
	for {
		var b int
		var there bool
		if via, ph, _, b, there = legs.Next(at, via, dst, ph); there {
			return true, hops
		}
		hops++
		if edges != nil {
			*edges = append(*edges, uint64(at)*uint64(legs.N)+uint64(b))
		}
		if f != nil && f.FailedDim(at, b+1) {
			return false, hops
		}
		at ^= 1 << b
	}
}

// PhaseEdges returns, in paths[l−1] for l = 1 … n, the directed cube edges
// (v·n + dim − 1, as faults numbers them) that the copy of router disjoint
// from butterfly node (l, from) to super-node to crosses, in order: the
// cube path α^l of β^l (butterfly.Net.Beta), the route the router follows.
// It reuses paths and its slices.
func PhaseEdges(n int, from, to uint32, paths [][]uint64) [][]uint64 {
	net := butterfly.Net{N: n}
	paths = grow(paths, n)
	for l := 1; l <= n; l++ {
		e := paths[l-1][:0]
		walkBeta(net, nil, l, from, net.Beta(l, from, to), &e)
		paths[l-1] = e
	}
	return paths
}

// ValiantEdges appends to edges the directed cube edges that a packet of
// router valiant from s through intermediate y to z crosses, in order: its
// e-cube legs as engine.Legs routes them.
func ValiantEdges(n int, s, y, z uint32, edges []uint64) []uint64 {
	legs := engine.Legs{N: n, Off: n}
	walkLegs(&legs, nil, s, y, z, 0, &edges)
	return edges
}

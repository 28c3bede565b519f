package ascend

import (
	"fmt"

	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/messages"
)

// Cost is what a Runner's run of a program reports about its time and
// traffic, by the law of the package doc, without simulating it.
type Cost struct {
	StepTimes []int32
	StepHops  []int64 // per step: one per word, two more per detoured word
	T         int     // the sum of the step times
	Hops      int64   // the sum of the step hops
	MaxQueue  int     // the most words ready to leave one queue in one unit
}

// Law returns the cost of running p on the faulty cube of y under the port
// model, single-port by the Optimal schedule: what Runner.Run reports as
// StepTimes, T, Hops and MaxQueue. The longest queue is 1 (every sender's
// own word, alone at its node in a step's first unit), or the most words
// of one step detoured over one middle edge u → ū, which are all at u from
// the second unit on: all-port in the edge's queue; single-port u sends
// one of them a unit from then on and gains at most one a unit, from ū,
// and no other node's words pass u. y must give every failed edge a
// detour.
func Law(p Program, y *faults.System, port messages.Port) (Cost, error) {
	if !y.Complete() || y.Faults.N != p.N() {
		return Cost{}, fmt.Errorf("ascend: the detour system of %v does not serve a program on Q_%d", y.Faults, p.N())
	}
	pair := allPortPair
	if port == messages.SinglePort {
		pair = singlePortPair
	}
	var c Cost
	c.StepTimes, c.StepHops, c.MaxQueue = stepTimes(p, y, pair)
	for s, t := range c.StepTimes {
		c.T += int(t)
		c.Hops += c.StepHops[s]
	}
	return c, nil
}

// StepTimes returns the time each step of p takes all-port on the faulty
// cube of y, by the law of the package doc: 1 if no sender's edge has
// failed, else 2 + the largest number of the step's detours that share a
// middle edge. y must give every failed edge a detour.
func StepTimes(p Program, y *faults.System) []int32 {
	times, _, _ := stepTimes(p, y, allPortPair)
	return times
}

// SinglePortStepTimes returns the least time each step of p takes
// single-port on the faulty cube of y, which the Optimal schedule
// achieves (package doc): 1 if no sender's edge has failed, else the
// largest, over the step's middle edges u → ū of dimension d, of
// max(a + b + 1, a + 2), where a words are detoured over u → ū and b over
// ū → u. y must give every failed edge a detour.
func SinglePortStepTimes(p Program, y *faults.System) []int32 {
	times, _, _ := stepTimes(p, y, singlePortPair)
	return times
}

// allPortPair is the time of a step's pair of middle edges u → ū and ū → u
// with a and b detoured words, all-port; singlePortPair single-port.
func allPortPair(a, _ int32) int32 { return a + 2 }

func singlePortPair(a, b int32) int32 {
	if b == 0 {
		return a + 2
	}
	return a + b + 1
}

// stepTimes returns per step of p 1 if no sender's edge has failed, else
// the largest pair(a, b) over the middle edges u → ū with a > 0 detoured
// words, b being those over ū → u; per step the words' hops (one each,
// two more for a detoured one); and the most words detoured over one
// middle edge in one step, at least 1. A step in which every node sends
// costs what the last such step of its dimension did.
func stepTimes(p Program, y *faults.System, pair func(a, b int32) int32) (times []int32, hops []int64, maxLoad int) {
	n := p.N()
	failed := make([][]uint32, n+1) // by dimension: the failed edges' starts
	y.Faults.Each(func(v uint32, d int) { failed[d] = append(failed[d], v) })
	load := make([]int32, 1<<n) // by middle node, in the step's dimension
	var middles []uint32        // the step's middle nodes
	times, hops = make([]int32, p.Steps()), make([]int64, p.Steps())
	type dimCost struct {
		time, load int32
		detoured   int64
	}
	everyNode := make([]dimCost, n+1) // by dimension: a step in which every node sent, time 0 if none
	maxLoad = 1
	for s := range times {
		d := p.Dim(s)
		senders := sendersOf(p, s)
		all := senders == 1<<n
		if c := everyNode[d]; all && c.time > 0 {
			times[s], hops[s] = c.time, int64(senders)+2*c.detoured
			continue
		}
		c := dimCost{time: 1}
		middles = middles[:0]
		for _, v := range failed[d] {
			if all || p.Sends(s, v) {
				u, _ := y.Detour(v, d)
				m := u.Middle()
				if load[m] == 0 {
					middles = append(middles, m)
				}
				load[m]++
				c.detoured++
			}
		}
		for _, m := range middles {
			a := load[m]
			c.time, c.load = max(c.time, pair(a, load[m^1<<(d-1)])), max(c.load, a)
		}
		for _, m := range middles {
			load[m] = 0
		}
		times[s], hops[s], maxLoad = c.time, int64(senders)+2*c.detoured, max(maxLoad, int(c.load))
		if all {
			everyNode[d] = c
		}
	}
	return times, hops, maxLoad
}

// sendersOf is the number of nodes that send in step s of p.
func sendersOf(p Program, s int) int {
	if a, ok := p.(everySender); ok && a.EveryNodeSends() {
		return 1 << p.N()
	}
	k := 0
	for v := range uint32(1) << p.N() {
		if p.Sends(s, v) {
			k++
		}
	}
	return k
}

// SortTime is the time bitonic sort takes all-port on the faulty cube of
// y by the law: Σ_d (n−d+1)·τ_d, with τ_d = γ_d + 2 if an edge of dimension
// d has failed and 1 otherwise, γ_d being y's largest middle load in
// dimension d.
func SortTime(y *faults.System) int {
	n := y.Faults.N
	perDim, _ := y.Gamma()
	failed := make([]bool, n+1)
	y.Faults.Each(func(_ uint32, d int) { failed[d] = true })
	t := 0
	for d := 1; d <= n; d++ {
		tau := 1
		if failed[d] {
			tau = perDim[d-1] + 2
		}
		t += (n - d + 1) * tau
	}
	return t
}

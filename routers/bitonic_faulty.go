package routers

import (
	"fmt"
	"strings"

	"github.com/hyperroute/hyperroute/ascend"
	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/messages"
)

// bitonicSupports rejects what bitonic does not run: a faulty cube without a
// detour system, and port=all on an intact cube, where every node sends
// one packet per step in either port model.
func bitonicSupports(c Config) error {
	switch {
	case c.Faulty() && c.Detours == "none":
		return fmt.Errorf("bitonic on a cube with failed edges sends over detours: needs detours (%s), not none", strings.Join(detours.Names(), ", "))
	case !c.Faulty() && c.Port == AllPort:
		return fmt.Errorf("bitonic on an intact cube sends one packet per node per step: port=all only with failed edges")
	}
	return nil
}

// routeFaulty sorts on the faulty cube of d over the detour system
// d.System by ascend.Sort, the port model of c (single-port by
// ascend.Optimal: no step takes longer than it must); the result's
// measures max_step and over_steps are the slowest compare-exchange step
// and the steps that took more than γ + 2. T_intact is the sort's time on
// the intact cube, n(n+1)/2 steps. A trial that records nothing beyond
// the trials table takes its times, hops and longest queue from the law
// (ascend.Law: which words move where does not depend on the keys, and
// the law gives what the run would); simulateFaulty is the run.
func (b *bitonic) routeFaulty(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	if c.Record != (engine.Record{}) {
		return b.simulateFaulty(e, d, c)
	}
	sort := ascend.NewSort(c.N, d.Req.Dst)
	cost, err := ascend.Law(sort, d.System, messagesPort(c))
	if err != nil {
		return nil, err
	}
	res := engine.Result{T: cost.T, Hops: cost.Hops, MaxQueue: cost.MaxQueue, PrioLoads: make([]int64, c.Prios())}
	for s, h := range cost.StepHops {
		res.PrioLoads[sort.Dim(s)] += h
	}
	return b.faultyResult(&ascend.Result{Result: res, StepTimes: cost.StepTimes}, d)
}

// messagesPort is c's port model for package messages.
func messagesPort(c Config) messages.Port {
	if c.Port == SinglePort {
		return messages.SinglePort
	}
	return messages.AllPort
}

// simulateFaulty is routeFaulty by running the sort on the engine
// (ascend.Runner). With Record.Packets or Arrivals, a packet's arrival is
// the end of the last step in which it changed node, and its hops how
// often it did, as in the intact cube; the engine's other records are of
// the words sent.
func (b *bitonic) simulateFaulty(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	p := &trackedSort{Sort: ascend.NewSort(c.N, d.Req.Dst)}
	if c.Record.Packets || c.Record.Arrivals {
		p.last, p.hops = make([]int32, len(d.Req.Dst)), make([]int32, len(d.Req.Dst))
	}
	res, err := b.run.Run(e, p, d.System, messagesPort(c))
	if err != nil {
		return nil, err
	}
	for v, item := range p.Hold {
		if d.Req.Dst[item] != uint32(v) {
			return nil, fmt.Errorf("bitonic: node %d ends with packet %d for node %d", v, item, d.Req.Dst[item])
		}
	}
	res.Arrival, res.PacketHops = nil, nil
	if p.last != nil {
		ends := make([]int32, len(res.StepTimes)+1)
		for s, st := range res.StepTimes {
			ends[s+1] = ends[s] + st
		}
		res.Arrival = make([]int32, len(p.last))
		for item, s := range p.last {
			res.Arrival[item] = ends[s]
		}
		if c.Record.Packets {
			res.PacketHops = p.hops
		}
	}
	return b.faultyResult(res, d)
}

// faultyResult reports the sort's result res on the faulty cube of d with
// its measures.
func (b *bitonic) faultyResult(res *ascend.Result, d *Drawn) (*Result, error) {
	n := d.Faults.N
	r, _ := newResult(&res.Result, nil)
	r.Set("max_step", float64(res.MaxStep()))
	r.Set("T_intact", float64(n*(n+1)/2)) // one step per compare-exchange step
	gamma := d.Gamma()
	over := 0
	for _, st := range res.StepTimes {
		if int(st) > gamma+2 {
			over++
		}
	}
	r.Set("over_steps", float64(over))
	return r, nil
}

// trackedSort is a sort that notes, per item, the last step (counted from
// 1) in which it changed node and how often it did.
type trackedSort struct {
	*ascend.Sort
	last, hops []int32
}

func (p *trackedSort) Receive(s int, v uint32, w uint64) {
	before := p.Hold[v]
	p.Sort.Receive(s, v, w)
	if item := p.Hold[v]; item != before && p.last != nil {
		p.last[item] = int32(s + 1)
		p.hops[item]++
	}
}

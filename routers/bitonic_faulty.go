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
// and the steps that took more than γ + 2. With Record.Packets or
// Arrivals, a packet's arrival is the end of the last step in which it
// changed node, and its hops how often it did, as in the intact cube; the
// engine's other records are of the words sent (ascend.Runner). T_intact
// is the sort's time on the intact cube, n(n+1)/2 steps.
func (b *bitonic) routeFaulty(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	p := &trackedSort{Sort: ascend.NewSort(c.N, d.Req.Dst)}
	if c.Record.Packets || c.Record.Arrivals {
		p.last, p.hops = make([]int32, len(d.Req.Dst)), make([]int32, len(d.Req.Dst))
	}
	port := messages.AllPort
	if c.Port == SinglePort {
		port = messages.SinglePort
	}
	res, err := b.run.Run(e, p, d.System, port)
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
	r, _ := newResult(&res.Result, nil)
	r.Set("max_step", float64(res.MaxStep()))
	r.Set("T_intact", float64(c.N*(c.N+1)/2)) // one step per compare-exchange step
	_, gamma := d.System.Gamma()
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

package routers

import (
	"fmt"
	"math/bits"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

// refPacket is a packet of the literal reference simulator.
type refPacket struct {
	id            int
	at, via, dst  uint32
	phase         int // 0: towards via, 1: towards dst
	arrivedAt     int // time it reached its current node
	done          bool
	arrival, hops int
}

// next is the dimension the packet crosses next and its priority, or 0 when
// it has arrived; it advances the phase at the intermediate.
func (p *refPacket) next(n int, twoPhase bool) (dim, prio int) {
	if p.phase == 0 && p.at == p.via {
		p.phase = 1
	}
	target := p.dst
	if p.phase == 0 {
		target = p.via
	}
	if p.at == target {
		return 0, 0
	}
	dim = bits.TrailingZeros32(p.at^target) + 1
	prio = dim
	if twoPhase && p.phase == 1 {
		prio += n
	}
	return dim, prio
}

func (p *refPacket) remain() int {
	if p.phase == 0 {
		return bits.OnesCount32(p.at^p.via) + bits.OnesCount32(p.via^p.dst)
	}
	return bits.OnesCount32(p.at ^ p.dst)
}

// refResult is what the reference simulator measures.
type refResult struct {
	T        int
	arrival  []int // arrival time of every packet
	sends    []int // packets sent in every step
	maxQueue int   // most packets waiting in one queue at the start of a step
}

// referenceRun is the slow, literal simulator of docs/model.md: every step,
// every node (single-port) or every out-link (all-port) looks at all packets
// waiting there and sends the one its discipline picks. It knows nothing of
// the engine's queues.
func referenceRun(req *hypercube.Request, via []uint32, port Port, disc engine.Discipline) refResult {
	n := req.N
	pk := make([]*refPacket, req.Packets())
	for id := range pk {
		p := &refPacket{id: id, at: req.Src(id), dst: req.Dst[id], via: req.Dst[id], phase: 1}
		if via != nil {
			p.via, p.phase = via[id], 0
		}
		pk[id] = p
	}
	better := func(a, b *refPacket) bool { // a goes before b
		_, pa := a.next(n, via != nil)
		_, pb := b.next(n, via != nil)
		switch disc {
		case engine.Priority:
			if pa != pb {
				return pa < pb
			}
		case engine.FIFO:
			if a.arrivedAt != b.arrivedAt {
				return a.arrivedAt < b.arrivedAt
			}
		case engine.Farthest:
			if a.remain() != b.remain() {
				return a.remain() > b.remain()
			}
		}
		return a.id < b.id
	}
	var r refResult
	for t := 0; ; t++ {
		chosen := map[[2]uint32]*refPacket{} // (node, link) → packet
		waiting := map[[2]uint32]int{}       // (node, link) → packets
		for _, p := range pk {
			if p.done {
				continue
			}
			dim, _ := p.next(n, via != nil)
			if dim == 0 {
				p.done, p.arrival = true, p.arrivedAt
				r.T = max(r.T, p.arrival)
				continue
			}
			key := [2]uint32{p.at, 0}
			if port == AllPort {
				key[1] = uint32(dim)
			}
			waiting[key]++
			r.maxQueue = max(r.maxQueue, waiting[key])
			if c, ok := chosen[key]; !ok || better(p, c) {
				chosen[key] = p
			}
		}
		if len(waiting) == 0 {
			break
		}
		r.sends = append(r.sends, len(chosen))
		for _, p := range chosen {
			dim, _ := p.next(n, via != nil)
			p.at ^= 1 << (dim - 1)
			p.arrivedAt = t + 1
			p.hops++
		}
	}
	r.arrival = make([]int, len(pk))
	for i, p := range pk {
		r.arrival[i] = p.arrival
	}
	return r
}

// sameAsReference compares a run with the reference's measures of it.
func sameAsReference(res *engine.Result, ref refResult) error {
	if res.T != ref.T {
		return fmt.Errorf("T = %d, reference %d", res.T, ref.T)
	}
	if res.MaxQueue != ref.maxQueue {
		return fmt.Errorf("largest queue %d, reference %d", res.MaxQueue, ref.maxQueue)
	}
	if len(res.Sends) != len(ref.sends) {
		return fmt.Errorf("%d steps, reference %d", len(res.Sends), len(ref.sends))
	}
	for t, s := range ref.sends {
		if int(res.Sends[t]) != s {
			return fmt.Errorf("step %d: %d sends, reference %d", t, res.Sends[t], s)
		}
	}
	for id, a := range ref.arrival {
		if int(res.Arrival[id]) != a {
			return fmt.Errorf("packet %d arrives at %d, reference %d", id, res.Arrival[id], a)
		}
	}
	return nil
}

// longestRoute is the length of the longest route of the instance.
func longestRoute(req *hypercube.Request, via []uint32) int {
	longest := 0
	for id := range req.Packets() {
		s, z := req.Src(id), req.Dst[id]
		l := bits.OnesCount32(s ^ z)
		if via != nil {
			l = bits.OnesCount32(s^via[id]) + bits.OnesCount32(via[id]^z)
		}
		longest = max(longest, l)
	}
	return longest
}

package routers

import (
	"math/bits"

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

// referenceRun is the slow, literal simulator of SPEC §0 and §2: every step,
// every node (single-port) or every out-link (all-port) looks at all packets
// waiting there and sends the one its discipline picks. It knows nothing of
// the engine's queues. It returns T and the arrival time of every packet.
func referenceRun(req *hypercube.Request, via []uint32, port Port, disc Discipline) (int, []int) {
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
		case Priority:
			if pa != pb {
				return pa < pb
			}
		case FIFO:
			if a.arrivedAt != b.arrivedAt {
				return a.arrivedAt < b.arrivedAt
			}
		case Farthest:
			if a.remain() != b.remain() {
				return a.remain() > b.remain()
			}
		}
		return a.id < b.id
	}
	T := 0
	for t := 0; ; t++ {
		chosen := map[[2]uint32]*refPacket{} // (node, link) → packet
		waiting := 0
		for _, p := range pk {
			if p.done {
				continue
			}
			dim, _ := p.next(n, via != nil)
			if dim == 0 {
				p.done, p.arrival = true, p.arrivedAt
				T = max(T, p.arrival)
				continue
			}
			waiting++
			key := [2]uint32{p.at, 0}
			if port == AllPort {
				key[1] = uint32(dim)
			}
			if c, ok := chosen[key]; !ok || better(p, c) {
				chosen[key] = p
			}
		}
		if waiting == 0 {
			break
		}
		for _, p := range chosen {
			dim, _ := p.next(n, via != nil)
			p.at ^= 1 << (dim - 1)
			p.arrivedAt = t + 1
			p.hops++
		}
	}
	arrival := make([]int, len(pk))
	for i, p := range pk {
		arrival[i] = p.arrival
	}
	return T, arrival
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

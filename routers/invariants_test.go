package routers

import (
	"fmt"
	"math/bits"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

// checkRun verifies packet conservation and the port model on a run recorded
// with engine.Record{Packets: true, Trace: true}: every send crosses one cube edge and
// continues the packet's previous hop, each packet starts at its source and is
// delivered exactly once at its destination, no node (single-port) or link
// (all-port) sends twice in one step, the counts agree with the trace, and
// T ≥ the longest route.
func checkRun(req *hypercube.Request, via []uint32, port Port, res *engine.Result) error {
	np := req.Packets()
	at := make([]uint32, np)
	last := make([]int32, np)
	hops := make([]int32, np)
	for id := range np {
		at[id], last[id] = req.Src(id), -1
	}
	type use struct {
		t    int32
		from uint32
		dim  int
	}
	used := map[use]int32{}
	for _, s := range res.Trace {
		if bits.OnesCount32(s.From^s.To) != 1 {
			return fmt.Errorf("step %d: packet %d sent %d→%d, not a cube edge", s.T, s.Packet, s.From, s.To)
		}
		if at[s.Packet] != s.From {
			return fmt.Errorf("step %d: packet %d sent from %d but it is at %d", s.T, s.Packet, s.From, at[s.Packet])
		}
		if s.T <= last[s.Packet] {
			return fmt.Errorf("step %d: packet %d sent again before arriving", s.T, s.Packet)
		}
		u := use{s.T, s.From, 0}
		if port == AllPort {
			u.dim = bits.TrailingZeros32(s.From^s.To) + 1
		}
		if other, ok := used[u]; ok {
			return fmt.Errorf("step %d: node %d sends packets %d and %d (%v)", s.T, s.From, other, s.Packet, port)
		}
		used[u] = s.Packet
		at[s.Packet], last[s.Packet] = s.To, s.T
		hops[s.Packet]++
	}
	var total int64
	T := int32(0)
	for id := range np {
		if at[id] != req.Dst[id] {
			return fmt.Errorf("packet %d ends at %d, not at its destination %d", id, at[id], req.Dst[id])
		}
		if arr := last[id] + 1; res.Arrival[id] != arr {
			return fmt.Errorf("packet %d: arrival %d, trace says %d", id, res.Arrival[id], arr)
		}
		if hops[id] != res.PacketHops[id] {
			return fmt.Errorf("packet %d: %d hops, trace says %d", id, res.PacketHops[id], hops[id])
		}
		total += int64(hops[id])
		T = max(T, last[id]+1)
	}
	if total != res.Hops || int64(len(res.Trace)) != res.Hops {
		return fmt.Errorf("hops %d, trace has %d sends", res.Hops, total)
	}
	if int(T) != res.T {
		return fmt.Errorf("T = %d, trace says %d", res.T, T)
	}
	if l := longestRoute(req, via); res.T < l {
		return fmt.Errorf("T = %d below the longest route %d", res.T, l)
	}
	return nil
}

package routers

import (
	"fmt"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// checkDisjointRun verifies packet conservation and the model of disjoint
// on a run recorded with engine.Record{Packets: true, Trace: true}: every
// copy starts at its node ((d, s) in phase 1, (d, y) in phase 2), every
// send takes an edge of BF_n out of where the copy is, with priority = hops
// taken (+ n+1 in phase 2), no butterfly node sends twice in one step, a
// copy sent over a failed cube edge is lost and sends no more, and every
// other copy that was sent arrives exactly once, at the end of its route
// (β^d, or β^d trimmed, from package butterfly);
// a phase-2 copy is sent if and only if its intermediate had pieces
// copies of its message. The copies counted per message, the messages lost, the
// packet-hops, the losses and T agree with the trace.
func checkDisjointRun(req *hypercube.Request, via []uint32, f *faults.Set, c Config, res *Result) error {
	n := req.N
	b := butterfly.Net{N: n}
	msgs := 1 << n
	ph1 := n * msgs
	type copyState struct {
		at, end     butterfly.Node // where it is, where its route ends
		route       butterfly.Route
		hops, start int
		last        int32 // step of the last send, −1 if none
		lost        bool
	}
	copies := make([]copyState, 2*ph1)
	for id := range copies {
		s, d := id%ph1/n, id%n+1
		cs := &copies[id]
		from, target := uint32(s), via[s]
		if id >= ph1 {
			from, target, cs.start = via[s], req.Dst[s], n+1
		}
		cs.at, cs.last = butterfly.Node{L: d, V: from}, -1
		if cs.route = b.Beta(d, from, target); trim.Bool(c) {
			cs.route = cs.route.Trim()
		}
		walk := b.Walk(cs.at, cs.route)
		cs.end = walk[len(walk)-1]
	}
	type use struct {
		t    int32
		from uint32
	}
	used := map[use]int32{}
	var end int32
	for _, snd := range res.Trace {
		cs := &copies[snd.Packet]
		from, to := b.Node(snd.From), b.Node(snd.To)
		switch {
		case cs.lost:
			return fmt.Errorf("step %d: copy %d sent after it was lost", snd.T, snd.Packet)
		case from != cs.at:
			return fmt.Errorf("step %d: copy %d sent from %v but it is at %v", snd.T, snd.Packet, from, cs.at)
		case snd.T <= cs.last:
			return fmt.Errorf("step %d: copy %d sent again before arriving", snd.T, snd.Packet)
		case to != b.Straight(from) && to != b.Cross(from):
			return fmt.Errorf("step %d: copy %d sent %v → %v, not an edge of BF_%d", snd.T, snd.Packet, from, to, n)
		case int(snd.Prio) != cs.start+cs.hops:
			return fmt.Errorf("step %d: copy %d sent with priority %d after %d hops", snd.T, snd.Packet, snd.Prio, cs.hops)
		}
		if other, ok := used[use{snd.T, snd.From}]; ok {
			return fmt.Errorf("step %d: node %v sends copies %d and %d", snd.T, from, other, snd.Packet)
		}
		used[use{snd.T, snd.From}] = snd.Packet
		cs.last, cs.hops, end = snd.T, cs.hops+1, max(end, snd.T+1)
		if to.V != from.V && f != nil && f.Failed(from.V, to.V) {
			cs.lost = true
			continue
		}
		cs.at = to
	}
	atVia, atDst := make([]int, msgs), make([]int, msgs)
	var dropped, hops int
	for id, cs := range copies {
		s := id % ph1 / n
		arrival := res.Arrival[id]
		switch {
		case cs.last < 0:
			if id < ph1 || res.Copies[s].AtVia >= uint8(pieces.Int(c)) || arrival != -1 {
				return fmt.Errorf("copy %d of message %d never sent (arrival %d, %d copies at y)", id, s, arrival, res.Copies[s].AtVia)
			}
			continue
		case id >= ph1 && res.Copies[s].AtVia < uint8(pieces.Int(c)):
			return fmt.Errorf("copy %d of message %d sent, but y had %d of it", id, s, res.Copies[s].AtVia)
		case cs.lost:
			if arrival != -1 {
				return fmt.Errorf("copy %d lost on a failed edge, arrival %d", id, arrival)
			}
			dropped++
		case cs.at != cs.end || cs.hops != cs.route.Len:
			return fmt.Errorf("copy %d ends at %v after %d hops, its route (trim=%v) at %v after %d", id, cs.at, cs.hops, trim.Bool(c), cs.end, cs.route.Len)
		case arrival != cs.last+1:
			return fmt.Errorf("copy %d: arrival %d, trace says %d", id, arrival, cs.last+1)
		case id < ph1:
			atVia[s]++
		default:
			atDst[s]++
		}
		if int(res.PacketHops[id]) != cs.hops {
			return fmt.Errorf("copy %d: %d hops, trace says %d", id, res.PacketHops[id], cs.hops)
		}
		hops += cs.hops
	}
	lost := 0
	for s := range msgs {
		if got := res.Copies[s]; int(got.AtVia) != atVia[s] || int(got.AtDst) != atDst[s] {
			return fmt.Errorf("message %d: %d copies at y, %d at z; the trace says %d, %d", s, got.AtVia, got.AtDst, atVia[s], atDst[s])
		}
		if atVia[s] < pieces.Int(c) || atDst[s] < pieces.Int(c) {
			lost++
		}
	}
	switch {
	case hops != int(res.Hops) || len(res.Trace) != hops:
		return fmt.Errorf("hops %d, trace has %d sends", res.Hops, hops)
	case dropped != res.Dropped:
		return fmt.Errorf("%d dropped, trace says %d", res.Dropped, dropped)
	case measuredInt(res, "lost") != lost:
		return fmt.Errorf("%d messages lost, copies say %d", measuredInt(res, "lost"), lost)
	case res.T != int(end):
		return fmt.Errorf("T = %d, trace says %d", res.T, end)
	}
	return nil
}

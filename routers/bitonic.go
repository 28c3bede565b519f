package routers

import (
	"fmt"
	"math/bits"

	"github.com/hyperroute/hyperroute/ascend"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

var bitonicKind = Kind{
	Name:         "bitonic",
	Doc:          "Batcher bitonic sort on destinations, n(n+1)/2 compare-exchange steps (thesis I.1); on a faulty cube over detours (III.1)",
	Ports:        []Port{SinglePort, AllPort},
	Disciplines:  []engine.Discipline{engine.Priority},
	Permutations: true,
	Faults:       true,
	Detours:      true,
	Prios:        func(n int) int { return n + 1 },
	New:          func() Instance { return new(bitonic) },
	Check:        bitonicSupports,
	Memory:       bitonicMemory,
}

// bitonicMemory estimates the memory of a trial of Bitonic: per node its
// packet, the one before the step and a direction (9 bytes), the request
// (8), and what Record asks for: every node sends in each of the
// n(n+1)/2 steps.
func bitonicMemory(c Config) int64 {
	nodes := int64(1) << c.N
	steps := int64(c.N * (c.N + 1) / 2)
	b := nodes*17 + recordBytes(c.Record, nodes, nodes, int64(c.N+1), nodes*steps)
	if c.Faulty() {
		// Over detours (routeFaulty): the engine's nodes, a step's words
		// started at once, and the words' arrivals if recorded.
		b += nodes * (bytesPerNode + 64)
		if c.Record.Packets || c.Record.Arrivals {
			b += nodes * steps * 8
		}
	}
	return b
}

// NoQueue is the MaxQueue of a router without queues: bitonic-sort routing
// on an intact cube keeps one packet per node and exchanges copies.
const NoQueue = -1

// bitonic routes trials by Bitonic, and on a faulty cube by routeFaulty.
type bitonic struct{ run ascend.Runner }

func (b *bitonic) Route(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	if c.Faulty() {
		return b.routeFaulty(e, d, c)
	}
	return newResult(Bitonic(&d.Req, c.Record))
}

// Bitonic routes a permutation by Batcher's bitonic sort on destinations, as
// the compare-exchange program parallelsort of the thesis [Schömer 1988,
// Ch. I.1; Batcher 1968]: n(n+1)/2 steps,
// each over the edges of one dimension, every node sending a copy of its packet
// to its neighbour and keeping the smaller or larger destination. Each node
// holds two packets at most. Loads count the sends per dimension; a packet's
// arrival time is the last step it changed node and PacketHops how often it did.
// It fails if a node ends without its own packet (req is not a permutation).
func Bitonic(req *hypercube.Request, rec engine.Record) (*engine.Result, error) {
	n := req.N
	nodes := 1 << n
	hold := make([]int32, nodes) // packet held by each node
	prev := make([]int32, nodes)
	sigma := make([]uint8, nodes)
	for v := range nodes {
		hold[v] = int32(v)
		sigma[v] = uint8(bits.OnesCount32(uint32(v)) & 1)
	}
	res := &engine.Result{MaxQueue: NoQueue, PrioLoads: make([]int64, n+1)}
	if rec.Packets || rec.Arrivals {
		res.Arrival = make([]int32, nodes)
	}
	if rec.Packets {
		res.PacketHops = make([]int32, nodes)
	}
	if rec.Loads {
		res.Loads = make([]int32, (n+1)*nodes)
		res.LoadNodes = nodes
	}
	t := int32(0)
	for k := 1; k <= n; k++ {
		for v := range nodes {
			sigma[v] ^= uint8(v>>(k-1)) & 1
		}
		for d := k; d >= 1; d-- {
			copy(prev, hold)
			bit := 1 << (d - 1)
			for v := range nodes {
				w := v ^ bit
				mine, theirs := prev[v], prev[w]
				smaller := req.Dst[theirs] < req.Dst[mine]
				if keepSmall := sigma[v] == uint8(v>>(d-1))&1; smaller == keepSmall {
					hold[v] = theirs
					if res.Arrival != nil {
						res.Arrival[theirs] = t + 1
					}
					if rec.Packets {
						res.PacketHops[theirs]++
					}
				}
				if rec.Loads {
					res.Loads[d*nodes+v]++
				}
				if rec.Trace {
					res.Trace = append(res.Trace, engine.Send{T: t, Packet: mine, From: uint32(v), To: uint32(w), Prio: uint8(d)})
				}
			}
			res.PrioLoads[d] += int64(nodes)
			res.Hops += int64(nodes)
			if rec.Steps {
				res.Sends = append(res.Sends, int32(nodes))
			}
			t++
		}
	}
	res.T = int(t)
	for v, p := range hold {
		if req.Dst[p] != uint32(v) {
			return nil, fmt.Errorf("bitonic: node %d ends with packet %d for node %d", v, p, req.Dst[p])
		}
	}
	return res, nil
}

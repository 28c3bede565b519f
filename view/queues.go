package view

import (
	"fmt"

	"github.com/hyperroute/hyperroute/engine"
)

// Waiting derives from a trace how many packets wait at each of nodes
// nodes at the times t = 0 … T: a packet waits at a node from the time it
// is there through the step it leaves it in, so a packet sent in step s
// waits at its next node from time s + 1. start gives the time a packet
// starts to wait at its first node. A packet sent in every step counts
// once at each node it leaves; one that waits k steps counts k + 1 times.
// The trace must be in step order (engine.Result.Trace is).
func Waiting(trace []engine.Send, nodes, T int, start func(packet int32) int32) ([][]int32, error) {
	q := make([][]int32, T+1)
	for t := range q {
		q[t] = make([]int32, nodes)
	}
	since := make(map[int32]int32) // per packet: the time it is at its node
	for i, s := range trace {
		switch {
		case int(s.From) >= nodes || int(s.To) >= nodes:
			return nil, fmt.Errorf("view: send %d of the trace is from %d to %d, not between nodes 0 … %d", i, s.From, s.To, nodes-1)
		case s.T < 0 || int(s.T) >= T:
			return nil, fmt.Errorf("view: send %d of the trace is in step %d, not in 0 … T−1 = %d", i, s.T, T-1)
		}
		from, ok := since[s.Packet]
		if !ok {
			from = start(s.Packet)
		}
		if from > s.T {
			return nil, fmt.Errorf("view: packet %d is sent in step %d but waits only from time %d", s.Packet, s.T, from)
		}
		for t := from; t <= s.T; t++ {
			q[t][s.From]++
		}
		since[s.Packet] = s.T + 1
	}
	return q, nil
}

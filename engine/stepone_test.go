package engine

import (
	"fmt"
	"slices"
	"testing"
)

// TestStepOne checks the written-out step for one priority queue per node
// (stepOne, with arrive's common case in arriveAll) against the general
// step: random routes on a small graph, crowded enough that nodes hold
// more packets than they keep in place, with failed links that lose
// packets, run once with one queue per node recording only arrivals and
// once with every packet in queue 0 of two queues recording every packet
// (the general pick and arrive); T, every arrival, the packet-hops, the
// losses, the largest queue and the sends per priority must agree.
func TestStepOne(t *testing.T) {
	rng := testRand(11)
	for trial := range 20 {
		nodes := 5 + rng.IntN(40)
		routes := make([][]hop, 50+rng.IntN(400))
		for i := range routes {
			r := []hop{{node: uint32(rng.IntN(nodes))}}
			for range 1 + rng.IntN(12) {
				r = append(r, hop{node: uint32(rng.IntN(nodes))})
			}
			routes[i] = r
		}
		fail := failedLinks{}
		for range nodes / 3 {
			fail[[2]uint32{uint32(rng.IntN(nodes)), uint32(rng.IntN(nodes))}] = true
		}
		run := func(queues int, rec Record) *Result {
			e := Engine{Faults: fail, OnFailure: Lose, Record: rec}
			res, err := e.Run(&scripted{nodes: nodes, queues: queues, routes: routes}, 16)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		one, general := run(1, Record{Arrivals: true}), run(2, Record{Packets: true})
		name := fmt.Sprintf("trial %d (%d nodes, %d packets)", trial, nodes, len(routes))
		switch {
		case one.T != general.T || one.Hops != general.Hops || one.Dropped != general.Dropped || one.MaxQueue != general.MaxQueue:
			t.Fatalf("%s: T %d, hops %d, lost %d, largest queue %d; general step %d, %d, %d, %d",
				name, one.T, one.Hops, one.Dropped, one.MaxQueue, general.T, general.Hops, general.Dropped, general.MaxQueue)
		case !slices.Equal(one.Arrival, general.Arrival) || !slices.Equal(one.PrioLoads, general.PrioLoads):
			t.Fatalf("%s: arrivals or sends per priority differ from the general step", name)
		case one.MaxQueue <= inline:
			t.Fatalf("%s: largest queue %d, no node held more than it keeps in place", name, one.MaxQueue)
		}
	}
}

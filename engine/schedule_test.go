package engine

import (
	"fmt"
	"slices"
	"testing"
)

// evenSteps is a scripted router that serves all its queues in even steps
// and none in odd ones.
type evenSteps struct{ *scripted }

func (r evenSteps) Serving(t int32) (lo, hi int) {
	if t%2 != 0 {
		return 0, 0
	}
	return 0, r.queues
}

// TestIdleSteps routes under a schedule with steps that serve no queue: a
// packet that arrives at the end of step 0 still leaves in step 2, though
// step 1 looked at no node (it arrived in a step of the same parity).
func TestIdleSteps(t *testing.T) {
	r := evenSteps{&scripted{nodes: 3, queues: 2, routes: [][]hop{route(0, 1, 2)}}}
	var e Engine
	res := runRecorded(t, &e, r)
	if res.T != 3 || !slices.Equal(res.Sends, []int32{1, 0, 1}) {
		t.Errorf("T = %d, sends per step %v; want 3, [1 0 1]", res.T, res.Sends)
	}
}

// TestIdleStepsCrowded routes random crowded routes twice, with every queue
// served in every step and with queues served only in even steps: the
// second run is the first with an idle step after every step, so a packet
// that arrives at time a in the first arrives at 2a−1 in the second.
func TestIdleStepsCrowded(t *testing.T) {
	rng := testRand(19)
	for trial := range 20 {
		nodes := 4 + rng.IntN(20)
		routes := make([][]hop, 50+rng.IntN(300))
		for i := range routes {
			r := []hop{{node: uint32(rng.IntN(nodes)), queue: uint16(rng.IntN(2))}}
			for range 1 + rng.IntN(10) {
				r = append(r, hop{node: uint32(rng.IntN(nodes)), queue: uint16(rng.IntN(2))})
			}
			routes[i] = r
		}
		var e Engine
		e.Record = Record{Arrivals: true}
		every, err := e.Run(&scripted{nodes: nodes, queues: 2, routes: routes}, 16)
		if err != nil {
			t.Fatal(err)
		}
		even, err := e.Run(evenSteps{&scripted{nodes: nodes, queues: 2, routes: routes}}, 16)
		name := fmt.Sprintf("trial %d (%d nodes, %d packets)", trial, nodes, len(routes))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var hops, sends int64
		for _, r := range routes {
			hops += int64(len(r) - 1)
		}
		for _, f := range even.PrioLoads {
			sends += f
		}
		if even.Hops != hops || sends != hops {
			t.Fatalf("%s: %d packet-hops, %d sends by priority; the routes have %d hops", name, even.Hops, sends, hops)
		}
		want := make([]int32, len(every.Arrival))
		for i, a := range every.Arrival {
			want[i] = 2*a - 1
		}
		if even.T != 2*every.T-1 || !slices.Equal(even.Arrival, want) || even.Hops != every.Hops {
			t.Fatalf("%s: T %d, hops %d, serving even steps only; want %d, %d and every arrival a at 2a−1",
				name, even.T, even.Hops, 2*every.T-1, every.Hops)
		}
		if every.MaxQueue <= inline {
			t.Fatalf("%s: largest queue %d, no node held more than it keeps in place", name, every.MaxQueue)
		}
	}
}

package engine

import (
	"errors"
	"slices"
	"testing"
)

// route builds a hop list on queue 0 from nodes.
func route(nodes ...uint32) []hop {
	r := make([]hop, len(nodes))
	for i, v := range nodes {
		r[i] = hop{node: v}
	}
	return r
}

func runRecorded(t *testing.T, e *Engine, r Router) *Result {
	t.Helper()
	e.Record = Record{Packets: true, Trace: true, Steps: true}
	res, err := e.Run(r, 8)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestLongRoutes routes packets along routes of any length, with moves that
// stay at their node (a butterfly's straight edges): each hop, staying or
// not, takes one step.
func TestLongRoutes(t *testing.T) {
	r := &scripted{nodes: 4, queues: 1, routes: [][]hop{
		route(0, 0, 0, 1, 1, 2, 3, 3),
		route(3, 2, 2, 1),
		route(2),
	}}
	var e Engine
	res := runRecorded(t, &e, r)
	if want := []int32{7, 3, 0}; !slices.Equal(res.Arrival, want) {
		t.Errorf("arrivals %v, want %v", res.Arrival, want)
	}
	if want := []int32{7, 3, 0}; !slices.Equal(res.PacketHops, want) {
		t.Errorf("hops %v, want %v", res.PacketHops, want)
	}
	if res.T != 7 || res.Hops != 10 || len(res.Trace) != 10 {
		t.Errorf("T = %d, hops %d, trace %d; want 7, 10, 10", res.T, res.Hops, len(res.Trace))
	}
	if res.Trace[0].From != 0 || res.Trace[0].To != 0 {
		t.Errorf("first send %+v, want a move within node 0", res.Trace[0])
	}
}

// TestFaults sends packets over failed links: lost under Lose, the sender
// not knowing; the run refused under Refuse. A move within a node never
// fails.
func TestFaults(t *testing.T) {
	r := func() *scripted {
		return &scripted{nodes: 3, queues: 1, routes: [][]hop{
			route(0, 1, 2), // 1→2 failed: lost in step 1
			route(1, 1, 0), // 1→1 within the node; waits for packet 0, then 1→0
			route(2, 0),    // 2→0 failed: lost in step 0
		}}
	}
	fail := failedLinks{{1, 2}: true, {2, 0}: true, {1, 1}: true}
	e := Engine{Faults: fail, OnFailure: Lose}
	res := runRecorded(t, &e, r())
	if res.Dropped != 2 || !slices.Equal(res.Arrival, []int32{-1, 3, -1}) {
		t.Errorf("lost %d, arrivals %v; want 2 lost, arrivals [-1 3 -1]", res.Dropped, res.Arrival)
	}
	if res.Hops != 5 || res.T != 3 {
		t.Errorf("hops %d, T %d; want 5 sends (lost ones too), T = 3", res.Hops, res.T)
	}
	e = Engine{Faults: fail, OnFailure: Refuse}
	if _, err := e.Run(r(), 8); !errors.Is(err, ErrFailedLink) {
		t.Errorf("refuse: error %v, want ErrFailedLink", err)
	}
}

// TestScheduler serves one of three queues per step, round robin: a packet
// waiting in queue q leaves in the first step t ≡ q (mod 3) after it is
// ready, and steps in which no queue sends do not stall the run.
func TestScheduler(t *testing.T) {
	r := roundRobin{&scripted{nodes: 3, queues: 3, routes: [][]hop{
		{{0, 2}, {1, 1}, {2, 0}}, // leaves in step 2, then 4, arrives at 5
		{{1, 0}, {2, 2}},         // leaves in step 0, arrives at 1
	}}}
	var e Engine
	res := runRecorded(t, &e, r)
	if want := []int32{5, 1}; !slices.Equal(res.Arrival, want) {
		t.Errorf("arrivals %v, want %v", res.Arrival, want)
	}
	if want := []int32{1, 0, 1, 0, 1}; !slices.Equal(res.Sends, want) {
		t.Errorf("sends per step %v, want %v", res.Sends, want)
	}
}

// TestStall fails a run whose packets wait in a queue no step serves.
func TestStall(t *testing.T) {
	r := &scripted{nodes: 2, queues: 2, routes: [][]hop{{{0, 1}, {1, 0}}}}
	never := struct {
		Router
		servingNone
	}{r, servingNone{}}
	var e Engine
	if _, err := e.Run(never, 8); !errors.Is(err, ErrStalled) {
		t.Errorf("error %v, want ErrStalled", err)
	}
}

type servingNone struct{}

func (servingNone) Serving(int32) (lo, hi int) { return 0, 1 }

// TestReactor holds two packets at the start and starts one when another
// arrives: it leaves in the step after the arrival; the other is never
// started and counted as held.
func TestReactor(t *testing.T) {
	r := forwarder{&scripted{nodes: 3, queues: 1, routes: [][]hop{
		route(0, 1),    // arrives at 1
		route(1, 2, 0), // started at 1 at time 1: leaves in steps 1 and 2
		route(2, 0),    // never started
	}}}
	var e Engine
	res := runRecorded(t, &e, r)
	if want := []int32{1, 3, -1}; !slices.Equal(res.Arrival, want) {
		t.Errorf("arrivals %v, want %v", res.Arrival, want)
	}
	if res.Held != 1 || res.T != 3 || res.Hops != 3 {
		t.Errorf("held %d, T %d, hops %d; want 1, 3, 3", res.Held, res.T, res.Hops)
	}
}

// TestManyQueues puts 300 packets at one node in 300 queues: all leave in
// step 0, one per queue; a packet put in a queue the node lacks fails the
// run.
func TestManyQueues(t *testing.T) {
	const k = 300
	r := &scripted{nodes: 2, queues: k}
	for q := range k {
		r.routes = append(r.routes, []hop{{0, uint16(q)}, {1, 0}})
	}
	var e Engine
	res := runRecorded(t, &e, r)
	if res.T != 1 || res.Hops != k || res.MaxQueue != 1 {
		t.Errorf("T %d, hops %d, largest queue %d; want 1, %d, 1", res.T, res.Hops, res.MaxQueue, k)
	}
	r = &scripted{nodes: 2, queues: 2, routes: [][]hop{{{0, 0}, {1, 2}, {0, 0}}}}
	if _, err := e.Run(r, 8); !errors.Is(err, ErrQueue) {
		t.Errorf("queue 2 of 2: error %v, want ErrQueue", err)
	}
}

// fifoQueue is a round-robin scripted router with a fixed priority per
// packet whose queue 1 is first in, first out (FIFOQueues) if fifo is set.
type fifoQueue struct {
	roundRobin
	prio []uint8
	fifo bool
}

func (r fifoQueue) Start(first int, batch []Move) {
	r.roundRobin.Start(first, batch)
	r.prioritize(batch)
}

func (r fifoQueue) Send(batch []Move) {
	r.roundRobin.Send(batch)
	r.prioritize(batch)
}

func (r fifoQueue) prioritize(batch []Move) {
	for i := range batch {
		batch[i].Prio = r.prio[batch[i].ID]
	}
}

func (r fifoQueue) FIFO(q uint16) bool { return r.fifo && q == 1 }

// TestFIFOQueues serves queue 0 in even steps and queue 1 in odd ones.
// Packet 0 (priority 5) waits in queue 1 of node 0 from time 1 behind packet
// 2 (priority 0), packet 1 (priority 1) joins it at time 3: by priority
// packet 1 leaves first, with queue 1 first in, first out packet 0 does.
// Queue 0 of node 7 sends by priority either way: packet 4 (priority 2)
// before packet 3 (priority 9), though FIFO would break their tie by id.
func TestFIFOQueues(t *testing.T) {
	routes := [][]hop{
		{{1, 0}, {0, 1}, {2, 0}},
		{{3, 0}, {4, 0}, {0, 1}, {6, 0}},
		{{0, 1}, {5, 0}},
		{{7, 0}, {2, 0}},
		{{7, 0}, {2, 0}},
	}
	prio := []uint8{5, 1, 0, 9, 2}
	for _, c := range []struct {
		fifo bool
		want []int32
	}{
		{false, []int32{6, 4, 2, 3, 1}},
		{true, []int32{4, 6, 2, 3, 1}},
	} {
		r := fifoQueue{roundRobin{&scripted{nodes: 8, queues: 2, routes: routes}}, prio, c.fifo}
		var e Engine
		if res := runRecorded(t, &e, r); !slices.Equal(res.Arrival, c.want) {
			t.Errorf("FIFO queue 1 %v: arrivals %v, want %v", c.fifo, res.Arrival, c.want)
		}
	}
}

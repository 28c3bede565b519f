package view

import (
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestWaiting checks the queue lengths of a run worked out by hand: on a
// path 0 → 1 → 2, packet 0 goes 0 → 2 at once, packet 1 waits a step at
// node 0 behind it and packet 2, started at time 2, leaves node 1 in step
// 3.
func TestWaiting(t *testing.T) {
	trace := []engine.Send{
		{T: 0, Packet: 0, From: 0, To: 1},
		{T: 1, Packet: 0, From: 1, To: 2},
		{T: 1, Packet: 1, From: 0, To: 1},
		{T: 2, Packet: 1, From: 1, To: 2},
		{T: 3, Packet: 2, From: 1, To: 2},
	}
	start := func(p int32) int32 { return []int32{0, 0, 2}[p] }
	q, err := Waiting(trace, 3, 4, start)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int32{{2, 0, 0}, {1, 1, 0}, {0, 2, 0}, {0, 1, 0}, {0, 0, 0}}
	for i := range want {
		if !slices.Equal(q[i], want[i]) {
			t.Errorf("t=%d: %v, want %v", i, q[i], want[i])
		}
	}
}

// TestWaitingRefuses checks that a trace the run cannot have is an error,
// not a panic.
func TestWaitingRefuses(t *testing.T) {
	zero := func(int32) int32 { return 0 }
	for _, tc := range []struct {
		trace []engine.Send
		start func(int32) int32
	}{
		{[]engine.Send{{T: 0, From: 0, To: 3}}, zero},
		{[]engine.Send{{T: 4, From: 0, To: 1}}, zero},
		{[]engine.Send{{T: -1, From: 0, To: 1}}, zero},
		{[]engine.Send{{T: 0, From: 0, To: 1}}, func(int32) int32 { return 1 }},
	} {
		if _, err := Waiting(tc.trace, 3, 4, tc.start); err == nil {
			t.Errorf("%v: no error", tc.trace)
		}
	}
}

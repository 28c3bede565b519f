package engine

import (
	"errors"
	"testing"
)

// funnel is a Router in which k packets, one at each of nodes 2 … k+1,
// all move to node 0 in step 0 and leave it one per step for node 1.
type funnel struct{ k int }

func (f funnel) Packets() int { return f.k }
func (f funnel) Nodes() int   { return f.k + 2 }
func (f funnel) Queues() int  { return 1 }

func (f funnel) Start(first int, batch []Move) {
	for i := range batch {
		id := first + i
		batch[i] = Move{Packet: Packet{ID: uint32(id), Prio: 1}, To: uint32(id + 2)}
	}
}

func (f funnel) Send(batch []Move) {
	for i := range batch {
		m := &batch[i]
		if m.From == 0 {
			m.To, m.Fate = 1, Delivered
		} else {
			m.To, m.Fate = 0, Waiting
		}
	}
}

// TestArrivalLimit checks the engine's limit of 127 packets arriving at one
// node in one step: 127 route in 128 steps, 128 fail with ErrFull.
func TestArrivalLimit(t *testing.T) {
	var e Engine
	res, err := e.Run(funnel{maxFresh}, 2)
	if err != nil || res.T != maxFresh+1 || res.MaxQueue != maxFresh || res.Hops != 2*maxFresh {
		t.Fatalf("%d packets: %+v, %v; want T = %d, max queue %d", maxFresh, res, err, maxFresh+1, maxFresh)
	}
	if _, err := e.Run(funnel{maxFresh + 1}, 2); !errors.Is(err, ErrFull) {
		t.Fatalf("%d packets: error %v, want ErrFull", maxFresh+1, err)
	}
}

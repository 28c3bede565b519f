package engine

import (
	"fmt"
	"math/bits"
	"testing"
)

// legsRouter routes the packets of Legs in the single-port model.
type legsRouter struct{ Legs }

func (l *legsRouter) Fused() (*Legs, bool) { return &l.Legs, true }
func (l *legsRouter) Packets() int         { return len(l.Dst) }
func (l *legsRouter) Nodes() int           { return 1 << l.N }
func (l *legsRouter) Queues() int          { return l.Legs.Queues() }

func (l *legsRouter) Start(first int, batch []Move) {
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = l.First(id)
		l.place(m, l.Src(id))
		if l.AllPort {
			m.Queue = uint16(bits.TrailingZeros32(m.To ^ m.Via))
		}
	}
}

func (l *legsRouter) Send(batch []Move) {
	for i := range batch {
		m := &batch[i]
		x := m.From ^ m.Via
		l.place(m, m.From^(x&-x))
		if l.AllPort {
			m.Queue = uint16(bits.TrailingZeros32(m.To ^ m.Via))
		}
	}
}

func (l *legsRouter) place(m *Move, at uint32) {
	var there bool
	m.To, m.Fate = at, Waiting
	m.Via, m.Phase, m.Prio, _, there = l.Next(at, m.Via, m.Dst, m.Phase)
	if there {
		m.Fate = Delivered
	}
}

type startsNothing struct{}

func (startsNothing) Settled(_ int32, _ []Move, out []Move) []Move { return out }

// TestFusedChoice checks that Run takes the fused step only for a Fusable
// router that says so, under the Priority or FIFO discipline, with no
// failed links, no Scheduler, Reactor or FIFOQueues, and recording no more
// than arrivals, packets and sends per step; and that the fused step routes
// such a run as the general step does, all-port too.
func TestFusedChoice(t *testing.T) {
	legs := Legs{N: 3, Mu: 1, Dst: []uint32{5, 3, 7, 1, 0, 2, 6, 4}}
	plain := &legsRouter{legs}
	general := struct{ Router }{plain}
	port := legs
	port.AllPort = true
	for _, c := range []struct {
		name string
		e    Engine
		r    Router
		want bool
	}{
		{"plain", Engine{}, plain, true},
		{"arrivals and steps", Engine{Record: Record{Arrivals: true, Steps: true}}, plain, true},
		{"packets", Engine{Record: Record{Packets: true}}, plain, true},
		{"all-port", Engine{}, &legsRouter{port}, true},
		{"loads", Engine{Record: Record{Loads: true}}, plain, false},
		{"trace", Engine{Record: Record{Trace: true}}, plain, false},
		{"fifo", Engine{Discipline: FIFO}, plain, true},
		{"random", Engine{Discipline: Random}, plain, false},
		{"farthest", Engine{Discipline: Farthest}, plain, false},
		{"fifo queues", Engine{}, struct {
			*legsRouter
			FIFOQueues
		}{plain, fifoQueues{}}, false},
		{"faults", Engine{Faults: failedLinks{}, OnFailure: Lose}, plain, false},
		{"faults refused", Engine{Faults: failedLinks{}}, plain, false},
		{"not fusable", Engine{}, general, false},
		{"scheduler", Engine{}, struct {
			*legsRouter
			servingNone
		}{plain, servingNone{}}, false},
		{"reactor", Engine{}, struct {
			*legsRouter
			startsNothing
		}{plain, startsNothing{}}, false},
	} {
		if got := c.e.Fused(c.r); got != c.want {
			t.Errorf("%s: fused %v, want %v", c.name, got, c.want)
		}
	}
	for _, d := range []Discipline{Priority, FIFO} {
		for _, r := range []*legsRouter{plain, {port}} {
			rec := Record{Packets: true, Steps: true}
			e := Engine{Discipline: d, Record: rec}
			fused, err := e.Run(r, 4)
			if err != nil {
				t.Fatal(err)
			}
			g := Engine{Discipline: d, Record: rec}
			want, err := g.Run(struct{ Router }{r}, 4)
			if err != nil {
				t.Fatal(err)
			}
			if fused.T != want.T || fused.Hops != want.Hops || fused.MaxQueue != want.MaxQueue ||
				fmt.Sprint(fused.Arrival, fused.PacketHops, fused.Sends, fused.PrioLoads) != fmt.Sprint(want.Arrival, want.PacketHops, want.Sends, want.PrioLoads) {
				t.Errorf("%v, all-port %v: fused %+v, general %+v", d, r.AllPort, fused, want)
			}
		}
	}
}

type fifoQueues struct{}

func (fifoQueues) FIFO(uint16) bool { return true }

package engine

import (
	"fmt"
	"testing"
)

// legsRouter routes the packets of Legs in the single-port model.
type legsRouter struct{ Legs }

func (l *legsRouter) Fused() (*Legs, bool) { return &l.Legs, true }
func (l *legsRouter) Packets() int         { return len(l.Dst) }
func (l *legsRouter) Nodes() int           { return 1 << l.N }
func (l *legsRouter) Queues() int          { return 1 }

func (l *legsRouter) Start(first int, batch []Move) {
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = l.First(id)
		l.place(m, l.Src(id))
	}
}

func (l *legsRouter) Send(batch []Move) {
	for i := range batch {
		m := &batch[i]
		x := m.From ^ m.Via
		l.place(m, m.From^(x&-x))
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
// router that says so, under the Priority discipline, with no failed links,
// no Scheduler or Reactor, and recording no more than arrivals and sends
// per step; and that the fused step routes such a run as the general step
// does.
func TestFusedChoice(t *testing.T) {
	legs := Legs{N: 3, Mu: 1, Dst: []uint32{5, 3, 7, 1, 0, 2, 6, 4}}
	plain := &legsRouter{legs}
	general := struct{ Router }{plain}
	for _, c := range []struct {
		name string
		e    Engine
		r    Router
		want bool
	}{
		{"plain", Engine{}, plain, true},
		{"arrivals and steps", Engine{Record: Record{Arrivals: true, Steps: true}}, plain, true},
		{"packets", Engine{Record: Record{Packets: true}}, plain, false},
		{"loads", Engine{Record: Record{Loads: true}}, plain, false},
		{"trace", Engine{Record: Record{Trace: true}}, plain, false},
		{"fifo", Engine{Discipline: FIFO}, plain, false},
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
	e := Engine{Record: Record{Arrivals: true, Steps: true}}
	fused, err := e.Run(plain, 4)
	if err != nil {
		t.Fatal(err)
	}
	g := Engine{Record: Record{Arrivals: true, Steps: true}}
	want, err := g.Run(general, 4)
	if err != nil {
		t.Fatal(err)
	}
	if fused.T != want.T || fused.Hops != want.Hops || fmt.Sprint(fused.Arrival, fused.Sends) != fmt.Sprint(want.Arrival, want.Sends) {
		t.Errorf("fused %+v, general %+v", fused, want)
	}
}

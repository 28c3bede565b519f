package messages

import (
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/topology"
)

// table is a Program of listed messages and an Observer that records
// what it is told.
type table struct {
	net   topology.Network
	src   []uint32
	gap   []bool
	path  [][]uint32
	round []int32
	after [][]int32
	// what the observer saw: per message the hops and the step of its
	// arrival, and the rounds done with their step
	hops    []int
	arrived []int32
	done    [][2]int32
}

func (p *table) Net() topology.Network { return p.net }
func (p *table) Messages() int         { return len(p.src) }
func (p *table) Prio(int32) uint8      { return 0 }
func (p *table) Prios() int            { return 1 }
func (p *table) Source(id int32) (uint32, bool) {
	return p.src[id], p.gap == nil || !p.gap[id]
}
func (p *table) Hop(id int32, k int) (uint32, bool) { return p.path[id][k-1], k == len(p.path[id]) }
func (p *table) Round(id int32) int32 {
	if p.round == nil {
		return 0
	}
	return p.round[id]
}
func (p *table) After(id int32) []int32 {
	if p.after == nil {
		return nil
	}
	return p.after[id]
}
func (p *table) Moved(t int32, id int32, k int, _ uint32, last bool) {
	p.hops[id]++
	if p.hops[id] != k {
		panic("hops out of order")
	}
	if last {
		p.arrived[id] = t
	}
}
func (p *table) RoundDone(r, t int32) { p.done = append(p.done, [2]int32{r, t}) }

// run runs p under port and returns the engine's T.
func run(t *testing.T, r *Runner, p *table, port Port) int {
	t.Helper()
	p.hops, p.arrived, p.done = make([]int, len(p.src)), make([]int32, len(p.src)), nil
	for i := range p.arrived {
		p.arrived[i] = -1
	}
	res, err := r.Run(&engine.Engine{}, p, p, port)
	if err != nil {
		t.Fatal(err)
	}
	if res.Held != 0 {
		t.Fatalf("%d messages held at the end", res.Held)
	}
	return res.T
}

// ring8 is the ring of 8 nodes.
func ring8(t *testing.T) topology.Network {
	net, err := topology.New(topology.Ring, 8)
	if err != nil {
		t.Fatal(err)
	}
	return net
}

// TestPorts: two messages leave node 0 on its two links: all-port in one
// step, single-port one after the other, the smaller id first.
func TestPorts(t *testing.T) {
	p := &table{net: ring8(t), src: []uint32{0, 0}, path: [][]uint32{{1}, {7}}}
	var r Runner
	if T := run(t, &r, p, AllPort); T != 1 || !slices.Equal(p.arrived, []int32{0, 0}) {
		t.Fatalf("all-port: T = %d, arrivals %v", T, p.arrived)
	}
	if T := run(t, &r, p, SinglePort); T != 2 || !slices.Equal(p.arrived, []int32{0, 1}) {
		t.Fatalf("single-port: T = %d, arrivals %v", T, p.arrived)
	}
}

// TestFarthest: under the engine's Farthest discipline a node sends the
// message with the most hops still to go first, whatever the ids.
func TestFarthest(t *testing.T) {
	p := &table{net: ring8(t), src: []uint32{0, 0, 0}, path: [][]uint32{{1}, {1, 2}, {7, 6, 5}}}
	p.hops, p.arrived = make([]int, 3), make([]int32, 3)
	var r Runner
	res, err := r.Run(&engine.Engine{Discipline: engine.Farthest}, p, p, SinglePort)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int32{2, 2, 2}; res.T != 3 || !slices.Equal(p.arrived, want) {
		t.Fatalf("T = %d, arrivals %v, want %v", res.T, p.arrived, want)
	}
}

// TestAfter: a message leaves in the step after the one it waits for
// arrived at its source, and a message no one waits for leaves at once.
func TestAfter(t *testing.T) {
	p := &table{net: ring8(t), src: []uint32{3, 0, 4},
		path:  [][]uint32{{4, 5}, {1, 2, 3}, {5}},
		after: [][]int32{{1}, nil, nil}}
	var r Runner
	T := run(t, &r, p, AllPort)
	if want := []int32{4, 2, 0}; T != 5 || !slices.Equal(p.arrived, want) || !slices.Equal(p.hops, []int{2, 3, 1}) {
		t.Fatalf("T = %d, arrivals %v (want %v), hops %v", T, p.arrived, want, p.hops)
	}
}

// TestRounds: a round starts in the step after the last message of the
// round before arrived, whether or not the rounds ascend with the ids;
// an empty round is done before the start; a gap is no message.
func TestRounds(t *testing.T) {
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 1, 0, 2}} {
		src := []uint32{0, 2, 6, 6}
		path := [][]uint32{{1, 2, 3}, {3}, {7}, {5}}
		round := []int32{2, 2, 4, 4} // round 1 and 3 empty
		p := &table{net: ring8(t), gap: make([]bool, 5)}
		for _, i := range order {
			p.src, p.path, p.round = append(p.src, src[i]), append(p.path, path[i]), append(p.round, round[i])
		}
		// a gap in the middle, with a round that would be wrong
		p.src, p.path, p.round, p.gap[4] = append(p.src, 1), append(p.path, nil), append(p.round, 1), true
		var r Runner
		T := run(t, &r, p, AllPort)
		done := [][2]int32{{1, -1}, {2, 2}, {3, 2}, {4, 3}}
		if T != 4 || !slices.Equal(p.done, done) || p.hops[4] != 0 || p.arrived[4] != -1 {
			t.Fatalf("order %v: T = %d, rounds done %v (want %v), gap hops %d", order, T, p.done, done, p.hops[4])
		}
		for j, i := range order {
			if want := map[int]int32{0: 2, 1: 0, 2: 3, 3: 3}[i]; p.arrived[j] != want {
				t.Fatalf("order %v: message %d (of round %d) arrived in step %d, want %d", order, j, round[i], p.arrived[j], want)
			}
		}
	}
}

// TestRoundAndAfter: a message waits both for its round and for its
// inputs, whichever comes last.
func TestRoundAndAfter(t *testing.T) {
	p := &table{net: ring8(t), src: []uint32{0, 4, 3, 5},
		path:  [][]uint32{{1, 2, 3}, {5}, {4}, {6}},
		round: []int32{1, 1, 2, 2},
		after: [][]int32{nil, nil, {0}, {1}}}
	var r Runner
	T := run(t, &r, p, AllPort)
	if want := []int32{2, 0, 3, 3}; T != 4 || !slices.Equal(p.arrived, want) {
		t.Fatalf("T = %d, arrivals %v, want %v", T, p.arrived, want)
	}
}

// TestBadAfter: waiting for a message that does not exist, or for itself,
// is refused before the run.
func TestBadAfter(t *testing.T) {
	for _, after := range [][]int32{{2}, {-1}, {0}} {
		p := &table{net: ring8(t), src: []uint32{0, 1}, path: [][]uint32{{1}, {2}}, after: [][]int32{after, nil}}
		var r Runner
		if _, err := r.Run(&engine.Engine{}, p, p, AllPort); err == nil {
			t.Errorf("message 0 waiting for %v: no error", after)
		}
	}
}

// TestParsePort: single, one (its alias) and all, and nothing else.
func TestParsePort(t *testing.T) {
	for s, want := range map[string]Port{"single": SinglePort, "one": SinglePort, "all": AllPort} {
		if p, err := ParsePort(s); err != nil || p != want {
			t.Errorf("%q: %v, %v", s, p, err)
		}
	}
	for _, s := range []string{"", "two", "All", "single "} {
		if _, err := ParsePort(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if SinglePort.String() != "single" || AllPort.String() != "all" {
		t.Errorf("names %v, %v", SinglePort, AllPort)
	}
}

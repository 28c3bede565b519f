package routers

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
)

// TestAdaptiveMatchesReference routes random permutations on random faulty
// cubes by adaptive-ecube and adaptive-valiant and by adaptiveRef on the
// same instance and random stream: every send of the trace, T, hops, the
// packets dropped and held, and the messages lost agree.
func TestAdaptiveMatchesReference(t *testing.T) {
	lost := 0
	for _, router := range []string{"adaptive-ecube", "adaptive-valiant"} {
		for _, how := range Reroutes {
			for _, port := range []Port{SinglePort, AllPort} {
				for _, q := range []float64{0.05, 0.2, 0.4} {
					for n := 3; n <= 7; n++ {
						for seed := range uint64(3) {
							c := with(Config{Router: router, Port: port, Pattern: "random", N: n, Mu: 1, Q: q,
								Record: engine.Record{Arrivals: true, Trace: true}}, reroute, how)
							lost += compareWithReference(t, c, seed, nil)
						}
					}
				}
			}
		}
	}
	if lost == 0 {
		t.Error("no packet lost: the comparison of lost packets compared nothing")
	}
}

// TestAdaptiveMatchesReferenceExhaustive compares as above every
// permutation of Q_2 on every cube Q_2 with at most two failed edges.
func TestAdaptiveMatchesReferenceExhaustive(t *testing.T) {
	var perms [][]uint32
	permutations(4, func(p []uint32) { perms = append(perms, slices.Clone(p)) })
	lost, sets := 0, 0
	faultstest.EachSet(2, 2, func(f *faults.Set) {
		sets++
		for _, router := range []string{"adaptive-ecube", "adaptive-valiant"} {
			for _, how := range Reroutes {
				for _, port := range []Port{SinglePort, AllPort} {
					c := with(Config{Router: router, Port: port, Pattern: "random", N: 2, Mu: 1,
						Record: engine.Record{Arrivals: true, Trace: true}}, reroute, how)
					if f.Count() > 0 {
						c.FaultList = faults.ListOf(f)
					}
					for i, p := range perms {
						lost += compareWithReference(t, c, uint64(i), p)
					}
				}
			}
		}
	})
	if sets != 37 || len(perms) != 24 || lost == 0 {
		t.Errorf("%d fault sets (want 37), %d permutations (want 24), %d packets lost (want some)", sets, len(perms), lost)
	}
}

// compareWithReference routes the instance of c drawn from seed, its
// request replaced by perm unless nil, by c's router and by adaptiveRef,
// fails t where they differ and returns the packets lost.
func compareWithReference(t *testing.T, c Config, seed uint64, perm []uint32) int {
	t.Helper()
	name := fmt.Sprintf("%s %s %v q=%v n=%d seed %d faults %v perm %v", c.Router, reroute.Get(c), c.Port, c.Q, c.N, seed, c.FaultList, perm)
	var s, r Sim
	rng := testRand(seed)
	if err := s.Draw(c, rng); err != nil {
		t.Fatal(err)
	}
	if perm != nil {
		copy(s.Req.Dst, perm)
	}
	want, err := s.Route(c, rng)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	rng = testRand(seed)
	if err := r.Draw(c, rng); err != nil {
		t.Fatal(err)
	}
	if perm != nil {
		copy(r.Req.Dst, perm)
	}
	r.eng.Discipline, r.eng.Record, r.eng.Rand = c.Queue, c.Record, rng
	r.eng.Faults, r.eng.OnFailure = nil, engine.Refuse
	got, err := new(adaptiveRef).Route(&r.eng, &r.Drawn, c)
	if err != nil {
		t.Fatalf("%s: reference: %v", name, err)
	}
	lostAt := slices.IndexFunc(Measures, func(m Measure) bool { return m.Name == "lost" })
	wl, _ := want.Measured(lostAt)
	gl, _ := got.Measured(lostAt)
	if got.T != want.T || got.Hops != want.Hops || got.Dropped != want.Dropped || got.Held != want.Held || gl != wl ||
		!slices.Equal(got.Trace, want.Trace) || !slices.Equal(got.Arrival, want.Arrival) {
		for i := range min(len(got.Trace), len(want.Trace)) {
			if got.Trace[i] != want.Trace[i] {
				t.Logf("send %d: %+v, reference %+v", i, want.Trace[i], got.Trace[i])
				break
			}
		}
		t.Fatalf("%s: T %d hops %d dropped %d held %d lost %v; reference T %d hops %d dropped %d held %d lost %v (or traces differ)",
			name, want.T, want.Hops, want.Dropped, want.Held, wl, got.T, got.Hops, got.Dropped, got.Held, gl)
	}
	return int(wl)
}

// adaptiveRef is a second, independent implementation of the adaptive
// routers (adaptive-ecube, adaptive-valiant), written apart from them, for
// the differential test TestAdaptiveMatchesReference. It routes every packet
// by e-cube legs (to its destination, or through its intermediate first) on
// a cube whose faults every node knows.
// A packet whose next e-cube hop is a failed edge v –D→ v⊕e_D passes it on
// its own, whatever other packets do: by a uniformly random intact 3-detour
// U^I (reroute=detour), or by a shortest intact path from v to v⊕e_D, the
// first a breadth-first search in ascending dimensions finds
// (reroute=shortest). A hop in dimension d on leg ph has priority
// d + ph·Off, detour hops too. A packet with no intact way past its failed edge is
// undeliverable: it stops where it is (Held at its source, else Dropped)
// and is counted as lost. Each reroute crosses the failed edge's dimension
// once, so a packet reroutes at most n times per leg.
type adaptiveRef struct {
	engine.Legs
	port     Port
	faults   *faults.Set // nil on an intact cube
	rng      *rand.Rand
	shortest bool
	// The ways past failed edge e = v·n+D−1: ways[e] of them, each of
	// span[e] dimensions, from dims[first[e]].
	first []int32
	ways  []uint8
	span  []uint16
	dims  []uint8
	// Per packet: the dimension of its next hop, and on a reroute the
	// position of the hop after it in dims and the hops left after it.
	hop  []uint8
	pos  []int32
	left []uint16
	// Breadth-first search buffers, by node.
	seen  []uint32
	from  []uint8
	queue []uint32
	epoch uint32
	lost  int
}

// Route routes the drawn request on the drawn faulty cube, through d.Via if
// it is not empty; a send over a failed edge is an error (engine.Refuse).
func (a *adaptiveRef) Route(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	a.Legs = engine.Legs{N: c.N, Mu: c.Mu, Dst: d.Req.Dst}
	if len(d.Via) > 0 {
		a.Via, a.Off = d.Via, c.N
	}
	a.port, a.rng, a.shortest, a.faults, a.lost = c.Port, e.Rand, reroute.Get(c) == "shortest", nil, 0
	if c.Faulty() {
		a.faults = &d.Faults
		a.prepare()
		e.Faults, e.OnFailure = &d.Faults, engine.Refuse
	}
	np := len(a.Dst)
	a.hop, a.pos, a.left = grow(a.hop, np), grow(a.pos, np), grow(a.left, np)
	clear(a.left)
	res, err := newResult(e.Run(a, c.Prios()))
	if err != nil {
		return nil, err
	}
	res.Set("messages", float64(np))
	res.Set("lost", float64(a.lost))
	res.Set("moved", float64(res.Hops))
	return res, nil
}

// prepare lists the ways past every failed edge.
func (a *adaptiveRef) prepare() {
	f, n := a.faults, a.N
	a.first, a.ways, a.span = grow(a.first, n<<n), grow(a.ways, n<<n), grow(a.span, n<<n)
	a.dims = a.dims[:0]
	f.Each(func(v uint32, d int) {
		e := int(v)*n + d - 1
		a.first[e], a.ways[e] = int32(len(a.dims)), 0
		if a.shortest {
			start := len(a.dims)
			if a.path(v, v^1<<(d-1)) {
				a.ways[e] = 1
			}
			a.span[e] = uint16(len(a.dims) - start)
			return
		}
		a.span[e] = 3
		for i := 1; i <= n; i++ {
			if i != d && f.Intact(faults.Detour{V: v, D: d, I: i}) {
				a.dims = append(a.dims, uint8(i), uint8(d), uint8(i))
				a.ways[e]++
			}
		}
	})
}

// path appends to dims the dimensions of a shortest intact path from src to
// dst, the first a breadth-first search in ascending dimensions finds, and
// reports whether there is one.
func (a *adaptiveRef) path(src, dst uint32) bool {
	f, n := a.faults, a.N
	a.seen, a.from = grow(a.seen, 1<<n), grow(a.from, 1<<n)
	if a.epoch++; a.epoch == 0 {
		clear(a.seen)
		a.epoch = 1
	}
	a.seen[src] = a.epoch
	a.queue = append(a.queue[:0], src)
	for h := 0; h < len(a.queue); h++ {
		u := a.queue[h]
		for d := 1; d <= n; d++ {
			w := u ^ 1<<(d-1)
			if a.seen[w] == a.epoch || f.FailedDim(u, d) {
				continue
			}
			a.seen[w], a.from[w] = a.epoch, uint8(d)
			if w == dst {
				return a.trace(src, dst)
			}
			a.queue = append(a.queue, w)
		}
	}
	return false
}

// trace appends the dimensions of the search's path from src to dst.
func (a *adaptiveRef) trace(src, dst uint32) bool {
	start := len(a.dims)
	for w := dst; w != src; w ^= 1 << (a.from[w] - 1) {
		a.dims = append(a.dims, a.from[w])
	}
	for i, j := start, len(a.dims)-1; i < j; i, j = i+1, j-1 {
		a.dims[i], a.dims[j] = a.dims[j], a.dims[i]
	}
	return true
}

func (a *adaptiveRef) Packets() int { return len(a.Dst) }

func (a *adaptiveRef) Nodes() int { return 1 << a.N }

// Queues is 1 in the single-port model; all-port has one queue per
// out-link, the queue of dimension d being d−1.
func (a *adaptiveRef) Queues() int {
	if a.port == AllPort {
		return a.N
	}
	return 1
}

func (a *adaptiveRef) Start(first int, batch []engine.Move) {
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = a.First(id)
		if !a.place(m, a.Src(id)) {
			m.Fate = engine.Held
		}
	}
}

func (a *adaptiveRef) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		if !a.place(m, m.From^1<<(a.hop[m.ID]-1)) {
			m.Fate = engine.Dropped
		}
	}
}

// place puts the packet of m at node at in the queue of its next hop, and
// reports false if it has no intact way on.
func (a *adaptiveRef) place(m *engine.Move, at uint32) bool {
	m.To, m.Fate = at, engine.Waiting
	id := m.ID
	if a.left[id] > 0 {
		a.left[id]--
		a.hop[id] = a.dims[a.pos[id]]
		m.Prio = a.hop[id] + m.Phase*uint8(a.Off)
		a.pos[id]++
		a.queueFor(m)
		return true
	}
	var b int
	var there bool
	m.Via, m.Phase, m.Prio, b, there = a.Next(at, m.Via, m.Dst, m.Phase)
	if there {
		m.Fate = engine.Delivered
		return true
	}
	a.hop[id] = uint8(b + 1)
	if a.faults != nil && a.faults.FailedDim(at, b+1) {
		e := int(at)*a.N + b
		k := int(a.ways[e])
		if k == 0 {
			a.lost++
			return false
		}
		off := a.first[e]
		off += int32(a.rng.IntN(k)) * int32(a.span[e])
		a.hop[id], a.pos[id], a.left[id] = a.dims[off], off+1, a.span[e]-1
		m.Prio = a.hop[id] + m.Phase*uint8(a.Off)
	}
	a.queueFor(m)
	return true
}

// queueFor sets the queue of m's next hop.
func (a *adaptiveRef) queueFor(m *engine.Move) {
	m.Queue = 0
	if a.port == AllPort {
		m.Queue = uint16(a.hop[m.ID] - 1)
	}
}

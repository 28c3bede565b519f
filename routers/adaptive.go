package routers

import (
	"math/bits"
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/param"
)

var adaptiveEcubeKind = Kind{
	Name:        "adaptive-ecube",
	Doc:         "e-cube that knows the faults and reroutes each packet around a failed edge on its own, no coordination: the baseline of thesis Ch. III",
	Ports:       []Port{SinglePort, AllPort},
	Disciplines: allDisciplines,
	Faults:      true,
	Params:      []*Param{reroute},
	Prios:       func(n int) int { return n + 1 },
	New:         func() Instance { return new(adaptive) },
	Memory:      adaptiveMemory,
}

var adaptiveValiantKind = Kind{
	Name:        "adaptive-valiant",
	Doc:         "Valiant two-phase over e-cube legs, rerouting each packet around a failed edge on its own, no coordination: the baseline of thesis Ch. III",
	Ports:       []Port{SinglePort, AllPort},
	Disciplines: allDisciplines,
	Faults:      true,
	Params:      []*Param{reroute},
	Prios:       func(n int) int { return 2*n + 1 },
	Draws:       "one uniform intermediate per packet",
	Draw:        drawIntermediates,
	New:         func() Instance { return new(adaptive) },
	Memory:      adaptiveMemory,
}

// adaptiveMemory estimates the memory of a trial of c: the cube's (with
// Valiant's priorities), 20 bytes per packet of detour state, and for
// reroute shortest the index of the paths by edge.
func adaptiveMemory(c Config) int64 {
	b := c.cubeBytes(2*c.N+1) + int64(c.Mu)<<c.N*20
	if reroute.Get(c) == "shortest" && c.Faulty() {
		b += int64(c.N) << c.N * 4
	}
	return b
}

// Reroutes are the values of parameter reroute: what a packet of the
// adaptive routers does at a failed edge.
var Reroutes = []string{"detour", "shortest"}

// reroute is the adaptive routers' parameter of their own.
var reroute = Own(param.Param{Name: "reroute", Doc: "rerouting at a failed edge, adaptive routers (detour: a random intact 3-detour; shortest: a shortest intact path)", Type: Name, Default: "detour", Names: func() []string { return Reroutes }})

// adaptive routes each packet along its e-cube legs (engine.Legs) on a
// cube whose faults every node knows. A packet whose next hop is a failed
// edge v → v⊕e_d goes around it on its own, with no regard for the other
// packets: by a uniformly random intact 3-detour of the edge (reroute
// detour; thesis Ch. III.1), or by a shortest intact path from v to v⊕e_d
// (reroute shortest; the first in breadth-first order, dimensions
// ascending). Either way it then continues its leg from v⊕e_d. A packet
// that finds no such way is lost where it stands: Held if that is its
// source, Dropped otherwise.
type adaptive struct {
	engine.Legs
	port     Port
	shortest bool
	faults   *faults.Set
	rng      *rand.Rand

	// Per packet: the detour it is on, its hops off[id] … end[id]−1 of
	// own (reroute detour, 3 hops at 3·id) or of paths (reroute
	// shortest); goal, the node where it ends; extra, hops beyond the
	// fault-free route; the packet's flags.
	off, end []int32
	goal     []uint32
	extra    []int32
	flags    []uint8
	own      []uint8

	// The shortest intact path around each failed edge, found once per
	// trial: first[edge index] is unseen, noPath, or the offset in paths
	// of its dimensions, which end with a 0.
	first []int32
	paths []uint8
	bfs   bfs

	keys adaptiveKeys
}

const (
	rerouted uint8 = 1 << iota
	undeliverable
)

// first's values for an edge whose path is not searched yet or does not
// exist.
const (
	unseen int32 = -2
	noPath int32 = -1
)

// Route routes the drawn request on its faulty cube, through d.Via if it is
// not empty; a send over a failed edge would fail the run.
func (a *adaptive) Route(e *engine.Engine, d *Drawn, c Config) (*Result, error) {
	a.reset(e, d, c)
	res, err := newResult(e.Run(a, c.Prios()))
	if err != nil {
		return nil, err
	}
	a.measure(res)
	return res, nil
}

// reset sets a up for the trial of c drawn in d, and e to refuse sends over
// its failed edges.
func (a *adaptive) reset(e *engine.Engine, d *Drawn, c Config) {
	a.Legs = engine.Legs{N: c.N, Mu: c.Mu, Dst: d.Req.Dst}
	if len(d.Via) > 0 {
		a.Via, a.Off = d.Via, c.N
	}
	a.port, a.shortest, a.faults, a.rng = c.Port, reroute.Get(c) == "shortest", nil, e.Rand
	if c.Faulty() {
		a.faults = &d.Faults
		e.Faults, e.OnFailure = &d.Faults, engine.Refuse
	}
	np := d.Req.Packets()
	a.off, a.end = grow(a.off, np), grow(a.end, np)
	a.goal, a.extra, a.flags = grow(a.goal, np), grow(a.extra, np), grow(a.flags, np)
	clear(a.off)
	clear(a.end)
	clear(a.extra)
	clear(a.flags)
	if a.shortest && a.faults != nil {
		a.first = grow(a.first, c.N<<c.N)
		for i := range a.first {
			a.first[i] = unseen
		}
		a.paths = a.paths[:0]
	} else {
		a.own = grow(a.own, 3*np)
	}
}

// measure reports the trial's measures in res.
func (a *adaptive) measure(res *Result) {
	np := len(a.Dst)
	var lost, detoured int
	var base, hops int64
	for id := range np {
		if a.flags[id]&rerouted != 0 {
			detoured++
		}
		if a.flags[id]&undeliverable != 0 {
			lost++
			continue
		}
		src, via, dst := a.Src(id), a.Dst[id], a.Dst[id]
		if a.Legs.Via != nil {
			via = a.Legs.Via[id]
		}
		l := int64(bits.OnesCount32(src^via) + bits.OnesCount32(via^dst))
		base += l
		hops += l + int64(a.extra[id])
	}
	res.Set("messages", float64(np))
	res.Set("lost", float64(lost))
	res.Set("moved", float64(res.Hops))
	res.Set("rerouted", float64(detoured))
	if base > 0 {
		res.Set("stretch", float64(hops)/float64(base))
	}
}

func (a *adaptive) Packets() int { return len(a.Dst) }

func (a *adaptive) Nodes() int { return 1 << a.N }

// Queues is the port model's: one queue per node, or one per out-link.
func (a *adaptive) Queues() int { return a.port.Queues(a.N) }

func (a *adaptive) Start(first int, batch []engine.Move) {
	for i := range batch {
		id := first + i
		m := &batch[i]
		m.ID = uint32(id)
		m.Via, m.Dst, m.Phase = a.First(id)
		a.place(m, a.Src(id), engine.Held)
	}
}

func (a *adaptive) Send(batch []engine.Move) {
	for i := range batch {
		m := &batch[i]
		dim := int(m.Prio) - int(m.Phase)*a.Off
		if a.off[m.ID] < a.end[m.ID] {
			a.off[m.ID]++ // the hop was one of its detour
		}
		a.place(m, m.From^1<<(dim-1), engine.Dropped)
	}
}

// place puts the packet of m at node at in the queue of its next hop, or
// gives it fate lost if it has no intact way on.
func (a *adaptive) place(m *engine.Move, at uint32, lost engine.Fate) {
	m.To, m.Fate = at, engine.Waiting
	id := m.ID
	if a.off[id] < a.end[id] {
		a.hop(m, a.detourHop(id))
		return
	}
	var d int
	var there bool
	m.Via, m.Phase, _, d, there = a.Next(at, m.Via, m.Dst, m.Phase)
	if there {
		m.Fate = engine.Delivered
		return
	}
	dim := d + 1
	if a.faults != nil && a.faults.FailedDim(at, dim) {
		if !a.reroute(id, at, dim) {
			m.Fate = lost
			a.flags[id] |= undeliverable
			return
		}
		dim = a.detourHop(id)
	}
	a.hop(m, dim)
}

// hop sets m to wait for its hop in dimension dim, which Send reads back
// from the priority.
func (a *adaptive) hop(m *engine.Move, dim int) {
	m.Prio = uint8(dim + int(m.Phase)*a.Off)
	m.Queue = a.port.Queue(dim)
}

// detourHop returns the dimension of packet id's next detour hop.
func (a *adaptive) detourHop(id uint32) int {
	i := a.off[id]
	if a.shortest {
		return int(a.paths[i])
	}
	return int(a.own[i])
}

// reroute puts packet id, at node v, on a way around the failed edge from
// v in dimension d, and reports whether there is one.
func (a *adaptive) reroute(id uint32, v uint32, d int) bool {
	if a.shortest {
		ei := int(v)*a.N + d - 1
		if a.first[ei] == unseen {
			a.first[ei] = a.search(v, d)
		}
		p := a.first[ei]
		if p == noPath {
			return false
		}
		end := p
		for a.paths[end] != 0 {
			end++
		}
		a.off[id], a.end[id] = p, end
		a.extra[id] += end - p - 1
	} else {
		i := a.randomDetour(v, d)
		if i == 0 {
			return false
		}
		p := 3 * int32(id)
		a.own[p], a.own[p+1], a.own[p+2] = uint8(i), uint8(d), uint8(i)
		a.off[id], a.end[id] = p, p+3
		a.extra[id] += 2
	}
	a.goal[id] = v ^ 1<<(d-1)
	a.flags[id] |= rerouted
	return true
}

// randomDetour returns the dimension i of a uniformly random intact detour
// U^i of the edge from v in dimension d, 0 if it has none.
func (a *adaptive) randomDetour(v uint32, d int) int {
	var intact [32]uint8 // ascending
	k, f, ed := 0, a.faults, uint32(1)<<(d-1)
	// The dimensions i ≠ d whose edge from v is intact, then U^i's other
	// two edges (faults.Set.Intact without its first test: 5 % of the
	// adaptive-detour benchmark).
	for c := ^f.Out(v) & (1<<a.N - 1) &^ ed; c != 0; c &= c - 1 {
		i := bits.TrailingZeros32(c) + 1
		if w := v ^ 1<<(i-1); !f.FailedDim(w, d) && !f.FailedDim(w^ed, i) {
			intact[k] = uint8(i)
			k++
		}
	}
	if k == 0 {
		return 0
	}
	return int(intact[a.rng.IntN(k)])
}

// search appends to paths the shortest intact path from v to v⊕e_d and a
// 0, and returns its offset, or noPath.
func (a *adaptive) search(v uint32, d int) int32 {
	p := int32(len(a.paths))
	// The paths of length 3 are the 3-detours; breadth-first search
	// finds the one of the lowest dimension first.
	for i := 1; i <= a.N; i++ {
		if i != d && a.faults.Intact(faults.Detour{V: v, D: d, I: i}) {
			a.paths = append(a.paths, uint8(i), uint8(d), uint8(i), 0)
			return p
		}
	}
	path, ok := a.bfs.path(a.faults, v, v^1<<(d-1))
	if !ok {
		return noPath
	}
	a.paths = append(a.paths, path...)
	a.paths = append(a.paths, 0)
	return p
}

// Remain returns the hops packet p, waiting at node at, still has to go:
// the rest of the detour it is on, then its fault-free route, not counting
// the detours around the failed edges ahead.
func (a *adaptive) Remain(p *engine.Packet, at uint32) int {
	left := a.end[p.ID] - a.off[p.ID]
	if left > 0 {
		at = a.goal[p.ID]
	}
	return int(left) + bits.OnesCount32(at^p.Via) + bits.OnesCount32(p.Via^p.Dst)
}

// bfs finds shortest paths over the intact edges of a faulty cube, reusing
// its buffers.
type bfs struct {
	seen  []uint32 // the search that last reached each node
	from  []uint8  // the dimension each node was reached by
	queue []uint32
	round uint32
	dims  []uint8
}

// path returns the dimensions of a shortest path from s to z over intact
// edges, dimensions tried in ascending order, and whether there is one.
// The slice is reused by the next call.
func (b *bfs) path(f *faults.Set, s, z uint32) ([]uint8, bool) {
	nodes := 1 << f.N
	if len(b.seen) != nodes {
		b.seen, b.from, b.round = make([]uint32, nodes), make([]uint8, nodes), 0
	}
	b.round++
	b.seen[s] = b.round
	b.queue = append(b.queue[:0], s)
	for h := 0; h < len(b.queue) && b.seen[z] != b.round; h++ {
		u := b.queue[h]
		for d := 1; d <= f.N; d++ {
			w := u ^ 1<<(d-1)
			if b.seen[w] != b.round && !f.FailedDim(u, d) {
				b.seen[w], b.from[w] = b.round, uint8(d)
				b.queue = append(b.queue, w)
			}
		}
	}
	if b.seen[z] != b.round {
		return nil, false
	}
	b.dims = b.dims[:0]
	for u := z; u != s; u ^= 1 << (b.from[u] - 1) {
		b.dims = append(b.dims, b.from[u])
	}
	for i, j := 0, len(b.dims)-1; i < j; i, j = i+1, j-1 {
		b.dims[i], b.dims[j] = b.dims[j], b.dims[i]
	}
	return b.dims, true
}

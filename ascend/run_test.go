package ascend

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/messages"
)

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0xa5ce)) }

// randomSystem returns a system on s of uniformly random intact detours,
// or nil if a failed edge has none.
func randomSystem(s *faults.Set, rng *rand.Rand) *faults.System {
	y := faults.NewSystem(s)
	ok := true
	s.Each(func(v uint32, d int) {
		var is []int
		for i := 1; i <= s.N; i++ {
			if i != d && s.Intact(faults.Detour{V: v, D: d, I: i}) {
				is = append(is, i)
			}
		}
		if len(is) == 0 {
			ok = false
			return
		}
		y.Choose(v, d, is[rng.IntN(len(is))])
	})
	if !ok {
		return nil
	}
	return y
}

// checkRun runs p on y's cube and checks the run: every word delivered
// exactly once to the sender's neighbour, no send over a failed edge, at
// most one packet per link (all-port) or per node (single-port) per unit,
// steps one after the other, T the sum of the step times, and all-port
// the step times of the law, at most γ_d + 2; single-port at least those.
func checkRun(t *testing.T, r *Runner, p Program, y *faults.System, port messages.Port) *Result {
	t.Helper()
	var e engine.Engine
	e.Record = engine.Record{Packets: true, Trace: true}
	res, err := r.Run(&e, p, y, port)
	single := port == messages.SinglePort
	if err != nil {
		t.Fatalf("faults %v: %v", y.Faults, err)
	}
	n := p.N()
	var sum int32
	ends := make([]int32, p.Steps()+1) // ends[s+1]: the time step s ends
	for s, st := range res.StepTimes {
		sum += st
		ends[s+1] = sum
	}
	if int(sum) != res.T {
		t.Fatalf("faults %v: T = %d, steps take %v", y.Faults, res.T, res.StepTimes)
	}
	if cost, err := Law(p, y, port); err != nil || (!single || r.Schedule == Optimal) &&
		(!slices.Equal(cost.StepTimes, res.StepTimes) || cost.T != res.T || cost.Hops != res.Hops || cost.MaxQueue != res.MaxQueue) {
		t.Fatalf("faults %v, %s, %v: the law says %+v (%v); the run took %v, T = %d, %d hops, queues up to %d",
			y.Faults, describe(y), port, cost, err, res.StepTimes, res.T, res.Hops, res.MaxQueue)
	}
	law := StepTimes(p, y)
	perDim, gamma := y.Gamma()
	for s, st := range res.StepTimes {
		switch {
		case !single && st != law[s]:
			t.Fatalf("faults %v, %s: step %d (dim %d) took %d, the law says %d", y.Faults, describe(y), s, p.Dim(s), st, law[s])
		case single && st < law[s]:
			t.Fatalf("faults %v: single-port step %d took %d, less than all-port's %d", y.Faults, s, st, law[s])
		case !single && st > max(1, int32(perDim[p.Dim(s)-1])+2):
			t.Fatalf("faults %v: step %d (dim %d) took %d > γ_d + 2 = %d", y.Faults, s, p.Dim(s), st, perDim[p.Dim(s)-1]+2)
		}
	}
	if !single && res.MaxStep() > gamma+2 {
		t.Fatalf("faults %v: slowest step %d > γ + 2 = %d", y.Faults, res.MaxStep(), gamma+2)
	}
	// Conservation, from the trace: each sending node's word reaches its
	// neighbour within its step, over intact links, by 1 or 3 hops.
	hops := make([]int32, len(res.Arrival))
	at := make([]uint32, len(res.Arrival))
	for id := range at {
		at[id] = uint32(id) & (1<<n - 1)
	}
	links := make(map[[2]uint32]bool)
	nodes := make(map[uint32]bool)
	last := int32(-1)
	for _, snd := range res.Trace {
		if snd.T != last {
			clear(links)
			clear(nodes)
			last = snd.T
		}
		s := int(snd.Packet) >> n
		switch {
		case at[snd.Packet] != snd.From || bits.OnesCount32(snd.From^snd.To) != 1:
			t.Fatalf("packet %d sent %d→%d, not from where it is (%d) or not over an edge", snd.Packet, snd.From, snd.To, at[snd.Packet])
		case y.Faults.Failed(snd.From, snd.To):
			t.Fatalf("packet %d crossed the failed edge %d→%d", snd.Packet, snd.From, snd.To)
		case snd.T < ends[s] || snd.T >= ends[s+1]:
			t.Fatalf("packet %d of step %d sent at %d, outside [%d, %d)", snd.Packet, s, snd.T, ends[s], ends[s+1])
		case !single && links[[2]uint32{snd.From, snd.To}]:
			t.Fatalf("two packets on %d→%d at %d", snd.From, snd.To, snd.T)
		case single && nodes[snd.From]:
			t.Fatalf("node %d sends twice at %d", snd.From, snd.T)
		}
		links[[2]uint32{snd.From, snd.To}] = true
		nodes[snd.From] = true
		at[snd.Packet] = snd.To
		hops[snd.Packet]++
	}
	for id := range at {
		s, v := id>>n, uint32(id)&(1<<n-1)
		sends := p.Sends(s, v)
		d := p.Dim(s)
		want := int32(0)
		if sends {
			want = 1
			if y.Faults.FailedDim(v, d) {
				want = 3
			}
		}
		switch {
		case hops[id] != want || res.PacketHops[id] != want:
			t.Fatalf("packet %d (step %d, node %d): %d hops, engine %d, want %d", id, s, v, hops[id], res.PacketHops[id], want)
		case sends && (at[id] != hypercube.Neighbor(v, d) || res.Arrival[id] != ends[s+1] && res.Arrival[id] > ends[s+1]):
			t.Fatalf("packet %d (step %d, node %d) ends at %d at time %d", id, s, v, at[id], res.Arrival[id])
		}
	}
	return res
}

// checkSort sorts a random permutation of Q_n on y's cube and checks the
// run, the result, and all-port its time against SortTime and the bounds.
func checkSort(t *testing.T, r *Runner, y *faults.System, rng *rand.Rand, port messages.Port) *Result {
	t.Helper()
	n := y.Faults.N
	req, err := hypercube.NewRequest("random", n, 1, rng)
	if err != nil {
		t.Fatal(err)
	}
	p := NewSort(n, req.Dst)
	res := checkRun(t, r, p, y, port)
	for v, item := range p.Hold {
		if req.Dst[item] != uint32(v) {
			t.Fatalf("faults %v: node %d ends with item %d for %d", y.Faults, v, item, req.Dst[item])
		}
	}
	_, gamma := y.Gamma()
	steps := n * (n + 1) / 2
	switch {
	case port == messages.SinglePort:
	case res.T != SortTime(y):
		t.Fatalf("faults %v: sort took %d, the law says %d", y.Faults, res.T, SortTime(y))
	case y.Faults.Count() == 0 && res.T != steps:
		t.Fatalf("intact Q_%d: sort took %d, want n(n+1)/2 = %d", n, res.T, steps)
	case res.T > (gamma+2)*steps:
		t.Fatalf("faults %v: sort took %d > (γ+2)·n(n+1)/2 = %d", y.Faults, res.T, (gamma+2)*steps)
	}
	return res
}

// TestSortExhaustive sorts on every fault set of Q_2 and Q_3 with at most
// three failed edges and of Q_4 with at most two, with every detour system,
// all-port and single-port.
func TestSortExhaustive(t *testing.T) {
	for _, c := range []struct{ n, k, sets, runs int }{{2, 3, 93, 0}, {3, 3, 2325, 0}, {4, 2, 2081, 0}} {
		rng := testRand(uint64(c.n))
		var r Runner
		sets, runs, slower := 0, 0, 0
		faultstest.EachSet(c.n, c.k, func(s *faults.Set) {
			sets++
			faultstest.EachSystem(s, func(y *faults.System) {
				runs++
				checkSort(t, &r, y, rng, messages.AllPort)
				if sp := checkSort(t, &r, y, rng, messages.SinglePort); sp.T > SortTime(y) {
					slower++
				}
			})
		})
		if sets != c.sets {
			t.Fatalf("n=%d: %d fault sets, want %d", c.n, sets, c.sets)
		}
		t.Logf("n=%d: %d fault sets, %d systems, single-port slower on %d", c.n, sets, runs, slower)
	}
}

// TestSortRandomFaults sorts on random fault sets of Q_4 … Q_7 with
// random detour systems, all-port and single-port.
func TestSortRandomFaults(t *testing.T) {
	rng := testRand(7)
	var r Runner
	ran := 0
	for n := 4; n <= 7; n++ {
		for range 40 {
			s, _ := faults.New(n)
			if err := s.Exactly(1+rng.IntN(3*n), rng); err != nil {
				t.Fatal(err)
			}
			y := randomSystem(s, rng)
			if y == nil {
				continue
			}
			checkSort(t, &r, y, rng, messages.AllPort)
			checkSort(t, &r, y, rng, messages.SinglePort)
			ran++
		}
	}
	if ran < 100 {
		t.Fatalf("%d of 160 fault sets had a complete system", ran)
	}
}

// TestCollectivesExhaustive runs broadcast, reduce and prefix sum from
// every root on every fault set of Q_3 with at most two failed edges, with
// every detour system, and checks their results.
func TestCollectivesExhaustive(t *testing.T) {
	const n = 3
	rng := testRand(3)
	var r Runner
	faultstest.EachSet(n, 2, func(s *faults.Set) {
		faultstest.EachSystem(s, func(y *faults.System) {
			for root := range uint32(1) << n {
				for _, port := range []messages.Port{messages.AllPort, messages.SinglePort} {
					checkCollectives(t, &r, y, root, rng, port)
				}
			}
		})
	})
}

func checkCollectives(t *testing.T, r *Runner, y *faults.System, root uint32, rng *rand.Rand, port messages.Port) {
	t.Helper()
	n := y.Faults.N
	val := make([]uint64, 1<<n)
	var sum uint64
	for v := range val {
		val[v] = rng.Uint64() >> 8
		sum += val[v]
	}
	b := NewBroadcast(n, root, val[root])
	checkRun(t, r, b, y, port)
	for v, x := range b.Val {
		if x != val[root] {
			t.Fatalf("faults %v: broadcast from %d: node %d has %d, want %d", y.Faults, root, v, x, val[root])
		}
	}
	p := NewPrefix(n, val)
	checkRun(t, r, p, y, port)
	var pre uint64
	for v := range val {
		pre += val[v]
		if p.Sum[v] != pre || p.Total[v] != sum {
			t.Fatalf("faults %v: prefix at %d = %d (total %d), want %d (%d)", y.Faults, v, p.Sum[v], p.Total[v], pre, sum)
		}
	}
	red := NewReduce(n, root, slices.Clone(val))
	checkRun(t, r, red, y, port)
	if red.Val[root] != sum {
		t.Fatalf("faults %v: reduce to %d = %d, want %d", y.Faults, root, red.Val[root], sum)
	}
}

// TestCollectivesRandomFaults runs the collectives on random faulty Q_5.
func TestCollectivesRandomFaults(t *testing.T) {
	rng := testRand(5)
	var r Runner
	ran := 0
	for range 60 {
		s, _ := faults.New(5)
		if err := s.Exactly(1+rng.IntN(12), rng); err != nil {
			t.Fatal(err)
		}
		picked := randomSystem(s, rng)
		if picked != nil {
			checkCollectives(t, &r, picked, rng.Uint32()&31, rng, messages.AllPort)
			ran++
		}
	}
	if ran < 40 {
		t.Fatalf("%d of 60 fault sets had a complete system", ran)
	}
}

// describe lists the detours of y as v-d->w/i.
func describe(y *faults.System) string {
	s := ""
	y.Faults.Each(func(v uint32, d int) {
		u, _ := y.Detour(v, d)
		s += fmt.Sprintf(" %d-%d->%d/U^%d", v, d, hypercube.Neighbor(v, d), u.I)
	})
	return "detours" + s
}

// TestSinglePortQ3 runs bitonic sort on two faulty Q_3, all-port and
// single-port under both schedules. First the edges 0→1, 1→0 and 6→7
// fail, with detours 0→2→3→1, 1→3→2→0 and 6→2→3→7: γ = 2 (middle edge
// 2→3). In a step over dimension 1 node 2 forwards 0's and 6's words over
// 2→3 and 1's on its last edge 2→0, node 3 1's word over 3→2 and 0's and
// 6's on their last edges 3→1, 3→7. Smaller source first sends at node 2
// 0's word in unit 1, 1's in unit 2, 6's in 3, and 6's arrives at 5 =
// γ + 3; the optimal schedule sends 0's and 6's before 1's, node 3 1's
// first, and the step takes 4 = γ + 2 (the exhaustive search agrees).
// Then 7→6 fails too, with detour 7→3→2→6: two words each way over the
// middle edges 2→3 and 3→2, and no schedule does better than 2γ + 1 = 5.
func TestSinglePortQ3(t *testing.T) {
	for _, c := range []struct {
		detours        []faults.Detour
		all, opt, slow []int32
	}{
		{[]faults.Detour{{V: 0, D: 1, I: 2}, {V: 1, D: 1, I: 2}, {V: 6, D: 1, I: 3}},
			[]int32{4, 1, 4, 1, 1, 4}, []int32{4, 1, 4, 1, 1, 4}, []int32{5, 1, 5, 1, 1, 5}},
		{[]faults.Detour{{V: 0, D: 1, I: 2}, {V: 1, D: 1, I: 2}, {V: 6, D: 1, I: 3}, {V: 7, D: 1, I: 3}},
			[]int32{4, 1, 4, 1, 1, 4}, []int32{5, 1, 5, 1, 1, 5}, []int32{5, 1, 5, 1, 1, 5}},
	} {
		s, _ := faults.New(3)
		y := faults.NewSystem(s)
		for _, u := range c.detours {
			s.Fail(u.V, u.D)
			y.Choose(u.V, u.D, u.I)
		}
		sort := func() *Sort { return NewSort(3, []uint32{0, 1, 2, 3, 4, 5, 6, 7}) }
		all := checkRun(t, &Runner{}, sort(), y, messages.AllPort)
		opt := checkRun(t, &Runner{}, sort(), y, messages.SinglePort)
		slow := checkRun(t, &Runner{Schedule: SmallerSourceFirst}, sort(), y, messages.SinglePort)
		if !slices.Equal(all.StepTimes, c.all) || !slices.Equal(opt.StepTimes, c.opt) || !slices.Equal(slow.StepTimes, c.slow) {
			t.Errorf("%v: step times all-port %v, single-port optimal %v, smaller source first %v; want %v, %v, %v",
				c.detours, all.StepTimes, opt.StepTimes, slow.StepTimes, c.all, c.opt, c.slow)
		}
		if b := bruteStep(sort(), y, 0); b != int(c.opt[0]) {
			t.Errorf("%v: the exhaustive search finds %d units for the first step, want %d", c.detours, b, c.opt[0])
		}
	}
}

// then runs program a, then b.
type then struct{ a, b Program }

func (p then) N() int     { return p.a.N() }
func (p then) Steps() int { return p.a.Steps() + p.b.Steps() }

// at returns the program of step s and the step in it.
func (p then) at(s int) (Program, int) {
	if s < p.a.Steps() {
		return p.a, s
	}
	return p.b, s - p.a.Steps()
}

func (p then) Dim(s int) int { q, s := p.at(s); return q.Dim(s) }
func (p then) Sends(s int, v uint32) bool {
	q, s := p.at(s)
	return q.Sends(s, v)
}

// Word is a's throughout: what the words are does not change the cost.
func (p then) Word(v uint32) uint64 { return p.a.Word(v) }
func (p then) Receive(s int, v uint32, w uint64) {
	q, s := p.at(s)
	q.Receive(s, v, w)
}

// TestLawMixedSteps runs prefix sums, where every node sends, and then a
// broadcast, where some do, over the same dimensions on random faulty Q_5,
// both port models: the law's cost of a step in which some nodes send is
// not that of an earlier step of its dimension in which all did.
func TestLawMixedSteps(t *testing.T) {
	rng := testRand(35)
	var r Runner
	ran := 0
	for range 40 {
		s, _ := faults.New(5)
		if err := s.Exactly(2+rng.IntN(12), rng); err != nil {
			t.Fatal(err)
		}
		y := randomSystem(s, rng)
		if y == nil {
			continue
		}
		ran++
		for _, port := range []messages.Port{messages.AllPort, messages.SinglePort} {
			val := make([]uint64, 32)
			checkRun(t, &r, then{NewPrefix(5, val), NewBroadcast(5, rng.Uint32()&31, 1)}, y, port)
		}
	}
	if ran < 20 {
		t.Fatalf("%d of 40 fault sets had a complete system", ran)
	}
}

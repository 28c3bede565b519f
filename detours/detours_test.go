package detours

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
)

// instances returns random fault sets of Q_n, some of them dense enough
// that a failed edge has no intact detour.
func instances(t testing.TB, count int, seed uint64) []*faults.Set {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []*faults.Set
	for k := range count {
		n := 3 + k%4
		f, err := faults.New(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Random([]float64{0.02, 0.08, 0.15, 0.3}[k%4], rng); err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// TestStrategiesValid: every system a strategy returns passes the checker
// at its own γ, is complete iff every failed edge has an intact detour
// (optimal, random) or not at all (heuristic, which is then 1-conjunct),
// and optimal γ ≤ heuristic γ ≤ random γ on the same instance.
func TestStrategiesValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, f := range instances(t, 400, 1) {
		gammas := make(map[string]int)
		complete := make(map[string]bool)
		for _, s := range Strategies {
			y := faults.NewSystem(f)
			ok := s.Choose(y, rng)
			_, g := y.Gamma()
			if err := y.Check(g); err != nil {
				t.Fatalf("%s on %v: %v", s.Name, f, err)
			}
			if ok != y.Complete() {
				t.Fatalf("%s on %v: reports complete %v, is %v", s.Name, f, ok, y.Complete())
			}
			if s.Name != "heuristic" && ok != (f.Stranded() == 0) {
				t.Fatalf("%s on %v: complete %v with %d stranded edges", s.Name, f, ok, f.Stranded())
			}
			if s.Name == "heuristic" && ok && f.Count() > 0 && g != 1 {
				t.Fatalf("heuristic on %v: complete with γ = %d", f, g)
			}
			gammas[s.Name], complete[s.Name] = g, ok
		}
		if !complete["optimal"] {
			continue
		}
		if gammas["optimal"] > gammas["random"] || complete["heuristic"] && gammas["optimal"] > gammas["heuristic"] {
			t.Fatalf("%v: γ optimal %d, heuristic %d (complete %v), random %d", f,
				gammas["optimal"], gammas["heuristic"], complete["heuristic"], gammas["random"])
		}
		if complete["heuristic"] && gammas["heuristic"] > gammas["random"] {
			t.Fatalf("%v: γ heuristic %d > random %d", f, gammas["heuristic"], gammas["random"])
		}
	}
}

// TestRandomUniform: random picks each intact detour of a failed edge
// equally often. On Q_5 with the edge 0 –1→ 1 failed and U^2 broken, the
// three intact detours U^3, U^4, U^5 are each drawn 4000/3 ≈ 1333 times in
// 4000 trials (standard deviation 30; ±200 is more than 6 of them), U^2
// never.
func TestRandomUniform(t *testing.T) {
	f, _ := faults.New(5)
	f.Fail(0, 1)
	f.Fail(2, 1) // the middle edge of U^2
	rng := rand.New(rand.NewPCG(5, 6))
	y := faults.NewSystem(f)
	counts := make([]int, 6)
	for range 4000 {
		if !random(y, rng) {
			t.Fatal("incomplete")
		}
		u, _ := y.Detour(0, 1)
		counts[u.I]++
	}
	for i := 3; i <= 5; i++ {
		if c := counts[i]; c < 1333-200 || c > 1333+200 {
			t.Errorf("U^%d drawn %d times of 4000, want about 1333 (counts %v)", i, c, counts)
		}
	}
	if counts[2] != 0 {
		t.Errorf("the broken U^2 drawn %d times", counts[2])
	}
}

// TestHeuristicNoClash checks the thesis' claim that in one round of the
// parallel matching no two failed edges claim the same middle edge.
func TestHeuristicNoClash(t *testing.T) {
	for _, f := range instances(t, 400, 2) {
		if c := Heuristic(faults.NewSystem(f)); c != 0 {
			t.Fatalf("%v: %d clashes", f, c)
		}
	}
}

// TestHeuristicFigure: on the thesis' example of Figs. 3 and 4 (failed
// edges 0→2, 9→11, 5→7 of Q_4) the matching's first round, i = 3, gives
// every edge U^3, a 1-conjunct system.
func TestHeuristicFigure(t *testing.T) {
	f, _ := faults.New(4)
	for _, v := range []uint32{0, 9, 5} {
		f.Fail(v, 2)
	}
	y := faults.NewSystem(f)
	Heuristic(y)
	for _, v := range []uint32{0, 9, 5} {
		if u, ok := y.Detour(v, 2); !ok || u.I != 3 {
			t.Errorf("edge from %d: detour %+v, %v; want U^3", v, u, ok)
		}
	}
}

// TestOptimalExhaustive compares Optimal's γ^d with the smallest largest
// middle load over every choice of intact detours, on small instances.
func TestOptimalExhaustive(t *testing.T) {
	checked := 0
	for _, f := range instances(t, 600, 5) {
		if f.N > 4 || f.Count() > 7 || f.Count() == 0 {
			continue
		}
		gamma := Optimal(faults.NewSystem(f))
		for d := 1; d <= f.N; d++ {
			if want := exhaustive(f, d); gamma[d-1] != want {
				t.Fatalf("%v, dimension %d: γ = %d, exhaustive %d", f, d, gamma[d-1], want)
			}
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d instances checked", checked)
	}
}

// exhaustive is the smallest γ^d over all choices of intact detours for
// the failed edges of dimension d that have one.
func exhaustive(f *faults.Set, d int) int {
	var edges []uint32
	f.Each(func(v uint32, e int) {
		if e == d && f.HasDetour(v, d) {
			edges = append(edges, v)
		}
	})
	best := f.N
	load := make(map[uint32]int)
	var try func(k, worst int)
	try = func(k, worst int) {
		if worst >= best {
			return
		}
		if k == len(edges) {
			best = worst
			return
		}
		for i := 1; i <= f.N; i++ {
			u := faults.Detour{V: edges[k], D: d, I: i}
			if i == d || !f.Intact(u) {
				continue
			}
			load[u.Middle()]++
			try(k+1, max(worst, load[u.Middle()]))
			load[u.Middle()]--
		}
	}
	try(0, 0)
	if len(edges) == 0 {
		return 0
	}
	return best
}

// TestOptimalMaxFlow compares Optimal's γ^d with the smallest capacity b
// at which gonum's maximum flow (Dinic) through failed edges → middle
// edges (capacity b) matches every failed edge of dimension d that has an
// intact detour.
func TestOptimalMaxFlow(t *testing.T) {
	for _, f := range instances(t, 80, 6) {
		gamma := Optimal(faults.NewSystem(f))
		for d := 1; d <= f.N; d++ {
			want := 0
			for b := 1; b < f.N; b++ {
				matched, all := maxFlow(f, d, b)
				if all == 0 {
					break
				}
				if matched == all {
					want = b
					break
				}
			}
			if gamma[d-1] != want {
				t.Fatalf("%v, dimension %d: γ = %d, max flow gives %d", f, d, gamma[d-1], want)
			}
		}
	}
}

// maxFlow returns the maximum flow from the failed edges of dimension d
// to their intact middle edges, each of capacity b, and the number of
// failed edges with an intact detour. (MaxFlowDinic wants node IDs
// 0 … nodes−1.)
func maxFlow(f *faults.Set, d, b int) (flow float64, edges float64) {
	g := simple.NewWeightedDirectedGraph(0, 0)
	ids := map[string]int64{"s": 0, "t": 1}
	node := func(name string) simple.Node {
		id, ok := ids[name]
		if !ok {
			id = int64(len(ids))
			ids[name] = id
		}
		return simple.Node(id)
	}
	f.Each(func(v uint32, e int) {
		if e != d || !f.HasDetour(v, d) {
			return
		}
		edges++
		a := node(fmt.Sprint("failed ", v))
		g.SetWeightedEdge(simple.WeightedEdge{F: node("s"), T: a, W: 1})
		for i := 1; i <= f.N; i++ {
			u := faults.Detour{V: v, D: d, I: i}
			if i == d || !f.Intact(u) {
				continue
			}
			m := node(fmt.Sprint("middle ", u.Middle()))
			g.SetWeightedEdge(simple.WeightedEdge{F: a, T: m, W: 1})
			g.SetWeightedEdge(simple.WeightedEdge{F: m, T: node("t"), W: float64(b)})
		}
	})
	if edges == 0 {
		return 0, 0
	}
	return network.MaxFlowDinic(g, node("s"), node("t"), -1), edges
}

// TestBytes checks each strategy's memory estimate against what one draw
// on Q_14 allocates, the faults, the system and its γ included: never
// less, at most twice as much.
func TestBytes(t *testing.T) {
	const n, q = 14, 0.1
	for _, s := range Strategies {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f, err := faults.New(n)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Random(q, rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Fatal(err)
		}
		y := faults.NewSystem(f)
		s.Choose(y, rand.New(rand.NewPCG(3, 4)))
		y.Gamma()
		runtime.ReadMemStats(&after)
		got, est := int64(after.TotalAlloc-before.TotalAlloc), s.Bytes(n, q)
		if est < got || est > 2*got {
			t.Errorf("%s: estimate %d bytes, one draw allocated %d", s.Name, est, got)
		}
	}
}

// TestSameAsBefore checks that the matching and the optimal system are,
// detour for detour, those of the code before they read the faults by
// dimension (oldHeuristic, oldOptimal below), on many random cubes up to
// Q_12, and that Optimal returns the same γ per dimension, also when called
// again on the same cube.
func TestSameAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	for k := range 600 {
		n := 2 + k%11
		f, err := faults.New(n)
		if err != nil {
			t.Fatal(err)
		}
		q := []float64{0.005, 0.02, 0.05, 0.1, 0.2, 0.3}[k%6]
		if err := f.Random(q, rng); err != nil {
			t.Fatal(err)
		}
		got, want := faults.NewSystem(f), faults.NewSystem(f)
		if c, w := Heuristic(got), oldHeuristic(want); c != w || !sameSystem(got, want) {
			t.Fatalf("heuristic on Q_%d, q=%v, %d failed: not the old system (clashes %d, old %d)", n, q, f.Count(), c, w)
		}
		g, w := Optimal(got), oldOptimal(want)
		if fmt.Sprint(g) != fmt.Sprint(w) || !sameSystem(got, want) {
			t.Fatalf("optimal on Q_%d, q=%v, %d failed: not the old system (γ %v, old %v)", n, q, f.Count(), g, w)
		}
		// Again, on the matcher the first call left behind.
		if g := Optimal(got); fmt.Sprint(g) != fmt.Sprint(w) || !sameSystem(got, want) {
			t.Fatalf("optimal on Q_%d, q=%v, %d failed, second call: not the old system (γ %v, old %v)", n, q, f.Count(), g, w)
		}
	}
}

// sameSystem reports whether x and y give every edge the same detour.
func sameSystem(x, y *faults.System) bool {
	f := x.Faults
	for v := range uint32(1) << f.N {
		for d := 1; d <= f.N; d++ {
			if a, _ := x.Detour(v, d); a != func() faults.Detour { b, _ := y.Detour(v, d); return b }() {
				return false
			}
		}
	}
	return true
}

// oldHeuristic is Heuristic as it was before the faults were read by
// dimension (commit aa67f4a).
func oldHeuristic(y *faults.System) (clashes int) {
	f := y.Faults
	y.Reset(f)
	byDim := make([][]uint32, f.N+1)
	f.Each(func(v uint32, d int) { byDim[d] = append(byDim[d], v) })
	taken := make([]bool, f.Edges())
	var claimed []int
	for d := 1; d <= f.N; d++ {
		pending := byDim[d]
		for i := d%f.N + 1; i != d && len(pending) > 0; i = i%f.N + 1 {
			claimed = claimed[:0]
			left := pending[:0]
			for _, v := range pending {
				m := int(hypercube.Neighbor(v, i))*f.N + d - 1
				if !f.Intact(faults.Detour{V: v, D: d, I: i}) || taken[m] {
					left = append(left, v)
					continue
				}
				claimed = append(claimed, m)
				y.Choose(v, d, i)
			}
			pending = left
			for _, m := range claimed {
				if taken[m] {
					clashes++
				}
				taken[m] = true
			}
		}
	}
	return clashes
}

// oldOptimal is Optimal as it was before the faults were read by dimension
// (commit aa67f4a).
func oldOptimal(y *faults.System) []int {
	f := y.Faults
	y.Reset(f)
	m := oldMatcher{y: y, f: f, load: make([]int32, f.Edges()), seen: make([]uint32, f.Edges())}
	gamma := make([]int, f.N)
	byDim := make([][]uint32, f.N+1)
	f.Each(func(v uint32, d int) {
		if f.HasDetour(v, d) {
			byDim[d] = append(byDim[d], v)
		}
	})
	for d := 1; d <= f.N; d++ {
		open := byDim[d]
		for b := int32(1); len(open) > 0; b++ {
			m.cap = b
			left := open[:0]
			for _, v := range open {
				m.stamp++
				if !m.augment(v, d) {
					left = append(left, v)
				}
			}
			open = left
			gamma[d-1] = int(b)
		}
	}
	return gamma
}

type oldMatcher struct {
	y     *faults.System
	f     *faults.Set
	load  []int32
	seen  []uint32
	stamp uint32
	cap   int32
}

func (m *oldMatcher) augment(v uint32, d int) bool {
	n := m.f.N
	for i := 1; i <= n; i++ {
		u := faults.Detour{V: v, D: d, I: i}
		if i == d || !m.f.Intact(u) {
			continue
		}
		mid := u.Middle()
		e := int(mid)*n + d - 1
		if m.seen[e] == m.stamp {
			continue
		}
		m.seen[e] = m.stamp
		if m.load[e] < m.cap {
			m.load[e]++
			m.y.Choose(v, d, i)
			return true
		}
		for j := 1; j <= n; j++ {
			w := hypercube.Neighbor(mid, j)
			if j == d || w == v {
				continue
			}
			if x, has := m.y.Detour(w, d); has && x.I == j && m.augment(w, d) {
				m.y.Choose(v, d, i)
				return true
			}
		}
	}
	return false
}

// TestHeuristicMixed checks the matching against oldHeuristic on cubes
// whose low dimensions have few failed edges and whose high ones many, so
// that one call runs both the rounds edge by edge and those as bits.
func TestHeuristicMixed(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 3))
	for k := range 40 {
		n := 7 + k%6
		f, err := faults.New(n)
		if err != nil {
			t.Fatal(err)
		}
		sparse, dense := 0, 0
		for d := 1; d <= n; d++ {
			q := 0.01
			if d > n/2 {
				q = 0.3
			}
			for v := range uint32(1) << n {
				if rng.Float64() < q {
					f.Fail(v, d)
				}
			}
			c := newCube(f)
			if len(c.nodes[d]) <= sparseWords*c.words {
				sparse++
			} else {
				dense++
			}
			c.release()
		}
		if sparse == 0 || dense == 0 {
			t.Fatalf("Q_%d: %d sparse and %d dense dimensions, want both", n, sparse, dense)
		}
		got, want := faults.NewSystem(f), faults.NewSystem(f)
		if c, w := Heuristic(got), oldHeuristic(want); c != w || !sameSystem(got, want) {
			t.Fatalf("Q_%d, %d failed: not the old system (clashes %d, old %d)", n, f.Count(), c, w)
		}
	}
}

// TestPeel checks peel against the bits read one by one: the same nodes,
// each once, from words of 0 to 64 bits.
func TestPeel(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for range 100 {
		at := make([]int32, rng.IntN(40))
		words := make([]uint64, len(at))
		var want []uint32
		for k := range at {
			at[k] = int32(rng.IntN(1 << 20))
			switch k % 4 {
			case 0:
				words[k] = rng.Uint64() & rng.Uint64() & rng.Uint64()
			case 1:
				words[k] = rng.Uint64()
			case 2:
				words[k] = ^uint64(0)
			default:
				words[k] = 1 << rng.IntN(64)
			}
			for b := range 64 {
				if words[k]>>b&1 != 0 {
					want = append(want, uint32(at[k])<<6|uint32(b))
				}
			}
		}
		nodes := make([]uint32, len(want))
		got := nodes[:peel(nodes, at, words)]
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("peel gives %d nodes, the bits %d", len(got), len(want))
		}
	}
}

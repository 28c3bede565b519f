package routers

import (
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
	"github.com/hyperroute/hyperroute/hypercube"
)

// safetyLevels computes the levels of Q_n with failed edges f as the
// router does, for the tests.
func safetyLevels(f *faults.Set) *safety {
	s := &safety{n: f.N, faults: f}
	s.levels()
	return s
}

// sortedRule is the level of node u of Q_n with failed edges f when its
// neighbours have levels level: the least k with s_k < k in the sorted
// levels u sees (−1 over a failed edge), n if none.
func sortedRule(f *faults.Set, level []int8, u uint32) int {
	seen := make([]int, 0, f.N)
	for d := 1; d <= f.N; d++ {
		l := int(level[hypercube.Neighbor(u, d)])
		if f.FailedDim(u, d) {
			l = -1
		}
		seen = append(seen, l)
	}
	slices.Sort(seen)
	k := 0
	for k < f.N && seen[k] >= k {
		k++
	}
	return k
}

// checkLevels checks that the levels of s are the greatest fixed point of
// the rule, computed here by sorting what each node sees in rounds from
// every level n, and that they keep the guarantee: every node at distance
// h ≤ S(u) from u is h hops away over intact edges.
func checkLevels(s *safety) error {
	f := s.faults
	want := make([]int8, 1<<f.N)
	for i := range want {
		want[i] = int8(f.N)
	}
	for changed := true; changed; {
		changed = false
		next := make([]int8, len(want))
		for u := range want {
			next[u] = int8(sortedRule(f, want, uint32(u)))
			changed = changed || next[u] != want[u]
		}
		want = next
	}
	for u := range uint32(1) << f.N {
		k := sortedRule(f, s.level, u)
		if int(s.level[u]) != k || s.level[u] != want[u] {
			return fmt.Errorf("node %d: level %d, the rule says %d, rounds from n %d", u, s.level[u], k, want[u])
		}
		for v := range uint32(1) << f.N {
			if h := bits.OnesCount32(u ^ v); h <= k && distance(f, u, v) != h {
				return fmt.Errorf("node %d at level %d: %d is %d hops away, %d over intact edges", u, k, v, h, distance(f, u, v))
			}
		}
	}
	return nil
}

// TestSafetyLevelsGuarantee checks the levels on Q_2 and Q_3 under every
// set of at most three failed edges and on Q_4 … Q_6 with random faults,
// and that they are not all 0.
func TestSafetyLevelsGuarantee(t *testing.T) {
	positive := 0
	for n := 2; n <= 3; n++ {
		faultstest.EachSet(n, 3, func(f *faults.Set) {
			s := safetyLevels(f)
			if err := checkLevels(s); err != nil {
				t.Fatalf("faults %v: %v", f, err)
			}
			if f.Count() > 0 && slices.Max(s.level) > 0 {
				positive++
			}
		})
	}
	rng := testRand(7)
	for n := 4; n <= 6; n++ {
		for _, q := range []float64{0.01, 0.05, 0.2} {
			for range 5 {
				f, _ := faults.New(n)
				if err := f.Random(q, rng); err != nil {
					t.Fatal(err)
				}
				s := safetyLevels(f)
				if err := checkLevels(s); err != nil {
					t.Fatalf("n=%d q=%v faults %v: %v", n, q, f, err)
				}
				if slices.Max(s.level) > 1 {
					positive++
				}
			}
		}
	}
	if positive == 0 {
		t.Error("no faulty cube with a node above level 0")
	}
}

// checkSafetyRun verifies a run of safety-levels recorded with Packets and
// Trace: no send over a failed edge or from where the packet is not, at
// most one send per node (single-port) or link (all-port) per step; a
// packet is sent iff the rule finds it a way at its source, then reaches
// its destination in h hops, or h + 2 after a first hop away from it; T,
// hops, lost and rerouted agree with the trace.
func checkSafetyRun(req *hypercube.Request, s *safety, c Config, res *Result) error {
	f := s.faults
	np := req.Packets()
	at := make([]uint32, np)
	hops := make([]int, np)
	last := make([]int32, np)
	type use struct {
		t    int32
		from uint32
		dim  int
	}
	used := map[use]bool{}
	for id := range np {
		at[id], last[id] = req.Src(id), -1
	}
	for _, m := range res.Trace {
		p := m.Packet
		if bits.OnesCount32(m.From^m.To) != 1 || at[p] != m.From || m.T <= last[p] || f != nil && f.Failed(m.From, m.To) {
			return fmt.Errorf("step %d: packet %d sent %d→%d from %d", m.T, p, m.From, m.To, at[p])
		}
		u := use{m.T, m.From, 0}
		if c.Port == AllPort {
			u.dim = bits.TrailingZeros32(m.From^m.To) + 1
		}
		if used[u] {
			return fmt.Errorf("step %d: node %d sends twice (%v)", m.T, m.From, c.Port)
		}
		used[u] = true
		at[p], last[p] = m.To, m.T
		hops[p]++
	}
	var lost, rerouted, T, base, moved int
	for id := range np {
		src, dst := req.Src(id), req.Dst[id]
		h := bits.OnesCount32(src ^ dst)
		if res.Arrival[id] >= 0 {
			base, moved = base+h, moved+hops[id]
		}
		// The rule at the source, recomputed.
		way := h == 0
		for d := 1; d <= c.N; d++ {
			l := int(s.level[hypercube.Neighbor(src, d)])
			if f != nil && f.FailedDim(src, d) {
				l = -1
			}
			toward := (src^dst)>>(d-1)&1 != 0
			way = way || toward && l >= h-1 || !toward && l >= h+1
		}
		switch {
		case !way:
			if hops[id] != 0 || res.Arrival[id] != -1 {
				return fmt.Errorf("packet %d: no way by the rule, but %d hops, arrival %d", id, hops[id], res.Arrival[id])
			}
			lost++
		case at[id] != dst || res.Arrival[id] != last[id]+1 || hops[id] != h && hops[id] != h+2:
			return fmt.Errorf("packet %d: %d hops of %d, ends at %d, not %d (arrival %d)", id, hops[id], h, at[id], dst, res.Arrival[id])
		case hops[id] == h+2:
			rerouted++
		}
		if res.Arrival[id] >= 0 {
			T = max(T, int(res.Arrival[id]))
		}
	}
	if res.T != T || res.Hops != int64(len(res.Trace)) || measuredInt(res, "lost") != lost || measuredInt(res, "rerouted") != rerouted {
		return fmt.Errorf("T %d, hops %d, lost %d, rerouted %d; trace says %d, %d, %d, %d",
			res.T, res.Hops, measuredInt(res, "lost"), measuredInt(res, "rerouted"), T, len(res.Trace), lost, rerouted)
	}
	if st, ok := measured(res, "stretch"); base > 0 && (!ok || st != float64(moved)/float64(base)) || base == 0 && ok {
		return fmt.Errorf("stretch %v (reported %v), trace says %d/%d", st, ok, moved, base)
	}
	return nil
}

// TestSafetyRuns checks runs of safety-levels on Q_2 and Q_3 under every
// set of at most two failed edges and on Q_4 … Q_7 with random faults,
// both port models, every discipline (checkSafetyRun).
func TestSafetyRuns(t *testing.T) {
	var sim Sim
	lost, rerouted := 0, 0
	run := func(c Config, seed uint64) {
		c.Router, c.Pattern, c.Mu, c.Record = "safety-levels", "random", 1, engine.Record{Packets: true, Trace: true}
		res, err := sim.Trial(c, testRand(seed))
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		s := sim.instances["safety-levels"].(*safety)
		if err := checkSafetyRun(&sim.Req, s, c, res); err != nil {
			t.Fatalf("n=%d q=%v %v %v faults %v: %v", c.N, c.Q, c.Port, c.Queue, s.faults, err)
		}
		lost += measuredInt(res, "lost")
		rerouted += measuredInt(res, "rerouted")
	}
	for n := 2; n <= 3; n++ {
		faultstest.EachSet(n, 2, func(f *faults.Set) {
			for _, port := range []Port{SinglePort, AllPort} {
				for seed := range uint64(3) {
					c := Config{N: n, Port: port}
					if f.Count() > 0 {
						c.FaultList = faults.ListOf(f)
					}
					run(c, seed)
				}
			}
		})
	}
	for n := 4; n <= 7; n++ {
		for _, q := range []float64{0.005, 0.02, 0.1} {
			for _, port := range []Port{SinglePort, AllPort} {
				for _, disc := range allDisciplines {
					run(Config{N: n, Q: q, Port: port, Queue: disc}, uint64(n))
				}
			}
		}
	}
	if lost == 0 || rerouted == 0 {
		t.Errorf("%d packets lost, %d rerouted: the rule's other cases untried", lost, rerouted)
	}
}

// TestSafetyIntactIsEcube checks that without faults safety-levels routes
// exactly as ecube: every level is n, so the rule takes the lowest
// dimension towards the destination.
func TestSafetyIntactIsEcube(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for _, port := range []Port{SinglePort, AllPort} {
			for _, disc := range allDisciplines {
				var got [2]*Result
				for i, router := range []string{"ecube", "safety-levels"} {
					var sim Sim
					res, err := sim.Trial(Config{Router: router, Pattern: "random", N: n, Mu: 2, Port: port, Queue: disc, Record: engine.Record{Arrivals: true}}, testRand(uint64(n)))
					if err != nil {
						t.Fatal(err)
					}
					got[i] = res
				}
				e, s := got[0], got[1]
				if e.T != s.T || e.Hops != s.Hops || e.MaxQueue != s.MaxQueue || !slices.Equal(e.Arrival, s.Arrival) {
					t.Fatalf("n=%d %v %v: safety-levels T %d hops %d, ecube %d %d", n, port, disc, s.T, s.Hops, e.T, e.Hops)
				}
			}
		}
	}
}

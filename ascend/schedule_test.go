package ascend

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/messages"
)

// bruteStep returns the least time in which the words of step s of p can
// cross single-port on y's cube, by exhaustive search over every schedule:
// in each unit every node sends one of the words waiting at it, or none
// (idling is tried too), a word sent in unit t can leave its next node in
// unit t+1, and the step ends when the last word has arrived. It assumes
// nothing about which schedule is best.
func bruteStep(p Program, y *faults.System, s int) int {
	n, d := p.N(), p.Dim(s)
	var routes [][]uint32 // the nodes of each word's route
	for v := range uint32(1) << n {
		if !p.Sends(s, v) {
			continue
		}
		if u, ok := y.Detour(v, d); ok && y.Faults.FailedDim(v, d) {
			nodes := u.Nodes()
			routes = append(routes, nodes[:])
		} else {
			routes = append(routes, []uint32{v, hypercube.Neighbor(v, d)})
		}
	}
	// A word alone on its sender that ends at the next node takes unit 0
	// whatever the others do: search the rest.
	senders := map[uint32]int{}
	for _, r := range routes {
		for _, x := range r[:len(r)-1] {
			senders[x]++
		}
	}
	routes = slices.DeleteFunc(routes, func(r []uint32) bool { return len(r) == 2 && senders[r[0]] == 1 })
	if len(routes) > 32 {
		panic("bruteStep: more than 32 words")
	}
	// A state is the hop index of every word, 2 bits each; least[st] the
	// fewest units that finish the words from st.
	at := func(st uint64, w int) int { return int(st >> (2 * w) & 3) }
	least := map[uint64]int{}
	var finish func(st uint64) int
	finish = func(st uint64) int {
		if u, ok := least[st]; ok {
			return u
		}
		var nodes []uint32
		var waiting [][]int // the words at nodes[i] with a hop to go
		for w, r := range routes {
			if k := at(st, w); k < len(r)-1 {
				i := slices.Index(nodes, r[k])
				if i < 0 {
					i = len(nodes)
					nodes, waiting = append(nodes, r[k]), append(waiting, nil)
				}
				waiting[i] = append(waiting[i], w)
			}
		}
		if len(nodes) == 0 {
			return 0
		}
		best := math.MaxInt
		var choose func(i int, next uint64)
		choose = func(i int, next uint64) {
			if i == len(nodes) {
				if next != st {
					best = min(best, 1+finish(next))
				}
				return
			}
			choose(i+1, next) // node i idles
			for _, w := range waiting[i] {
				choose(i+1, next+1<<(2*w))
			}
		}
		choose(0, st)
		least[st] = best
		return best
	}
	return max(1, finish(0))
}

// checkSchedules runs p single-port on y under both schedules and checks
// every step: Optimal takes what the exhaustive search finds and what
// SinglePortStepTimes says, SmallerSourceFirst never less. It returns the
// steps in which SmallerSourceFirst took longer.
func checkSchedules(t *testing.T, p func() Program, y *faults.System) (slower int) {
	t.Helper()
	var e engine.Engine
	opt := Runner{Schedule: Optimal}
	greedy := Runner{Schedule: SmallerSourceFirst}
	ro, err := opt.Run(&e, p(), y, messages.SinglePort)
	if err != nil {
		t.Fatal(err)
	}
	rg, err := greedy.Run(&e, p(), y, messages.SinglePort)
	if err != nil {
		t.Fatal(err)
	}
	law := SinglePortStepTimes(p(), y)
	q := p()
	for s := range q.Steps() {
		brute := int32(bruteStep(q, y, s))
		switch {
		case ro.StepTimes[s] != brute || law[s] != brute:
			t.Fatalf("faults %v, %s: step %d (dim %d): optimal schedule %d, law %d, exhaustive search %d",
				y.Faults, describe(y), s, q.Dim(s), ro.StepTimes[s], law[s], brute)
		case rg.StepTimes[s] < brute:
			t.Fatalf("faults %v: step %d: smaller source first %d < exhaustive search %d", y.Faults, s, rg.StepTimes[s], brute)
		case rg.StepTimes[s] > brute:
			slower++
		}
	}
	return slower
}

// TestScheduleExhaustive checks the single-port schedule against an
// exhaustive search of all schedules, step by step: bitonic sort on every
// fault set of Q_2 and Q_3 with at most three failed edges, with every
// detour system; broadcast, reduce and prefix sum from every root on every
// fault set of Q_3 with at most two.
func TestScheduleExhaustive(t *testing.T) {
	for _, n := range []int{2, 3} {
		systems, slower := 0, 0
		faultstest.EachSet(n, 3, func(s *faults.Set) {
			faultstest.EachSystem(s, func(y *faults.System) {
				systems++
				slower += checkSchedules(t, func() Program { return NewSort(n, key(n)) }, y)
			})
		})
		t.Logf("sort on Q_%d: %d systems, smaller source first slower in %d steps", n, systems, slower)
		if n == 3 && slower == 0 {
			t.Error("smaller source first is never slower: the search cannot tell the schedules apart")
		}
	}
	val := []uint64{3, 1, 4, 1, 5, 9, 2, 6}
	faultstest.EachSet(3, 2, func(s *faults.Set) {
		faultstest.EachSystem(s, func(y *faults.System) {
			for root := range uint32(8) {
				checkSchedules(t, func() Program { return NewBroadcast(3, root, 7) }, y)
				checkSchedules(t, func() Program { return NewReduce(3, root, slices.Clone(val)) }, y)
			}
			checkSchedules(t, func() Program { return NewPrefix(3, val) }, y)
		})
	})
}

// key is the keys of a sort on Q_n: reversed order.
func key(n int) []uint32 {
	k := make([]uint32, 1<<n)
	for v := range k {
		k[v] = uint32(len(k) - 1 - v)
	}
	return k
}

// TestScheduleRandomFaults checks the schedule against the exhaustive
// search on random fault sets of Q_4 with up to six failed edges, in the
// steps over a dimension with a failed edge.
func TestScheduleRandomFaults(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 0x5c4ed))
	ran := 0
	for range 60 {
		s, _ := faults.New(4)
		if err := s.Exactly(1+rng.IntN(6), rng); err != nil {
			t.Fatal(err)
		}
		y := randomSystem(s, rng)
		if y == nil {
			continue
		}
		checkSchedules(t, func() Program { return NewSort(4, key(4)) }, y)
		ran++
	}
	if ran < 40 {
		t.Fatalf("%d of 60 fault sets had a complete system", ran)
	}
}

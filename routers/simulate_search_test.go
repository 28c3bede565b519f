package routers

import (
	"flag"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
)

var searchLong = flag.Bool("search", false, "search Q_3 exhaustively for instances that break the relations of Theorems III.1 and III.2 (minutes)")

// relation is a relation between a simulation's times that the search
// tries to break.
type relation struct {
	name  string
	holds func(out *simulated) bool
}

var relations = []relation{
	{"𝒯 = d·T", func(o *simulated) bool { return o.res.T == o.d*o.tIntact }},
	{"𝒯 ≤ d·T", func(o *simulated) bool { return o.res.T <= o.d*o.tIntact }},
	{"𝒯 > d·(T−1)", func(o *simulated) bool { return o.res.T > o.d*(o.tIntact-1) }},
	{"lockstep", func(o *simulated) bool { return o.lockstep }},
}

// found is the smallest instance found so far that breaks a relation
// under a model.
type found struct {
	in   simInstance
	size [4]int
	out  *simulated
}

// size orders instances: by n, failed edges, packets that move, total
// route length.
func (in simInstance) size() [4]int {
	moving, hops := 0, 0
	for id, dst := range in.dst {
		via := dst
		if in.via != nil {
			via = in.via[id]
		}
		h := bits.OnesCount32(uint32(id/in.mu())^via) + bits.OnesCount32(via^dst)
		if h > 0 {
			moving++
		}
		hops += h
	}
	return [4]int{in.y.Faults.N, in.y.Faults.Count(), moving, hops}
}

// search runs every instance visit yields under the models and keeps, per
// model and relation, the smallest instance that breaks it.
type search struct {
	models []simModel
	best   map[[2]int]*found // (model, relation) → smallest counterexample
	count  int
}

func newSearch(models []simModel) *search {
	return &search{models: models, best: map[[2]int]*found{}}
}

func (s *search) try(t *testing.T, in simInstance) {
	t.Helper()
	s.count++
	size := in.size()
	for mi, m := range s.models {
		out, err := in.run(m)
		if err != nil {
			t.Fatalf("%v, dst %v, via %v, %v: %v", in.y.Faults, in.dst, in.via, m, err)
		}
		if !out.monotone {
			t.Fatalf("%v: a send left from a queue not served in its sub-step: %v, dst %v, via %v", m, in.y.Faults, in.dst, in.via)
		}
		if thesisModel(m) && (!out.lockstep || out.res.T != out.d*(out.tIntact-1)+1) {
			t.Fatalf("%v: lockstep %v, T %d, T_intact %d, d %d, not d·(T−1)+1: %v, dst %v, via %v",
				m, out.lockstep, out.res.T, out.tIntact, out.d, in.y.Faults, in.dst, in.via)
		}
		for ri, r := range relations {
			if r.holds(out) {
				continue
			}
			k := [2]int{mi, ri}
			if b := s.best[k]; b == nil || slices.Compare(size[:], b.size[:]) < 0 {
				s.best[k] = &found{in.clone(), size, out}
			}
		}
	}
}

func (in simInstance) clone() simInstance {
	f, _ := faults.New(in.y.Faults.N)
	f.CopyFrom(in.y.Faults)
	y := faults.NewSystem(f)
	in.y.Faults.Each(func(v uint32, d int) {
		u, _ := in.y.Detour(v, d)
		y.Choose(v, d, u.I)
	})
	return simInstance{y, slices.Clone(in.dst), slices.Clone(in.via)}
}

// broken reports whether relation r broke under model m.
func (s *search) broken(m simModel, r string) *found {
	mi := slices.Index(s.models, m)
	ri := slices.IndexFunc(relations, func(x relation) bool { return x.name == r })
	return s.best[[2]int{mi, ri}]
}

// detourSystems calls fn with every set of 1 … k failed edges of Q_n that has a
// complete detour system, and each such system.
func detourSystems(n, k int, fn func(y *faults.System)) {
	faultstest.EachSet(n, k, func(f *faults.Set) {
		if f.Count() > 0 {
			faultstest.EachSystem(f, fn)
		}
	})
}

// movingPerms calls fn with every permutation of 0 … m−1 that moves at
// most moved points (all if moved ≥ m).
func movingPerms(m, moved int, fn func(p []uint32)) {
	p := make([]uint32, m)
	for i := range p {
		p[i] = uint32(i)
	}
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == m {
			fn(p)
			return
		}
		for j := i; j < m; j++ {
			p[i], p[j] = p[j], p[i]
			if l := left - btoi(p[i] != uint32(i)); l >= 0 {
				rec(i+1, l)
			}
			p[i], p[j] = p[j], p[i]
		}
	}
	rec(0, moved)
}

// thesisModel says whether m is the thesis' model: queue rule, priority on
// detours.
func thesisModel(m simModel) bool { return m.queue && !m.fifo }

// TestSearch searches small cubes for instances that break the stated
// relations and checks on every instance what the harness claims
// (simulation's doc): under the queue rule with priority on detours every
// packet keeps its intact schedule and 𝒯 = d·(T−1) + 1, so that d·T = 𝒯
// fails on every instance with d > 1. Q_2: every set of up to 3 failed
// edges, every complete system, every permutation by e-cube (all models);
// every third choice of Valiant's intermediates for one failed edge (the thesis'
// models); Q_3 … Q_5: random instances, a quarter of them with two
// packets per node (all models). With -search: Q_3
// exhaustively for up to 2 failed edges and permutations moving up to 3
// packets (e-cube), and many more random instances.
func TestSearch(t *testing.T) {
	all := newSearch(simModels)
	thesis := newSearch([]simModel{{true, true, false}, {false, true, false}})
	verify := func(s *search, in simInstance) { s.try(t, in) }
	detourSystems(2, 3, func(y *faults.System) {
		movingPerms(4, 4, func(p []uint32) { verify(all, simInstance{y: y, dst: p}) })
	})
	detourSystems(2, 1, func(y *faults.System) {
		movingPerms(4, 4, func(p []uint32) {
			via := make([]uint32, 4)
			for code := 0; code < 1<<8; code += 3 {
				for i := range via {
					via[i] = uint32(code >> (2 * i) & 3)
				}
				verify(thesis, simInstance{y: y, dst: p, via: via})
			}
		})
	})
	rng := rand.New(rand.NewPCG(13, 4))
	trials := 400
	if *searchLong {
		trials = 20000
		detourSystems(3, 2, func(y *faults.System) {
			movingPerms(8, 3, func(p []uint32) { verify(all, simInstance{y: y, dst: p}) })
		})
	}
	for trial := range trials {
		n := 3 + trial%3
		verify(all, randomRequest(n, 1+btoi(trial%8 >= 6), 1+rng.IntN(n<<n/3), trial%2 == 0, rng))
	}
	t.Logf("%d instances under all models, %d under the thesis' models", all.count, thesis.count)
	for _, s := range []*search{all, thesis} {
		for mi, m := range s.models {
			for ri, r := range relations {
				if b := s.best[[2]int{mi, ri}]; b != nil {
					t.Logf("%v breaks %s: size %v, detours%s, dst%s, via%s: T %d, T_intact %d, d %d, lockstep %v",
						m, r.name, b.size, b.in.detours(), nums(b.in.dst), nums(b.in.via), b.out.res.T, b.out.tIntact, b.out.d, b.out.lockstep)
				}
			}
		}
	}
}

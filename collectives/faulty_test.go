package collectives

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/topology"
)

// TestCollectiveSweepsSendTheAlgorithmsMessages: the ASCEND/DESCEND
// program a collective runs over detours sends, in step s, exactly the
// messages of round s+1 of the algorithm's own program, on every cube up to Q_6 from
// several roots.
func TestCollectiveSweepsSendTheAlgorithmsMessages(t *testing.T) {
	for _, w := range sweeps {
		for n := 1; n <= 6; n++ {
			for _, root := range []uint32{0, 1<<n - 1, 5 % (1 << n)} {
				c := Config{Op: w.op, Algo: w.algo, Topology: topology.Cube, P: 1 << n, M: 1, Root: int(root), Shift: 1}
				net, _ := topology.New(c.Topology, c.P)
				prog := newProgram(net)
				a, _ := Lookup(c.Op, c.Algo)
				a.Build(prog, c)
				want := make([][][2]uint32, n+1) // by round
				for id := range int32(prog.Messages()) {
					rd := prog.round[id]
					if rd < 1 || rd > int32(n) {
						t.Fatalf("%v %s on Q_%d: message %d has round %d", w.op, w.algo, n, id, rd)
					}
					want[rd] = append(want[rd], [2]uint32{prog.src[id], prog.dst(id)})
				}
				sw, _ := w.build(n, root, values(c))
				if sw.Steps() != n {
					t.Fatalf("%v %s on Q_%d: %d steps", w.op, w.algo, n, sw.Steps())
				}
				for s := range n {
					var got [][2]uint32
					for v := range uint32(1) << n {
						if sw.Sends(s, v) {
							got = append(got, [2]uint32{v, hypercube.Neighbor(v, sw.Dim(s))})
						}
					}
					slices.SortFunc(want[s+1], func(a, b [2]uint32) int { return int(a[0]) - int(b[0]) })
					if !slices.Equal(got, want[s+1]) {
						t.Fatalf("%v %s on Q_%d from %d, step %d: sends %v, the algorithm %v", w.op, w.algo, n, root, s, got, want[s+1])
					}
				}
			}
		}
	}
}

// lawTime is the step law computed from the algorithm's own messages, one
// step per dimension: a dimension none of whose messages crosses a failed
// edge takes 1 unit, else 2 + the most of its detours in y that share a
// middle node (the middle edges of one dimension's detours differ only
// in their first node).
func lawTime(t *testing.T, c Config, y *faults.System) (sum, slowest int) {
	net, _ := topology.New(c.Topology, c.P)
	prog := newProgram(net)
	a, _ := Lookup(c.Op, c.Algo)
	a.Build(prog, c)
	n := y.Faults.N
	tau := make([]int, n+1)
	load := make(map[[2]uint32]int) // (dimension, middle node) → detours
	for id := range int32(prog.Messages()) {
		v, w := prog.src[id], prog.dst(id)
		d := bits.TrailingZeros32(v^w) + 1
		tau[d] = max(tau[d], 1)
		if y.Faults.Failed(v, w) {
			u, ok := y.Detour(v, d)
			if !ok {
				t.Fatalf("failed edge %d→%d without a detour", v, w)
			}
			m := [2]uint32{uint32(d), hypercube.Neighbor(v, u.I)}
			load[m]++
			tau[d] = max(tau[d], 2+load[m])
		}
	}
	for _, x := range tau {
		sum, slowest = sum+x, max(slowest, x)
	}
	return sum, slowest
}

// TestCollectiveFaultyStepLawExhaustive runs each collective over detours
// from two roots on every fault set of Q_2 with at most three failed edges
// and of Q_3 with at most two, with every detour system: all-port its
// units are the step law summed (computed from the algorithm's messages),
// its time those units at t_s + m·t_w + t_h each, equal to the closed
// form, its slowest step the law's, and every result right; single-port
// never faster. On the intact cube every measure equals the intact run's.
func TestCollectiveFaultyStepLawExhaustive(t *testing.T) {
	runs := 0
	for _, w := range sweeps {
		for _, k := range []struct{ n, failed int }{{2, 3}, {3, 2}} {
			for _, root := range []int{0, 1<<k.n - 2} {
				for _, port := range []Port{AllPort, SinglePort} {
					c := Config{Op: w.op, Algo: w.algo, Topology: topology.Cube, P: 1 << k.n, Port: port, Model: SF,
						M: 3, Ts: 5, Tw: 2, Th: 1, Root: root, Shift: 1, Seed: 9}
					intact, err := Measure(c)
					if err != nil {
						t.Fatal(err)
					}
					unit := c.Ts + float64(c.M)*c.Tw + c.Th
					f := Faults{Draw: faults.Draw{Q: 0.1}, Detours: "optimal"}
					faultstest.EachSet(k.n, k.failed, func(s *faults.Set) {
						faultstest.EachSystem(s, func(y *faults.System) {
							runs++
							row, err := overDetours(intact, f, y, true)
							if err != nil {
								t.Fatalf("%s faults %v: %v", describe(c), s, err)
							}
							law, slowest := lawTime(t, c, y)
							switch {
							case !row.OK:
								t.Fatalf("%s faults %v: %v", describe(c), s, row.Err)
							case port == AllPort && (row.Rho != law || row.Time != float64(law)*unit || row.Closed != row.Time || row.Faulty.MaxStep != slowest):
								t.Fatalf("%s faults %v: ρ = %d, time %v, closed %v, slowest step %d; the law %d units, slowest %d",
									describe(c), s, row.Rho, row.Time, row.Closed, row.Faulty.MaxStep, law, slowest)
							case port == SinglePort && row.Rho < law:
								t.Fatalf("%s faults %v: single-port ρ = %d < the all-port law %d", describe(c), s, row.Rho, law)
							case s.Count() == 0 && (row.Rho != intact.Rho || row.Time != intact.Time || row.Hops != intact.Hops ||
								row.Eta != intact.Eta || row.RhoM != intact.RhoM || row.RecvMax != intact.RecvMax):
								t.Fatalf("%s intact: %+v, intact run %+v", describe(c), row.Result, intact.Result)
							}
						})
					})
				}
			}
		}
	}
	if runs < 5000 {
		t.Fatalf("only %d runs", runs)
	}
}

// TestCollectiveMeasureFaulty: a draw is reproducible, its row has the
// faults and the step law's bound, not the intact lower bound, and q = 0 is
// the intact run.
func TestCollectiveMeasureFaulty(t *testing.T) {
	c := Config{Op: Reduce, Algo: "binomial", Topology: topology.Cube, P: 64, Port: AllPort, M: 1, Ts: 1, Tw: 1, Root: 9, Shift: 1, Seed: 3}
	intact, _ := Measure(c)
	zero, err := MeasureFaulty(c, Faults{Draw: faults.Draw{Q: 0}, Detours: "optimal"}, draws(3))
	if err != nil || zero.Faulty != nil || zero.Time != intact.Time || zero.Rho != intact.Rho {
		t.Fatalf("q = 0: %+v, %v; intact %+v", zero, err, intact)
	}
	a, err := MeasureFaulty(c, Faults{Draw: faults.Draw{Q: 0.05}, Detours: "random"}, draws(3))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := MeasureFaulty(c, Faults{Draw: faults.Draw{Q: 0.05}, Detours: "random"}, draws(3))
	f := a.Faulty
	switch {
	case f == nil || f.Failed == 0 || f.Gamma < 1 || !a.OK:
		t.Fatalf("q = 0.05: %+v, faults %+v", a, f)
	case a.Time != b.Time || *b.Faulty != *f || a.Bound.Steps >= 0 || f.LawBound != (f.Gamma+2)*6:
		t.Fatalf("two draws of seed 3: %v %+v and %v %+v", a.Time, f, b.Time, b.Faulty)
	case a.Time < intact.Time || a.Time > float64(f.Gamma+2)*intact.Time || f.MaxStep > f.Gamma+2:
		t.Fatalf("time %v, max step %d, γ = %d, intact %v", a.Time, f.MaxStep, f.Gamma, intact.Time)
	}
	failed := make(map[int]bool)
	for seed := range uint64(8) {
		c.Seed = seed
		r, _ := MeasureFaulty(c, Faults{Draw: faults.Draw{Q: 0.05}, Detours: "random"}, draws(seed))
		failed[r.Faulty.Failed] = true
	}
	if len(failed) < 3 {
		t.Fatalf("8 seeds draw %d numbers of failed edges", len(failed))
	}
	c.P, c.Root, c.Seed = 8, 0, 2
	none, err := MeasureFaulty(c, Faults{Draw: faults.Draw{Q: 0.5}, Detours: "optimal"}, draws(2))
	if err != nil || none.OK || none.Err == nil || none.Faulty.Gamma != -1 || !none.Faulty.NoDetour {
		t.Fatalf("no detour system: %+v, %v", none, err)
	}
}

// TestCollectiveFaultsValidate: what does not run over detours is refused,
// with one sentence.
func TestCollectiveFaultsValidate(t *testing.T) {
	cube := Config{Op: OAB, Algo: "binomial", Topology: topology.Cube, P: 16, M: 1, Shift: 1}
	ring := cube
	ring.Topology = topology.Ring
	ct := cube
	ct.Model = CT
	aab := cube
	aab.Op, aab.Algo = AAB, "dimex"
	for _, x := range []struct {
		c  Config
		f  Faults
		ok bool
	}{
		{cube, Faults{Draw: faults.Draw{Q: 0.1}, Detours: "heuristic"}, true},
		{ring, Faults{}, true},
		{ring, Faults{Draw: faults.Draw{Q: 0}, Detours: "optimal"}, true},
		{ring, Faults{Draw: faults.Draw{Q: 0.1}, Detours: "optimal"}, false},
		{ct, Faults{Draw: faults.Draw{Q: 0.1}, Detours: "optimal"}, false},
		{aab, Faults{Draw: faults.Draw{Q: 0.1}, Detours: "optimal"}, false},
		{cube, Faults{Draw: faults.Draw{Q: 0.1}}, false},
		{cube, Faults{Draw: faults.Draw{Q: 0.1}, Detours: "best"}, false},
		{cube, Faults{Draw: faults.Draw{Q: 1.5}, Detours: "optimal"}, false},
		{cube, Faults{Draw: faults.Draw{Q: -0.1}, Detours: "optimal"}, false},
	} {
		if err := x.f.Validate(x.c); (err == nil) != x.ok {
			t.Errorf("%v %s on %v, %+v: %v", x.c.Op, x.c.Algo, x.c.Topology, x.f, err)
		}
	}
}

// draws is the random stream of a run drawn from seed.
func draws(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0)) }

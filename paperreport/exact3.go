package paperreport

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hyperroute/hyperroute/ascend"
	"github.com/hyperroute/hyperroute/confluent"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
	"github.com/hyperroute/hyperroute/messages"
)

// edgeExhaustive builds ψ from every complete detour system on every fault
// set of Q_3 with at most three failed edges and checks it: a detour system
// of dilation γ + 2 (γ + 2 = 1 without faults), edge-confluent. It returns
// the systems checked, or the first that fails.
var edgeExhaustive = sync.OnceValues(func() (int, error) {
	systems := 0
	var err error
	faultstest.EachSet(3, 3, func(s *faults.Set) {
		faultstest.EachSystem(s, func(y *faults.System) {
			if err != nil {
				return
			}
			systems++
			psi, e := confluent.Edge(y)
			_, gamma := y.Gamma()
			switch {
			case e != nil:
				err = e
			case s.Count() > 0 && psi.D != gamma+2:
				err = fmt.Errorf("ψ of %v has dilation %d, γ + 2 = %d", s, psi.D, gamma+2)
			default:
				if e := psi.Check(); e != nil {
					err = e
				} else if e := psi.EdgeConfluent(); e != nil {
					err = e
				}
			}
		})
	})
	return systems, err
})

// thesisFig34 builds the detour system on Q_4 of the thesis' Fig. 3
// (detours over dimensions 1, 4, 3) or Fig. 4 (3, 4, 4): the edges 0→2,
// 9→11 and 5→7 of dimension 2 fail.
func thesisFig34(via [3]int) *faults.System {
	f, _ := faults.New(4)
	y := faults.NewSystem(f)
	for j, v := range []uint32{0, 9, 5} {
		f.Fail(v, 2)
		y.Choose(v, 2, via[j])
	}
	return y
}

// fig34 are the figures' detours as the thesis lists them, and their γ.
var fig34 = []struct {
	name  string
	via   [3]int
	paths [3][4]uint32
	gamma int
}{
	{"Abb. 3", [3]int{1, 4, 3}, [3][4]uint32{{0, 1, 3, 2}, {9, 1, 3, 11}, {5, 1, 3, 7}}, 3},
	{"Abb. 4", [3]int{3, 4, 4}, [3][4]uint32{{0, 4, 6, 2}, {9, 1, 3, 11}, {5, 13, 15, 7}}, 1},
}

func checkFig34(results) (Verdict, error) {
	var e engine.Engine
	var r ascend.Runner
	var got []string
	for _, c := range fig34 {
		y := thesisFig34(c.via)
		for j, v := range []uint32{0, 9, 5} {
			u, _ := y.Detour(v, 2)
			if u.Nodes() != c.paths[j] || !y.Faults.Intact(u) {
				return Verdict{Kind: Contradicted, Why: fmt.Sprintf("%s: the detour of %d→%d is %v, the figure's %v", c.name, v, c.paths[j][3], u.Nodes(), c.paths[j])}, nil
			}
		}
		_, gamma := y.Gamma()
		res, err := r.Run(&e, ascend.NewSort(4, []uint32{7, 12, 3, 0, 15, 9, 1, 4, 10, 2, 14, 5, 8, 13, 6, 11}), y, messages.AllPort)
		if err != nil {
			return Verdict{}, err
		}
		got = append(got, fmt.Sprintf("%s: γ = %d, steps %v, T = %d against (γ + 2)·n(n+1)/2 = %d", c.name, gamma, res.StepTimes, res.T, (gamma+2)*10))
		if gamma != c.gamma || res.MaxStep() != gamma+2 || res.T > (gamma+2)*10 {
			return Verdict{Kind: Contradicted, Measured: strings.Join(got, "; "), Why: fmt.Sprintf("%s: γ = %d (the figure: %d-conjunct), slowest step %d, T = %d", c.name, gamma, c.gamma, res.MaxStep(), res.T)}, nil
		}
	}
	return Verdict{Kind: Holds, Measured: "the figures' systems on Q_4 (0→2, 9→11, 5→7 failed), their γ, and bitonic sort over them all-port: " + strings.Join(got, "; "),
		Why: "holds: the detours are the figures', Abb. 3's system is 3-conjunct (all three over 1→3), Abb. 4's 1-conjunct; the three steps over dimension 2 take γ + 2 = 5 and 3 units, the sort 22 and 16 units, within the delay factor γ + 2", Power: enumerated}, nil
}

// confluentBudget bounds confluent.MinNode's search for the small systems
// of Figs. 5 and 6.
const confluentBudget = 1 << 20

// fig56 are the systems of the thesis' Figs. 5 and 6 as thesis-fig5-6
// draws them: Fig. 3's system (its detours share 1→3), and on Q_3 two
// detours over dimension 3 from node 0 (0→4→5→1, 0→4→6→2: a shared first
// edge) and into node 0 (1→5→4→0, 2→6→4→0: a shared last edge).
func fig56() []struct {
	name string
	y    *faults.System
} {
	shared := func(edges [][2]int) *faults.System {
		f, _ := faults.New(3)
		y := faults.NewSystem(f)
		for _, e := range edges {
			f.Fail(uint32(e[0]), e[1])
			y.Choose(uint32(e[0]), e[1], 3)
		}
		return y
	}
	return []struct {
		name string
		y    *faults.System
	}{
		{"Abb. 5", thesisFig34(fig34[0].via)},
		{"Abb. 6 left", shared([][2]int{{0, 1}, {0, 2}})},
		{"Abb. 6 right", shared([][2]int{{1, 1}, {2, 2}})},
	}
}

func checkFig56(results) (Verdict, error) {
	var got []string
	for i, c := range fig56() {
		s, exact, err := confluent.MinNode(c.y, confluentBudget)
		if err != nil {
			return Verdict{}, err
		}
		if !exact {
			return notMeasured("%s: no least dilation within %d search steps", c.name, confluentBudget), nil
		}
		if err := s.Check(); err != nil {
			return Verdict{Kind: Contradicted, Why: c.name + ": " + err.Error()}, nil
		}
		if err := s.NodeConfluent(); err != nil {
			return Verdict{Kind: Contradicted, Why: c.name + ": " + err.Error()}, nil
		}
		var slots []uint8
		var shows bool
		switch i {
		case 0: // the middle edge 1→3 at pairwise different sub-steps
			for _, u := range s.Detours {
				slots = append(slots, u.Hops[1].Slot)
			}
			shows = len(slices.Compact(slices.Sorted(slices.Values(slots)))) == len(slots)
		case 1: // the shared first edge 0→4 in the same sub-step
			shows = s.Detours[0].Hops[0] == s.Detours[1].Hops[0]
		case 2: // the shared last edge 4→0 in the same sub-step
			shows = s.Detours[0].Hops[2] == s.Detours[1].Hops[2]
		}
		got = append(got, fmt.Sprintf("%s: %s", c.name, s))
		if !shows {
			return Verdict{Kind: Contradicted, Measured: strings.Join(got, "; "), Why: c.name + ": the least node-confluent system does not show what the figure shows"}, nil
		}
	}
	return Verdict{Kind: Holds, Measured: "the least node-confluent systems (by exhaustive search) of the figures' detours: " + strings.Join(got, "; "),
		Why: "holds: each is node-confluent by the definition; Abb. 5's three detours cross their shared edge 1→3 at different sub-steps, Abb. 6's share their first edge (left) and their last edge (right) in the same sub-step", Power: enumerated}, nil
}

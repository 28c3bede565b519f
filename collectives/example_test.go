package collectives_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/topology"
)

// A broadcast on Q_6 whose edges fail with probability 0.05, over the
// detour systems of the three strategies: every step in which some holder's
// edge has failed takes γ_s + 2 units instead of 1 (all-port).
func ExampleMeasureFaulty() {
	c := collectives.Config{Op: collectives.OAB, Algo: "binomial", Topology: topology.Cube, P: 64,
		Port: collectives.AllPort, M: 1, Ts: 1, Tw: 1, Shift: 1, Seed: 3}
	intact, _ := collectives.Measure(c)
	fmt.Printf("intact: %d units, time %g\n", intact.Rho, intact.Time)
	for _, d := range []string{"optimal", "heuristic", "random"} {
		f := collectives.Faults{Draw: faults.Draw{Q: 0.05}, Detours: d}
		r, err := collectives.MeasureFaulty(c, f, rand.New(rand.NewPCG(3, 0)))
		if err != nil {
			fmt.Println(err)
			return
		}
		y := r.Faulty
		fmt.Printf("%s: %d failed edges, γ = %d, %d units (at most (γ+2)·6 = %d), time %g (the step law's %g), ok %v\n",
			d, y.Failed, y.Gamma, r.Rho, y.LawBound, r.Time, r.Closed, r.OK)
	}
	// Output:
	// intact: 6 units, time 12
	// optimal: 15 failed edges, γ = 1, 10 units (at most (γ+2)·6 = 18), time 20 (the step law's 20), ok true
	// heuristic: 15 failed edges, γ = 1, 10 units (at most (γ+2)·6 = 18), time 20 (the step law's 20), ok true
	// random: 15 failed edges, γ = 1, 10 units (at most (γ+2)·6 = 18), time 20 (the step law's 20), ok true
}

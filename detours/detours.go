package detours

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hyperroute/hyperroute/faults"
)

// Strategy is a named way to choose a detour system.
type Strategy struct {
	Name, Doc string
	// Choose fills y, emptied first, for the failed edges of y.Faults and
	// reports whether the system is complete.
	Choose func(y *faults.System, rng *rand.Rand) bool
}

// Strategies lists the strategies by name.
var Strategies = []Strategy{
	{Name: "heuristic", Doc: "the thesis' parallel matching: rounds per dimension, the k-th dimension after d in round k, a middle edge taken at most once (Ch. III.1)", Choose: heuristic},
	{Name: "optimal", Doc: "the smallest γ per dimension, by b-matching failed edges to intact middle edges", Choose: optimal},
	{Name: "random", Doc: "a uniformly random intact detour for every failed edge, uncoordinated", Choose: random},
}

// Lookup returns the strategy named name.
func Lookup(name string) (Strategy, error) {
	for _, s := range Strategies {
		if s.Name == name {
			return s, nil
		}
	}
	return Strategy{}, fmt.Errorf("unknown detour strategy %q (want %s)", name, strings.Join(Names(), ", "))
}

// Names lists the strategies' names.
func Names() []string {
	names := make([]string, len(Strategies))
	for i, s := range Strategies {
		names[i] = s.Name
	}
	return names
}

// random gives every failed edge a uniformly random intact detour, one
// draw per failed edge that has one, in edge order.
func random(y *faults.System, rng *rand.Rand) bool {
	f := y.Faults
	y.Reset(f)
	var dims [32]int
	complete := true
	f.Each(func(v uint32, d int) {
		k := 0
		for i := 1; i <= f.N; i++ {
			if i != d && f.Intact(faults.Detour{V: v, D: d, I: i}) {
				dims[k] = i
				k++
			}
		}
		if k == 0 {
			complete = false
			return
		}
		y.Choose(v, d, dims[rng.IntN(k)])
	})
	return complete
}

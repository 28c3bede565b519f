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
	// Memory estimates the bytes Choose allocates on Q_n with failed
	// failed edges.
	Memory func(n int, failed int64) int64
}

// Strategies lists the strategies by name.
var Strategies = []Strategy{
	{Name: "heuristic", Doc: "the thesis' parallel matching: rounds per dimension, the k-th dimension after d in round k, a middle edge taken at most once (Ch. III.1)", Choose: heuristic,
		Memory: func(n int, f int64) int64 {
			return cubeBytes(n, f) + 2*(1<<n/8+8) + 12*(1<<n/64+1) + 16*(9*f/(8*int64(n))+64)
		}}, // the cube; pending and taken by node; the words pending and took; a dimension's pending and claimed edges, grown
	{Name: "optimal", Doc: "the smallest γ per dimension, by b-matching failed edges to intact middle edges", Choose: optimal,
		Memory: func(n int, f int64) int64 { return cubeBytes(n, f) + 13<<n + 8*f }}, // the cube; load, seen, detour and intact detours per node; those with one, appended
	{Name: "random", Doc: "a uniformly random intact detour for every failed edge, uncoordinated", Choose: random,
		Memory: func(int, int64) int64 { return 0 }},
}

// Bytes estimates the memory one draw of s on Q_n with failure
// probability q holds at its peak: the faulty cube's bits, the system (a
// byte per edge, and room for a 64th of them chosen, at 8 bytes), the
// middle loads of its γ (four), what s allocates, and a KiB for the small
// rest.
func (s Strategy) Bytes(n int, q float64) int64 {
	e := int64(n) << n
	return e/8 + e + e/8 + 4*e + s.Memory(n, int64(q*float64(e))) + 1<<10
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

package ascend

import (
	"github.com/hyperroute/hyperroute/faults"
)

// StepTimes returns the time each step of p takes all-port on the faulty
// cube of y, by the law of the package doc: 1 if no sender's edge has
// failed, else 2 + the largest number of the step's detours that share a
// middle edge. y must give every failed edge a detour.
func StepTimes(p Program, y *faults.System) []int32 {
	return stepTimes(p, y, func(a, _ int32) int32 { return a + 2 })
}

// SinglePortStepTimes returns the least time each step of p takes
// single-port on the faulty cube of y, which the Optimal schedule
// achieves (package doc): 1 if no sender's edge has failed, else the
// largest, over the step's middle edges u → ū of dimension d, of
// max(a + b + 1, a + 2), where a words are detoured over u → ū and b over
// ū → u. y must give every failed edge a detour.
func SinglePortStepTimes(p Program, y *faults.System) []int32 {
	return stepTimes(p, y, func(a, b int32) int32 {
		if b == 0 {
			return a + 2
		}
		return a + b + 1
	})
}

// stepTimes returns per step of p 1 if no sender's edge has failed, else
// the largest pair(a, b) over the middle edges u → ū with a > 0 detoured
// words, b being those over ū → u.
func stepTimes(p Program, y *faults.System, pair func(a, b int32) int32) []int32 {
	n := p.N()
	load := make([]int32, 1<<n) // by middle node, in the step's dimension
	times := make([]int32, p.Steps())
	for s := range times {
		d := p.Dim(s)
		clear(load)
		times[s] = 1
		for v := range uint32(1) << n {
			if p.Sends(s, v) && y.Faults.FailedDim(v, d) {
				u, _ := y.Detour(v, d)
				load[u.Middle()]++
			}
		}
		for m, a := range load {
			if a > 0 {
				times[s] = max(times[s], pair(a, load[m^1<<(d-1)]))
			}
		}
	}
	return times
}

// SortTime is the time bitonic sort takes all-port on the faulty cube of
// y by the law: Σ_d (n−d+1)·τ_d, with τ_d = γ_d + 2 if an edge of dimension
// d has failed and 1 otherwise, γ_d being y's largest middle load in
// dimension d.
func SortTime(y *faults.System) int {
	n := y.Faults.N
	perDim, _ := y.Gamma()
	failed := make([]bool, n+1)
	y.Faults.Each(func(_ uint32, d int) { failed[d] = true })
	t := 0
	for d := 1; d <= n; d++ {
		tau := 1
		if failed[d] {
			tau = perDim[d-1] + 2
		}
		t += (n - d + 1) * tau
	}
	return t
}

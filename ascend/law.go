package ascend

import (
	"github.com/hyperroute/hyperroute/faults"
)

// StepTimes returns the time each step of p takes all-port on the faulty
// cube of y, by the law of the package doc: 1 if no sender's edge has
// failed, else 2 + the largest number of the step's detours that share a
// middle edge. y must give every failed edge a detour.
func StepTimes(p Program, y *faults.System) []int32 {
	n := p.N()
	load := make([]int32, 1<<n) // by middle node, in the step's dimension
	times := make([]int32, p.Steps())
	for s := range times {
		d := p.Dim(s)
		clear(load)
		times[s] = 1
		for v := range uint32(1) << n {
			if !p.Sends(s, v) || !y.Faults.FailedDim(v, d) {
				continue
			}
			u, _ := y.Detour(v, d)
			m := u.Middle()
			load[m]++
			times[s] = max(times[s], load[m]+2)
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

package collectives

import (
	"math"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// TestEveryRunVerified: every algorithm on every network of up to 64
// nodes, every port model and model, ends with exactly the data its
// operation defines, on random data; copies never go to a node that has
// them where the algorithm is a tree; and no run takes fewer steps,
// non-combining steps or block-hops than the lower bound.
func TestEveryRunVerified(t *testing.T) {
	cs := configs(upTo(64))
	if len(cs) < 2000 {
		t.Fatalf("only %d configurations", len(cs))
	}
	for _, c := range cs {
		r := run(t, c)
		if !r.OK {
			t.Errorf("%s: %v", describe(c), r.Err)
		}
		if r.Messages == 0 || r.Hops < int64(r.Messages) || r.Rho < 1 || r.Time <= 0 {
			t.Errorf("%s: %d messages, %d hops, ρ = %d, time %v", describe(c), r.Messages, r.Hops, r.Rho, r.Time)
		}
		if b := LowerBound(c); r.Rho < b.Steps || r.Eta < b.Eta || !math.IsNaN(b.Rho) && r.RhoM < b.Rho {
			t.Errorf("%s: ρ = %d, ρ_m = %v, η = %v beat the bound %+v", describe(c), r.Rho, r.RhoM, r.Eta, b)
		}
	}
}

// costPoints are the costs TestClosedForms prices runs at: the uneven
// point of configs, each term alone, and two mixes in which t_w·m or t_s
// dominates (t_s ≠ t_w, t_h > t_w·m in the second), so that a form that
// drops, swaps or merges terms, or takes a sum for the step's slowest hop,
// fails at one of them. A pipelined broadcast's block is M·720720 words.
var costPoints = []struct {
	M          int
	Ts, Tw, Th float64
}{
	{5, 7, 3, 2},
	{1, 1, 0, 0},
	{1, 0, 1, 0},
	{1, 0, 0, 1},
	{4, 0.5, 3, 0},
	{2, 13, 0.25, 6},
}

// at returns c priced at cost point k, with the k-th of its roots, shift
// amounts and (pipelined broadcasts) numbers of pieces.
func at(c Config, k int) Config {
	cp := costPoints[k%len(costPoints)]
	c.M, c.Ts, c.Tw, c.Th = cp.M, cp.Ts, cp.Tw, cp.Th
	if a, _ := Lookup(c.Op, c.Algo); a.Pieces {
		c.M *= 720720
		c.Pieces = log2(c.P) * (1 + k%3)
	}
	if c.Op.rooted() {
		roots := distinct(0, c.P-1, 1, c.P/2, 2*c.P/3)
		c.Root = roots[k%len(roots)]
	}
	if c.Op == Shift {
		qs := shiftsOf(c.P)
		c.Shift = qs[k%len(qs)]
	}
	return c
}

// shiftsOf returns shift amounts for p nodes: p/3 (as configs), 1, p−1,
// p/2, 2 and p−2, those in 1 … p−1.
func shiftsOf(p int) []int {
	var qs []int
	for _, q := range distinct(max(1, p/3), 1, p-1, p/2, 2, p-2) {
		if q >= 1 && q < p {
			qs = append(qs, q)
		}
	}
	return qs
}

// distinct returns xs without repeats, in order.
func distinct(xs ...int) []int {
	var out []int
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// TestClosedForms: the simulated time equals the closed form to the step,
// wherever there is one: at the uneven cost point for p = 2 … 64 and on
// the cube up to Q_10 (the pairwise total exchange to Q_9); at every cost
// point, several roots, shift amounts and numbers of pieces for p in a set
// with odd and even rings and sides; and for every shift amount up to
// p = 16. Every form must be checked at more than one p, at every cost
// point, and at more than one root or shift amount where it has one.
func TestClosedForms(t *testing.T) {
	type seen struct {
		ps, costs, roots, shifts map[int]bool
		rooted, shift            bool
	}
	forms := map[string]*seen{}
	check := func(c Config, k int) {
		want, ref, ok := Closed(c)
		if !ok {
			return
		}
		r := run(t, c)
		if r.Time != want || !r.OK {
			t.Errorf("%s p=%d m=%d t_s=%v t_w=%v t_h=%v root %d shift %d pieces %d: time %v, closed form [%s] %v (ok %v %v)",
				describe(c), c.P, c.M, c.Ts, c.Tw, c.Th, c.Root, c.Shift, c.Pieces, r.Time, ref, want, r.OK, r.Err)
		}
		key := describe(Config{Op: c.Op, Algo: c.Algo, Topology: c.Topology, P: 4, Port: c.Port, Model: c.Model, Startup: c.Startup})
		s := forms[key]
		if s == nil {
			s = &seen{map[int]bool{}, map[int]bool{}, map[int]bool{}, map[int]bool{}, c.Op.rooted(), c.Op == Shift}
			forms[key] = s
		}
		s.ps[c.P], s.costs[k%len(costPoints)], s.roots[c.Root], s.shifts[c.Shift] = true, true, true, true
	}
	ps := upTo(64)
	ps = append(ps, 128, 256, 512, 1024)
	for _, c := range configs(ps) {
		// The pairwise total exchange takes 1.4 … 3.2 s per run on Q_10
		// (15 s for its six models): it runs to Q_9.
		if c.P <= 64 || c.Topology == topology.Cube && !(c.Op == AAS && c.Algo == "pairwise" && c.P > 512) {
			check(c, 0)
		}
	}
	for _, c := range configs([]int{2, 3, 4, 5, 6, 7, 8, 9, 16, 25, 31, 32, 36, 49, 64}) {
		for k := 1; k < len(costPoints); k++ {
			check(at(c, k), k)
		}
	}
	for _, c := range configs(upTo(16)) {
		if c.Op != Shift {
			continue
		}
		for q := 1; q < c.P; q++ {
			c := at(c, q)
			c.Shift = q
			check(c, q)
		}
	}
	for key, s := range forms {
		if len(s.ps) < 2 || len(s.costs) < len(costPoints) || s.rooted && len(s.roots) < 2 || s.shift && len(s.shifts) < 2 {
			t.Errorf("%s: closed form checked at %d sizes, %d cost points, %d roots, %d shift amounts", key, len(s.ps), len(s.costs), len(s.roots), len(s.shifts))
		}
	}
	if len(forms) < 200 {
		t.Fatalf("only %d closed forms checked", len(forms))
	}
}

// Package faultstest enumerates the small fault sets of Q_n and their
// complete detour systems [Schömer 1988, Ch. III.1] for exhaustive tests of
// the code that uses package faults, as net/http/httptest serves the tests
// of net/http.
package faultstest

import "github.com/hyperroute/hyperroute/faults"

// EachSet calls fn with every set of at most k failed edges of Q_n, each a
// new Set: the empty set first, then depth first in the order of edge
// indices (edge 0; edges 0 and 1; …). It panics if Q_n is not a valid cube.
func EachSet(n, k int, fn func(*faults.Set)) {
	var chosen []int
	var rec func(from int)
	rec = func(from int) {
		s, err := faults.New(n)
		if err != nil {
			panic(err)
		}
		for _, e := range chosen {
			s.Fail(uint32(e/n), e%n+1)
		}
		fn(s)
		if len(chosen) == k {
			return
		}
		for e := from; e < n<<n; e++ {
			chosen = append(chosen, e)
			rec(e + 1)
			chosen = chosen[:len(chosen)-1]
		}
	}
	rec(0)
}

// EachSystem calls fn with every complete detour system on s: every choice
// of an intact detour for each failed edge, the failed edges in index
// order and their detours by dimension. fn gets one System, changed
// between calls. There is none if a failed edge has no intact detour.
func EachSystem(s *faults.Set, fn func(*faults.System)) {
	y := faults.NewSystem(s)
	var failed []faults.Detour
	s.Each(func(v uint32, d int) { failed = append(failed, faults.Detour{V: v, D: d}) })
	var rec func(j int)
	rec = func(j int) {
		if j == len(failed) {
			fn(y)
			return
		}
		u := failed[j]
		for u.I = 1; u.I <= s.N; u.I++ {
			if u.I != u.D && s.Intact(u) {
				y.Choose(u.V, u.D, u.I)
				rec(j + 1)
			}
		}
		y.Choose(u.V, u.D, 0)
	}
	rec(0)
}

package lossest

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

// bruteLoss sums, over every failure pattern of the edges the message's
// paths use, the probability of the patterns under which fewer than m
// paths of some phase are whole, for every m = 1 … n (lost[m−1]), and of
// the others (delivered[m−1]).
func bruteLoss(n int, q float64, p1, p2 [][]uint64) (lost, delivered []float64) {
	var used []uint64
	mask := func(p []uint64) (out uint64) {
		for _, e := range p {
			j := -1
			for i, u := range used {
				if u == e {
					j = i
				}
			}
			if j < 0 {
				j, used = len(used), append(used, e)
			}
			out |= 1 << j
		}
		return out
	}
	var m1, m2 []uint64
	for i := range n {
		m1, m2 = append(m1, mask(p1[i])), append(m2, mask(p2[i]))
	}
	lost, delivered = make([]float64, n), make([]float64, n)
	for set := range uint64(1) << len(used) {
		k := bits.OnesCount64(set)
		w := math.Pow(q, float64(k)) * math.Pow(1-q, float64(len(used)-k))
		a, b := 0, 0
		for i := range n {
			a += int(min(m1[i]&set, 1))
			b += int(min(m2[i]&set, 1))
		}
		for m := 1; m <= n; m++ {
			if a > n-m || b > n-m {
				lost[m-1] += w
			} else {
				delivered[m-1] += w
			}
		}
	}
	return lost, delivered
}

// TestExactBruteForce checks the exact loss of a message on its routes
// against the sum over every failure pattern of the edges they use, on Q_1,
// Q_2 and Q_3 for every source, intermediate and destination, every m and
// three q, and the probability that it is delivered likewise, to 1e-11
// relatively where it is tiny (q = 0.99); among them are the messages
// whose phases share edges (y = s, y = z and others), which it counts.
func TestExactBruteForce(t *testing.T) {
	shared := 0
	for n := 1; n <= 3; n++ {
		for _, q := range []float64{0.1, 0.45, 0.99} {
			for s := range uint32(1) << n {
				for y := range uint32(1) << n {
					for z := range uint32(1) << n {
						p1 := routers.PhaseEdges(n, s, y, nil)
						p2 := routers.PhaseEdges(n, y, z, nil)
						want, wantD := bruteLoss(n, q, p1, p2)
						for m := 1; m <= n; m++ {
							x := newExact(n, m, q)
							got, delivered, err := x.fates(p1, p2)
							if err != nil {
								t.Fatal(err)
							}
							if math.Abs(got-want[m-1]) > 1e-11*want[m-1] || math.Abs(delivered-wantD[m-1]) > 1e-11*wantD[m-1] {
								t.Errorf("Q_%d, %d→%d→%d, q=%v, m=%d: lost %v, delivered %v; by enumeration %v, %v", n, s, y, z, q, m, got, delivered, want[m-1], wantD[m-1])
							}
							if m == 1 && q == 0.1 && len(x.shared) > 0 {
								shared++
							}
						}
					}
				}
			}
		}
	}
	if shared < 50 {
		t.Errorf("only %d messages whose phases share edges", shared)
	}
}

// TestSharedAtMostTwo checks that a group of paths linked by shared edges
// shares at most two edges, for s = 0 (the routes of other sources are
// translates) and every y, z, n ≤ 6: the enumeration over their states
// stays small (maxShared).
func TestSharedAtMostTwo(t *testing.T) {
	for n := 1; n <= 6; n++ {
		x := newExact(n, 1, 0.1)
		for y := range uint32(1) << n {
			for z := range uint32(1) << n {
				if _, _, err := x.fates(routers.PhaseEdges(n, 0, y, nil), routers.PhaseEdges(n, y, z, nil)); err != nil {
					t.Fatal(err)
				}
				per := map[int]int{}
				for _, e := range x.shared {
					per[x.find(e[0])]++
				}
				for _, c := range per {
					if c > 2 {
						t.Fatalf("Q_%d, 0→%d→%d: a group of paths shares %d edges", n, y, z, c)
					}
				}
			}
		}
	}
}

// TestEstimateBracket checks estimates against the exact bracket of
// package stats, from 1e-3 down to 1e-15: disjoint for n = 8, 10, …, 16
// and every m = 1 … n/2 at the q where the bracket's upper end is the
// target, and valiant at n = 8, 12, 16 at the q where its exact loss is;
// each must lie within four standard errors of the bracket, with the
// relative standard error asked.
func TestEstimateBracket(t *testing.T) {
	const rse = 0.03
	type row struct {
		router string
		n, m   int
		target float64
	}
	var rows []row
	for _, target := range []float64{1e-3, 1e-6, 1e-9, 1e-12, 1e-15} {
		for n := 8; n <= 16; n += 2 {
			for m := 1; m <= n/2; m++ {
				rows = append(rows, row{"disjoint", n, m, target})
			}
		}
		for _, n := range []int{8, 12, 16} {
			rows = append(rows, row{"valiant", n, 1, target})
		}
	}
	for i, r := range rows {
		f := func(q float64) float64 { return stats.ValiantLoss(r.n, q) }
		if r.router == "disjoint" {
			f = func(q float64) float64 { _, hi := stats.MeanMessageLoss(r.n, r.m, q); return hi }
		}
		q := stats.InvertQ(f, r.target)
		c := Config{Router: r.router, N: r.n, Q: q, Pieces: r.m, RSE: rse, Seed: uint64(i)}
		name := fmt.Sprintf("%s n=%d m=%d q=%.3g (loss %g)", r.router, r.n, r.m, q, r.target)
		res, err := Estimate(c)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch {
		case !res.Converged || res.SE <= 0 || res.SE > rse*res.Loss:
			t.Errorf("%s: %g ± %g after %d trials, relative standard error %v asked", name, res.Loss, res.SE, res.Trials, rse)
		case res.Loss < res.ExactLo-4*res.SE || res.Loss > res.ExactHi+4*res.SE:
			t.Errorf("%s: %g ± %g, exact bracket [%g, %g]", name, res.Loss, res.SE, res.ExactLo, res.ExactHi)
		}
	}
}

// TestEstimateGrid checks estimates against the exact brackets over q up
// to 1, m up to n and n up to the most each router takes, with the
// issue's cases (valiant n = 10 and 8 at q = 1, where the loss is
// 1 − 2^−2n; disjoint n = 27, q = 0.3, m = 13 and n = 16, q = 0.3, m = 8,
// losses within 10^−7 of 1): each estimate in [0, 1], converged, and within
// four standard errors of the exact bracket of the probability it
// estimated (the loss, or where that is above ½ the probability of
// delivery); a standard error of 0 only where the bracket is one point and
// the estimate that point. A q where the answer underflows is refused.
func TestEstimateGrid(t *testing.T) {
	var grid []Config
	for _, q := range []float64{1e-3, 0.05, 0.3, 0.7, 0.95, 1} {
		for _, n := range []int{1, 4, 10, 16, 30} {
			grid = append(grid, Config{Router: "valiant", N: n, Q: q})
		}
		for _, n := range []int{2, 5, 8, 16, 27} {
			for _, m := range []int{1, (n + 1) / 2, n} {
				grid = append(grid, Config{Router: "disjoint", N: n, Q: q, Pieces: m})
			}
		}
	}
	grid = append(grid, Config{Router: "valiant", N: 10, Q: 1}, Config{Router: "valiant", N: 8, Q: 1},
		Config{Router: "disjoint", N: 27, Q: 0.3, Pieces: 13}, Config{Router: "disjoint", N: 16, Q: 0.3, Pieces: 8})
	complements := 0
	for i, c := range grid {
		c.RSE, c.Seed, c.Workers, c.MaxTrials = 0.1, uint64(i), 2, 1<<16
		name := fmt.Sprintf("%s n=%d q=%v m=%d", c.Router, c.N, c.Q, c.Pieces)
		res, err := Estimate(c)
		if err != nil {
			if !strings.Contains(err.Error(), "does not apply") {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		p, lo, hi := res.Loss, res.ExactLo, res.ExactHi
		if res.Complement {
			p, lo, hi = res.Delivered, res.ExactDeliveredLo, res.ExactDeliveredHi
			complements++
		}
		z := 0.0
		switch {
		case p < lo:
			z = (lo - p) / res.SE
		case p > hi:
			z = (p - hi) / res.SE
		}
		switch {
		case !(res.Loss >= 0 && res.Loss <= 1 && res.Delivered >= 0 && res.Delivered <= 1):
			t.Errorf("%s: loss %v, delivered %v: not probabilities", name, res.Loss, res.Delivered)
		case !res.Converged:
			t.Errorf("%s: %g ± %g not converged in %d trials", name, p, res.SE, res.Trials)
		case res.SE == 0 && (lo != hi || p != lo):
			t.Errorf("%s: %g ± 0, exact bracket [%g, %g]", name, p, lo, hi)
		case z > 4 || math.IsNaN(z):
			t.Errorf("%s: %s %g ± %g, %.1f standard errors from the exact bracket [%g, %g]",
				name, map[bool]string{false: "loss", true: "delivered"}[res.Complement], p, res.SE, z, lo, hi)
		}
	}
	if complements < 20 {
		t.Errorf("%d estimates of the complement", complements)
	}
	for _, c := range []Config{{Router: "disjoint", N: 16, Q: 1e-300, RSE: 0.1}, {Router: "disjoint", N: 27, Q: 1 - 1e-16, RSE: 0.1, Pieces: 27}} {
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "does not apply") {
			t.Errorf("%+v: %v, want it refused", c, err)
		}
	}
}

// TestEstimateExhaustive checks estimates against the exact loss averaged
// over every intermediate and destination (s = 0; other sources are
// translates) at n = 6, phases sharing edges included: within four
// standard errors at a relative standard error of 1%. The exact mean must
// lie in the bracket of package stats.
func TestEstimateExhaustive(t *testing.T) {
	const n = 6
	for _, q := range []float64{0.02, 0.2} {
		for _, m := range []int{1, 2, 3} {
			x := newExact(n, m, q)
			var sum float64
			for y := range uint32(1) << n {
				for z := range uint32(1) << n {
					p, _, err := x.fates(routers.PhaseEdges(n, 0, y, nil), routers.PhaseEdges(n, y, z, nil))
					if err != nil {
						t.Fatal(err)
					}
					sum += p
				}
			}
			exact := sum / (1 << (2 * n))
			res, err := Estimate(Config{Router: "disjoint", N: n, Q: q, Pieces: m, RSE: 0.01, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("n=%d q=%v m=%d", n, q, m)
			if math.Abs(res.Loss-exact) > 4*res.SE {
				t.Errorf("%s: %g ± %g, exact %g", name, res.Loss, res.SE, exact)
			}
			if exact < res.ExactLo*(1-1e-12) || exact > res.ExactHi*(1+1e-12) {
				t.Errorf("%s: exact mean %g outside the bracket [%g, %g]", name, exact, res.ExactLo, res.ExactHi)
			}
		}
	}
}

// TestEstimateWorkers checks that the estimate is the same for any number
// of workers.
func TestEstimateWorkers(t *testing.T) {
	for _, c := range []Config{
		{Router: "disjoint", N: 10, Q: 0.01, Pieces: 2, RSE: 0.02, Seed: 3},
		{Router: "valiant", N: 10, Q: 0.001, RSE: 0.005, Seed: 3},
	} {
		one, err := Estimate(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{2, 3, 7} {
			c.Workers = w
			if got, _ := Estimate(c); got != one {
				t.Errorf("%s, %d workers: %+v, one worker %+v", c.Router, w, got, one)
			}
		}
	}
}

// TestEstimateManyWorkers checks that workers beyond a batch's trials
// hold no state: an estimate on 2^20 workers allocates about what one on
// Batch workers does.
func TestEstimateManyWorkers(t *testing.T) {
	c := Config{Router: "disjoint", N: 10, Q: 0.01, RSE: 0.5, MaxTrials: Batch, Seed: 3}
	alloc := func(workers int) uint64 {
		c.Workers = workers
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, err := Estimate(c); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	if batch, many := alloc(Batch), alloc(1<<20); many > 2*batch {
		t.Errorf("2^20 workers allocated %d bytes, %d workers %d", many, Batch, batch)
	}
}

// TestProposal checks the law of the distances: a law (π sums to 1), the
// weights b/π at most 2, and π·weight = Bin(n, ½).
func TestProposal(t *testing.T) {
	for _, n := range []int{1, 8, 16} {
		for _, phi := range []func(int) float64{
			func(k int) float64 { return stats.PhaseLoss(n, k, 1, 0.01) },
			func(int) float64 { return 0 },
		} {
			p := newProposal(n, phi)
			prev := 0.0
			for k, c := range p.cdf {
				pi := c - prev
				prev = c
				b := math.Exp(lchoose(n, k) - float64(n)*math.Ln2)
				if p.weight[k] > 2+1e-12 || math.Abs(pi*p.weight[k]-b) > 1e-12 {
					t.Errorf("n=%d, k=%d: π %v, weight %v, Bin(n, ½) %v", n, k, pi, p.weight[k], b)
				}
			}
			if math.Abs(prev-1) > 1e-12 {
				t.Errorf("n=%d: π sums to %v", n, prev)
			}
		}
	}
}

// TestValidate checks that bad input is refused with a sentence.
func TestValidate(t *testing.T) {
	ok := Config{Router: "disjoint", N: 8, Q: 0.01, RSE: 0.1}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Config{
		{Router: "ecube", N: 8, Q: 0.01, RSE: 0.1},
		{Router: "disjoint", N: 0, Q: 0.01, RSE: 0.1},
		{Router: "disjoint", N: 28, Q: 0.01, RSE: 0.1},
		{Router: "valiant", N: 31, Q: 0.01, RSE: 0.1},
		{Router: "disjoint", N: 8, Q: -0.1, RSE: 0.1},
		{Router: "disjoint", N: 8, Q: 1.5, RSE: 0.1},
		{Router: "disjoint", N: 8, Q: math.NaN(), RSE: 0.1},
		{Router: "disjoint", N: 8, Q: 0.01, RSE: 0},
		{Router: "disjoint", N: 8, Q: 0.01, RSE: 1},
		{Router: "disjoint", N: 8, Q: 0.01, RSE: 0.1, Pieces: 9},
		{Router: "disjoint", N: 8, Q: 0.01, RSE: 0.1, Pieces: -1},
		{Router: "disjoint", N: 8, Q: 0.01, RSE: 0.1, Port: routers.AllPort},
		{Router: "valiant", N: 8, Q: 0.01, RSE: 0.1, Pieces: 2},
	} {
		if _, err := Estimate(c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

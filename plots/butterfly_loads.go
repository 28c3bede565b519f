package plots

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// lawTest is the test of the per-node load law at one priority: the
// binomial Bin(N, 1/N) of stats.LemmaII2Law, the law's probabilities of
// the load categories 0, 1, …, K−1 and K or more, the mean over trials of
// the fraction of nodes in each, and the p-value.
type lawTest struct {
	P, N   int
	Probs  []float64
	Means  []float64
	PValue float64
}

// loadLawTests tests, per priority p with N ≥ 2 and over the trials of one
// n, the fraction of the n·2^n nodes w with f(p, w) in each category
// against its probability under Bin(N, 1/N). The nodes of one trial are
// not independent, but the trials are, and the expected fraction is the
// law's probability by linearity; so each category gets a two-sided
// one-sample t test across trials (stats.TTest), and p's p-value is the
// smallest times the number of categories (Bonferroni). The categories
// are 0 … K−1 and K or more, for the first K whose tail Pr(f ≥ K) is below
// 1% (and is 0 when K > N).
func loadLawTests(rows []loadCount, n int) []lawTest {
	type key struct{ trial, p int64 }
	counts := map[key][]int64{}
	for _, r := range rows {
		k := key{r.Trial, r.P}
		for len(counts[k]) <= int(r.F) {
			counts[k] = append(counts[k], 0)
		}
		counts[k][r.F] += r.Nodes
	}
	nodes := float64(int64(n) << n)
	var tests []lawTest
	for p := range 2*n + 2 {
		N := stats.LemmaII2Law(n, p)
		if N < 2 {
			continue
		}
		lt := lawTest{P: p, N: N}
		K := 0
		for ; K <= N && binomUpper(K, N) >= 0.01; K++ {
			lt.Probs = append(lt.Probs, stats.BinomPMF(K, N, 1/float64(N)))
		}
		lt.Probs = append(lt.Probs, binomUpper(K, N))
		fractions := make([][]float64, K+1)
		for k, c := range counts {
			if k.p != int64(p) {
				continue
			}
			for cat := range fractions {
				var x int64
				if cat < K {
					x = at(c, cat)
				} else {
					for f := K; f < len(c); f++ {
						x += c[f]
					}
				}
				fractions[cat] = append(fractions[cat], float64(x)/nodes)
			}
		}
		if len(fractions[0]) < 2 {
			continue
		}
		lt.PValue = 1
		for cat, xs := range fractions {
			_, pv := stats.TTest(xs, lt.Probs[cat])
			lt.PValue = math.Min(lt.PValue, pv*float64(len(fractions)))
			lt.Means = append(lt.Means, mean(xs))
		}
		tests = append(tests, lt)
	}
	return tests
}

// binomUpper is Pr(Bin(N, 1/N) ≥ k), summed term by term.
func binomUpper(k, N int) float64 {
	var t float64
	for j := k; j <= N; j++ {
		t += stats.BinomPMF(j, N, 1/float64(N))
	}
	return t
}

func at(c []int64, i int) int64 {
	if i < len(c) {
		return c[i]
	}
	return 0
}

func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// ButterflyLoads draws the per-node law behind thesis Lemma II.2 from
// butterfly-loads/loadcounts at the largest n: for a few priorities of both
// phases, the mean over trials of the fraction of nodes w with f(p, w) = f
// (markers) against Bin(N, 1/N) with N = stats.LemmaII2Law(n, p) (lines),
// on a log y axis; the last category holds f ≥ K. A note gives the
// smallest of the priorities' p-values (loadLawTests) and it times the
// number of priorities tested, in one line.
func ButterflyLoads(dir, out string) (Output, error) {
	var o Output
	rows, err := readLoadCounts(dir, "butterfly-loads")
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "router", "disjoint", "queue", "priority", "pattern", "random", "mu", "1")
	ns := values(rows, func(r loadCount) int { return r.N })
	if len(ns) == 0 {
		return o, fmt.Errorf("butterfly-loads: no rows")
	}
	n := ns[len(ns)-1]
	rows = slices.DeleteFunc(rows, func(r loadCount) bool { return r.N != n })
	tests := loadLawTests(rows, n)
	if len(tests) == 0 {
		return o, fmt.Errorf("butterfly-loads: fewer than two trials at n=%d", n)
	}
	least := tests[0]
	for _, lt := range tests {
		if lt.PValue < least.PValue {
			least = lt
		}
	}
	o.Notes = append(o.Notes, fmt.Sprintf("n=%d: f(p, w) against Bin(N, 1/N) at %d priorities, smallest p-value %.3g (p=%d), times %d: %.3g",
		n, len(tests), least.PValue, least.P, len(tests), math.Min(least.PValue*float64(len(tests)), 1)))

	shown := []int{2, n, n + 1, 2*n + 1}
	p := newPlot("load f (packets; the last: f or more)", "fraction of nodes with f(p, w) = f")
	p.Title.Text = fmt.Sprintf("n = %d", n)
	ylo := 1.0
	for si, lt := range tests {
		if !slices.Contains(shown, lt.P) {
			continue
		}
		c := colour(slices.Index(shown, lt.P))
		var law, measured plotter.XYs
		for k, pk := range lt.Probs {
			law = append(law, plotter.XY{X: float64(k), Y: pk})
			if lt.Means[k] > 0 {
				measured = append(measured, plotter.XY{X: float64(k), Y: lt.Means[k]})
				ylo = math.Min(ylo, lt.Means[k])
			}
			if pk > 0 {
				ylo = math.Min(ylo, pk)
			}
		}
		phase, h := 1, lt.P
		if lt.P > n {
			phase, h = 2, lt.P-n-1
		}
		name := fmt.Sprintf("phase %d, %d hops: Bin(%d, 1/%d)", phase, h, lt.N, lt.N)
		if err := addLine(p, name, onLog(law, false, true), plotter.Line{LineStyle: dataLine(c, 0)}); err != nil {
			return o, err
		}
		marks, err := plotter.NewScatter(measured)
		if err != nil {
			return o, err
		}
		marks.GlyphStyle = glyph(c, si)
		p.Add(marks)
	}
	p.Legend.Add("measured", &plotter.Scatter{GlyphStyle: glyph(boundColor, 0)})
	p.Legend.Top = true
	logY(p, decade(ylo), 1)
	o.Files, err = savePlot(out, "butterfly-loads", p)
	return o, err
}

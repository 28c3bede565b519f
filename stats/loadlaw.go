package stats

import (
	"maps"
	"math"
	"slices"
)

// NodeLoads counts, per trial and priority p of a run on BF_n, the nodes w
// with each load f(p, w): NodeLoads[[2]int{trial, p}][f].
type NodeLoads map[[2]int][]int64

// LoadLaw is the test of the per-node load law of thesis Lemma II.2 at
// one priority P of BF_n: the law Bin(N, 1/N) of LemmaII2Law, its
// probabilities of the load categories 0, 1, …, K−1 and K or more, the
// mean over the trials of the fraction of nodes in each with its two-sided
// Student t interval, and the p-value, Bonferroni over the categories.
type LoadLaw struct {
	P, N, K      int
	Probs, Means []float64
	Lo, Hi       []float64
	Trials       int
	PValue       float64
}

// MinTailNodes is the least expected count of nodes a trial in the load
// category K or more of LoadLaws.
const MinTailNodes = 5

// LoadLaws tests, per priority p with N ≥ 2 and over the trials of loads
// on BF_n, the fraction of the n·2^n nodes w with f(p, w) in each category
// against its probability under Bin(N, 1/N), with intervals that hold at
// once at level 1 − alpha over every category and priority tested
// (Bonferroni).
// The nodes of one trial are not independent, but the trials are, and the
// expected fraction is the law's probability by linearity; so each
// category gets a two-sided one-sample t test across trials (TTest), and
// p's p-value is the smallest times the number of categories. The
// categories are 0 … K−1 and K or more, for the first K whose tail
// Pr(f ≥ K) is below 1% (and is 0 when K > N), or the first whose next
// tail expects fewer than MinTailNodes nodes a trial: a category that is
// empty in every trial has no spread, and its t test would reject a true
// law. A priority with fewer than two trials is left out.
func LoadLaws(n int, loads NodeLoads, alpha float64) []LoadLaw {
	nodes := float64(int64(n) << n)
	var out []LoadLaw
	tested := 0
	for p := range 2*n + 2 {
		tested += int(b2f(LemmaII2Law(n, p) >= 2))
	}
	for p := range 2*n + 2 {
		N := LemmaII2Law(n, p)
		if N < 2 {
			continue
		}
		l := LoadLaw{P: p, N: N}
		upper := func(k int) float64 { // Pr(Bin(N, 1/N) ≥ k)
			t := 0.0
			for j := k; j <= N; j++ {
				t += BinomPMF(j, N, 1/float64(N))
			}
			return t
		}
		for ; l.K <= N && upper(l.K) >= 0.01 && nodes*upper(l.K+1) >= MinTailNodes; l.K++ {
			l.Probs = append(l.Probs, BinomPMF(l.K, N, 1/float64(N)))
		}
		l.Probs = append(l.Probs, upper(l.K))
		fractions := make([][]float64, l.K+1)
		for _, k := range slices.SortedFunc(maps.Keys(loads), func(a, b [2]int) int { return a[0] - b[0] }) {
			if k[1] != p {
				continue
			}
			c := loads[k]
			for cat := range fractions {
				var x int64
				for f := cat; f < len(c) && (f == cat || cat == l.K); f++ {
					x += c[f]
				}
				fractions[cat] = append(fractions[cat], float64(x)/nodes)
			}
		}
		if len(fractions[0]) < 2 {
			continue
		}
		l.PValue, l.Trials = 1, len(fractions[0])
		for cat, xs := range fractions {
			_, pv := TTest(xs, l.Probs[cat])
			l.PValue = math.Min(l.PValue, pv*float64(len(fractions)))
			mean, iv := MeanCI(xs, 1-alpha/float64(len(fractions)*tested))
			l.Means, l.Lo, l.Hi = append(l.Means, mean), append(l.Lo, iv.Lo), append(l.Hi, iv.Hi)
		}
		out = append(out, l)
	}
	return out
}

package plots

import (
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/stats"
)

// LoadLaw is the test of thesis Lemma II.2's per-node law at one n of
// butterfly-loads, as butterfly-loads draws it: the trials, the
// priorities tested, and the smallest p-value with its priority (before
// the Bonferroni factor Priorities).
type LoadLaw struct {
	N, Trials, Priorities, LeastP int
	LeastPValue                   float64
}

// LoadLaws tests f(p, w) against Bin(N, 1/N) at every n of butterfly-loads
// in dir (router disjoint, priority queues, random permutations, μ = 1),
// by loadLawTests; an n with fewer than two trials has no entry.
func LoadLaws(dir string) ([]LoadLaw, error) {
	c := newLoadCounts()
	err := dataset.ScanRows(dir, "butterfly-loads", "loadcounts", false, func(rs *dataset.Rows) error {
		for i := range rs.Len() {
			r := Row{rs, i}
			if r.Str("router") == "disjoint" && r.Str("queue") == "priority" && r.Str("pattern") == "random" && r.Num("mu") == 1 {
				c.add(strconv.Itoa(int(r.Num("n"))), r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var out []LoadLaw
	for _, key := range slices.SortedFunc(maps.Keys(c.counts), compareValues) {
		n, _ := strconv.Atoi(key)
		tests := loadLawTests(c.counts[key], n)
		if len(tests) == 0 {
			continue
		}
		l := LoadLaw{N: n, Trials: len(c.trials[key]), Priorities: len(tests), LeastPValue: 2}
		for _, lt := range tests {
			if lt.PValue < l.LeastPValue {
				l.LeastP, l.LeastPValue = lt.P, lt.PValue
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// loadCounts collects a loadcounts table per key (an n, or a facet): the
// nodes with load f per trial and priority.
type loadCounts struct {
	counts map[string]map[[2]int64][]int64 // key, (trial, p): nodes per f
	trials map[string]map[int64]bool
	ns     map[string]int
}

func newLoadCounts() *loadCounts {
	return &loadCounts{counts: map[string]map[[2]int64][]int64{}, trials: map[string]map[int64]bool{}, ns: map[string]int{}}
}

func (c *loadCounts) add(key string, r Row) {
	if c.counts[key] == nil {
		c.counts[key], c.trials[key] = map[[2]int64][]int64{}, map[int64]bool{}
	}
	k := [2]int64{int64(r.Num("trial")), int64(r.Num("p"))}
	f := int(r.Num("f"))
	nodes := c.counts[key][k]
	for len(nodes) <= f {
		nodes = append(nodes, 0)
	}
	nodes[f] += int64(r.Num("nodes"))
	c.counts[key][k] = nodes
	c.trials[key][k[0]] = true
	c.ns[key] = int(r.Num("n"))
}

// lawTest is the test of the per-node load law at one priority: the
// binomial Bin(N, 1/N) of stats.LemmaII2Law, the law's probabilities of
// the load categories 0, 1, …, K−1 and K or more, the mean over trials of
// the fraction of nodes in each with its 95% t interval, and the p-value.
type lawTest struct {
	P, N          int
	Probs, Means  []float64
	Lo, Hi        []float64
	Trials        int
	PValue        float64
	Categories, K int
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
func loadLawTests(counts map[[2]int64][]int64, n int) []lawTest {
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
		lt.K = K
		fractions := make([][]float64, K+1)
		for _, k := range slices.SortedFunc(maps.Keys(counts), func(a, b [2]int64) int { return int(a[0] - b[0]) }) {
			if k[1] != int64(p) {
				continue
			}
			c := counts[k]
			for cat := range fractions {
				var x int64
				for f := cat; f < len(c) && (f == cat || cat == K); f++ {
					x += c[f]
				}
				fractions[cat] = append(fractions[cat], float64(x)/nodes)
			}
		}
		if len(fractions[0]) < 2 {
			continue
		}
		lt.PValue, lt.Trials = 1, len(fractions[0])
		for cat, xs := range fractions {
			_, pv := stats.TTest(xs, lt.Probs[cat])
			lt.PValue = math.Min(lt.PValue, pv*float64(len(fractions)))
			mean, iv := stats.MeanCI(xs, 0.95)
			lt.Means, lt.Lo, lt.Hi = append(lt.Means, mean), append(lt.Lo, iv.Lo), append(lt.Hi, iv.Hi)
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

// loadLaw collects butterfly-loads per facet, one priority p at one n,
// and draws the mean fraction of nodes per load category against the law.
type loadLaw struct{ *loadCounts }

func (c loadLaw) series(facet string) []drawn {
	var out []drawn
	for _, lt := range loadLawTests(c.counts[facet], c.ns[facet]) {
		measured := drawn{key: "law=measured", name: "measured", how: marks, bars: "bars: 95 % Student t intervals of the mean over the trials", barsShort: "bars: 95 % t intervals"}
		law := drawn{name: "Bin(N, 1/N), N of Lemma II.2", how: curve}
		for k := range lt.Probs {
			if lt.Probs[k] == 0 && lt.Means[k] == 0 {
				continue // K or more, for K > N: no node can have it
			}
			measured.pts = append(measured.pts, Point{X: float64(k), Y: lt.Means[k], Lo: lt.Lo[k], Hi: lt.Hi[k], N: lt.Trials})
			law.pts = append(law.pts, Point{X: float64(k), Y: lt.Probs[k], Lo: math.NaN(), Hi: math.NaN()})
		}
		out = append(out, law, measured)
	}
	return out
}

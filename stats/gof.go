package stats

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// BinomPMF returns Pr(Bin(N, q) = k), 0 outside 0 … N.
func BinomPMF(k, N int, q float64) float64 {
	switch {
	case k < 0 || k > N:
		return 0
	case q == 0:
		return b2f(k == 0)
	case q == 1:
		return b2f(k == N)
	}
	return math.Exp(binomLogPMF(k, N, q))
}

// ChiSquare returns Pearson's goodness-of-fit statistic for the counts
// observed in k categories against the probabilities probs (which sum to
// 1),
//
//	X² = Σ_i (O_i − E_i)²/E_i,  E_i = N·probs[i],
//
// its degrees of freedom k − 1 and the p-value Pr(χ²_{k−1} ≥ X²). The
// observations must be independent; merge categories so that every E_i is
// at least about 5.
func ChiSquare(observed []int64, probs []float64) (x2 float64, df int, p float64) {
	var total int64
	for _, o := range observed {
		total += o
	}
	for i, o := range observed {
		e := float64(total) * probs[i]
		x2 += (float64(o) - e) * (float64(o) - e) / e
	}
	df = len(observed) - 1
	return x2, df, distuv.ChiSquared{K: float64(df)}.Survival(x2)
}

// TTest returns the one-sample Student t statistic of sample against the
// mean mu, t = (x̄ − mu)/(s/√N), and its two-sided p-value with N − 1
// degrees of freedom. A sample without spread gives t = 0 and p = 1 if its
// mean is mu, else t = ±Inf and p = 0. It needs N ≥ 2.
func TTest(sample []float64, mu float64) (t, p float64) {
	mean, s := stat.MeanStdDev(sample, nil)
	n := float64(len(sample))
	if s == 0 {
		if mean == mu {
			return 0, 1
		}
		return math.Copysign(math.Inf(1), mean-mu), 0
	}
	t = (mean - mu) / (s / math.Sqrt(n))
	return t, 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Survival(math.Abs(t))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

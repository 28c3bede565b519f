package bounds

import (
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/stats"
)

// chapterII are the bounds and exact loss probabilities of thesis Ch. II.3
// and II.5 (docs/model.md, II.3 and II.5).
var chapterII = []Kind{
	{Name: "theorem-ii1", Needs: []string{"n"}, Takes: []string{"c", "t"},
		Doc: "Pr(T ≥ 12cn+2) ≤ 2·⅓n·6^n·2·e^{−min(c/2, c ln c − c + 1)n}, capped at 1; with t instead of c, c = (t−2)/(12n)",
		Eval: loss(func(a *Args, n, _ int) (float64, error) {
			if a.C == nil && a.T == nil {
				return 0, fmt.Errorf("theorem-ii1 needs c or t")
			}
			if err := cOrT(a, 2); err != nil {
				return 0, err
			}
			if a.C != nil {
				return stats.TheoremII1LogBound(n, *a.C), nil
			}
			return stats.TheoremII1LogTail(n, *a.T), nil
		})},
	{Name: "message-loss", Needs: []string{"n", "q"},
		Doc: "2(nq)^n, capped at 1: a message on n disjoint paths is lost",
		Eval: loss(func(a *Args, n, _ int) (float64, error) {
			return stats.LogMessageLossBound(n, *a.Q), nil
		})},
	{Name: "any-message-loss", Needs: []string{"n", "q"},
		Doc: "2(2nq)^n, capped at 1: some message of a permutation is lost",
		Eval: loss(func(a *Args, n, _ int) (float64, error) {
			return stats.LogAnyMessageLossBound(n, *a.Q), nil
		})},
	{Name: "theorem-ii2", Needs: []string{"n", "S"},
		Doc: "the q = 1/(2n·e^S) below which all messages arrive with probability ≥ 1 − 2e^{−Sn}",
		Eval: loss(func(a *Args, n, _ int) (float64, error) {
			if S := *a.S; math.IsNaN(S) || math.IsInf(S, 0) {
				return 0, fmt.Errorf("S=%v: must be finite", S)
			}
			return math.Log(stats.TheoremII2MaxQ(n, *a.S)), nil
		})},
	{Name: "phase-loss", Needs: []string{"n", "k", "q"}, Takes: []string{"m"},
		Doc: "exact Pr(fewer than m of n edge-disjoint paths, k of length k and n−k of length k+2, arrive)",
		Eval: loss(func(a *Args, n, m int) (float64, error) {
			return math.Log(stats.PhaseLoss(n, int(*a.K), m, *a.Q)), nil
		})},
	{Name: "loss-bracket", Needs: []string{"n", "k", "k2", "q"}, Takes: []string{"m", "form"}, Forms: []string{"upper", "lower"},
		Doc: "the exact bracket on a message's loss over phases of distance k and k2: pA+pB−pA·pB (upper) or max(pA, pB) (lower)",
		Eval: loss(func(a *Args, n, m int) (float64, error) {
			form, err := chooseForm(a, "upper", "lower")
			if err != nil {
				return 0, err
			}
			lo, hi := stats.MessageLoss(n, int(*a.K), int(*a.K2), m, *a.Q)
			return math.Log(pick(form, lo, hi)), nil
		})},
	{Name: "mean-loss", Needs: []string{"n", "q"}, Takes: []string{"m", "form"}, Forms: []string{"upper", "lower", "phase"},
		Doc: "loss-bracket (or phase-loss) averaged over k, k2 ~ Bin(n, ½)",
		Eval: loss(func(a *Args, n, m int) (float64, error) {
			form, err := chooseForm(a, "upper", "lower", "phase")
			if err != nil {
				return 0, err
			}
			if form == "phase" {
				return math.Log(stats.MeanPhaseLoss(n, m, *a.Q)), nil
			}
			lo, hi := stats.MeanMessageLoss(n, m, *a.Q)
			return math.Log(pick(form, lo, hi)), nil
		})},
	{Name: "valiant-loss", Needs: []string{"n", "q"},
		Doc: "1 − (1 − q/2)^{2n}: a single copy is lost, Valiant's routing",
		Eval: loss(func(a *Args, n, _ int) (float64, error) {
			return math.Log(stats.ValiantLoss(n, *a.Q)), nil
		})},
}

// loss returns the Eval of a Chapter II kind: f after lossArgs.
func loss(f func(a *Args, n, m int) (float64, error)) func(*Args) (float64, error) {
	return func(a *Args) (float64, error) {
		n, m, err := lossArgs(a)
		if err != nil {
			return 0, err
		}
		return f(a, n, m)
	}
}

// lossArgs checks the values n, q, k, k2 and m of a Chapter II kind, those
// it has, and returns n and m (default 1).
func lossArgs(a *Args) (n, m int, err error) {
	N := *a.Dim
	if N < 1 || N > hypercube.MaxDim {
		return 0, 0, fmt.Errorf("n=%d: must be in 1 … %d", N, hypercube.MaxDim)
	}
	if a.Q != nil && !(*a.Q >= 0 && *a.Q <= 1) {
		return 0, 0, fmt.Errorf("q=%v: must be in [0, 1]", *a.Q)
	}
	for _, k := range []*int64{a.K, a.K2} {
		if k != nil && (*k < 0 || *k > N) {
			return 0, 0, fmt.Errorf("k=%d: a distance in Q_%d must be in 0 … %d", *k, N, N)
		}
	}
	m = 1
	if a.M != nil {
		if x := *a.M; x != math.Trunc(x) || x < 1 || x > float64(N) {
			return 0, 0, fmt.Errorf("m=%v: the pieces that rebuild a message must be an integer in 1 … n=%d", x, N)
		}
		m = int(*a.M)
	}
	return int(N), m, nil
}

// pick returns the lower end lo of a bracket for the form "lower", else
// the upper end hi.
func pick(form string, lo, hi float64) float64 {
	if form == "lower" {
		return lo
	}
	return hi
}

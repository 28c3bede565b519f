package main

import (
	"math"

	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/stats"
)

// lossKinds are the bound kinds that take the pieces m of a message
// (default 1, replication).
var lossKinds = map[string]bool{"phase-loss": true, "loss-bracket": true, "mean-loss": true}

// evalChapterII evaluates the bounds and exact loss probabilities of thesis
// Ch. II (docs/model.md, II.3 and II.5) and returns the natural logarithm
// of the value; every error is a usage error.
func evalChapterII(res *boundResult, bq boundQuery) (float64, error) {
	var want []string
	switch bq.Kind {
	case "theorem-ii1":
		want = []string{"n", "c", "t"}
	case "message-loss", "any-message-loss", "valiant-loss":
		want = []string{"n", "q"}
	case "theorem-ii2":
		want = []string{"n", "S"}
	case "phase-loss":
		want = []string{"n", "k", "q", "m"}
	case "loss-bracket":
		want = []string{"n", "k", "k2", "q", "m", "form"}
	case "mean-loss":
		want = []string{"n", "q", "m", "form"}
	}
	if err := only(bq, want...); err != nil {
		return 0, err
	}
	n := *bq.Dim
	if n < 1 || n > hypercube.MaxDim {
		return 0, usagef("n=%d: must be in 1 … %d", n, hypercube.MaxDim)
	}
	if bq.Q != nil && !(*bq.Q >= 0 && *bq.Q <= 1) {
		return 0, usagef("q=%v: must be in [0, 1]", *bq.Q)
	}
	for _, k := range []*int64{bq.K, bq.K2} {
		if k != nil && (*k < 0 || *k > n) {
			return 0, usagef("k=%d: a distance in Q_%d must be in 0 … %d", *k, n, n)
		}
	}
	m := 1
	if bq.M != nil {
		if x := *bq.M; x != math.Trunc(x) || x < 1 || x > float64(n) {
			return 0, usagef("m=%v: the pieces that rebuild a message must be an integer in 1 … n=%d", x, n)
		}
		m = int(*bq.M)
	}
	upper := true
	if lossKinds[bq.Kind] && bq.Kind != "phase-loss" {
		switch bq.Form {
		case "", "upper":
			res.Form = "upper"
		case "lower":
			upper = false
		case "phase":
			if bq.Kind != "mean-loss" {
				return 0, usagef("form=%q: want upper or lower", bq.Form)
			}
		default:
			return 0, usagef("form=%q: want upper or lower (or phase for mean-loss)", bq.Form)
		}
	}
	N := int(n)
	switch bq.Kind {
	case "theorem-ii1":
		switch {
		case bq.C != nil && bq.T != nil:
			return 0, usagef("give c or t, not both")
		case bq.C != nil:
			if c := *bq.C; !(c > 0) || math.IsInf(c, 1) {
				return 0, usagef("c=%v: must be positive and finite", c)
			}
			return stats.TheoremII1LogBound(N, *bq.C), nil
		case bq.T != nil:
			if t := *bq.T; !(t > 2) || math.IsInf(t, 1) {
				return 0, usagef("t=%v: must be above 2 and finite", t)
			}
			return stats.TheoremII1LogTail(N, *bq.T), nil
		}
		return 0, usagef("theorem-ii1 needs c or t")
	case "message-loss":
		return stats.LogMessageLossBound(N, *bq.Q), nil
	case "any-message-loss":
		return stats.LogAnyMessageLossBound(N, *bq.Q), nil
	case "valiant-loss":
		return math.Log(stats.ValiantLoss(N, *bq.Q)), nil
	case "theorem-ii2":
		if S := *bq.S; math.IsNaN(S) || math.IsInf(S, 0) {
			return 0, usagef("S=%v: must be finite", S)
		}
		return math.Log(stats.TheoremII2MaxQ(N, *bq.S)), nil
	case "phase-loss":
		return math.Log(stats.PhaseLoss(N, int(*bq.K), m, *bq.Q)), nil
	case "loss-bracket":
		lo, hi := stats.MessageLoss(N, int(*bq.K), int(*bq.K2), m, *bq.Q)
		return math.Log(pick(upper, hi, lo)), nil
	}
	if bq.Form == "phase" {
		return math.Log(stats.MeanPhaseLoss(N, m, *bq.Q)), nil
	}
	lo, hi := stats.MeanMessageLoss(N, m, *bq.Q)
	return math.Log(pick(upper, hi, lo)), nil
}

func pick(first bool, a, b float64) float64 {
	if first {
		return a
	}
	return b
}

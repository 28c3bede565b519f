package main

import (
	"math"

	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/stats"
)

// evalChapterIII evaluates the bounds of thesis Ch. III.1 (docs/model.md,
// III.1) and returns the natural logarithm of the value; every error is a
// usage error.
func evalChapterIII(bq boundQuery) (float64, error) {
	switch bq.Kind {
	case "detour-max-q", "matching-max-q":
		if err := only(bq, "S"); err != nil {
			return 0, err
		}
		S := *bq.S
		if math.IsNaN(S) || math.IsInf(S, 0) {
			return 0, usagef("S=%v: must be finite", S)
		}
		if bq.Kind == "detour-max-q" {
			return math.Log(stats.DetourMaxQ(S)), nil
		}
		return math.Log(stats.MatchingMaxQ(S)), nil
	}
	want := []string{"n", "q"}
	if bq.Kind == "matching-failure" {
		want = append(want, "form")
	}
	if err := only(bq, want...); err != nil {
		return 0, err
	}
	n, q := *bq.Dim, *bq.Q
	if n < 1 || n > hypercube.MaxDim {
		return 0, usagef("n=%d: must be in 1 … %d", n, hypercube.MaxDim)
	}
	if !(q >= 0 && q <= 1) {
		return 0, usagef("q=%v: must be in [0, 1]", q)
	}
	if bq.Kind == "detour-missing" {
		return stats.LogDetourMissingBound(int(n), q), nil
	}
	switch bq.Form {
	case "", "sharp":
		return stats.LogMatchingFailureBound(int(n), q), nil
	case "loose":
		return stats.LogMatchingFailureLooseBound(int(n), q), nil
	}
	return 0, usagef("form=%q: want sharp or loose", bq.Form)
}

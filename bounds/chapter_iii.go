package bounds

import (
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/stats"
)

// chapterIII are the bounds of thesis Ch. III.1 (docs/model.md, III.1).
var chapterIII = []Kind{
	{Name: "detour-missing", Needs: []string{"n", "q"},
		Doc: "n·2^n·q·(3q)^{n−1}, capped at 1: some failed edge has no intact detour of length 3",
		Eval: faulty(func(a *Args, n int) (float64, error) {
			return stats.LogDetourMissingBound(n, *a.Q), nil
		})},
	{Name: "detour-max-q", Needs: []string{"S"},
		Doc:  "1/(7e^S): below it, detour-missing ≤ e^{−Sn}",
		Eval: exponent(stats.DetourMaxQ)},
	{Name: "matching-failure", Needs: []string{"n", "q"}, Takes: []string{"form"}, Forms: []string{"sharp", "loose"},
		Doc: "the parallel matching fails: (n/5)(10q)^n for q ≤ 1/10 (sharp) or (11q)^n (loose), capped at 1",
		Eval: faulty(func(a *Args, n int) (float64, error) {
			// The default form is not shown in the output.
			switch a.Form {
			case "", "sharp":
				return stats.LogMatchingFailureBound(n, *a.Q), nil
			case "loose":
				return stats.LogMatchingFailureLooseBound(n, *a.Q), nil
			}
			return 0, fmt.Errorf("form=%q: want sharp or loose", a.Form)
		})},
	{Name: "matching-max-q", Needs: []string{"S"},
		Doc:  "1/(11e^S): below it, the matching succeeds with probability ≥ 1 − e^{−Sn}",
		Eval: exponent(stats.MatchingMaxQ)},
}

// faulty returns the Eval of a kind of Q_n with edge-failure probability q:
// f after checking n and q.
func faulty(f func(a *Args, n int) (float64, error)) func(*Args) (float64, error) {
	return func(a *Args) (float64, error) {
		n, q := *a.Dim, *a.Q
		if n < 1 || n > hypercube.MaxDim {
			return 0, fmt.Errorf("n=%d: must be in 1 … %d", n, hypercube.MaxDim)
		}
		if !(q >= 0 && q <= 1) {
			return 0, fmt.Errorf("q=%v: must be in [0, 1]", q)
		}
		return f(a, int(n))
	}
}

// exponent returns the Eval of a threshold q(S): ln q(S) for a finite S.
func exponent(q func(S float64) float64) func(*Args) (float64, error) {
	return func(a *Args) (float64, error) {
		if S := *a.S; math.IsNaN(S) || math.IsInf(S, 0) {
			return 0, fmt.Errorf("S=%v: must be finite", S)
		}
		return math.Log(q(*a.S)), nil
	}
}

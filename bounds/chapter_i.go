package bounds

import (
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/stats"
)

// maxExactInt is the largest integer a float64 holds exactly, 2^53.
const maxExactInt = 1 << 53

// chapterI are the binomial tail and the bounds of thesis Ch. I.3
// (docs/model.md, I.3); B(m, N, p) = Pr(Bin(N, p) ≥ m).
var chapterI = []Kind{
	{Name: "binom", Needs: []string{"m", "N", "p"},
		Doc: "exact B(m, N, p); m an integer",
		Eval: func(a *Args) (float64, error) {
			m, N, p, err := binomial(a, "binom")
			if err != nil {
				return 0, err
			}
			return stats.LogBinomTail(int(m), int(N), p), nil
		}},
	{Name: "chernoff", Needs: []string{"m", "N", "p"},
		Doc: "(Np/m)^m·e^{m−Np} for m ≥ Np, else 1; m real",
		Eval: func(a *Args) (float64, error) {
			m, N, p, err := binomial(a, "chernoff")
			if err != nil {
				return 0, err
			}
			return stats.Chernoff{N: int(N), Q: p}.LogTail(m), nil
		}},
	{Name: "hoeffding", Needs: []string{"m", "N", "p"},
		Doc: "B(m, N, p̄) for m ≥ Np̄+1, else 1: N trials of mean success probability p̄; m an integer",
		Eval: func(a *Args) (float64, error) {
			m, N, p, err := binomial(a, "hoeffding")
			if err != nil {
				return 0, err
			}
			return stats.Hoeffding{N: int(N), QBar: p}.LogTail(int(m)), nil
		}},
	{Name: "lemma-i5", Needs: []string{"n", "c"}, Takes: []string{"form"}, Forms: []string{"binomial", "exp"},
		Doc: "Pr(Σx ≥ cn) ≤ B(⌈cn⌉, 2^n, n/2^n) (binomial) ≤ e^{−(c ln c − c + 1)n} (exp); n ≤ 62",
		Eval: func(a *Args) (float64, error) {
			n, c := *a.Dim, *a.C
			switch {
			case n < 1 || n > 62:
				return 0, fmt.Errorf("n=%d: must be in 1 … 62", n)
			case !(c >= 0) || c*float64(n) > maxExactInt:
				return 0, fmt.Errorf("c=%v: must be ≥ 0 with c·n ≤ 2^53", c)
			}
			form, err := chooseForm(a, "binomial", "exp")
			if err != nil {
				return 0, err
			}
			if form == "exp" {
				return stats.LemmaI5LogExp(int(n), c), nil
			}
			return stats.LemmaI5LogBinomial(int(n), c), nil
		}},
	{Name: "theorem-i1", Needs: []string{"n"}, Takes: []string{"c", "t"},
		Doc: "Pr(T ≥ 12cn) ≤ ½·18^n·2·e^{−min(c/2, c ln c − c + 1)n}, capped at 1; with t instead of c, the bound on Pr(T ≥ t)",
		Eval: func(a *Args) (float64, error) {
			n := *a.Dim
			if n < 1 || n > 1<<20 {
				return 0, fmt.Errorf("n=%d: must be in 1 … 2^20", n)
			}
			if a.C == nil && a.T == nil {
				return 0, fmt.Errorf("theorem-i1 needs c or t")
			}
			if err := cOrT(a, 0); err != nil {
				return 0, err
			}
			if a.C != nil {
				return stats.TheoremI1LogBound(int(n), *a.C), nil
			}
			return stats.TheoremI1LogTail(int(n), *a.T), nil
		}},
}

// binomial checks the values m, N and p of a binomial tail for kind, m an
// integer unless kind is chernoff.
func binomial(a *Args, kind string) (m float64, N int64, p float64, err error) {
	m, N, p = *a.M, *a.N, *a.P
	switch {
	case math.IsNaN(m) || math.IsInf(m, 0):
		return 0, 0, 0, fmt.Errorf("m=%v: must be finite", m)
	case N < 0:
		return 0, 0, 0, fmt.Errorf("N=%d: must be ≥ 0", N)
	case N > 1<<40:
		return 0, 0, 0, fmt.Errorf("N=%d: must be ≤ 2^40", N)
	case !(p >= 0 && p <= 1):
		return 0, 0, 0, fmt.Errorf("p=%v: must be in [0, 1]", p)
	case kind != "chernoff" && (m != math.Trunc(m) || math.Abs(m) > maxExactInt):
		return 0, 0, 0, fmt.Errorf("m=%v: must be an integer for %s", m, kind)
	}
	return m, N, p, nil
}

// cOrT checks that a holds c or t, not both: c positive and finite, t
// above tmin and finite.
func cOrT(a *Args, tmin float64) error {
	switch {
	case a.C != nil && a.T != nil:
		return fmt.Errorf("give c or t, not both")
	case a.C != nil && (!(*a.C > 0) || math.IsInf(*a.C, 1)):
		return fmt.Errorf("c=%v: must be positive and finite", *a.C)
	case a.T != nil && (!(*a.T > tmin) || math.IsInf(*a.T, 1)):
		if tmin == 0 {
			return fmt.Errorf("t=%v: must be positive and finite", *a.T)
		}
		return fmt.Errorf("t=%v: must be above %v and finite", *a.T, tmin)
	}
	return nil
}

package stats_test

import (
	"fmt"

	"github.com/hyperroute/hyperroute/stats"
)

// The steps of thesis Lemma I.5 [Schömer 1988] on Q_10 at c = 3: how likely
// 30 or more packets meet a fixed delay sequence, as the exact binomial
// (after Hoeffding) and as the exponential form (after Chernoff).
func ExampleLemmaI5Binomial() {
	const n, c = 10, 3.0
	fmt.Printf("B(30, 2^10, 10/2^10) = %.4g\n", stats.LemmaI5Binomial(n, c))
	fmt.Printf("Chernoff             = %.4g\n", stats.Chernoff{N: 1 << n, Q: 10.0 / (1 << n)}.Tail(c*n))
	fmt.Printf("e^-(c ln c - c + 1)n = %.4g\n", stats.LemmaI5Exp(n, c))
	// Output:
	// B(30, 2^10, 10/2^10) = 2.07e-07
	// Chernoff             = 2.356e-06
	// e^-(c ln c - c + 1)n = 2.356e-06
}

// Tails far below the float64 range are used in log form.
func ExampleLogBinomTail() {
	fmt.Printf("ln B(500, 2^20, 20/2^20) = %.6f\n", stats.LogBinomTail(500, 1<<20, 20.0/(1<<20)))
	// Output:
	// ln B(500, 2^20, 20/2^20) = -1133.533249
}

// Theorem I.1 in the form "for every S there is R with Pr(T ≥ R·n) ≤ e^{−S·n}".
func ExampleTheoremI1R() {
	for _, S := range []float64{1, 2} {
		R := stats.TheoremI1R(S)
		fmt.Printf("S=%v: R=%.2f, bound at n=10: %.3g\n", S, R, stats.TheoremI1Tail(10, R*10))
	}
	// Output:
	// S=1: R=93.37, bound at n=10: 4.54e-05
	// S=2: R=117.37, bound at n=10: 2.06e-09
}

// The empirical CCDF of run times, ready for a log-scale plot next to a bound.
func ExampleCCDF() {
	runTimes := []int{21, 23, 22, 21, 25, 22, 21, 30}
	values, tail := stats.CCDF(runTimes)
	for i, v := range values {
		fmt.Printf("Pr(T ≥ %d) = %.3f\n", v, tail[i])
	}
	// Output:
	// Pr(T ≥ 21) = 1.000
	// Pr(T ≥ 22) = 0.625
	// Pr(T ≥ 23) = 0.375
	// Pr(T ≥ 25) = 0.250
	// Pr(T ≥ 30) = 0.125
}

package stats

import "math"

// BinomTail returns the exact binomial upper tail used throughout Chapter I
// of the thesis [Schömer 1988]
//
//	B(m, N, q) = Pr(Bin(N, q) ≥ m) = Σ_{i=m}^{N} C(N,i) q^i (1−q)^{N−i},
//
// with a relative error below 1e-9 wherever the value is a normal float64
// (≥ 2.2e-308). B(m, N, q) = 1 for m ≤ 0 and 0 for m > N. Below the float64
// range it underflows to 0; use LogBinomTail there.
func BinomTail(m, N int, q float64) float64 {
	return math.Exp(LogBinomTail(m, N, q))
}

// LogBinomTail returns ln B(m, N, q), the natural logarithm of BinomTail,
// accurate to 1e-9 in absolute terms (so B to 1e-9 relative) far below the
// float64 range, for N up to at least 2^30.
//
// It does not use the regularized incomplete beta function I_q(m, N−m+1):
// gonum's mathext.RegIncBeta forms ln Γ(a)+ln Γ(b)−ln Γ(a+b) and so has a
// relative error near 1e-6 at N = 2^30 (8e-10 at N = 2^20), and it
// underflows below 1e-308. Instead the largest term of the sum is
// computed by Loader's saddle-point formula (see binomLogPMF) and the others
// by their ratios to it. For m > Nq the terms i ≥ m are summed directly; for
// m ≤ Nq the lower tail L = Pr(Bin ≤ m−1) ≤ 1/2 is summed and
// ln B = log1p(−L).
func LogBinomTail(m, N int, q float64) float64 {
	switch {
	case m <= 0:
		return 0
	case m > N || q <= 0:
		return math.Inf(-1)
	case q >= 1:
		return 0
	}
	if float64(m) > float64(N)*q {
		return binomLogPMF(m, N, q) + math.Log(binomUpperRatioSum(m, N, q))
	}
	lower := math.Exp(binomLogPMF(m-1, N, q)) * binomLowerRatioSum(m-1, N, q)
	return math.Log1p(-lower)
}

// tailEps is the relative size at which a geometric remainder of a tail sum
// no longer changes the float64 result.
const tailEps = 1e-17

// binomUpperRatioSum returns Σ_{i≥m} t_i/t_m for the binomial terms t_i,
// assuming m > Nq, where the ratios t_{i+1}/t_i decrease and are below 1.
func binomUpperRatioSum(m, N int, q float64) float64 {
	odds := q / (1 - q)
	sum, t := 1.0, 1.0
	for i := m; i < N; i++ {
		r := float64(N-i) / float64(i+1) * odds
		t *= r
		sum += t
		// The rest is at most t·r/(1−r), a geometric series.
		if t*r < tailEps*sum*(1-r) {
			break
		}
	}
	return sum
}

// binomLowerRatioSum returns Σ_{i≤k} t_i/t_k for the binomial terms t_i,
// assuming k < Nq − 1 + q, where the ratios t_{i−1}/t_i are below 1 and
// decrease with i.
func binomLowerRatioSum(k, N int, q float64) float64 {
	odds := (1 - q) / q
	sum, t := 1.0, 1.0
	for i := k; i > 0; i-- {
		r := float64(i) / float64(N-i+1) * odds
		t *= r
		sum += t
		if t*r < tailEps*sum*(1-r) {
			break
		}
	}
	return sum
}

// binomLogPMF returns ln Pr(Bin(N, q) = x) for 0 ≤ x ≤ N and 0 < q < 1 by
// Loader's saddle-point expansion
//
//	ln p(x) = δ(N) − δ(x) − δ(N−x) − D(x, Nq) − D(N−x, N(1−q))
//	          + ½ ln(N / (2π x (N−x))),
//
// with the Stirling remainder δ (stirlerr) and the deviance D (bd0), which
// avoids the cancellation of ln Γ differences at large N.
// C. Loader, "Fast and accurate computation of binomial probabilities" (2000).
func binomLogPMF(x, N int, q float64) float64 {
	switch x {
	case 0:
		return float64(N) * math.Log1p(-q)
	case N:
		return float64(N) * math.Log(q)
	}
	fx, fn := float64(x), float64(N)
	lc := stirlerr(N) - stirlerr(x) - stirlerr(N-x) - bd0(fx, fn*q) - bd0(fn-fx, fn*(1-q))
	return lc + 0.5*math.Log(fn/(2*math.Pi*fx*(fn-fx)))
}

// lnSqrt2Pi is ln √(2π).
const lnSqrt2Pi = 0.918938533204672741780329736406

// stirlerr returns δ(n) = ln n! − ln(√(2πn) (n/e)^n) for n ≥ 1, directly for
// small n and by the Stirling series 1/(12n) − 1/(360n³) + … otherwise.
func stirlerr(n int) float64 {
	const (
		s0 = 1.0 / 12
		s1 = 1.0 / 360
		s2 = 1.0 / 1260
		s3 = 1.0 / 1680
		s4 = 1.0 / 1188
	)
	x := float64(n)
	if n <= 15 {
		lg, _ := math.Lgamma(x + 1)
		return lg - (x+0.5)*math.Log(x) + x - lnSqrt2Pi
	}
	xx := x * x
	switch {
	case n > 500:
		return (s0 - s1/xx) / x
	case n > 80:
		return (s0 - (s1-s2/xx)/xx) / x
	case n > 35:
		return (s0 - (s1-(s2-s3/xx)/xx)/xx) / x
	}
	return (s0 - (s1-(s2-(s3-s4/xx)/xx)/xx)/xx) / x
}

// bd0 returns the deviance D(x, μ) = x ln(x/μ) + μ − x ≥ 0, by its series in
// v = (x−μ)/(x+μ) when x is close to μ, where the direct form cancels.
func bd0(x, mu float64) float64 {
	if math.Abs(x-mu) >= 0.1*(x+mu) {
		return x*math.Log(x/mu) + mu - x
	}
	v := (x - mu) / (x + mu)
	s := (x - mu) * v
	ej := 2 * x * v
	v *= v
	for j := 3.0; ; j += 2 {
		ej *= v
		next := s + ej/j
		if next == s {
			return s
		}
		s = next
	}
}

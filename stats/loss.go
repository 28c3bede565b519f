package stats

import "math"

// PathFail returns 1 − (1−q)^l, the probability that a path of l directed
// edges, each failing independently with probability q, has a failed edge.
func PathFail(l int, q float64) float64 {
	if l == 0 {
		return 0
	}
	return -math.Expm1(float64(l) * math.Log1p(-q))
}

// PhaseLoss returns the exact probability that fewer than m of the n
// edge-disjoint paths of one phase of thesis Ch. II [Schömer 1988] arrive,
// when the phase covers distance k (0 ≤ k ≤ n) on Q_n and every directed edge
// fails independently with probability q: k of the paths have length k and
// n−k have length k+2 (Ch. II.1; for k = 0 these are the n detours (d, d)).
// For m = 1, replication, this is
//
//	(1 − (1−q)^k)^k · (1 − (1−q)^{k+2})^{n−k},
//
// and in general Pr(more than n − m of the paths fail), summed over the
// numbers of failed paths of each length, all terms positive. It returns 0
// where the value underflows float64.
func PhaseLoss(n, k, m int, q float64) float64 {
	if m < 1 {
		return 0
	}
	var p float64
	for _, f := range phaseFails(n, k, q)[n-m+1:] {
		p += f
	}
	return math.Min(p, 1)
}

// PhaseDelivery returns 1 − PhaseLoss(n, k, m, q), the probability that at
// least m of the phase's paths arrive, summed from its own terms, so that
// it keeps its precision where the phase almost surely fails.
func PhaseDelivery(n, k, m int, q float64) float64 {
	if m < 1 {
		return 1
	}
	var p float64
	for _, f := range phaseFails(n, k, q)[:n-m+1] {
		p += f
	}
	return math.Min(p, 1)
}

// phaseFails returns the law of the number of failed paths of a phase of
// distance k: fail[j] = Pr(exactly j of its n paths fail), each term a
// sum of products of probabilities.
func phaseFails(n, k int, q float64) []float64 {
	short, long := PathFail(k, q), PathFail(k+2, q)
	shortKeep, longKeep := pathKeep(k, q), pathKeep(k+2, q)
	fail := make([]float64, n+1)
	fail[0] = 1
	for i := range n {
		f, keep := long, longKeep
		if i < k {
			f, keep = short, shortKeep
		}
		for j := i + 1; j >= 1; j-- {
			fail[j] = fail[j]*keep + fail[j-1]*f
		}
		fail[0] *= keep
	}
	return fail
}

// pathKeep returns (1−q)^l, the probability that a path of l edges has
// no failed edge.
func pathKeep(l int, q float64) float64 {
	if l == 0 {
		return 1
	}
	return math.Exp(float64(l) * math.Log1p(-q))
}

// MessageLoss returns the exact bracket [lo, hi] on the probability that a
// message of thesis Ch. II.5 is lost: it travels distance k1 in phase 1 and
// k2 in phase 2, each phase on n edge-disjoint paths of which m must arrive
// (m = 1: replication), every directed edge failing independently with
// probability q. With pA = PhaseLoss(n, k1, m, q) and pB the same for k2,
//
//	lo = max(pA, pB) ≤ Pr(lost) ≤ pA + pB − pA·pB = hi.
//
// The message is lost on the event A ∪ B (phase 1 fails, or phase 2 does).
// A and B are increasing events of the independent edge failures, so by the
// Harris–FKG inequality Pr(A ∩ B) ≥ pA·pB, which gives hi; lo is the
// larger of the two. A phase-1 path and a phase-2 path may share edges, so
// A and B need not be independent; where they share none, Pr(lost) = hi.
func MessageLoss(n, k1, k2, m int, q float64) (lo, hi float64) {
	a, b := PhaseLoss(n, k1, m, q), PhaseLoss(n, k2, m, q)
	return math.Max(a, b), math.Min(1, a+b-a*b)
}

// MeanPhaseLoss returns the mean of PhaseLoss(n, k, m, q) over
// k ~ Bin(n, ½): the probability that phase 1 of a message loses it when its
// intermediate is uniform (and, the same, phase 2 when its destination is
// uniform, as in a random permutation).
func MeanPhaseLoss(n, m int, q float64) float64 {
	var p float64
	for k := 0; k <= n; k++ {
		p += binomPMF(k, n) * PhaseLoss(n, k, m, q)
	}
	return p
}

// MeanMessageLoss returns the means of the ends of MessageLoss over k1, k2
// independent Bin(n, ½): the bracket on the probability that a message of a
// random permutation is lost, its intermediate uniform. (Then s ⊕ y and
// y ⊕ z are independent and uniform, so k1 and k2 are.)
func MeanMessageLoss(n, m int, q float64) (lo, hi float64) {
	pA := make([]float64, n+1)
	for k := range pA {
		pA[k] = PhaseLoss(n, k, m, q)
	}
	for k1, a := range pA {
		for k2, b := range pA {
			w := binomPMF(k1, n) * binomPMF(k2, n)
			lo += w * math.Max(a, b)
			hi += w * math.Min(1, a+b-a*b)
		}
	}
	return lo, hi
}

// MeanMessageDelivery returns 1 − hi and 1 − lo of MeanMessageLoss, the
// bracket on the probability that a message of a random permutation
// arrives, each end summed from its own terms (PhaseDelivery), so that it
// keeps its precision where messages are almost surely lost.
func MeanMessageDelivery(n, m int, q float64) (lo, hi float64) {
	d := make([]float64, n+1)
	for k := range d {
		d[k] = PhaseDelivery(n, k, m, q)
	}
	for k1, a := range d {
		for k2, b := range d {
			w := binomPMF(k1, n) * binomPMF(k2, n)
			lo += w * a * b
			hi += w * math.Min(a, b)
		}
	}
	return lo, hi
}

// ValiantDelivery returns 1 − ValiantLoss(n, q) = (1 − q/2)^{2n}, the
// probability that a packet of Valiant's routing arrives.
func ValiantDelivery(n int, q float64) float64 {
	return math.Exp(2 * float64(n) * math.Log1p(-q/2))
}

// ValiantLoss returns the probability that a packet of Valiant's two-phase
// routing [Schömer 1988, Ch. I.3] is lost when every directed edge fails
// independently with probability q, its intermediate y and destination z
// uniform (a random permutation): its e-cube legs cross k1 + k2 edges, and
// per dimension the number crossed is 1 (z differs from s there,
// probability ½), 2 or 0 (z agrees and y differs or not, ¼ each), so it
// survives with probability (½(1−q) + ¼(1−q)² + ¼)^n = (1 − q/2)^{2n}:
//
//	Pr(lost) = 1 − (1 − q/2)^{2n}.
func ValiantLoss(n int, q float64) float64 {
	return -math.Expm1(2 * float64(n) * math.Log1p(-q/2))
}

// binomPMF is Pr(Bin(n, ½) = k).
func binomPMF(k, n int) float64 { return math.Exp(binomLogPMF(k, n, 0.5)) }

// InvertQ returns the q in (0, 1) at which the increasing function f of q
// reaches target, by bisection on log q down to q = 1e-300 (which it
// returns if f is above target already there), or 1 if f stays below it.
func InvertQ(f func(q float64) float64, target float64) float64 {
	lo, hi := math.Log(1e-300), 0.0
	if f(1) < target {
		return 1
	}
	if f(1e-300) >= target {
		return 1e-300
	}
	for range 200 {
		mid := (lo + hi) / 2
		if f(math.Exp(mid)) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return math.Exp(hi)
}

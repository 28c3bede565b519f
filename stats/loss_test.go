package stats

import (
	"math"
	"math/bits"
	"testing"
)

// subsetLoss is Pr(fewer than m of the paths arrive) by summing over every
// subset of failed paths, path i failing with probability fail[i].
func subsetLoss(fail []float64, m int) float64 {
	var p float64
	for set := range 1 << len(fail) {
		w := 1.0
		for i, f := range fail {
			if set>>i&1 == 1 {
				w *= f
			} else {
				w *= 1 - f
			}
		}
		if len(fail)-bits.OnesCount(uint(set)) < m {
			p += w
		}
	}
	return p
}

// TestPhaseLoss checks PhaseLoss against the sum over all subsets of failed
// paths for n ≤ 8, every k and m, and replication (m = 1) against the
// product form of thesis Ch. II.5; and PathFail against 1 − (1−q)^l.
func TestPhaseLoss(t *testing.T) {
	for _, q := range []float64{0.01, 0.3, 1} {
		for l := range 10 {
			if got, want := PathFail(l, q), 1-math.Pow(1-q, float64(l)); !closeAbs(got, want, 1e-15) {
				t.Errorf("PathFail(%d, %v) = %v, want %v", l, q, got, want)
			}
		}
	}
	for n := 1; n <= 8; n++ {
		for k := 0; k <= n; k++ {
			for _, q := range []float64{1e-4, 0.01, 0.1, 0.5} {
				fail := make([]float64, n)
				prod := 1.0
				for i := range fail {
					l := k + 2
					if i < k {
						l = k
					}
					fail[i] = -math.Expm1(float64(l) * math.Log1p(-q))
					prod *= fail[i]
				}
				for m := 0; m <= n; m++ {
					want := subsetLoss(fail, m)
					if got := PhaseLoss(n, k, m, q); !closeRel(got, want, 1e-9) {
						t.Errorf("PhaseLoss(%d, %d, %d, %v) = %v, want %v", n, k, m, q, got, want)
					}
				}
				if got := PhaseLoss(n, k, 1, q); !closeRel(got, prod, 1e-12) {
					t.Errorf("PhaseLoss(%d, %d, 1, %v) = %v, want Π(1−(1−q)^len) = %v", n, k, q, got, prod)
				}
			}
		}
	}
	if got := PhaseLoss(4, 2, 1, 0); got != 0 {
		t.Errorf("q = 0 loses with probability %v", got)
	}
	if got := PhaseLoss(4, 2, 1, 1); got != 1 {
		t.Errorf("q = 1 loses with probability %v", got)
	}
}

// TestMessageLoss checks the bracket: lo ≤ hi, the ends are max(pA, pB)
// and pA + pB − pA·pB, and for n ≥ 2 the whole bracket lies below the
// thesis' bound 2(nq)^n. (For n = 1 the upper end does not: with s = y = z
// it is about 4q; but then both phases take the same two edges, and the
// loss is 2q − q², the lower end.)
func TestMessageLoss(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for _, q := range []float64{1e-6, 1e-3, 0.01, 0.05} {
			for k1 := 0; k1 <= n; k1++ {
				for _, k2 := range []int{0, n / 2, n} {
					lo, hi := MessageLoss(n, k1, k2, 1, q)
					a, b := PhaseLoss(n, k1, 1, q), PhaseLoss(n, k2, 1, q)
					if lo != math.Max(a, b) || !closeRel(hi, a+b-a*b, 1e-15) || lo > hi {
						t.Fatalf("MessageLoss(%d, %d, %d, 1, %v) = [%v, %v], phases %v, %v", n, k1, k2, q, lo, hi, a, b)
					}
					if bound := MessageLossBound(n, q); n >= 2 && hi > bound*(1+1e-12) {
						t.Errorf("n=%d q=%v k=%d,%d: exact up to %v above the bound 2(nq)^n = %v", n, q, k1, k2, hi, bound)
					}
				}
			}
		}
	}
}

// TestDelivery checks the complements of the losses, summed from their own
// terms: PhaseDelivery against the sum over the subsets of paths of
// which at least m arrive, each path arriving with probability (1−q)^len,
// to 1e-9 relatively, for q up to 0.999 (where the loss is 1 in float64),
// and MeanMessageDelivery and ValiantDelivery against 1 minus the losses
// where those keep their precision.
func TestDelivery(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for k := 0; k <= n; k++ {
			for _, q := range []float64{0.01, 0.5, 0.9, 0.999} {
				keep := make([]float64, n)
				for i := range keep {
					l := k + 2
					if i < k {
						l = k
					}
					keep[i] = math.Pow(1-q, float64(l))
				}
				for m := 1; m <= n; m++ {
					// m or more arrive: fewer than n−m+1 "fail" with
					// probability keep.
					want := subsetLoss(keep, n-m+1)
					if got := PhaseDelivery(n, k, m, q); !closeRel(got, want, 1e-9) {
						t.Errorf("PhaseDelivery(%d, %d, %d, %v) = %v, want %v", n, k, m, q, got, want)
					}
				}
			}
		}
	}
	for _, n := range []int{4, 10, 16} {
		for _, q := range []float64{1e-3, 0.05, 0.3} {
			for _, m := range []int{1, n / 2} {
				lo, hi := MeanMessageLoss(n, m, q)
				dlo, dhi := MeanMessageDelivery(n, m, q)
				if !closeAbs(dlo, 1-hi, 1e-14) || !closeAbs(dhi, 1-lo, 1e-14) {
					t.Errorf("MeanMessageDelivery(%d, %d, %v) = [%v, %v], 1 − MeanMessageLoss [%v, %v]", n, m, q, dlo, dhi, 1-hi, 1-lo)
				}
			}
			if got, want := ValiantDelivery(n, q), 1-ValiantLoss(n, q); !closeAbs(got, want, 1e-14) {
				t.Errorf("ValiantDelivery(%d, %v) = %v, want %v", n, q, got, want)
			}
		}
	}
	if got, want := ValiantDelivery(10, 1), math.Pow(2, -20); !closeRel(got, want, 1e-12) {
		t.Errorf("ValiantDelivery(10, 1) = %v, want 2^−20", got)
	}
}

// TestMeanLoss checks the means over a uniform intermediate and a uniform
// destination against the average over every y and z of Q_n, n ≤ 6: for
// MeanMessageLoss, MeanPhaseLoss and ValiantLoss (each packet crossing
// dist(s, y) + dist(y, z) edges).
func TestMeanLoss(t *testing.T) {
	for n := 1; n <= 6; n++ {
		for _, q := range []float64{1e-3, 0.05, 0.3} {
			for _, m := range []int{1, (n + 1) / 2, n} {
				var lo, hi, ph, val float64
				nodes := 1 << n
				for y := range nodes {
					k1 := bits.OnesCount(uint(y)) // s = 0
					ph += PhaseLoss(n, k1, m, q)
					for z := range nodes {
						k2 := bits.OnesCount(uint(y ^ z))
						l, h := MessageLoss(n, k1, k2, m, q)
						lo, hi = lo+l, hi+h
						val += 1 - math.Pow(1-q, float64(k1+k2))
					}
				}
				pairs := float64(nodes * nodes)
				gotLo, gotHi := MeanMessageLoss(n, m, q)
				if !closeRel(gotLo, lo/pairs, 1e-12) || !closeRel(gotHi, hi/pairs, 1e-12) {
					t.Errorf("MeanMessageLoss(%d, %d, %v) = [%v, %v], average [%v, %v]", n, m, q, gotLo, gotHi, lo/pairs, hi/pairs)
				}
				if got := MeanPhaseLoss(n, m, q); !closeRel(got, ph/float64(nodes), 1e-12) {
					t.Errorf("MeanPhaseLoss(%d, %d, %v) = %v, average %v", n, m, q, got, ph/float64(nodes))
				}
				if got := ValiantLoss(n, q); !closeRel(got, val/pairs, 1e-12) {
					t.Errorf("ValiantLoss(%d, %v) = %v, average %v", n, q, got, val/pairs)
				}
			}
		}
	}
}

// TestInvertQ finds the q of a known loss: ValiantLoss(n, q) = target at
// q = 2(1 − (1 − target)^{1/(2n)}).
func TestInvertQ(t *testing.T) {
	for _, n := range []int{1, 4, 16} {
		for _, target := range []float64{1e-9, 0.01, 0.5} {
			want := 2 * -math.Expm1(math.Log1p(-target)/(2*float64(n)))
			got := InvertQ(func(q float64) float64 { return ValiantLoss(n, q) }, target)
			if !closeRel(got, want, 1e-9) {
				t.Errorf("n=%d target %v: q = %v, want %v", n, target, got, want)
			}
		}
	}
	if got := InvertQ(func(q float64) float64 { return q / 2 }, 0.9); got != 1 {
		t.Errorf("unreachable target: %v, want 1", got)
	}
}

// TestGoodnessOfFit checks ChiSquare, TTest and BinomPMF against SciPy
// (scipy.stats.chisquare, ttest_1samp, binom.pmf).
func TestGoodnessOfFit(t *testing.T) {
	x2, df, p := ChiSquare([]int64{10, 20, 30}, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3})
	if !closeRel(x2, 10, 1e-12) || df != 2 || !closeRel(p, 0.006737946999085468, 1e-9) {
		t.Errorf("ChiSquare = %v, %d, %v; SciPy 10, 2, 0.006737946999085468", x2, df, p)
	}
	tt, p := TTest([]float64{1, 2, 3, 4, 5}, 2)
	if !closeRel(tt, 1.414213562373095, 1e-12) || !closeRel(p, 0.2301996410804989, 1e-9) {
		t.Errorf("TTest = %v, %v; SciPy 1.414213562373095, 0.2301996410804989", tt, p)
	}
	if tt, p := TTest([]float64{1, 1, 1}, 1); tt != 0 || p != 1 {
		t.Errorf("TTest of a constant at its mean = %v, %v", tt, p)
	}
	if tt, p := TTest([]float64{1, 1, 1}, 0); !math.IsInf(tt, 1) || p != 0 {
		t.Errorf("TTest of a constant off its mean = %v, %v", tt, p)
	}
	for _, c := range []struct {
		k, N int
		q    float64
		want float64
	}{{3, 8, 0.25, 0.20764160156249997}, {0, 5, 0, 1}, {2, 5, 0, 0}, {5, 5, 1, 1}, {4, 5, 1, 0}, {-1, 5, 0.5, 0}, {6, 5, 0.5, 0}} {
		if got := BinomPMF(c.k, c.N, c.q); !closeRel(got, c.want, 1e-12) {
			t.Errorf("BinomPMF(%d, %d, %v) = %v, want %v", c.k, c.N, c.q, got, c.want)
		}
	}
}

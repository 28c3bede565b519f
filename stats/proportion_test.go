package stats

import "testing"

// TestProportionIntervals compares with SciPy 1.17: Clopper–Pearson from
// scipy.stats.beta.ppf, Wilson from its formula with scipy.stats.norm.ppf.
// The published 4-digit values for n = 10 at 95% (Clopper–Pearson 0/10:
// [0, 0.3085], 5/10: [0.1871, 0.8129]; Wilson 5/10: [0.2366, 0.7634]) agree.
func TestProportionIntervals(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		level  float64
		wilson Interval
		cp     Interval
	}{
		{0, 10, 0.95, Interval{0, 0.2775327999}, Interval{0, 0.3084971078}},
		{1, 10, 0.95, Interval{0.0178762131, 0.4041500268}, Interval{0.0025285785, 0.4450161170}},
		{2, 10, 0.95, Interval{0.0566821515, 0.5098375285}, Interval{0.0252107263, 0.5560954623}},
		{3, 10, 0.95, Interval{0.1077912674, 0.6032218525}, Interval{0.0667395112, 0.6524528501}},
		{4, 10, 0.95, Interval{0.1681803297, 0.6873262303}, Interval{0.1215522581, 0.7376219234}},
		{5, 10, 0.95, Interval{0.2365930905, 0.7634069095}, Interval{0.1870860284, 0.8129139716}},
		{6, 10, 0.95, Interval{0.3126737697, 0.8318196703}, Interval{0.2623780766, 0.8784477419}},
		{7, 10, 0.95, Interval{0.3967781475, 0.8922087326}, Interval{0.3475471499, 0.9332604888}},
		{8, 10, 0.95, Interval{0.4901624715, 0.9433178485}, Interval{0.4439045377, 0.9747892737}},
		{9, 10, 0.95, Interval{0.5958499732, 0.9821237869}, Interval{0.5549838830, 0.9974714215}},
		{10, 10, 0.95, Interval{0.7224672001, 1}, Interval{0.6915028922, 1}},
		{0, 20, 0.99, Interval{0, 0.2491054011}, Interval{0, 0.2327295010}},
		{1, 20, 0.99, Interval{0.0058977491, 0.3182971119}, Interval{0.0002505957, 0.3171417348}},
		{7, 20, 0.99, Interval{0.1463934414, 0.6283381790}, Interval{0.1138797633, 0.6565685842}},
		{19, 20, 0.99, Interval{0.6817028881, 0.9941022509}, Interval{0.6828582652, 0.9997494043}},
		{20, 20, 0.99, Interval{0.7508945989, 1}, Interval{0.7672704990, 1}},
	} {
		if got := Wilson(c.k, c.n, c.level); !closeInterval(got, c.wilson, 1e-9) {
			t.Errorf("Wilson(%d, %d, %v) = %v, want %v", c.k, c.n, c.level, got, c.wilson)
		}
		if got := ClopperPearson(c.k, c.n, c.level); !closeInterval(got, c.cp, 1e-9) {
			t.Errorf("ClopperPearson(%d, %d, %v) = %v, want %v", c.k, c.n, c.level, got, c.cp)
		}
	}
}

// TestClopperPearsonDefinition checks the defining tail equations at the ends:
// Pr(Bin(n, Lo) ≥ k) = α/2 and Pr(Bin(n, Hi) ≤ k) = α/2.
func TestClopperPearsonDefinition(t *testing.T) {
	const alpha = 0.05
	for _, n := range []int{10, 37, 200} {
		for k := 1; k < n; k += 1 + n/10 {
			iv := ClopperPearson(k, n, 1-alpha)
			if got := BinomTail(k, n, iv.Lo); !closeRel(got, alpha/2, 1e-8) {
				t.Errorf("n=%d k=%d: Pr(Bin(n, %v) ≥ k) = %v, want %v", n, k, iv.Lo, got, alpha/2)
			}
			if got := 1 - BinomTail(k+1, n, iv.Hi); !closeRel(got, alpha/2, 1e-8) {
				t.Errorf("n=%d k=%d: Pr(Bin(n, %v) ≤ k) = %v, want %v", n, k, iv.Hi, got, alpha/2)
			}
		}
	}
}

func closeInterval(got, want Interval, tol float64) bool {
	return closeAbs(got.Lo, want.Lo, tol) && closeAbs(got.Hi, want.Hi, tol)
}

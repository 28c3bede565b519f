package stats

import (
	"math"
	"math/big"
	"testing"
)

// logRat returns ln r for r > 0 via a 200-bit big.Float, without underflow.
func logRat(r *big.Rat) float64 {
	return logBig(new(big.Float).SetPrec(200).SetRat(r))
}

// logBig returns ln f for f > 0 without underflow.
func logBig(f *big.Float) float64 {
	mant := new(big.Float)
	exp := f.MantExp(mant)
	m, _ := mant.Float64()
	return math.Log(m) + float64(exp)*math.Ln2
}

func TestBinomTailEdges(t *testing.T) {
	for _, c := range []struct {
		m, N int
		q    float64
		want float64
	}{
		{0, 10, 0.3, 1},
		{-5, 10, 0.3, 1},
		{11, 10, 0.3, 0},
		{0, 0, 0.3, 1},
		{1, 0, 0.3, 0},
		{1, 10, 0, 0},
		{0, 10, 0, 1},
		{10, 10, 1, 1},
		{11, 10, 1, 0},
		{1 << 30, 1 << 30, 1, 1},
	} {
		if got := BinomTail(c.m, c.N, c.q); got != c.want {
			t.Errorf("BinomTail(%d, %d, %v) = %v, want %v", c.m, c.N, c.q, got, c.want)
		}
	}
}

// TestBinomTailClosedForms checks B(N,N,q) = q^N and
// B(1,N,q) = 1 − (1−q)^N = −expm1(N·log1p(−q)) up to N = 2^30.
func TestBinomTailClosedForms(t *testing.T) {
	for _, N := range []int{1, 2, 7, 60, 1000, 1 << 20, 1 << 30} {
		for _, q := range []float64{1e-12, 1e-6, 0.01, 0.3, 0.5, 0.9, 0.999999} {
			fn := float64(N)
			if got, want := LogBinomTail(N, N, q), fn*math.Log(q); !closeAbs(got, want, 1e-9) {
				t.Errorf("ln B(N,N,q), N=%d q=%v: got %v, want %v", N, q, got, want)
			}
			if got, want := BinomTail(1, N, q), -math.Expm1(fn*math.Log1p(-q)); !closeRel(got, want, 1e-9) {
				t.Errorf("B(1,N,q), N=%d q=%v: got %v, want %v", N, q, got, want)
			}
		}
	}
}

// TestBinomTailExhaustive compares every m at every N ≤ 60 with the exact
// rational sum Σ_{i≥m} C(N,i) q^i (1−q)^{N−i} (q taken exactly as the float).
func TestBinomTailExhaustive(t *testing.T) {
	for _, q := range []float64{0.5, 1.0 / 3, 0.3, 0.01, 0.999, 1e-6} {
		qr := new(big.Rat).SetFloat64(q)
		pr := new(big.Rat).Sub(big.NewRat(1, 1), qr)
		for N := 1; N <= 60; N++ {
			exact := exactTails(N, qr, pr)
			for m := 1; m <= N; m++ {
				want := logRat(exact[m])
				if got := LogBinomTail(m, N, q); !closeAbs(got, want, 1e-9) {
					t.Errorf("ln B(%d, %d, %v) = %.15g, exact %.15g", m, N, q, got, want)
				}
				if want < -690 {
					continue // below the normal float64 range
				}
				if got, w := BinomTail(m, N, q), math.Exp(want); !closeRel(got, w, 1e-9) {
					t.Errorf("B(%d, %d, %v) = %.15g, exact %.15g", m, N, q, got, w)
				}
			}
		}
	}
}

// exactTails returns B(m, N, q) for m = 0 … N as exact rationals.
func exactTails(N int, q, p *big.Rat) []*big.Rat {
	tails := make([]*big.Rat, N+2)
	tails[N+1] = new(big.Rat)
	binom := big.NewInt(1) // C(N, i), built downwards from i = N
	for i := N; i >= 0; i-- {
		if i < N {
			binom.Mul(binom, big.NewInt(int64(i+1)))
			binom.Quo(binom, big.NewInt(int64(N-i)))
		}
		term := new(big.Rat).SetInt(binom)
		term.Mul(term, ratPow(q, i))
		term.Mul(term, ratPow(p, N-i))
		tails[i] = term.Add(term, tails[i+1])
	}
	return tails
}

func ratPow(r *big.Rat, k int) *big.Rat {
	num := new(big.Int).Exp(r.Num(), big.NewInt(int64(k)), nil)
	den := new(big.Int).Exp(r.Denom(), big.NewInt(int64(k)), nil)
	return new(big.Rat).SetFrac(num, den)
}

// TestBinomTailDeep compares ln B(m, 2^n, n/2^n) (the binomial of thesis
// Lemma I.5 [Schömer 1988]) for m = 0 … 600 with an independent 256-bit
// summation of the terms, started from (1−q)^N by repeated squaring. The
// tails reach e^{−1400} ≈ 1e−608.
func TestBinomTailDeep(t *testing.T) {
	for _, n := range []int{20, 30} {
		N := 1 << n
		q := float64(n) / float64(N)
		ref := bigTails(n, q, 800)
		for m := 0; m <= 600; m++ {
			want := logBig(ref[m])
			if got := LogBinomTail(m, N, q); !closeAbs(got, want, 1e-9) {
				t.Errorf("ln B(%d, 2^%d, %v) = %.15g, reference %.15g", m, n, q, got, want)
			}
		}
	}
}

// bigTails returns Σ_{i=m}^{K} t_i for m = 0 … K, with the terms t_i of
// Bin(2^n, q) in 256-bit floating point.
func bigTails(n int, q float64, K int) []*big.Float {
	const prec = 256
	N := 1 << n
	newF := func(x float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(x) }
	p := new(big.Float).SetPrec(prec).Sub(newF(1), newF(q))
	t := new(big.Float).SetPrec(prec).Set(p)
	for range n {
		t.Mul(t, t) // (1−q)^{2^n}
	}
	odds := new(big.Float).SetPrec(prec).Quo(newF(q), p)
	terms := make([]*big.Float, K+1)
	for i := 0; i <= K; i++ {
		terms[i] = new(big.Float).SetPrec(prec).Set(t)
		t.Mul(t, newF(float64(N-i)))
		t.Quo(t, newF(float64(i+1)))
		t.Mul(t, odds)
	}
	tails := make([]*big.Float, K+2)
	tails[K+1] = newF(0)
	for i := K; i >= 0; i-- {
		tails[i] = new(big.Float).SetPrec(prec).Add(terms[i], tails[i+1])
	}
	return tails
}

// TestBinomTailMpmath checks values at large N against mpmath 1.3.0 at 50
// digits (direct summation of the terms, or 1 − the lower sum for m ≤ Nq).
func TestBinomTailMpmath(t *testing.T) {
	for _, c := range []struct {
		m, N int
		q    float64
		ln   float64
	}{
		{536890912, 1073741824, 0.5, -2.197279564388394671534},
		{536850912, 1073741824, 0.5, -0.1177631589283349098956},
		{537020912, 1073741824, 0.5, -45.05409628150108661783},
		{1000, 1073741824, 1e-06, -0.01114738343263338031292},
		{1200, 1073741824, 1e-06, -9.418796360058247846816},
		{900, 1073741824, 1e-06, -2.292200386635058462502e-8},
		{3000, 1073741824, 1e-06, -1160.611084057009397065},
		{987654, 12345678, 0.077, -777.1305928592163492705},
		{100000000, 1000000000, 0.0999, -58.87139244469191862975},
		{500, 1048576, 1.9073486328125e-05, -1133.533248997061104844},
	} {
		if got := LogBinomTail(c.m, c.N, c.q); !closeAbs(got, c.ln, 1e-9) {
			t.Errorf("ln B(%d, %d, %v) = %.15g, mpmath %.15g", c.m, c.N, c.q, got, c.ln)
		}
	}
}

// TestBinomTailCenter uses B(k, 2k, ½) = (1 + t)/2 and B(k+1, 2k, ½) = (1 − t)/2
// with t = C(2k,k)/4^k = (πk)^{−1/2}·(1 − 1/(8k) + 1/(128k²) + O(k^{−3})),
// at 2k = 2^30, where the sums run over about 10^5 terms on either side.
func TestBinomTailCenter(t *testing.T) {
	const N = 1 << 30
	k := float64(N / 2)
	mid := 1 / math.Sqrt(math.Pi*k) * (1 - 1/(8*k) + 1/(128*k*k))
	if got, want := BinomTail(N/2, N, 0.5), (1+mid)/2; !closeRel(got, want, 1e-9) {
		t.Errorf("B(2^29, 2^30, ½) = %.15g, want %.15g", got, want)
	}
	if got, want := BinomTail(N/2+1, N, 0.5), (1-mid)/2; !closeRel(got, want, 1e-9) {
		t.Errorf("B(2^29+1, 2^30, ½) = %.15g, want %.15g", got, want)
	}
}

func closeRel(got, want, tol float64) bool {
	if want == 0 {
		return got == 0
	}
	return math.Abs(got-want) <= tol*math.Abs(want)
}

func closeAbs(got, want, tol float64) bool {
	return got == want || math.Abs(got-want) <= tol
}

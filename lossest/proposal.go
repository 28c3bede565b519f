package lossest

import (
	"math"
	"math/rand/v2"
)

// proposal is the law from which a trial draws one distance of a message,
// k = 0 … n: the mixture π(k) = ½·b(k) + ½·b(k)·φ(k)/Z of its law under a
// uniform intermediate and destination, b = Bin(n, ½), and b tilted by
// φ(k), the loss of a phase of distance k (Z = Σ b·φ). The weight
// b(k)/π(k) ≤ 2 makes the draw unbiased; without a tilt (Z = 0, where φ
// underflows) π = b.
type proposal struct {
	cdf    []float64 // cdf[k] = π(0) + … + π(k)
	weight []float64 // b(k)/π(k)
}

// newProposal returns the proposal for n and the phase loss phi.
func newProposal(n int, phi func(k int) float64) proposal {
	b, tilt := make([]float64, n+1), make([]float64, n+1)
	var z float64
	for k := range b {
		b[k] = math.Exp(lchoose(n, k) - float64(n)*math.Ln2)
		tilt[k] = b[k] * phi(k)
		z += tilt[k]
	}
	p := proposal{cdf: make([]float64, n+1), weight: make([]float64, n+1)}
	var c float64
	for k := range b {
		pi := b[k]
		if z > 0 && !math.IsInf(z, 0) {
			pi = b[k]/2 + tilt[k]/(2*z)
		}
		c += pi
		p.cdf[k], p.weight[k] = c, b[k]/pi
	}
	return p
}

// draw returns a distance drawn from p and its weight.
func (p proposal) draw(rng *rand.Rand) (k int, w float64) {
	u := rng.Float64() * p.cdf[len(p.cdf)-1]
	for k = 0; k < len(p.cdf)-1 && u >= p.cdf[k]; k++ {
	}
	return k, p.weight[k]
}

// lchoose is ln C(n, k).
func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// away returns v with k of its n bits, chosen uniformly, flipped.
func away(v uint32, n, k int, rng *rand.Rand, dims []int) uint32 {
	for i := range dims {
		dims[i] = i
	}
	for i := range k {
		j := i + rng.IntN(n-i)
		dims[i], dims[j] = dims[j], dims[i]
		v ^= 1 << dims[i]
	}
	return v
}

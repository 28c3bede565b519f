package hypercube

import "math/bits"

// pattern is one entry of the registry of request patterns.
type pattern struct {
	name, doc string
	// perm maps a source to its destination in Q_n; nil for "random".
	perm func(n int, v uint32) uint32
}

// registry holds the request patterns in the order of Patterns.
var registry = []pattern{
	{"random", "a fresh uniformly random permutation for every k = 0…μ−1 (Fisher–Yates)", nil},
	{"transpose", "swap the low and the high ⌊n/2⌋ address bits; for odd n the middle bit stays", Transpose},
	{"bitrev", "reverse the n address bits", BitReverse},
	{"complement", "flip all n address bits; every packet travels distance n", Complement},
	{"identity", "v → v; every packet starts at its destination", Identity},
	{"shuffle", "perfect shuffle: rotate the n-bit address left by one", Shuffle},
}

// Patterns lists the names of the request patterns that NewRequest accepts,
// in the order random, transpose, bitrev, complement, identity, shuffle.
var Patterns = func() []string {
	names := make([]string, len(registry))
	for i, p := range registry {
		names[i] = p.name
	}
	return names
}()

// Describe returns a one-line description of the named request pattern, or
// "" if there is no such pattern.
func Describe(pattern string) string {
	if p, ok := lookup(pattern); ok {
		return p.doc
	}
	return ""
}

func lookup(name string) (pattern, bool) {
	for _, p := range registry {
		if p.name == name {
			return p, true
		}
	}
	return pattern{}, false
}

// Transpose returns v with its low and high ⌊n/2⌋ bits exchanged: bit i and
// bit i+⌈n/2⌉ swap places for 0 ≤ i < ⌊n/2⌋. For odd n the middle bit ⌊n/2⌋
// stays where it is (so for n = 1 Transpose is the identity). For even n,
// reading v as (row, column) of a 2^{n/2}×2^{n/2} matrix, it is the matrix
// transpose. Transpose is an involution on 0 … 2^n−1.
func Transpose(n int, v uint32) uint32 {
	h, c := n/2, (n+1)/2 // ⌊n/2⌋, ⌈n/2⌉
	low := v & mask(h)
	high := v >> c
	middle := v &^ low &^ (high << c)
	return low<<c | middle | high
}

// BitReverse returns v with its n address bits in reverse order: bit i moves
// to bit n−1−i. It is an involution on 0 … 2^n−1.
func BitReverse(n int, v uint32) uint32 {
	return bits.Reverse32(v) >> (32 - n)
}

// Complement returns v with all n address bits flipped, v ^ (2^n−1), the
// antipode of v in Q_n.
func Complement(n int, v uint32) uint32 { return v ^ mask(n) }

// Identity returns v.
func Identity(n int, v uint32) uint32 { return v }

// Shuffle returns the perfect shuffle of v: the n-bit address rotated left by
// one, so bit i moves to bit i+1 and bit n−1 to bit 0.
func Shuffle(n int, v uint32) uint32 {
	return (v<<1 | v>>(n-1)) & mask(n)
}

package hypercube

// Gray returns the i-th word of the binary-reflected Gray code, i ^ i>>1.
// Consecutive words, Gray(i) and Gray(i+1), differ in exactly one bit, and
// restricted to 0 … 2^n−1 the sequence is a Hamiltonian cycle of Q_n.
func Gray(i uint32) uint32 { return i ^ i>>1 }

// GrayRank returns the position of g in the binary-reflected Gray code, the
// inverse of Gray: bit j of the result is the XOR of the bits j … 31 of g.
func GrayRank(g uint32) uint32 {
	g ^= g >> 1
	g ^= g >> 2
	g ^= g >> 4
	g ^= g >> 8
	g ^= g >> 16
	return g
}

package faults

import "math/bits"

// ByDim appends to nodes[d], for d = 1 … N, the nodes whose edge of
// dimension d failed, ascending.
func (s *Set) ByDim(nodes [][]uint32) {
	_ = nodes[s.N]
	s.byDim(nodes)
}

// byDimGo is ByDim in Go, on 64 words at a time.
func (s *Set) byDimGo(nodes [][]uint32) {
	// Blocks of 64 words: first which words are not 0, without a branch a
	// word, then their bits. Edge index j is node j/N (j·inv >> 32 for
	// the j < 2^12 + N from a block's start), dimension j mod N + 1.
	n := uint64(s.N)
	inv := (1<<32 + n - 1) / n
	var v, r uint64 // the block's first edge index is v·N + r
	for b := 0; b < len(s.failed); b += 64 {
		block := s.failed[b:min(b+64, len(s.failed))]
		var live uint64
		for k := len(block) - 1; k >= 0; k-- {
			live = live<<1 | (block[k]|-block[k])>>63
		}
		for ; live != 0; live &= live - 1 {
			k := bits.TrailingZeros64(live)
			start := r + uint64(k)<<6
			for word := block[k]; word != 0; word &= word - 1 {
				j := start + uint64(bits.TrailingZeros64(word))
				q := j * inv >> 32
				d := j - q*n + 1
				nodes[d] = append(nodes[d], uint32(v+q))
			}
		}
		j := r + uint64(len(block))<<6
		q := j * inv >> 32
		v, r = v+q, j-q*n
	}
}

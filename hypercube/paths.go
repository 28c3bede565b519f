package hypercube

import (
	"fmt"
	"math/bits"
)

// DisjointPaths returns the n internally node-disjoint paths from s to z of
// thesis Ch. II.1 [Schömer 1988], each as its sequence of dimensions;
// paths[d−1] is α^d. Let d_1 < … < d_k be the dimensions in which s and z differ and
// d'_1 < … < d'_{n−k} those in which they agree. Then
//
//	α^{d_j}  = (d_j, d_{j+1}, …, d_k, d_1, …, d_{j−1})   for j = 1 … k,
//	α^{d'_i} = (d'_i, α^{m_i}, d'_i)                     for i = 1 … n−k,
//
// where m_i is the smallest d_j > d'_i, or d_1 if there is none. So k paths
// have length k and n−k have length k+2 ≤ n+1, and no node other than s and z
// lies on two of them. Any m_i would keep the paths disjoint; this one makes
// α^d the sequence of cross edges of the butterfly route β^d of thesis
// Ch. II.2 (docs/model.md).
//
// The paths exist only for s ≠ z: DisjointPaths returns nil if s == z. It
// panics if s or z is not a node of c.
func (c Cube) DisjointPaths(s, z uint32) [][]int {
	if !c.Contains(s) || !c.Contains(z) {
		panic(fmt.Sprintf("hypercube: DisjointPaths(%d, %d) outside Q_%d", s, z, c.N))
	}
	if s == z {
		return nil
	}
	n := c.N
	diff := ECube(s, z) // d_1 < … < d_k
	k := len(diff)

	// One backing array for all paths: k·k + (n−k)·(k+2) entries.
	buf := make([]int, k*k+(n-k)*(k+2))
	paths := make([][]int, n)
	for j, d := range diff {
		p := buf[:k:k]
		buf = buf[k:]
		copy(p, diff[j:])
		copy(p[k-j:], diff[:j])
		paths[d-1] = p
	}
	for agree := ^(s ^ z) & mask(n); agree != 0; agree &= agree - 1 {
		d := bits.TrailingZeros32(agree) + 1
		m := diff[0] // m_i: the smallest differing dimension above d, else d_1
		if above := (s ^ z) >> d << d; above != 0 {
			m = bits.TrailingZeros32(above) + 1
		}
		p := buf[: k+2 : k+2]
		buf = buf[k+2:]
		p[0] = d
		copy(p[1:], paths[m-1])
		p[k+1] = d
		paths[d-1] = p
	}
	return paths
}

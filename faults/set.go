package faults

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/bits"

	"github.com/hyperroute/hyperroute/hypercube"
)

// Set is a set of failed directed edges of Q_N. The edge that leaves node v
// in dimension d (1 … N) goes to v ⊕ 2^(d−1) and has index v·N + d − 1.
type Set struct {
	N      int
	failed []uint64 // bit i set iff edge i failed
	count  int
}

// New returns the empty fault set of Q_n.
func New(n int) (*Set, error) {
	s := new(Set)
	return s, s.Reset(n)
}

// Reset empties s and sizes it for Q_n, reusing its memory.
func (s *Set) Reset(n int) error {
	if _, err := hypercube.New(n); err != nil {
		return err
	}
	words := (n<<n + 63) / 64
	if cap(s.failed) < words {
		s.failed = make([]uint64, words)
	}
	s.failed = s.failed[:words]
	clear(s.failed)
	s.N, s.count = n, 0
	return nil
}

// Edges is the number of directed edges of the cube, n·2^n.
func (s *Set) Edges() int { return s.N << s.N }

// Bytes is the memory s holds.
func (s *Set) Bytes() int64 { return int64(cap(s.failed)) * 8 }

// Count is the number of failed edges.
func (s *Set) Count() int { return s.count }

// Fail marks the edge from v in dimension d failed.
func (s *Set) Fail(v uint32, d int) { s.failIndex(int(v)*s.N + d - 1) }

func (s *Set) failIndex(i int) {
	if w, b := i>>6, uint64(1)<<(i&63); s.failed[w]&b == 0 {
		s.failed[w] |= b
		s.count++
	}
}

// FailedDim reports whether the edge from v in dimension d failed.
func (s *Set) FailedDim(v uint32, d int) bool {
	i := int(v)*s.N + d - 1
	return s.failed[i>>6]>>(i&63)&1 != 0
}

// Out returns the dimensions of the failed edges that leave v: bit d − 1
// for dimension d.
func (s *Set) Out(v uint32) uint32 {
	i := int(v) * s.N
	w, o := i>>6, uint(i&63)
	x := s.failed[w] >> o
	if o+uint(s.N) > 64 {
		x |= s.failed[w+1] << (64 - o)
	}
	return uint32(x & (1<<uint(s.N) - 1))
}

// Failed reports whether the link from node from to node to failed; nodes
// that are not neighbours have no link between them, and a node none to
// itself.
func (s *Set) Failed(from, to uint32) bool {
	x := from ^ to
	if x == 0 || x&(x-1) != 0 {
		return false
	}
	return s.FailedDim(from, bits.TrailingZeros32(x)+1)
}

// Each calls fn for every failed edge, in index order.
func (s *Set) Each(fn func(v uint32, d int)) {
	// Word w starts at edge index 64·w = v·N + r; j/N is j·inv >> 16 for
	// the j < 64 + N that occur.
	n := uint32(s.N)
	inv := (1<<16 + n - 1) / n
	var v, r uint32
	for _, word := range s.failed {
		for ; word != 0; word &= word - 1 {
			j := r + uint32(bits.TrailingZeros64(word))
			q := j * inv >> 16
			fn(v+q, int(j-q*n)+1)
		}
		q := (r + 64) * inv >> 16
		v, r = v+q, r+64-q*n
	}
}

// String lists the failed edges as "v-d->w", for small sets in messages.
func (s *Set) String() string {
	out := fmt.Sprintf("Q_%d, %d failed:", s.N, s.count)
	s.Each(func(v uint32, d int) { out += fmt.Sprintf(" %d-%d->%d", v, d, hypercube.Neighbor(v, d)) })
	return out
}

// Digest names the failed edges of s: the first 16 hex digits of the
// SHA-256 of n and the failed edges.
func (s *Set) Digest() string {
	h := sha256.New()
	b := binary.LittleEndian.AppendUint64(nil, uint64(s.N))
	for _, w := range s.failed {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// CopyFrom makes s a copy of t.
func (s *Set) CopyFrom(t *Set) {
	s.N, s.count = t.N, t.count
	s.failed = append(s.failed[:0], t.failed...)
}

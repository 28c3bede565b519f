package faults

import "unsafe"

// byDim is byDimGo in assembly: byDimAsm appends the failed edges from
// edge index j on until a list is full; that edge is appended here, with
// room made, and the assembly goes on after it.
func (s *Set) byDim(nodes [][]uint32) {
	n := uint64(s.N)
	if n == 1 {
		s.byDimGo(nodes)
		return
	}
	// ⌊j·inv/2^64⌋ = ⌊j/n⌋ for j < 2^64/n, so for every edge index.
	inv := ^uint64(0)/n + 1
	for lo := 0; lo < len(s.failed); lo += byDimWords {
		part := s.failed[:min(lo+byDimWords, len(s.failed))]
		end := uint64(len(part)) * 64
		for j := uint64(lo) * 64; ; j++ {
			if j = byDimAsm(part, j, unsafe.SliceData(nodes), n, inv); j == end {
				break
			}
			d := j%n + 1
			nodes[d] = append(nodes[d], uint32(j/n))
		}
	}
}

// byDimWords is the most words of failed edges byDimAsm reads in a call,
// so that a goroutine can be preempted between calls.
const byDimWords = 1 << 16

// byDimAsm appends the failed edges of index j and up to their lists in
// nodes, n+1 of them, and returns 64·len(failed), or the edge index whose
// list was full, not appended.
//
//go:noescape
func byDimAsm(failed []uint64, j uint64, nodes *[]uint32, n, inv uint64) (stop uint64)

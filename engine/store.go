package engine

import "unsafe"

// store holds the packets waiting at every node: a node N per cube node
// holding a few in place, and a pool of entries E for the others.
type store[N, E any] struct {
	node []N
	pool []E
	// free lists the free pool entries, the next to use last: a stack
	// rather than a list through the entries, so that taking one does not
	// wait for the entry to be read.
	free []int32
}

// reset empties the store and sizes it for n nodes, each set to empty.
func (s *store[N, E]) reset(n int, empty N) {
	if cap(s.node) < n {
		// Advised before the nodes are first written, which backs them.
		s.node = make([]N, n)
		adviseHuge(s.node)
	}
	s.node = s.node[:n]
	for i := range s.node {
		s.node[i] = empty
	}
	s.pool, s.free = s.pool[:0], s.free[:0]
}

func (s *store[N, E]) bytes() int64 {
	var (
		n N
		e E
	)
	return int64(cap(s.node))*int64(unsafe.Sizeof(n)) + int64(cap(s.pool))*int64(unsafe.Sizeof(e)) +
		int64(cap(s.free))*4
}

// newEntry returns the index of a pool entry that is not in use, for the
// caller to set.
func (s *store[N, E]) newEntry() int32 {
	if n := len(s.free); n > 0 {
		i := s.free[n-1]
		s.free = s.free[:n-1]
		return i
	}
	var e E
	s.pool = append(s.pool, e)
	return int32(len(s.pool) - 1)
}

// release returns entry i to the free entries.
func (s *store[N, E]) release(i int32) {
	s.free = append(s.free, i)
}

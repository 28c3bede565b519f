package engine

// sortedInline is how many packets a sortedNode holds in place; insert
// is written out for 3.
const sortedInline = 3

// sortedNode holds the packets waiting at one node as keys, smallest
// first out: the smallest min(n, sortedInline) in place, largest first, so
// that the next to leave is the last in place, and the places left free
// hold 0, below every key; the others unordered in an overflow list. 32
// bytes.
type sortedNode struct {
	n    uint32 // packets waiting
	over int32  // first overflow entry, −1 if none
	pk   [sortedInline]uint64
}

// overEntry is a key in the overflow pool of a sorted store.
type overEntry struct {
	key  uint64
	next int32 // next entry of its list, −1 at the end
}

// sorted stores the packets waiting at every node as keys, for a step
// loop that puts no packet before every node has chosen its own, so that
// the next to leave a node is its smallest key.
type sorted struct {
	store[sortedNode, overEntry]
}

// insert puts key k in place at b, which holds fewer than sortedInline
// keys there, without a branch: each place takes the larger of its key and
// the smaller of k and the key above it; the last place is free (0), so it
// takes the smaller.
func (b *sortedNode) insert(k uint64) {
	p := &b.pk
	p[2], p[1], p[0] = min(p[1], k), max(p[1], min(p[0], k)), max(p[0], k)
}

// putInPlace puts key k in place at b if b holds fewer than sortedInline
// keys, and reports whether it did.
func (b *sortedNode) putInPlace(k uint64) bool {
	m := b.n
	if m >= sortedInline {
		return false
	}
	b.insert(k)
	b.n = m + 1
	return true
}

// put adds key k to b.
func (s *sorted) put(b *sortedNode, k uint64) {
	if b.n >= sortedInline {
		if k > b.pk[0] {
			s.push(b, k)
			b.n++
			return
		}
		// k stays in place, the largest key in place goes to the list.
		s.push(b, b.pk[0])
		copy(b.pk[:], b.pk[1:])
		b.pk[sortedInline-1] = 0
	}
	b.insert(k)
	b.n++
}

// takeLast takes the last key in place out of b, the smallest of b, given
// m = min(b.n, sortedInline).
func (b *sortedNode) takeLast(m uint32) uint64 {
	k := b.pk[m-1]
	b.pk[m-1] = 0
	b.n--
	return k
}

// take takes the smallest key out of b, which holds at least one.
func (s *sorted) take(b *sortedNode) uint64 {
	k := b.takeLast(min(b.n, sortedInline))
	if b.over >= 0 {
		// The smallest of the list is the largest in place now.
		copy(b.pk[1:], b.pk[:sortedInline-1])
		b.pk[0] = s.popMin(b)
	}
	return k
}

// push adds key k to the overflow list of b.
func (s *sorted) push(b *sortedNode, k uint64) {
	i := s.newEntry()
	s.pool[i] = overEntry{key: k, next: b.over}
	b.over = i
}

// popMin takes the smallest key out of the overflow list of b, which is
// not empty.
func (s *sorted) popMin(b *sortedNode) uint64 {
	best, bprev := b.over, int32(-1)
	for prev, at := b.over, s.pool[b.over].next; at >= 0; prev, at = at, s.pool[at].next {
		if s.pool[at].key < s.pool[best].key {
			best, bprev = at, prev
		}
	}
	if bprev < 0 {
		b.over = s.pool[best].next
	} else {
		s.pool[bprev].next = s.pool[best].next
	}
	s.release(best)
	return s.pool[best].key
}

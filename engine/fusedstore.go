package engine

// sortedInline is how many packets a sortedNode holds in place; insert
// is written out for 3.
const sortedInline = 3

// sortedNode holds the packets waiting at one node as keys, smallest
// first out: the smallest min(n, sortedInline) in place, largest first, so
// that the next to leave is the last in place, and the places left free
// hold 0, below every key; the others in the pool as a list of pairing
// heaps, joined into one when the smallest is taken. 32 bytes.
type sortedNode struct {
	n    uint32 // packets waiting
	over int32  // root of the first overflow heap, −1 if none
	pk   [sortedInline]uint64
}

// overEntry is a key in the overflow pool of a sorted store: a node of a
// pairing heap, no larger than its children. 16 bytes.
type overEntry struct {
	key     uint64
	child   int32 // first child, −1 if none
	sibling int32 // next heap of the list, or child of the parent; −1 at the end
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
		// k stays in place, the largest key in place goes to the heaps.
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
		// The smallest of the heaps is the largest in place now.
		copy(b.pk[1:], b.pk[:sortedInline-1])
		b.pk[0] = s.popMin(b)
	}
	return k
}

// link joins the heaps rooted at a and c and returns the root of the
// result, the one with the smaller key.
func (s *sorted) link(a, c int32) int32 {
	p := s.pool
	if p[c].key < p[a].key {
		a, c = c, a
	}
	p[c].sibling = p[a].child
	p[a].child = c
	return a
}

// push adds key k to the overflow heaps of b, as a heap of its own.
func (s *sorted) push(b *sortedNode, k uint64) {
	i := s.newEntry()
	s.pool[i] = overEntry{key: k, child: -1, sibling: b.over}
	b.over = i
}

// popMin takes the smallest key out of the overflow heaps of b, of which
// there is at least one, and leaves its children as b's heaps.
func (s *sorted) popMin(b *sortedNode) uint64 {
	r := s.join(b.over)
	b.over = s.pool[r].child
	s.release(r)
	return s.pool[r].key
}

// join joins the list of heaps from c on into one and returns its root: in
// pairs, first to last, then the pairs, last to first.
func (s *sorted) join(c int32) int32 {
	// The pairs, the last first, through their siblings.
	pairs := int32(-1)
	for c >= 0 {
		a, d := c, s.pool[c].sibling
		if d >= 0 {
			c = s.pool[d].sibling
			a = s.link(a, d)
		} else {
			c = -1
		}
		s.pool[a].sibling, pairs = pairs, a
	}
	root := pairs
	for c := s.pool[root].sibling; c >= 0; {
		next := s.pool[c].sibling
		root = s.link(root, c)
		c = next
	}
	return root
}

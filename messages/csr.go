package messages

// csr is a list of lists of ids, flat: list i is val[off[i]:off[i+1]].
type csr struct {
	off, val []int32
}

// reset makes lists empty lists whose lengths fill will count in off[1:].
func (c *csr) reset(lists int) {
	c.off = grow(c.off, lists+1)
	clear(c.off)
}

// fill turns the lengths in off[1:] into offsets and puts the ids each
// yields into its list, in the order yielded.
func (c *csr) fill(each func(yield func(list, id int32))) {
	for i := 1; i < len(c.off); i++ {
		c.off[i] += c.off[i-1]
	}
	c.val = grow(c.val, int(c.off[len(c.off)-1]))
	// off[i] is the next free slot of list i while filling, then shifted
	// back.
	each(func(list, id int32) {
		c.val[c.off[list]] = id
		c.off[list]++
	})
	copy(c.off[1:], c.off[:len(c.off)-1])
	c.off[0] = 0
}

func (c *csr) at(i int32) []int32 { return c.val[c.off[i]:c.off[i+1]] }

// grow returns s resized to n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

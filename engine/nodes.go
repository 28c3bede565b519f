package engine

// inline is how many waiting packets a node holds in place; the others wait
// in the overflow pool.
const inline = 2

// node holds the packets waiting at one node, in arrival order: pk[0],
// pk[1], then the overflow list, 40 bytes in all. The last fresh of them
// arrived in a step of parity stamp and may not leave in that step.
type node struct {
	// state packs the number of packets waiting (bits 0–23), fresh (bits
	// 24–30) and stamp (bit 31).
	state uint32
	over  int32 // first overflow entry, −1 if none
	pk    [inline]Packet
}

// Limits of node.state: packets waiting at a node, and arriving at a node
// in one step.
const (
	maxWaiting = 1<<24 - 1
	maxFresh   = 1<<7 - 1
	oneFresh   = 1 << 24
)

func (b *node) len() int   { return int(b.state & maxWaiting) }
func (b *node) fresh() int { return int(b.state >> 24 & maxFresh) }

// stamp is the stamp bit of node.state for packets arriving in step t.
func stamp(t int32) uint32 { return uint32(t&1) << 31 }

// renewed returns node state st with its fresh packets forgotten if they
// arrived before the step of stamp now, and stamped now.
func renewed(st, now uint32) uint32 {
	return st&^(uint32(int32(st^now)>>31)&(maxFresh<<24|1<<31)) | now
}

// renew forgets the fresh packets of b if they arrived before step t.
func (b *node) renew(t int32) { b.state = renewed(b.state, stamp(t)) }

// putInline puts packet k, arriving in the step of stamp now, in place at
// b if there is a place left there, and reports whether it did.
func (b *node) putInline(k *Packet, now uint32) bool {
	st := renewed(b.state, now)
	n := st & maxWaiting
	if n >= inline || st>>24&maxFresh == maxFresh {
		return false
	}
	b.pk[n] = *k
	b.state = st + 1 + oneFresh
	return true
}

// setBusy sets the bit of node v in busy.
func setBusy(busy []uint64, v uint32) { busy[v>>6] |= 1 << (v & 63) }

// clearIfEmpty clears the bit of node v in busy if v holds count = 0
// packets, without a branch.
func clearIfEmpty(busy []uint64, v, count uint32) {
	busy[v>>6] &^= (uint64(count) - 1) >> 63 << (v & 63)
}

// entry is a packet in the overflow pool.
type entry struct {
	Packet
	next int32 // next entry of its list, −1 at the end
	tail int32 // in the first entry of a list: the last
}

// nodes stores the waiting packets of every node.
type nodes struct {
	store[node, entry]
}

// alloc returns a pool entry holding k, not in any list.
func (ns *nodes) alloc(k *Packet) int32 {
	i := ns.newEntry()
	ns.pool[i] = entry{Packet: *k, next: -1, tail: i}
	return i
}

// entryAt returns the pool index of b's packet at position i ≥ inline and
// of the one before it (−1 if i = inline).
func (ns *nodes) entryAt(b *node, i int) (at, prev int32) {
	at, prev = b.over, -1
	for ; i > inline; i-- {
		prev, at = at, ns.pool[at].next
	}
	return at, prev
}

// packet returns b's packet at position i; at is its pool index if
// i ≥ inline.
func (ns *nodes) packet(b *node, i int, at int32) *Packet {
	if i < inline {
		return &b.pk[i]
	}
	return &ns.pool[at].Packet
}

// advance steps from position i of a node to i+1 and returns i+1; at and
// prev hold the pool indices of position i and i−1, meaningful from
// position inline on.
func (ns *nodes) advance(i int, at, prev *int32) int {
	if i >= inline {
		*prev, *at = *at, ns.pool[*at].next
	}
	return i + 1
}

// insert puts k into b at position pos ≤ b.len().
func (ns *nodes) insert(b *node, pos int, k *Packet) {
	n := b.len()
	switch {
	case n < inline:
		copy(b.pk[pos+1:n+1], b.pk[pos:n])
		b.pk[pos] = *k
	case pos < inline:
		// The last packet held in place moves to the front of the pool list.
		i := ns.alloc(&b.pk[inline-1])
		if b.over >= 0 {
			ns.pool[i].next, ns.pool[i].tail = b.over, ns.pool[b.over].tail
		}
		b.over = i
		copy(b.pk[pos+1:], b.pk[pos:inline-1])
		b.pk[pos] = *k
	default:
		i := ns.alloc(k)
		switch head := b.over; {
		case head < 0:
			b.over = i
		case pos == inline:
			ns.pool[i].next, ns.pool[i].tail = head, ns.pool[head].tail
			b.over = i
		case pos == n:
			ns.pool[ns.pool[head].tail].next = i
			ns.pool[head].tail = i
		default:
			before, _ := ns.entryAt(b, pos-1)
			ns.pool[i].next = ns.pool[before].next
			ns.pool[before].next = i
		}
	}
	b.state++
}

// remove takes b's packet at position i out; at and prev are as entryAt
// returns them for i ≥ inline.
func (ns *nodes) remove(b *node, i int, at, prev int32) {
	b.state--
	if i < inline {
		last := min(b.len(), inline-1)
		copy(b.pk[i:last], b.pk[i+1:last+1])
		if h := b.over; h >= 0 {
			b.pk[inline-1] = ns.pool[h].Packet
			ns.unlink(b, h, -1)
		}
		return
	}
	ns.unlink(b, at, prev)
}

// unlink removes pool entry at, preceded by prev (−1 if at is first), from
// b's list and releases it.
func (ns *nodes) unlink(b *node, at, prev int32) {
	next := ns.pool[at].next
	switch {
	case prev < 0:
		b.over = next
		if next >= 0 {
			ns.pool[next].tail = ns.pool[at].tail
		}
	default:
		ns.pool[prev].next = next
		if head := &ns.pool[b.over]; head.tail == at {
			head.tail = prev
		}
	}
	ns.release(at)
}

package collectives

import (
	"fmt"
	"math/bits"
)

// Memory a run holds: per node (its data, the runner's counters), per
// block its messages carry (the program's lists as they grow, the
// algorithm's own, the data), per message of a combining operation (its
// route, content and dependencies).
const (
	bytesPerNode    = 256
	bytesPerBlock   = 16
	bytesPerMessage = 48
)

// blocks returns the fewest blocks c's messages can carry: every block
// that must reach a node other than the one that holds it at the start is
// in at least one message to it. Combining operations carry partial sums,
// no blocks.
func (c Config) blocks() int64 {
	p := int64(c.P)
	switch c.Op {
	case OAB:
		return (p - 1) * int64(pieces(c))
	case MC:
		if len(c.Dests) > 0 {
			return int64(len(c.Dests))
		}
		return p / 2
	case OAS, Gather:
		return p - 1
	case AAB, AAS:
		return p * (p - 1)
	case Shift:
		return p
	}
	return 0
}

// MemoryBytes estimates the memory a run of c holds at its peak: its
// nodes, its blocks, and for a combining operation its messages, each
// with the set of nodes summed in it, as the nodes' three slots have. A
// reduction sends p − 1 messages; all-reduce and prefix at most
// p·⌈log₂ p⌉, those of dimension exchange.
func (c Config) MemoryBytes() int64 {
	p := int64(c.P)
	b := p*bytesPerNode + c.blocks()*bytesPerBlock
	if c.Op.class() == combines {
		msgs := p - 1
		if c.Op != Reduce {
			msgs = p * int64(max(1, bits.Len(uint(c.P-1))))
		}
		b += msgs*bytesPerMessage + (p*slots+msgs)*(p+63)/64*8
	}
	return b
}

// CheckMemory reports an error if a run of c needs more than available
// bytes. c must be valid.
func (c Config) CheckMemory(available int64) error {
	if need := c.MemoryBytes(); need > available {
		return fmt.Errorf("%v %s on p=%d needs about %d MiB, more than the %d MiB available", c.Op, c.Algo, c.P, need>>20, available>>20)
	}
	return nil
}

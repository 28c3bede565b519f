package engine

// A key is a packet of the fused step as one word. Its top KeyPrioBits
// bits are the priority of the packet's next hop, and keys order packets as
// the Priority discipline does (by priority, ties by the smaller packet
// id), so that the smallest key at a node leaves first; the bits below are
// the router's, the packet id and state of its own.
const (
	KeyPrioBits  = 6
	KeyPrioShift = 64 - KeyPrioBits
)

// Keys routes packets held as keys, for the fused step. It numbers the
// nodes 0 … Nodes()−1 as it likes: without Record.Loads or Trace nothing a
// run reports depends on the numbering, but a step runs fastest when most
// packets hop to a node numbered higher than theirs and near it.
type Keys interface {
	// Start sets up packets first, first+1, …, first+len(keys)−1: it
	// writes the key and the node of each that waits for a hop to the
	// front of keys and at and returns how many.
	Start(first int, keys []uint64, at []uint32) (waiting int)
	// Hop moves every packet, key keys[i] at node at[i], over its next
	// link or within its node: it writes the new key and node of each that
	// waits for a further hop to the front of keys and at, returns how
	// many, and sets arrival[id] = now for each that arrived if arrival is
	// not nil. A step calls it once per chunk of nodes.
	Hop(keys []uint64, at []uint32, now int32, arrival []int32) (waiting int)
}

// A Keyed is a Router whose packets fit in keys in the single-port model:
// Run may step it by the fused step instead (Engine.Fused).
type Keyed interface {
	Router
	// Keys returns the router's packets as keys and whether it does
	// nothing but route them, one queue per node.
	Keys() (Keys, bool)
}

// A Starter is Keys whose Hop may start packets held back at the start, as
// a Reactor does in the general step: for a router whose packets wait for
// others to arrive (a node that forwards what it received).
type Starter interface {
	Keys
	// Started returns the keys and nodes of the packets the last Hop
	// started, each waiting at its node from the time Hop was given on:
	// they leave in the next step at the earliest.
	Started() (keys []uint64, at []uint32)
}

// A Dropper is Keys that routes on a cube with failed links by itself, as
// a Router whose sends over them the engine refuses: it never sends a
// packet over a failed link, Start holds back for good the packets that
// cannot leave (fate Held) and Hop loses those that can go no further
// (fate Dropped). The fused step moves all packets of a step in one Hop,
// the nodes they leave in ascending order but for those that held more
// than a few packets, which come last.
type Dropper interface {
	Keys
	// Lost returns how many packets Start held back and Hop lost in the
	// run so far.
	Lost() (held, dropped int)
}

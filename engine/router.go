package engine

// Fate is what became of a packet after a move.
type Fate uint8

const (
	// Waiting: the packet waits at its node for its next hop.
	Waiting Fate = iota
	// Delivered: the packet has reached its destination.
	Delivered
	// Dropped: the packet was lost on a failed link.
	Dropped
	// Held: set by Router.Start, the packet does not start now; a Reactor
	// may start it later.
	Held
)

// Packet is one packet's state, 16 bytes. The engine stores it with the node
// it waits at, so the node is not part of it.
type Packet struct {
	ID uint32
	// Via, Dst and Phase are the router's to use: for e-cube legs a
	// waypoint, the destination and the leg.
	Via, Dst uint32
	// Queue is the queue of its node the packet waits in, 0 … Queues()−1.
	Queue uint16
	// Prio is the priority of the hop the packet waits for.
	Prio  uint8
	Phase uint8
}

// Move is a packet going from node From to node To, where the Router says
// what becomes of it.
type Move struct {
	Packet
	From, To uint32
	Fate     Fate
}

// Router moves packets for the Engine. It sets To, Fate, Queue and Prio of
// every packet it starts or sends.
type Router interface {
	// Packets is the number of packets, with ids 0 … Packets()−1.
	Packets() int
	// Nodes is the number of nodes, Queues the number of queues at each.
	Nodes() int
	Queues() int
	// Start sets up packets first, first+1, … in batch, To being the
	// packet's source (From is not used).
	Start(first int, batch []Move)
	// Send moves each packet of batch from From over its next link, or
	// within its node.
	Send(batch []Move)
}

// A Scheduler is a Router whose queues do not all send in every step.
type Scheduler interface {
	// Serving returns the queues lo … hi−1 of every node that may send in
	// step t.
	Serving(t int32) (lo, hi int)
}

// A Reactor is a Router that responds to what happens in a run.
type Reactor interface {
	// Settled is called with moves of step t whose fates are final, a
	// move over a failed link having been lost, at least once per step.
	// It returns out with the packets to start appended, each held at
	// Start and now Waiting at node To from the end of step t.
	Settled(t int32, moves []Move, out []Move) []Move
}

// A FIFOQueues is a Router some of whose queues send the packet that
// arrived first (ties by smaller packet id) under the Priority discipline,
// the others sending by priority: the detour queues of Ch. III.2 under an
// alternative to the thesis' rule.
type FIFOQueues interface {
	// FIFO reports whether queue q sends first in, first out.
	FIFO(q uint16) bool
}

// A Remainer is a Router that can tell the Farthest discipline how many
// hops a packet waiting at node at still has to go.
type Remainer interface {
	Remain(p *Packet, at uint32) int
}

// Links tells which links have failed.
type Links interface {
	// Failed reports whether the link from node from to node to has
	// failed.
	Failed(from, to uint32) bool
}

// OnFailure says what a send over a failed link does.
type OnFailure uint8

const (
	// Refuse fails the run with ErrFailedLink: the router knows the faults
	// and must route around them.
	Refuse OnFailure = iota
	// Lose loses the packet (Dropped): the sender does not know.
	Lose
)

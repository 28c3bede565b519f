package messages

import "github.com/hyperroute/hyperroute/topology"

// Program is the messages a Runner runs, ids 0 … Messages()−1.
type Program interface {
	// Net is the network the messages cross.
	Net() topology.Network
	Messages() int
	// Source returns the node message id starts at, and false if id is
	// a gap in the program's numbering rather than a message: it is
	// delivered where it is at the start, without a hop.
	Source(id int32) (uint32, bool)
	// Hop returns the node message id reaches by its k-th hop, k = 1, 2,
	// …, over a link of Net, and whether that node is the route's last.
	Hop(id int32, k int) (to uint32, last bool)
	// Prio returns the priority of message id, below Prios().
	Prio(id int32) uint8
	Prios() int
	// Round returns the round of message id, 1 …, or 0 for every message
	// of a program without rounds.
	Round(id int32) int32
	// After lists the messages that must have arrived at message id's
	// source before it leaves; each goes there.
	After(id int32) []int32
}

// Remainer is a Program that counts the hops message id has still to go
// after taken hops itself, faster than following its route by Hop.
type Remainer interface {
	Remain(id int32, taken int) int
}

// Observer is told what happens in a run.
type Observer interface {
	// Moved is called for every hop of step t once its fate is final:
	// message id has made its k-th hop, to node to, the last of its
	// route if last.
	Moved(t int32, id int32, k int, to uint32, last bool)
	// RoundDone is called when every message of round r has arrived, in
	// step t (−1 for an empty round before the start), before the
	// messages of round r+1 start.
	RoundDone(r, t int32)
}

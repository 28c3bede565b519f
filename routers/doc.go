// Package routers is the synchronous packet-routing simulator of SPEC.md §0–§2
// and the routers of thesis Chapter I that run on it: greedy e-cube (§1.1),
// bitonic-sort routing (§1.2) and Valiant's two-phase routing (§2).
//
// # Model
//
// Time runs in synchronous steps. A packet sent in step t (t = 0, 1, …) arrives
// at time t+1 and can leave again in step t+1 at the earliest; the run time T
// is the arrival time of the last packet (0 if no packet needs a hop).
//
// The Engine knows nodes and queues, not links: each node has the same number
// of queues (Router.Ports), every queue sends at most one packet per step,
// chosen by the queue Discipline, and a Router says at which node and in which
// queue (Packet.Tag) a packet waits next, or that it is done. The port model
// is therefore a choice of queues: single-port has one queue per node (one
// packet per node per step), all-port one queue per directed out-link (one
// packet per link per step).
//
// The same mechanism is meant to carry the later chapters: the butterfly
// simulation of Chapter II keeps n queues per cube node, all served in the same
// step, and moves a packet between queues of one node for a straight edge; a
// Router may report a packet lost on a failed link (Dropped); slotted detour
// simulation (Chapter III) adds per-sub-step or per-link queues.
//
// # Memory layout
//
// Packets are stored with the node they wait at, two in place (a node is 40
// bytes) and the others in an overflow pool (24 bytes each), so a step reads
// the nodes in order and writes each moved packet to one of the few streams
// of neighbours, rather than reaching for packets at random. A node may hold
// at most 2^24−1 packets and receive at most 127 in one step (ErrFull).
//
// The case the experiments spend their time in, e-cube or Valiant
// single-port under the priority rule with nothing recorded, runs in a step
// of its own (stepFused) that routes exactly as the general step does. It
// holds each packet as one word ordered as the priority rule orders packets
// (priority, id, and the route still to go to the next waypoint), three to a
// 32-byte node kept sorted and the others in an overflow pool (16 bytes
// each). It first takes the smallest word out of every node, then routes
// those packets and puts them at their next nodes, so that a node never
// holds a packet that arrived in the current step. For Valiant's routing
// that is about 46 bytes per packet.
//
// Collective operations that combine messages are schedules of their own
// and reuse the trace and invariant checks rather than the queue engine, as
// bitonic-sort routing does here.
//
// # Priority rule
//
// The default Discipline, Priority, sends the packet with the smallest
// priority number; ties go to the smaller packet id (source·μ + index). FIFO,
// Random and Farthest-first are alternatives for experiments. TieBreak names
// the rule for output metadata.
//
// # Recording
//
// Every run reports T, total packet-hops, the largest queue and the loads
// f(p,·) summed over nodes. On request (Record) it also keeps each packet's
// arrival time and hop count, the full f(p,v) table and a per-step send trace,
// from which the critical delay sequences of Lemma I.1 are extracted.
//
// # Delay sequences
//
// The analysis of §2.1 runs on a recorded run. Route with
// Record{Loads: true, Trace: true}, single-port, Discipline Priority; then
// CriticalDelaySequence builds D by the rule in the proof of Lemma I.1,
// DelaySeq.Check verifies the proof's steps and T ≤ Σ f(p_i,v_i) on the run,
// DelaySeq.Load is Σ f(p_i,v_i), and SumXH counts Σx and Σh for any sequence,
// such as CanonicalDelaySeq, the fixed sequence measured for Lemmas I.5 and
// I.6. The trace costs 20 bytes per packet-hop; Loads 4 bytes per node and
// priority.
package routers

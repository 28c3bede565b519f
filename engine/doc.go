// Package engine is the synchronous packet-routing simulator every router of
// the harness runs on: the step model of the thesis [Schömer 1988,
// Introduction and Ch. I.2], with the queues, port models and faulty links
// that Chapters I–III need (docs/model.md, "The step model").
//
// # Steps
//
// Time runs in synchronous steps. A packet sent in step t (t = 0, 1, …)
// arrives at time t+1 and can leave again in step t+1 at the earliest; the
// run time T is the arrival time of the last packet (0 if no packet needs a
// hop).
//
// # Invariants
//
// Every run, by either step, keeps these.
//
//   - Timing. A packet started before the run waits from time 0, one a
//     Reactor starts in step t from time t+1. A packet sent in step t is
//     at its next node, arrived or lost at time t+1 (Result.Arrival), and a
//     packet that waits at a node from time a can leave it in step a at the
//     earliest: what arrives in a step never leaves in it.
//   - A step. In step t each queue of every node that the schedule serves
//     (all queues, without a Scheduler) sends at most one packet, and
//     exactly one if a packet waits in it from time t or earlier, chosen
//     among those by the Discipline; the choice depends only on the packets
//     waiting in that queue, not on the order nodes are visited in (under
//     Random, on the draws, made node by node in ascending order).
//   - Conservation. Every packet is at each time in exactly one place:
//     waiting at one node, arrived, lost (Dropped) or held (never started,
//     Held). A run ends when none waits, so that Packets() = arrived +
//     Dropped + Held; Hops counts every send, lost ones too, and the sends
//     per priority (PrioLoads, and Loads summed over nodes) add up to Hops.
//   - T is the time the last packet arrived (a lost one does not count), 0
//     if none moved; MaxQueue the most packets ready to leave one queue at
//     the start of a step.
//   - Progress. A run fails (ErrStalled) when packets wait but no queue
//     sends for a whole round: one step, or Queues() steps under a
//     Scheduler, which must therefore serve every queue within that many
//     steps. It fails with ErrFull when more than 2^24−1 packets wait at one
//     node or more than 127 arrive at one node in one step.
//   - Arrival marks. The general step tells a packet that arrived in the
//     current step from one that waited before by a node's count of fresh
//     packets and the parity of the step they arrived in (the stamp). This
//     is valid because every node that holds packets is visited in every
//     step, also in a step that serves no queue (renewAll): a count left
//     from two steps back would carry the current parity. The fused step
//     needs no mark: it puts the packets sent in a step only after every
//     node has chosen its own.
//
// # Nodes, queues and routers
//
// The Engine knows nodes and queues, not links. Every node has the same
// number of queues (Router.Queues), and in every step each queue sends at
// most one packet, chosen by the queue Discipline. A Router says at which
// node and in which queue (Packet.Queue) a packet waits next, or that it has
// arrived; the packet's other fields are the router's, and a router that
// needs more state per packet keeps it itself, indexed by Packet.ID. A move
// may stay at its node (a straight edge of the butterfly): it still takes a
// step.
//
// The port model is therefore a choice of queues: single-port is one queue
// per node (one packet per node per step), all-port one queue per out-link.
// A Scheduler lets only some queues send in a step (the sub-steps of the
// detour simulations of Ch. III.2). A Reactor sees every settled move and may
// start packets held back at the start (a node that forwards what it
// received).
//
// # Faulty links
//
// With Engine.Faults set, every move over a link is checked against the
// failed links. Under OnFailure Lose the packet is lost (Dropped), as in the
// replication model of Ch. II.5 where the sender does not know; under Refuse
// the run fails with ErrFailedLink, for routers that know the faults and
// must route around them (Ch. III).
//
// # Priority rule
//
// The default Discipline, Priority, sends the packet with the smallest
// priority number; ties go to the smaller packet id [Schömer 1988, Ch. I.2].
// FIFO, Random and Farthest are alternatives for experiments. TieBreak names
// the rule for output metadata.
//
// # The fused step
//
// A router whose packets fit in 64-bit keys that sort as the Priority
// discipline orders them (Keyed: priority, packet id, state of its own) in
// the single-port model, such as routing along e-cube legs (Legs, Fusable)
// or the copies of one phase on the butterfly, is stepped, under the
// Priority discipline and with no faults, no Scheduler or Reactor and
// recording at most arrival times and sends per step, by a step of its
// own: each node keeps its keys smallest first, a step takes the smallest
// of every node, chunk by chunk of nodes from the last to the first, the
// router moves a chunk's packets (Keys.Hop, one call per chunk) and the
// engine puts them at once at their next nodes if those have chosen in
// this step already, at the end of the step if not. Legs on fewer than
// 2^18 nodes take all nodes as one chunk; on more, chunks of 8,192 nodes,
// and the packets for distant chunks wait in queues until their chunk is
// in the cache, in this step if it has yet to choose, just before it
// chooses in the next if not; the next chunk is read ahead. It routes
// exactly as the general step does, about twice as fast; Engine.Fused
// tells whether a run takes it. Legs take it also all-port (a node of the
// fused step per link, Legs.AllPort), under FIFO (keys that order packets
// by arrival time, then id) and recording packets (their hops are the
// legs' lengths, Legs.Hops); Keys that are a Starter start packets held
// at the start, as a Reactor does in the general step (disjoint's copies
// pipelined through their intermediates); and Keys that are a Dropper take
// it on a cube with failed links whose sends the engine would refuse,
// holding back and losing packets themselves (the adaptive routers of
// Ch. III), all of a step's packets in one Hop.
//
// # Recording
//
// Every run reports T, total packet-hops, the largest queue, the packets
// lost and the loads f(p,·) summed over nodes. On request (Record) it also
// keeps each packet's arrival time and hop count, the full f(p,v) table, the
// sends of every step and a trace of every send.
package engine

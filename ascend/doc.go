// Package ascend runs ASCEND/DESCEND algorithms on a hypercube with failed
// edges [Schömer 1988, Ch. III.1]: bitonic sort (Batcher's compare-exchange
// program of Ch. I.1), broadcast, reduce and prefix sum, written as sweeps
// over the dimensions of Q_n; the last three are what package collectives
// runs on a faulty cube. In every step of a sweep the nodes that send
// pass one word to their neighbour across the step's dimension d; a word
// whose edge v –d→ w has failed goes over the edge's detour U^i of a detour
// system instead, v –i→ v⊕e_i –d→ v⊕e_i⊕e_d –i→ w.
//
// # Step model
//
// A Runner runs a Program on the step simulator of package engine by the
// one runner of package messages (word s·2^n + v of step s is a message of
// round s+1, routed over its edge or the edge's detour), with a send over
// a failed edge refused as a bug (engine.Refuse):
//
//   - Time runs in units; in one unit every directed link carries at most
//     one packet (all-port: one engine queue per out-link, the queue of
//     dimension d being d−1). Single-port, one packet per node per unit, is
//     the alternative.
//   - Steps are barriers: the words of step s+1 leave in the unit after the
//     last word of step s has arrived, and the receivers combine what they
//     received in between. Which nodes send in a step does not depend on
//     the data.
//   - Packets that want the same link at once go in the order of the
//     engine's priority rule: all packets of a step have the priority d,
//     so the one with the smaller id, which is the smaller source node,
//     goes first. On a middle edge shared by several detours the detour of
//     the smaller source goes first.
//
// # Step times
//
// All-port, a step in which no sender's edge has failed takes one unit. If
// some have, the step takes exactly γ_s + 2 units, where γ_s is the largest
// number of the step's detours that share one middle edge (StepTimes): the
// detoured words all reach their middle nodes after one unit, the middle
// edge of γ_s of them passes one per unit, and the last edges are never
// shared: a last edge u' –i→ w belongs to the one failed edge w⊕e_d –d→ w,
// and a node's first edges are used in the first unit only. For a γ-conjunct
// system that is at most γ + 2, the thesis' delay factor; for bitonic sort,
// where every node sends in every step, γ_s is γ_d of the step's dimension
// d, so the sort takes Σ_d (n−d+1)·τ_d units with τ_d = γ_d + 2 if an edge
// of dimension d has failed and 1 otherwise, at most (γ+2)·n(n+1)/2.
// Single-port a node may have to forward on several links in one unit, and
// a step can take longer than γ + 2; the harness measures by how much.
package ascend

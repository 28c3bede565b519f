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
//   - Packets that want the same link (all-port) or node (single-port) at
//     once go by the Runner's Schedule: by default the one with the most
//     hops still to go (the engine's Farthest discipline), ties to the
//     smaller id, which is the smaller source node; SmallerSourceFirst,
//     the engine's priority rule with one priority per step, is the
//     alternative.
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
//
// Single-port a node sends one word per unit, and a step can take longer
// than γ_s + 2. In the first unit every sender sends its own word and no
// node has another. After it a node u sends only the a words detoured over
// its middle edge u → ū (ū = u ⊕ e_d, arrived at time 1) and the b words
// of the detours over ū → u, on their last edge (each arrived the unit
// after ū sent it): a pair of middle edges is a problem of its own. It
// needs a + b + 1 units if a, b ≥ 1 (u sends a + b words from unit 1 on)
// and a + 2 if b = 0 (the a-th word crosses u → ū in unit a at the
// earliest); Optimal, which sends middle edges' words before last edges',
// takes exactly that (SinglePortStepTimes). So the step takes at most
// γ_s + 2 unless some pair carries a + b ≥ γ_s + 2 words, never for
// γ = 1; at worst, a = b = γ, it takes 2γ + 1.
//
// Law gives what a run reports of its time and traffic by these laws,
// without running it: the step times, T, the hops and the longest queue.
package ascend

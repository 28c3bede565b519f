// Package hypercube is the n-dimensional hypercube Q_n and the request
// generators that load it with packets: the conventions of the thesis
// [Schömer 1988] that every package shares, its node-disjoint paths
// [Schömer 1988, Ch. II.1], and the requests of Chapter I (docs/model.md,
// sections 0.1 and 0.5).
//
// # Conventions
//
// Q_n has the nodes 0 … 2^n−1, written as n-bit addresses. Dimensions are
// numbered 1 … n; crossing dimension d flips bit d−1, so the neighbour of v in
// dimension d is v ^ 1<<(d−1) (Neighbor). Edges are directed: v→w and w→v are
// two edges, and |E| = n·2^n (Cube.Edges). The distance is
// dist(v, w) = popcount(v ^ w) (Dist), and the e-cube (dimension-order) route
// crosses the differing dimensions in ascending order (ECube, NextECube).
//
// A path is written as its sequence of dimensions; Walk turns it into the
// nodes it visits. Cube.DisjointPaths gives the n internally node-disjoint
// paths α^1 … α^n between two nodes (thesis Ch. II.1).
//
// # Requests
//
// A Request with μ packets per node numbers its packets by
// id = source·μ + k, k = 0 … μ−1 (the tie-break order of the priority
// rule), and stores only the destination of each packet; the source is id/μ.
// NewRequest and Request.Fill build μ-bounded requests (h-relations) in
// which every node sends and receives exactly μ packets, from a permutation
// pattern named in Patterns: "random", "transpose", "bitrev", "complement",
// "identity" and "shuffle". Describe gives one line about each.
//
// Randomness is always passed in as a *math/rand/v2.Rand, never global, so
// every trial owns its stream (docs/model.md, section 0.7).
package hypercube

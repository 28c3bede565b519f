// Package hypercube is the n-dimensional hypercube Q_n of SPEC.md §0 and the
// request generators that load it with packets.
//
// # Conventions (SPEC.md §0)
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
// paths α^1 … α^n between two nodes (SPEC.md §3.1, thesis Ch. II).
//
// # Requests
//
// A Request with μ packets per node numbers its packets by
// id = source·μ + k, k = 0 … μ−1 (the tie-break order of SPEC.md §0), and
// stores only the destination of each packet; the source is id/μ. NewRequest
// and Request.Fill build μ-bounded requests (h-relations) in which every node
// sends and receives exactly μ packets, from a permutation pattern named in
// Patterns: "random", "transpose", "bitrev", "complement", "identity" and
// "shuffle". Describe gives one line about each.
//
// Randomness is always passed in as a *math/rand/v2.Rand, never global, so
// every trial owns its stream (SPEC.md §0).
package hypercube

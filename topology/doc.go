// Package topology models the interconnection networks on which collective
// communication is simulated (docs/model.md, "Collective communication"):
// the ring K(p), the 2-D mesh M(s,s) and torus K(s,s) with p = s² nodes, and
// the hypercube Q_n of package hypercube, with p = 2^n.
//
// A Network numbers its nodes 0 … p−1 (on a mesh or torus, node row·s+col)
// and every node's out-links by ports: the ring's port 0 goes to v+1 and
// port 1 to v−1; a mesh or torus node's ports 0 and 1 go to col+1 and col−1,
// ports 2 and 3 to row+1 and row−1; the cube's port d−1 crosses dimension d.
// Links are directed: v→w and w→v are two links (full duplex). A port that
// leads nowhere (a mesh border, or a second link to the same neighbour, as
// on a 2-node ring or a torus of side 2) does not exist.
//
// Routes are dimension-ordered and shortest: on the cube the e-cube route
// (ascending dimensions, or descending for the multicast of McKinley et al.
// [McKinley et al. 1994]), on a mesh or torus first along the row (the
// column index) and then along the column, and on rings, tori's rows and
// columns the shorter way round, the + way on a tie.
package topology

// Package butterfly is the wrapped butterfly network BF_n of the thesis'
// Chapter II [Schömer 1988, Ch. II.2]: its n·2^n nodes (l, v), layer
// l = 1 … n and address v of Q_n, the straight and the cross edge out of
// each node, and the route β^d of the packet that starts at node (d, s) for
// super-node z, whose cross edges are the cube path α^d of the n disjoint
// paths of Ch. II.1 (hypercube.Cube.DisjointPaths). docs/model.md, section
// II.2, states the definitions.
//
// A cube node v runs the n butterfly nodes (1, v), …, (n, v) of its
// super-node (Ch. II.4): a cross edge out of layer l is the cube link of
// dimension l, a straight edge a move inside v. ID numbers the nodes so that
// the layers of one super-node are adjacent.
package butterfly

// Package thesisfig draws the thesis' own illustrations [Schömer 1988],
// Figs. 1–6, from the harness' structures, not from results: the n
// disjoint paths and their butterfly routes (Fig. 1, hypercube and
// butterfly), the node-disjoint trees of the proof of Lemma II.3 (Fig. 2),
// the 3- and 1-conjunct detour systems (Figs. 3, 4, faults) and
// node-confluent detours with their sub-steps (Figs. 5, 6, confluent).
// They are pictures of graphs, nodes at coordinates of their own, in the
// house style of package figstyle; package plots lists them among its
// figures.
package thesisfig

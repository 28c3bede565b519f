// Package paperreport checks the statements of the thesis [Schömer 1988]
// and of the lecture notes on collective communication (docs/references.md)
// against the results of the experiments and the harness' structures, and
// writes the report of docs/paper/README.md: per chapter every checkable
// statement (lemmas, theorems, remarks "Bem", figures "Abb.", by the
// thesis' numbering), the experiment and figure that check it, the
// measured values and a verdict, and the collectives' time against their
// lower bounds.
//
// A verdict claims only what the rows at hand show, in one of the classes
// of Kind: holds (with the test's power), holds loose (a factor on the
// bounded quantity), cannot fail at these n (with where it would bite),
// holds weak (no point could have failed), contradicted, outside the
// thesis' model, the thesis corrected; a missing, incomplete or damaged
// experiment gives "not measured" with the reason (dataset.ReadDataset's
// error), never a crash. Statistical verdicts are one-sided at level
// 1 − Alpha, Bonferroni-corrected over the points of one statement. Some
// statements need no simulation and are computed exactly on the harness'
// structures: counts of delay sequences, the laws of Σx and Σh for a fixed
// sequence on the butterfly, the disjoint paths, the figures' systems.
package paperreport

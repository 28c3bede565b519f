// Package paperreport checks the statements of the thesis [Schömer 1988]
// against the results of the experiments and writes the report of
// docs/paper/README.md: per chapter every checkable statement (lemmas,
// theorems, remarks "Bem", by the thesis' numbering), the experiment and
// figure that check it, the measured values and a verdict, and the
// collectives' time against their lower bounds.
//
// A verdict claims only what the rows at hand show: it names the measured
// points, and a missing, incomplete or damaged experiment gives "not
// measured" with the reason (dataset.ReadDataset's error), never a crash.
// Statistical verdicts are two-sided at level Alpha, Bonferroni-corrected
// over the points of one statement.
package paperreport

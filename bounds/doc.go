// Package bounds is the registry of the bounds and exact probabilities of the
// thesis' analysis [Schömer 1988] that `hyperroute bound` evaluates: the
// binomial tail with Chernoff's and Hoeffding's bounds, Lemma I.5 and Theorem
// I.1 (Ch. I.3), Theorems II.1 and II.2 and the exact loss of a message on
// disjoint paths (Ch. II.3 and II.5), and the bounds on length-3 detours and
// the parallel matching (Ch. III.1). The formulas are in package stats and
// docs/model.md; a Kind names one of them, says which parameters it takes
// and checks their ranges.
//
// A query is a kind and the values of its parameters (Args), given as
// command-line flags or as one JSON object; Eval answers it with the value
// and its natural logarithm, and Batch answers a stream of JSON lines.
package bounds

// Package stats is the probabilistic analysis of the thesis [Schömer 1988]
// as numbers the harness can compare with measurements: the exact binomial
// tail, the tail bounds used in the proofs, and the empirical statistics of
// measured runs. It implements the analysis of Valiant's two-phase routing
// (thesis Ch. I.3: Lemmas I.3, I.5 and I.6 and Theorem I.1), the bounds of
// the butterfly routing and of replication on disjoint paths (Ch. II.3 and
// II.5: Lemma II.1, Theorems II.1 and II.2) and those of length-3 detours
// (Ch. III.1). docs/model.md states every bound with its hypotheses, and
// docs/references.md the works cited.
//
// # Binomial tail
//
// B(m, N, q) = Pr(Bin(N, q) ≥ m) is BinomTail, and its natural logarithm
// LogBinomTail stays accurate far below the float64 range (the figures plot
// tails down to 1e-300 and below), for N up to 2^30 and beyond.
//
// # Bounds
//
// Chernoff [Chernoff 1952] and Hoeffding [Hoeffding 1956] are the two
// inequalities of Ch. I.3. Chapter I: LemmaI3LogCount (number of delay
// sequences), LemmaI5Binomial and LemmaI5Exp (how many packets meet a fixed
// delay sequence), LemmaI6Bound and LemmaI6PerPacket (how long they stay on
// it), TheoremI1Bound and TheoremI1Tail (the run time T), with BestC and
// TheoremI1R to invert them. Chapter II: LemmaII1LogCount, TheoremII1Bound
// and TheoremII1Tail, MessageLossBound, AnyMessageLossBound, TheoremII2MaxQ,
// and the exact loss of a message on disjoint paths, PhaseLoss and the
// bracket MessageLoss (MeanPhaseLoss, MeanMessageLoss over a uniform
// intermediate; ValiantLoss for one copy; InvertQ solves for q). Chapter III:
// DetourMissingBound, DetourMaxQ, MatchingFailureBound,
// MatchingFailureLooseBound, MatchingMaxQ.
//
// Every probability bound also comes in a Log form (natural logarithm).
// A bound whose hypothesis fails, or whose value exceeds 1, is reported as
// the trivial bound 1 (logarithm 0), so a curve can be drawn over any range.
//
// # Empirical statistics
//
// CCDF (with the ≥ convention of the bounds), Quantiles (Hyndman–Fan type 7),
// MeanCI and StdDev, the Wilson and ClopperPearson intervals for a success
// rate, the two-sample Kolmogorov–Smirnov test KS2, Pearson's chi-square
// goodness-of-fit test ChiSquare and the one-sample t test TTest
// (docs/model.md, "Empirical statistics").
package stats

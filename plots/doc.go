// Package plots draws the figures of Chapter I of the thesis [Schömer 1988]
// and of collective communication (docs/model.md) from the Parquet files the experiments leave behind, never
// from a run in memory, so that every number in a figure traces to rows of a
// Parquet file. Each figure is a function that reads a results directory with
// dataset.ReadDataset and writes PNG (300 dpi), SVG and PDF files to an
// output directory; Figures lists them for `hyperroute figures`.
//
//   - TTail: the tail of Valiant's run time T against the Theorem I.1 bound
//     (thesis Ch. I.3).
//   - DelaySeqTails: Σx and Σh for the fixed and the extracted delay
//     sequence against the binomial tail, Hoeffding, Chernoff, Lemmas I.5
//     and I.6 and Theorem I.1 (thesis Ch. I.2 and I.3).
//   - RoutingCompare: e-cube, Valiant and bitonic routing on random and
//     structured permutations (thesis Ch. I.1 and I.3).
//   - PriorityLoad: the mean load f(p,v) per priority against Lemma I.4's
//     1/2 (thesis Ch. I.3).
//   - QueueDisciplines and Relations: the queue disciplines, and μ-bounded
//     requests (thesis Ch. I.2, remark Bem 2).
//   - FaultyBitonic: bitonic sort over detours on a faulty cube, its
//     slowest step against γ + 2 and its time against (γ + 2)·n(n+1)/2
//     (thesis Ch. III.1).
//   - CollectivesSize, CollectivesScale and CollectivesBounds: collective
//     operations (package collectives), time against block size and against
//     the number of nodes beside the closed forms, and the cube's algorithms
//     against the lower bounds.
//
// Custom draws any table of any run (`hyperroute plot`): a statistic of one
// column against another, one series per value of a third, with 95%
// intervals (package summary), into one PNG, SVG or PDF file.
//
// All figures share one style (style.go): one paper column wide (3.4 in),
// Liberation Serif at 8 pt, the Okabe–Ito colours, bounds in grey. A log
// axis never receives a zero: such rows are left out and the Output notes
// say how many. Rows whose grid parameters differ from what a figure
// compares (another port model, say) are left out with a note as well. The
// PDF files carry their text as glyph outlines, because the PDF backend
// cannot encode Greek letters or ≥.
package plots

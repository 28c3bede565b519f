// Package plots draws the figures of the thesis [Schömer 1988], Chapters I
// to III, and of collective communication (docs/model.md) from the Parquet
// files the experiments leave behind, never from a run in memory, so that
// every number in a figure traces to rows of a Parquet file. Each figure is
// a function that reads a results directory with dataset.ReadGroups (a row
// group at a time, only the columns it draws) and writes PNG (300 dpi),
// SVG and PDF files to an output directory; Figures lists them, in this
// order, for `hyperroute figures`. The thesis' own
// illustrations, last, show no measurement: they draw the harness'
// structures (paths, routes, detour systems) and read no results.
//
// Chapter I, Valiant's two-phase routing:
//
//   - TTail: the tail of Valiant's run time T against the Theorem I.1 bound
//     (Ch. I.3).
//   - DelaySeqTails: Σx and Σh for the fixed and the extracted delay
//     sequence against the binomial tail, Hoeffding, Chernoff, Lemmas I.5
//     and I.6 and Theorem I.1 (Ch. I.2 and I.3).
//   - RoutingCompare: e-cube, Valiant and bitonic routing on random and
//     structured permutations (Ch. I.1 and I.3).
//   - PriorityLoad: the mean load f(p,v) per priority against Lemma I.4's
//     1/2 (Ch. I.3).
//   - QueueDisciplines and Relations: the queue disciplines, and μ-bounded
//     requests (Ch. I.2, remark Bem 2).
//
// Chapter II, n copies on disjoint paths:
//
//   - ButterflyTime and ButterflyTail: the mean and the tail of T/n of n
//     copies (sequential, pipelined, trimmed) against single-copy Valiant
//     and the Theorem II.1 bound (Ch. II.3).
//   - ButterflyLoads: the per-node law of f(p,w) against the binomial law
//     behind Lemma II.2 (Ch. II.3).
//   - ReplicationLoss, ReplicationBandwidth and ReplicationThreshold:
//     messages lost on a faulty cube against q and against the data sent
//     per message (n copies, m-of-n pieces, one copy), and the q at which 1%
//     are lost, beside the exact brackets, the thesis' bound and Theorem
//     II.2 (Ch. II.5); replicationThresholdNumbers draws the last with the
//     numbers of its caption in its notes.
//   - ReplicationRare: the estimated probability that a message is lost
//     (package lossest) with ±2 standard errors on the exact brackets and
//     the thesis' bound, down to losses no simulated trial sees (Ch. II.5).
//
// Chapter III, detours around failed edges:
//
//   - DetourExistence: how often some failed edge has no intact detour,
//     with the thesis' bound (Ch. III.1).
//   - Matching: how often the heuristic matching fails, with its bounds,
//     and the mean congestion γ of heuristic, optimal and random detour
//     systems (Ch. III.1).
//   - FaultyValiant: Valiant's routing over detours, edge- and
//     node-confluent: the faulty time 𝒯 against the law d·(T_intact−1)+1
//     and its distance from it, per delivery rule and detour queue
//     discipline (Ch. III.2).
//   - FaultyValiantSlowdown: the slowdown 𝒯/T_intact against q per detour
//     strategy, confluent system, delivery rule and detour queue
//     discipline (Ch. III.2).
//   - AdaptiveBaselines: messages lost, stretch and mean T against q of
//     uncoordinated rerouting and safety levels against e-cube and Valiant
//     that do not know the faults (Ch. III).
//   - FaultyBitonic: bitonic sort over detours, its slowest step against
//     γ + 2 and its time against (γ + 2)·n(n+1)/2 (Ch. III.1).
//   - FaultyValiantDelivered: the share of trials delivering every packet,
//     per n, detour strategy and for the routings that do not know the
//     faults or reroute on their own (Ch. III.2).
//
// Collective communication (package collectives):
//
//   - CollectivesSize and CollectivesScale: time against block size and
//     against the number of nodes, beside the closed forms.
//   - CollectivesBounds: the cube's algorithms against the lower bounds.
//
// The thesis' own illustrations, drawn from the harness' structures (no
// experiment, no results):
//
//   - ThesisPaths: Fig. 1, the disjoint paths α^d in Q_4 and the routes
//     β^d in BF_4 (hypercube, butterfly; Ch. II.1–II.2).
//   - ThesisTrees: Fig. 2, the node-disjoint trees of BF_4 behind Lemma
//     II.3 (Ch. II.3).
//   - ThesisDetours: Figs. 3 and 4, a 3- and a 1-conjunct detour system
//     on Q_4 (faults.System, Ch. III.1).
//   - ThesisConfluent: Figs. 5 and 6, node-confluent detours with their
//     sub-steps (confluent.MinNode, Ch. III.2).
//   - ThesisDilation: Fig. 7, the least node-confluent dilation
//     (confluent.MinNode) of a 1-conjunct family against n (Ch. III.2).
//
// Custom draws any table of any run (`hyperroute plot`): a statistic of one
// column against another, one series per value of a third, with 95%
// intervals (package summary), into one PNG, SVG or PDF file.
//
// All figures share one style (style.go): one paper column wide (3.4 in),
// Liberation Serif at 8 pt, the Okabe–Ito colours, bounds in grey. A log
// axis never receives a zero: such rows are left out and the Output notes
// say how many. Rows whose grid parameters differ from what a figure
// compares (another port model, say) are left out with a note as well.
// Notes also give the numbers a caption would quote (figures/README.md
// quotes none), computed from the rows the figure plots. The
// PDF files carry their text as glyph outlines, because the PDF backend
// cannot encode Greek letters or ≥.
package plots

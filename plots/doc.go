// Package plots draws the figures of the thesis [Schömer 1988], Chapters I
// to III, and of collective communication (docs/model.md) from the Parquet
// files the experiments leave behind, never from a run in memory: every
// number in a figure traces to rows of a Parquet file, or to the exact
// computations the report makes (delayseq, confluent).
//
// A figure is a declaration (Figure): the table of an experiment it reads,
// the rows it keeps, and panels, each a row of small multiples with shared
// axes (Panel: facets, x and y axes, log or linear). A panel's layers are
// data (Data: a statistic per x with its interval, every distinct value of
// a per-trial claim, or an empirical tail with its confidence band, of
// rows or of pairs of rows on the same instance; Computed: what a
// collector of its own gives) and bounds (Curve: a kind of the bounds
// registry or a formula), and a data layer names the bound it is checked
// against. One engine (Figure.Draw) reads the rows a row group at a time
// (dataset.ScanRows), computes the series, and draws them in the house
// style of package figstyle: one name, colour and marker per method in
// every figure (identities), a margin round the data, markers set apart
// only where they would overlap, up to five lines named at their ends,
// intervals at the level the report tests (Alpha, Bonferroni over the
// points), a zero on a log axis drawn at its one-sided upper limit, and
// the legend below the panels, off the data. Draw returns the series as
// drawn and the caption: the declared one, with what the rows add (the
// trials behind each point, what the bars are and their level, the zeros,
// what is pooled, how many points lie beyond each bound checked).
//
// Figures lists the paper's figures, in order, for `hyperroute figures`
// and the report; `hyperroute plot` draws a one-panel declaration of its
// own (DrawFile). The thesis' own illustrations, Figs. 1–6, are drawings
// of the harness' structures (package thesisfig); Fig. 7 is a declaration
// without a table.
package plots

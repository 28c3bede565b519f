// Package plots draws the figures of the thesis [Schömer 1988], Chapters I
// to III, and of collective communication (docs/model.md) from the Parquet
// files the experiments leave behind, never from a run in memory: every
// number in a figure traces to rows of a Parquet file.
//
// A figure is a declaration (Figure): the table of an experiment it reads,
// the rows it keeps, and panels, each a row of small multiples with shared
// axes (Panel: facets, x and y axes, log or linear). A panel's layers are
// data (Stat: a statistic per x with its interval; Tail: an empirical tail
// with its confidence band; Points: every distinct value, a per-trial
// claim shown trial by trial; Pairs: the difference of two settings on the
// same instance) and bounds (Curve: a kind of the bounds registry or a
// formula), and a data layer names the bound it is checked against. One
// engine (Figure.Draw) reads the rows a row group at a time
// (dataset.ScanRows), computes the series, and draws them in one style:
// Okabe–Ito colours, one name, colour and marker per method in every
// figure (identities), bounds in grey, typeset ticks (10⁻⁵), a margin
// round the data, markers set apart only where they would overlap, a
// measured zero on a log axis drawn at its one-sided 95% upper limit, and
// the legend below the panels, off the data. Draw returns the series as
// drawn and the caption: the declared one, with what the rows add (the
// trials behind each point, what the bars are and their level, the zeros,
// what is pooled, how many points lie beyond each bound checked).
//
// Figures lists the paper's figures, in order, for `hyperroute figures`;
// Custom is the one-panel declaration `hyperroute plot` draws. The thesis'
// own illustrations, Figs. 1–6, are drawings of the harness' structures
// (paths, routes, detour systems) and paint themselves; Fig. 7 is a
// declaration without a table. Every figure is written as PNG (300 dpi),
// SVG and PDF, the PDF's text as glyph outlines (its backend cannot encode
// Greek letters or ≥).
package plots

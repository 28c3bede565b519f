package plots

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/hyperroute/hyperroute/stats"
)

// gamma is the γ of the proof of Theorem I.1.
const gamma = 6

// DelaySeqTails draws the delay-sequence analysis of thesis Ch. I.2 and I.3
// [Schömer 1988] (docs/model.md) from delay-sequences/delayseq, one figure
// delayseq-n<N> per n with two panels.
//
// Above, the empirical Pr(Σx ≥ m) for the fixed sequence
// (delayseq.Canonical) and for the extracted critical sequence,
// against the exact binomial tail B(m, 2^n, n/2^n), Hoeffding's bound
// (equal to it from m = n+1 on, 1 below), Chernoff's bound and Lemma I.5's
// e^{−(c ln c − c + 1)n} at c = m/n (markers; the same function as
// Chernoff's with Nq = n). Only the fixed sequence is covered by these
// bounds; the extracted one is chosen after the randomness.
//
// Below, on log–log axes, the empirical Pr(Σh ≥ m) for both sequences
// (Σh = Σ f(p_i,v_i), for the extracted one the Lemma I.1 bound on T) and
// Pr(T ≥ m), against the bound for one fixed sequence from Lemmas I.5 and
// I.6 with γ = 6, e^{−(c ln c − c + 1)n} + e^{−E(6)cn} at c = m/(12n),
// and the Theorem I.1 bound on T. Bounds are drawn down to the lower end of
// the y axis and are 1 (along the top edge) where trivial; trials with a
// count of 0 have no place on the log x axis and are left out of the lower
// panel.
func DelaySeqTails(dir, out string) (Output, error) {
	var o Output
	rows, err := readSeqs(dir, "delay-sequences")
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "router", "valiant", "port", "single", "queue", "priority", "pattern", "random", "mu", "1")
	for _, n := range values(rows, func(r seqRow) int { return r.N }) {
		if n < 1 || n > 30 {
			return o, fmt.Errorf("delay-sequences: n = %d", n)
		}
		var sub []seqRow
		for _, r := range rows {
			if r.N == n {
				sub = append(sub, r)
			}
		}
		top, err := sumXPanel(n, sub)
		if err != nil {
			return o, err
		}
		bottom, zeros, err := sumHPanel(n, sub)
		if err != nil {
			return o, err
		}
		if zeros > 0 {
			o.Notes = append(o.Notes, fmt.Sprintf("n=%d: left out %d zero values of Σh or T from the log axis", n, zeros))
		}
		files, err := saveStack(out, fmt.Sprintf("delayseq-n%d", n), top, bottom)
		o.Files = append(o.Files, files...)
		if err != nil {
			return o, err
		}
	}
	return o, nil
}

// column returns field of every row as float64.
func column(rows []seqRow, field func(seqRow) int64) []float64 {
	out := make([]float64, len(rows))
	for i, r := range rows {
		out[i] = float64(field(r))
	}
	return out
}

// sumXPanel draws Σx against the bounds of Lemma I.5.
func sumXPanel(n int, rows []seqRow) (*plot.Plot, error) {
	N, q := 1<<n, float64(n)/float64(int(1)<<n)
	xf, xe := column(rows, func(r seqRow) int64 { return r.XFixed }), column(rows, func(r seqRow) int64 { return r.XExtracted })
	ylo := decade(0.5/float64(len(rows))) / 10 // a decade of room for the legend
	m1 := 1.0
	for _, v := range append(xf, xe...) {
		m1 = math.Max(m1, v+1)
	}
	for stats.LemmaI5Exp(n, m1/float64(n)) >= ylo {
		m1++
	}

	p := newPlot("m (packets)", "Pr(Σx ≥ m)")
	p.Title.Text = fmt.Sprintf("n = %d, %d trials: packets meeting D", n, len(rows))
	if err := addLine(p, "Σx, fixed D", ccdfSteps(xf), plotter.Line{LineStyle: dataLine(colour(0), 0)}); err != nil {
		return nil, err
	}
	if err := addLine(p, "Σx, extracted D", ccdfSteps(xe), plotter.Line{LineStyle: dataLine(colour(1), 0)}); err != nil {
		return nil, err
	}
	exact := intSteps(func(m int) float64 { return stats.BinomTail(m, N, q) }, 1, int(m1), ylo)
	if err := addLine(p, "B(m, 2ⁿ, n/2ⁿ)", exact, plotter.Line{LineStyle: boundLine(0)}); err != nil {
		return nil, err
	}
	hoeffding := intSteps(stats.Hoeffding{N: N, QBar: q}.Tail, 1, int(m1), ylo)
	if err := addLine(p, "Hoeffding", hoeffding, plotter.Line{LineStyle: boundLine(1)}); err != nil {
		return nil, err
	}
	chernoff := curve(stats.Chernoff{N: N, Q: q}.Tail, 0, m1, 200, false, ylo)
	if err := addLine(p, "Chernoff", chernoff, plotter.Line{LineStyle: boundLine(2)}); err != nil {
		return nil, err
	}
	var lemma plotter.XYs
	for m := 1; m <= int(m1); m++ {
		if y := stats.LemmaI5Exp(n, float64(m)/float64(n)); y >= ylo {
			lemma = append(lemma, plotter.XY{X: float64(m), Y: y})
		}
	}
	marks, err := plotter.NewScatter(lemma)
	if err != nil {
		return nil, err
	}
	marks.GlyphStyle = glyph(boundColor, 3)
	p.Add(marks)
	p.Legend.Add("Lemma I.5", marks)
	p.Legend.Left = true
	p.X.Min, p.X.Max = 0, m1
	logY(p, ylo, 1)
	return p, nil
}

// sumHPanel draws Σh and T against the bounds of Lemmas I.5 + I.6 and
// Theorem I.1, and returns how many zero counts it left out.
func sumHPanel(n int, rows []seqRow) (*plot.Plot, int, error) {
	// A decade below the smallest tail measured, for the legend.
	ylo := decade(0.05 / float64(len(rows)))
	fixed := func(m float64) float64 { return stats.FixedSeqTail(n, gamma, m) }
	xhi := 2.0
	for fixed(xhi) >= ylo || stats.TheoremI1Tail(n, xhi) >= ylo {
		xhi *= 1.05
	}
	meanLen := 0.0
	for _, r := range rows {
		meanLen += float64(r.DLen) / float64(len(rows))
	}

	p := newPlot("m (packet visits; steps for T)", "Pr(X ≥ m)")
	p.Title.Text = fmt.Sprintf("packet visits to D, and the run time (extracted D: mean length %.1f)", meanLen)
	series := []struct {
		name  string
		field func(seqRow) int64
	}{
		{"X = Σh, fixed D", func(r seqRow) int64 { return r.HFixed }},
		{"X = Σh = Σf, extracted D", func(r seqRow) int64 { return r.HExtracted }},
		{"X = T", func(r seqRow) int64 { return r.T }},
	}
	zeros := 0
	for i, s := range series {
		sample := column(rows, s.field)
		for _, v := range sample {
			if v <= 0 {
				zeros++
			}
		}
		steps := onLog(ccdfSteps(sample), true, true)
		if err := addLine(p, s.name, steps, plotter.Line{LineStyle: dataLine(colour(i), 0)}); err != nil {
			return nil, 0, err
		}
	}
	bounds := []struct {
		name string
		f    func(float64) float64
	}{
		{"Lemmas I.5 + I.6, γ = 6", fixed},
		{"Theorem I.1", func(m float64) float64 { return stats.TheoremI1Tail(n, m) }},
	}
	for i, b := range bounds {
		if err := addLine(p, b.name, curve(b.f, 1, xhi, 300, true, ylo), plotter.Line{LineStyle: boundLine(i + 1)}); err != nil {
			return nil, 0, err
		}
	}
	p.Legend.Left = true
	logX(p, 1, xhi)
	logY(p, ylo, 1)
	return p, zeros, nil
}

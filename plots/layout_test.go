package plots

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// styleKey describes how a legend entry looks: the colour and line
// pattern of each line, the colour and shape of each marker.
func styleKey(e legendEntry) string {
	var k string
	for _, th := range e.thumbs {
		switch th := th.(type) {
		case *plotter.Line:
			k += fmt.Sprintf("line %v %v;", th.LineStyle.Color, th.LineStyle.Dashes)
		case *plotter.Scatter:
			k += fmt.Sprintf("marker %v %T;", th.GlyphStyle.Color, th.GlyphStyle.Shape)
		default:
			k += fmt.Sprintf("%T;", th)
		}
	}
	return k
}

// checkPanel checks what a panel of a stacked figure shows: its legend
// entries look pairwise different, the legend covers none of its data,
// and no marker of one series lies within a marker's width of one of
// another series.
func checkPanel(t *testing.T, name string, p *panel, h vg.Length) {
	t.Helper()
	seen := map[string]string{}
	for _, e := range p.legend {
		k := styleKey(e)
		if other, ok := seen[k]; ok {
			t.Errorf("%s: legend entries %q and %q are drawn alike (%s)", name, other, e.name, k)
		}
		seen[k] = e.name
	}
	c := panelCanvas(h)
	if legendCovers(p.Plot, c, p.data) {
		t.Errorf("%s: the legend at top=%v, left=%v covers data", name, p.Legend.Top, p.Legend.Left)
	}
	dc := p.DataCanvas(c)
	tx, ty := p.Transforms(&dc)
	d := 2 * vg.Points(glyphSize)
	for i, a := range p.marks {
		for _, b := range p.marks[i+1:] {
			for _, u := range a {
				for _, v := range b {
					if math.Abs(float64(tx(u.X)-tx(v.X))) < float64(d) && math.Abs(float64(ty(u.Y)-ty(v.Y))) < float64(d) {
						t.Errorf("%s: markers at %v and %v overlap", name, u, v)
					}
				}
			}
		}
	}
}

// TestFaultyBitonicLayout checks the panels of faulty-bitonic drawn from
// small runs with checkPanel, and that each found a corner for its legend.
func TestFaultyBitonicLayout(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, detourSpecs...)
	all, err := readSortTrials(dir, "faulty-bitonic")
	if err != nil {
		t.Fatal(err)
	}
	step, total, err := faultyBitonicPanels(drawnSortTrials(all))
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]*panel{"upper panel": step, "lower panel": total} {
		if !p.placeLegend(PanelHeight) {
			t.Errorf("%s: no corner free of data for the legend", name)
		}
		if len(p.legend) < 3 || len(p.marks) < 2 {
			t.Fatalf("%s: %d legend entries, %d series", name, len(p.legend), len(p.marks))
		}
		checkPanel(t, name, p, PanelHeight)
	}
}

// checkTopGaps checks that the data of the panels of a stack start
// equally far below the top of their panels: no panel has a gap under its
// title the others lack.
func checkTopGaps(t *testing.T, name string, panels ...*plot.Plot) {
	t.Helper()
	c := panelCanvas(PanelHeight)
	var gaps []float64
	for _, p := range panels {
		gaps = append(gaps, (c.Max.Y - p.DataCanvas(c).Max.Y).Points())
	}
	if slices.Max(gaps)-slices.Min(gaps) > 0.5 {
		t.Errorf("%s: the data start %v pt below the top of the panels, want equal gaps", name, gaps)
	}
}

// TestTTailLayout checks that the panels of t-tail drawn from a small
// dataset have equal gaps under their titles.
func TestTTailLayout(t *testing.T) {
	rows := smallTrials(t, "valiant-tail")
	var o Output
	panels, err := tTailPanels(rows, &o)
	if err != nil {
		t.Fatal(err)
	}
	if len(panels) != 3 {
		t.Fatalf("%d panels, want 3", len(panels))
	}
	checkTopGaps(t, "t-tail", panels...)
}

// TestLogTicks: the labels of a log axis are the powers of 10 as written,
// where plot.LogTicks writes some as 9.999999999999999e-05.
func TestLogTicks(t *testing.T) {
	var labels []string
	for _, tk := range logTicks.Ticks(1e-6, 1) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if want := []string{"1e-06", "1e-05", "0.0001", "0.001", "0.01", "0.1", "1"}; !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
	// Less than two decades: 2 and 5 times a power of 10 labelled too.
	labels = labels[:0]
	for _, tk := range logTicks.Ticks(0.015, 0.35) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if want := []string{"0.02", "0.05", "0.1", "0.2"}; !slices.Equal(labels, want) {
		t.Errorf("labels over [0.015, 0.35] %q, want %q", labels, want)
	}
}

// TestRelationsLayout checks the panel of relations drawn from a small
// dataset with checkPanel.
func TestRelationsLayout(t *testing.T) {
	rows := smallTrials(t, "relations")
	mus := values(rows, func(r trial) int { return r.Mu })
	p, err := relationsPanel(rows, mus, []string{"single", "all"})
	if err != nil {
		t.Fatal(err)
	}
	if !p.placeLegend(Height) {
		t.Errorf("no corner free of data for the legend")
	}
	if len(p.legend) < 3 || len(p.marks) < 2 {
		t.Fatalf("%d legend entries, %d series", len(p.legend), len(p.marks))
	}
	checkPanel(t, "relations", p, Height)
}

// smallTrials returns the trials of experiment in the small dataset of
// writeDataset.
func smallTrials(t *testing.T, experiment string) []trial {
	t.Helper()
	dir := t.TempDir()
	writeDataset(t, dir)
	rows, err := readTrials(dir, experiment)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

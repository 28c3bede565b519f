package plots

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg/draw"

	"github.com/hyperroute/hyperroute/dataset"
	summ "github.com/hyperroute/hyperroute/summary"
)

// Custom is a figure of any table of any run (hyperroute plot): statistics
// of column Y against column X, one series per statistic and value of By.
// It is a one-panel declaration with one Data layer per statistic.
type Custom struct {
	Dir, Experiment string   // the run: DIR/EXPERIMENT
	Table           string   // the table, trials if ""
	X, Y, By        string   // columns; By may be ""
	Stats           []string // of summ.Stats; mean if none
	Out             string   // the file written, FILE.png, .svg or .pdf
}

// StatSeries is one line of a custom figure: a statistic of Y at each X,
// for one value of By ("" without By).
type StatSeries struct {
	Stat   string
	By     string
	Points []Point
}

// Name is the series' legend entry: "port=all p99".
func (s StatSeries) Name(by string) string {
	if by == "" {
		return s.Stat
	}
	return fmt.Sprintf("%s=%s %s", by, s.By, s.Stat)
}

// Figure is c as a declaration.
func (c Custom) Figure() (Figure, error) {
	stats := c.Stats
	if len(stats) == 0 {
		stats = []string{"mean"}
	}
	table := cmp.Or(c.Table, "trials")
	ylabel := c.Y
	if len(stats) == 1 {
		ylabel = stats[0] + " of " + c.Y
	}
	p := Panel{X: Axis{Label: axisLabel(table, c.X, c.X)}, Y: Axis{Label: axisLabel(table, c.Y, ylabel)}}
	for _, s := range stats {
		if !slices.Contains(summ.Stats, s) {
			return Figure{}, fmt.Errorf("unknown statistic %q (want %s)", s, strings.Join(summ.Stats, ", "))
		}
		key := func(r Row) string { return "stat=" + s }
		if c.By != "" {
			key = func(r Row) string { return c.By + "=" + r.Str(c.By) + ",stat=" + s }
		}
		p.Layers = append(p.Layers, Data{By: key, X: col(c.X), Y: col(c.Y), Of: s})
	}
	name := strings.TrimSuffix(filepath.Base(c.Out), filepath.Ext(c.Out))
	return Figure{Name: name, Experiment: c.Experiment, Table: table, Panels: []Panel{p}}, nil
}

// hasTable reports a missing table, naming those the run has.
func (c Custom) hasTable() error {
	table := cmp.Or(c.Table, "trials")
	if _, err := os.Stat(filepath.Join(c.Dir, c.Experiment, table)); err == nil {
		return nil
	}
	var tables []string
	entries, _ := os.ReadDir(filepath.Join(c.Dir, c.Experiment))
	for _, e := range entries {
		if e.IsDir() {
			tables = append(tables, e.Name())
		}
	}
	return fmt.Errorf("%s: no table %s in the run (it has %s)", filepath.Join(c.Dir, c.Experiment), table, cmp.Or(strings.Join(tables, ", "), "none"))
}

// Draw draws c into c.Out in the house style, one panel: the statistics
// with their 95% intervals, one colour and marker per series, points
// dodged only where they would overlap, the axes labelled with the columns
// and their units from dataset/SCHEMA.md. It returns the series drawn: per
// value of By, each statistic in the order asked for.
func (c Custom) Draw() ([]StatSeries, error) {
	format := strings.TrimPrefix(filepath.Ext(c.Out), ".")
	if !slices.Contains(formats, format) {
		return nil, fmt.Errorf("--out %s: want a file name ending in .png, .svg or .pdf", c.Out)
	}
	f, err := c.Figure()
	if err != nil {
		return nil, err
	}
	if err := c.hasTable(); err != nil {
		return nil, err
	}
	var o Output
	d, err := f.collect(Source{Dir: c.Dir}, &o)
	if err != nil {
		return nil, err
	}
	w, h, paint := f.layout(d, &o)
	cv := newCanvas(format, w, h)
	paint(draw.New(cv))
	if err := writeFile(c.Out, cv); err != nil {
		return nil, err
	}
	var out []StatSeries
	for _, s := range d.panels[0].grid[0].series {
		by, stat, _ := strings.Cut(s.key, ",stat=")
		if c.By == "" {
			by, stat = "", strings.TrimPrefix(s.key, "stat=")
		}
		_, by, _ = strings.Cut(by, "=")
		out = append(out, StatSeries{Stat: stat, By: by, Points: s.pts})
	}
	return out, nil
}

// axisLabel labels an axis with text and the unit SCHEMA.md gives column.
func axisLabel(table, column, text string) string {
	if d, _ := dataset.DocOf(table, column); d.Unit != "" {
		return text + " (" + d.Unit + ")"
	}
	return text
}

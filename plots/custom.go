package plots

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"

	"github.com/hyperroute/hyperroute/dataset"
	summ "github.com/hyperroute/hyperroute/summary"
)

// Custom is a figure of any table of any run (hyperroute plot): statistics
// of column Y against column X, one series per statistic and value of By.
type Custom struct {
	Dir, Experiment string   // the run: DIR/EXPERIMENT
	Table           string   // the table, trials if ""
	X, Y, By        string   // columns; By may be ""
	Stats           []string // of summ.Stats; mean if none
	Out             string   // the file written, FILE.png, .svg or .pdf
}

// StatSeries is one line of a custom figure: a statistic of Y at each X, for
// one value of By (nil without By).
type StatSeries struct {
	Stat   string
	By     any
	Points []Point
}

// Point is the statistic of the N values of Y at X (nulls left out), with
// its 95% confidence interval [Lo, Hi] (NaN where there is none).
type Point struct {
	X, Y, Lo, Hi float64
	N            int
}

// Name is the series' legend entry: "port=all p99".
func (s StatSeries) Name(by string) string {
	if s.By == nil {
		return s.Stat
	}
	return fmt.Sprintf("%s=%v %s", by, s.By, s.Stat)
}

// Series reads the table and computes the series: per value of By, in
// order, each statistic in the order asked for.
func (c Custom) Series() ([]StatSeries, error) {
	if c.Table == "" {
		c.Table = "trials"
	}
	stats := c.Stats
	if len(stats) == 0 {
		stats = []string{"mean"}
	}
	for _, s := range stats {
		if !slices.Contains(summ.Stats, s) {
			return nil, fmt.Errorf("unknown statistic %q (want %s)", s, strings.Join(summ.Stats, ", "))
		}
	}
	where := filepath.Join(c.Dir, c.Experiment, c.Table)
	if _, err := os.Stat(where); err != nil {
		var tables []string
		entries, _ := os.ReadDir(filepath.Join(c.Dir, c.Experiment))
		for _, e := range entries {
			if e.IsDir() {
				tables = append(tables, e.Name())
			}
		}
		return nil, fmt.Errorf("%s: no table %s in the run (it has %s)", filepath.Join(c.Dir, c.Experiment), c.Table, cmp.Or(strings.Join(tables, ", "), "none"))
	}
	tbl, err := dataset.ReadDataset(c.Dir, c.Experiment, c.Table)
	if err != nil {
		return nil, err
	}
	defer tbl.Release()
	tbls := []arrow.Table{tbl}
	xs, err := summ.Numbers(tbls, c.X)
	if err != nil {
		return nil, fmt.Errorf("%s: --x: %w", where, err)
	}
	ys, err := summ.Numbers(tbls, c.Y)
	if err != nil {
		return nil, fmt.Errorf("%s: --y: %w", where, err)
	}
	by := make([]any, len(xs))
	if c.By != "" {
		if by, err = summ.Values(tbls, c.By); err != nil {
			return nil, fmt.Errorf("%s: --by: %w", where, err)
		}
	}
	xv := make([]any, len(xs))
	for i, x := range xs {
		xv[i] = x
	}
	var series []StatSeries
	for _, g := range summ.GroupBy(by, xv) {
		vals := summ.At(ys, g.Rows)
		if math.IsNaN(xs[g.Rows[0]]) || len(vals) == 0 {
			continue // rows without an x or a y
		}
		if len(series) == 0 || series[len(series)-1].By != g.Key[0] {
			for _, stat := range stats {
				series = append(series, StatSeries{Stat: stat, By: g.Key[0]})
			}
		}
		for k, stat := range stats {
			v, iv, err := summ.Estimate(stat, vals, 0.95)
			if err != nil {
				return nil, err
			}
			s := &series[len(series)-len(stats)+k]
			s.Points = append(s.Points, Point{X: xs[g.Rows[0]], Y: v, Lo: iv.Lo, Hi: iv.Hi, N: len(vals)})
		}
	}
	if len(series) == 0 {
		return nil, fmt.Errorf("%s: no rows with both %s and %s", where, c.X, c.Y)
	}
	return series, nil
}

// Draw draws the series into c.Out in the house style: lines with markers
// through the values, bars over their intervals, one colour per value of
// By and one dash and marker per statistic; the axes are labelled with the
// columns and their units from dataset/SCHEMA.md.
func (c Custom) Draw(series []StatSeries) error {
	format := strings.TrimPrefix(filepath.Ext(c.Out), ".")
	if !slices.Contains(formats, format) {
		return fmt.Errorf("--out %s: want a file name ending in .png, .svg or .pdf", c.Out)
	}
	table := cmp.Or(c.Table, "trials")
	ylabel := c.Y
	if len(c.Stats) == 1 {
		ylabel = c.Stats[0] + " of " + c.Y
	}
	p := newPlot(axisLabel(table, c.X, c.X), axisLabel(table, c.Y, ylabel))
	p.X.Tick.Marker = plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		ticks := linearTicks.Ticks(lo, hi)
		for i := range ticks {
			if ticks[i].Label == "-0" { // a series shifted below x = 0
				ticks[i].Label = "0"
			}
		}
		return ticks
	})
	p.Legend.Top, p.Legend.Left = emptiestCorner(series)
	var byValues []any
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range series {
		if !slices.Contains(byValues, s.By) {
			byValues = append(byValues, s.By)
		}
		for _, pt := range s.Points {
			lo, hi = math.Min(lo, pt.X), math.Max(hi, pt.X)
		}
	}
	for i, s := range series {
		col, k := colour(slices.Index(byValues, s.By)), i%max(len(c.Stats), 1)
		// Keep the bars of the series at one x apart.
		dx := 0.006 * (hi - lo) * (float64(i) - float64(len(series)-1)/2)
		var xys plotter.XYs
		var bars errorBars
		for _, pt := range s.Points {
			xys = append(xys, plotter.XY{X: pt.X + dx, Y: pt.Y})
			if !math.IsNaN(pt.Lo) && !math.IsNaN(pt.Hi) {
				bars.XYs = append(bars.XYs, plotter.XY{X: pt.X + dx, Y: pt.Y})
				bars.YErrors = append(bars.YErrors, struct{ Low, High float64 }{pt.Y - pt.Lo, pt.Hi - pt.Y})
			}
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		line.LineStyle = dataLine(col, k)
		marks, err := plotter.NewScatter(xys)
		if err != nil {
			return err
		}
		marks.GlyphStyle = glyph(col, k)
		p.Add(line, marks)
		if len(bars.XYs) > 0 {
			eb, err := plotter.NewYErrorBars(bars)
			if err != nil {
				return err
			}
			eb.LineStyle = dataLine(col, 0)
			eb.LineStyle.Width /= 1.5
			eb.CapWidth = 2 * glyph(col, k).Radius
			p.Add(eb)
		}
		legendLine(p, s.Name(c.By), col, k, k)
	}
	cv := newCanvas(format, Width, Height)
	drawPanels(draw.New(cv), draw.Tiles{Rows: 1, Cols: 1}, p)
	return writeFile(c.Out, cv)
}

// emptiestCorner returns the corner of the plot with the fewest points of
// the series (values and interval ends) near it, for the legend.
func emptiestCorner(series []StatSeries) (top, left bool) {
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	var pts []plotter.XY
	for _, s := range series {
		for _, pt := range s.Points {
			for _, y := range []float64{pt.Y, pt.Lo, pt.Hi} {
				if !math.IsNaN(y) {
					pts = append(pts, plotter.XY{X: pt.X, Y: y})
					xlo, xhi, ylo, yhi = math.Min(xlo, pt.X), math.Max(xhi, pt.X), math.Min(ylo, y), math.Max(yhi, y)
				}
			}
		}
	}
	best := len(pts) + 1
	for _, corner := range [][2]bool{{true, true}, {true, false}, {false, false}, {false, true}} {
		n := 0
		for _, pt := range pts {
			fx, fy := (pt.X-xlo)/(xhi-xlo), (pt.Y-ylo)/(yhi-ylo)
			if corner[1] {
				fx = 1 - fx
			}
			if !corner[0] {
				fy = 1 - fy
			}
			if fx >= 0.55 && fy >= 0.6 { // the legend's box, about
				n++
			}
		}
		if n < best {
			best, top, left = n, corner[0], corner[1]
		}
	}
	return top, left
}

// axisLabel labels an axis with text and the unit SCHEMA.md gives column.
func axisLabel(table, column, text string) string {
	if d, _ := dataset.DocOf(table, column); d.Unit != "" {
		return text + " (" + d.Unit + ")"
	}
	return text
}

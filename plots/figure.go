package plots

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/figstyle"
)

// Alpha is the level at which the report (package paperreport) tests a
// statement, one-sided and Bonferroni-corrected over its points; the
// figures draw the intervals of the quantities it judges at that level.
const Alpha = 0.01

// verdictBars says what bars at the verdict's level are: what, each end a
// one-sided limit at 1 − Alpha, Bonferroni over the points drawn in the
// layer (over). The verdict corrects over the points it tests, which it
// counts itself: those where its bound can bite, or more than are drawn.
func verdictBars(what, over string) string {
	return fmt.Sprintf("bars: %s, each end a one-sided %g %% limit, Bonferroni over the %s drawn (the verdict over the points it tests, which it counts)", what, 100*(1-Alpha), over)
}

// ErrNoData reports that the experiment a figure is drawn from has not
// been run: its table directory does not exist.
var ErrNoData = errors.New("experiment not run")

// Source is the results a figure is drawn from.
type Source struct {
	// Dir is the results directory, as hyperroute run --out writes it.
	Dir string
	// Partial reads also experiments without a manifest, incomplete runs
	// (dataset.ReadPartial); otherwise such an experiment is an error
	// (dataset.IncompleteError).
	Partial bool
}

// A Figure is a declaration: panels over the rows of one table of one
// experiment, drawn by one engine (Draw) in the house style. The thesis'
// own illustrations, which are drawings, paint themselves instead.
type Figure struct {
	// Name is the file stem in the output directory.
	Name string
	// Experiment is the experiment it reads; "" for a figure that needs
	// no results.
	Experiment string
	// Table is the table it reads, trials if "".
	Table string
	// Caption is what the reader should see, and the caveats: which bound
	// covers which series, what the bars are, what is pooled. Draw adds
	// what depends on the rows (Output.Caption).
	Caption string
	// Where are column, value pairs: rows with another value in a column
	// are left out, and the notes say how many.
	Where []string
	// Pooled are columns each point pools over; the caption names their
	// values.
	Pooled []string
	// Panels are drawn top to bottom, each a row of small multiples.
	Panels []Panel
	// Wide makes the figure two paper columns wide.
	Wide bool

	paint func(out string) ([]string, error) // a drawing, which needs no results
}

// A Panel is one panel, or one row of small multiples with shared axes.
type Panel struct {
	// Title is written above the panel (above each, with Facet).
	Title string
	// Facet lists columns, comma-separated: one panel per combination of
	// their values, side by side, wrapped at Cols, axes shared; "" for one
	// panel. FacetBy names the panels instead. FacetName titles a panel
	// from its key ("n=8"), keyName's "n = 8" (or an identity's name) if
	// nil.
	Facet     string
	FacetBy   Key
	FacetName func(key string) string
	Cols      int
	// Last is a column: only the rows of its largest value are drawn,
	// named in the titles.
	Last string
	// Keep selects the rows of this panel; all if nil.
	Keep func(Row) bool
	// X and Y are the axes.
	X, Y Axis
	// Layers are drawn in order: data, then bounds over them, markers
	// last.
	Layers []Layer
	// Height is the height of one panel; a default if 0.
	Height vg.Length
}

// Axis is an axis of a panel.
type Axis struct {
	Label string
	// Log makes the axis logarithmic.
	Log bool
	// Ints labels the integers, for an axis of n, γ or d.
	Ints bool
	// Zero makes the range include 0; Max, where not 0, fixes its upper
	// end.
	Zero bool
	Max  float64
}

// Row is one row of the table a figure reads.
type Row struct {
	rows *dataset.Rows
	i    int
}

// Num returns the value of column col as a number (booleans 0 and 1), NaN
// for null or a missing column.
func (r Row) Num(col string) float64 {
	if x := r.rows.Num(col); x != nil {
		return x[r.i]
	}
	return math.NaN()
}

// Str returns the value of column col as text.
func (r Row) Str(col string) string {
	if s := r.rows.Text(col); s != nil {
		return s[r.i]
	}
	return ""
}

// An Expr is a number computed from a row.
type Expr func(Row) float64

// of is e's value at r, 0 if e is nil.
func (e Expr) of(r Row) float64 {
	if e == nil {
		return 0
	}
	return e(r)
}

// col is the Expr of column name.
func col(name string) Expr { return func(r Row) float64 { return r.Num(name) } }

// A Key names the series of a row: "col=value", joined by "," for more
// columns.
type Key func(Row) string

// by is the Key of the values of cols.
func by(cols ...string) Key {
	return func(r Row) string {
		parts := make([]string, len(cols))
		for i, c := range cols {
			parts[i] = c + "=" + r.Str(c)
		}
		return strings.Join(parts, ",")
	}
}

// Output is what drawing a figure produced.
type Output struct {
	// Files are the paths written: PNG, SVG and PDF.
	Files []string
	// Caption is the figure's caption: its Caption and what the rows add
	// (points and trials, intervals, zeros, pooled values, points above
	// the bounds checked).
	Caption string
	// Notes say which rows were left out and what the caption does not.
	Notes []string
	// Series are the series drawn, measured and bounds, in drawing order.
	Series []Series
}

// Series is one series as drawn.
type Series struct {
	// Panel is the title of its panel: the panel's and its facet's.
	Panel string
	// Name says what it is, as in the legend.
	Name string
	// Points are its points, at their values (before any dodge); Marks
	// is how many markers drew them, a measured 0 on a log axis included
	// (0 for a line without markers).
	Points []Point
	Marks  int
	// Log reports a logarithmic y axis, whose lower end is Floor.
	Log   bool
	Floor float64
	// Bound reports a bound or reference curve; Tail an empirical tail,
	// a step line without markers; Labelled a line named at its end, not
	// in the legend.
	Bound, Tail, Labelled bool
}

// Point is one point of a series.
type Point struct {
	X, Y float64
	// Lo and Hi are the ends of its bar, NaN without one.
	Lo, Hi float64
	// N is the number of rows it stands for.
	N int
	// Limit is, for a measured 0 of a count, its one-sided 95% upper limit
	// 1 − 0.05^{1/N} ≈ 3/N, where a log axis draws it; 0 otherwise.
	Limit float64
}

// Draw draws f from the results of src into out as PNG, SVG and PDF. It
// returns an error wrapping ErrNoData if f's experiment has not been run.
func (f Figure) Draw(src Source, out string) (o Output, err error) {
	if f.paint != nil {
		o.Files, err = f.paint(out)
		return Output{Files: o.Files, Caption: f.Caption}, err
	}
	return f.draw(src, func(w, h vg.Length, paint func(draw.Canvas)) ([]string, error) {
		return figstyle.Save(out, f.Name, w, h, paint)
	})
}

// DrawFile draws f from the results of src into the one file path, of the
// format its name ends in: .png, .svg or .pdf.
func (f Figure) DrawFile(src Source, path string) (Output, error) {
	format := strings.TrimPrefix(filepath.Ext(path), ".")
	if !slices.Contains(figstyle.Formats, format) {
		return Output{}, fmt.Errorf("%s: want a file name ending in .png, .svg or .pdf", path)
	}
	return f.draw(src, func(w, h vg.Length, paint func(draw.Canvas)) ([]string, error) {
		c := figstyle.NewCanvas(format, w, h)
		paint(draw.New(c))
		return []string{path}, figstyle.WriteFile(path, c)
	})
}

// draw draws f from the results of src and writes it with write.
func (f Figure) draw(src Source, write func(w, h vg.Length, paint func(draw.Canvas)) ([]string, error)) (o Output, err error) {
	d, err := f.collect(src, &o)
	if err != nil {
		return o, err
	}
	w, h, paint := f.layout(d, &o)
	if err := d.fail(); err != nil {
		return o, err
	}
	defer func() { // gonum panics on what it cannot draw
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: cannot draw: %v", f.Name, p)
		}
	}()
	o.Files, err = write(w, h, paint)
	return o, err
}

// table is f's table.
func (f Figure) table() string { return cmp.Or(f.Table, "trials") }

// collect reads f's rows into its layers' collectors, noting the rows
// left out.
func (f Figure) collect(src Source, o *Output) (*drawing, error) {
	d := newDrawing(f)
	if f.Experiment == "" {
		return d, nil
	}
	where := filepath.Join(src.Dir, f.Experiment, f.table())
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (no %s)", ErrNoData, f.Experiment, where)
	}
	left := make([]int, len(f.Where)/2)
	kept := 0
	err := dataset.ScanRows(src.Dir, f.Experiment, f.table(), src.Partial, func(rs *dataset.Rows) error {
		for i := range rs.Len() {
			r := Row{rs, i}
			if k := d.excluded(r); k >= 0 {
				left[k]++
				continue
			}
			kept++
			d.add(r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for k, n := range left {
		if n > 0 {
			o.Notes = append(o.Notes, fmt.Sprintf("left out %d rows with %s ≠ %s", n, f.Where[2*k], f.Where[2*k+1]))
		}
	}
	if kept == 0 {
		return nil, fmt.Errorf("%s: no rows to draw", where)
	}
	return d, nil
}

// num formats x for a caption: up to 3 significant digits.
func num(x float64) string {
	return strings.Replace(strconv.FormatFloat(x, 'g', 3, 64), "-", "−", 1)
}

package plots

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/hyperroute/hyperroute/stats"
	"github.com/hyperroute/hyperroute/summary"
)

// A Layer is one layer of a panel: data (Stat, Tail, Points), or a bound
// or reference curve (Curve).
type Layer interface {
	collector() collector // fresh state for one drawing; nil for a curve
}

// collector gathers a data layer's rows and returns its series per facet.
type collector interface {
	add(facet string, r Row)
	series(facet string) []drawn
}

// kind is how a series is drawn.
type kind int

const (
	lineMarks kind = iota // a line through markers
	marks                 // markers only
	steps                 // a step line (a tail), with an optional band
	curve                 // a bound or reference line
)

// drawn is one series of one panel, ready to draw.
type drawn struct {
	key    string // its identity (style.go), or "" for a curve
	name   string // its legend entry
	how    kind
	pts    []Point
	band   bool   // a tail's band from its points' Lo to Hi
	dash   int    // the line pattern of a curve
	colour string // a curve drawn in this series' colour
	check  *Curve // the curve to count its points above
	bars   string // what its bars are, for the caption
	// barsShort says it in the legend.
	barsShort string
	dodge     bool // its points are set apart at every x, not only where they overlap
	counts    bool // its points' N are rows each: count them, not points
	marked    int  // the markers drawn, limits included
}

// Stat draws a statistic of Y at each value of X, one series per value of
// By, with bars.
type Stat struct {
	// By names the series; nil for one, named Name.
	By   Key
	Name string
	X, Y Expr
	// W is the denominator of Of = "pooled": ΣY/ΣW.
	W Expr
	// Keep selects the rows; all if nil.
	Keep func(Row) bool
	// Of is the statistic: mean (the default); share, of the rows with Y ≠
	// 0; pooled, ΣY/ΣW of counts; freq, the share of the series' rows at
	// this X; max; min; or median, p90, p99 (summary.Estimate).
	Of string
	// Bars are none, ci (the default: Student t for a mean, Clopper–
	// Pearson for a share, order statistics for a quantile) or range
	// (min–max over the rows).
	Bars string
	// Level is the intervals' level, 0.95 if 0; with Joint, for all the
	// layer's points at once (Bonferroni).
	Level float64
	Joint bool
	// Marks draws markers only, no line; Dodge sets the series apart at
	// every x, for bars that would overlap.
	Marks, Dodge bool
	// Check is a curve of the panel to count the points above.
	Check *Curve
}

func (s Stat) collector() collector {
	return &statCells{s: s, cells: map[string]map[string]map[float64]*cell{}}
}

// cell accumulates the Y of the rows at one X of one series.
type cell struct {
	n              int
	mean, m2       float64 // Welford's running mean and sum of squares
	min, max, k, w float64
	vals           []float64
}

type statCells struct {
	s     Stat
	cells map[string]map[string]map[float64]*cell // facet, series, x
}

func (c *statCells) add(facet string, r Row) {
	s := c.s
	if s.Keep != nil && !s.Keep(r) {
		return
	}
	x, y := s.X(r), s.Y(r)
	if math.IsNaN(x) || math.IsNaN(y) {
		return
	}
	key := s.Name
	if s.By != nil {
		key = s.By(r)
	}
	f := deep(c.cells, facet)
	if f[key] == nil {
		f[key] = map[float64]*cell{}
	}
	at := f[key]
	e := at[x]
	if e == nil {
		e = &cell{min: math.Inf(1), max: math.Inf(-1)}
		at[x] = e
	}
	e.n++
	d := y - e.mean
	e.mean += d / float64(e.n)
	e.m2 += d * (y - e.mean)
	e.min, e.max = math.Min(e.min, y), math.Max(e.max, y)
	if y != 0 {
		e.k++
	}
	switch s.Of {
	case "pooled":
		e.k, e.w = e.k-b2f(y != 0)+y, e.w+s.W(r)
	case "median", "p90", "p99":
		e.vals = append(e.vals, y)
	}
}

// deep returns m[k], making it if needed.
func deep[V any](m map[string]map[string]V, k string) map[string]V {
	if m[k] == nil {
		m[k] = map[string]V{}
	}
	return m[k]
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// level is the level of each interval: s.Level, divided over the
// layer's points if Joint.
func (c *statCells) level() float64 {
	level := cmp.Or(c.s.Level, 0.95)
	if !c.s.Joint {
		return level
	}
	return 1 - (1-level)/float64(max(c.points(), 1))
}

// points is the number of points of the layer, over all its facets.
func (c *statCells) points() int {
	k := 0
	for _, f := range c.cells {
		for _, xs := range f {
			k += len(xs)
		}
	}
	return k
}

// barsText says what the bars of the layer are, for the caption and,
// shorter, for the legend.
func (c *statCells) barsText() (string, string) {
	s := c.s
	var what, short string
	switch {
	case s.Bars == "none" || s.Of == "max" || s.Of == "min":
		return "", ""
	case s.Bars == "range":
		return "bars: min–max over the trials", "bars: min–max over the trials"
	case s.Of == "" || s.Of == "mean":
		what, short = "Student t intervals of the mean", "t intervals"
	case s.Of == "share" || s.Of == "freq":
		what, short = "Clopper–Pearson intervals", "Clopper–Pearson"
	case s.Of == "pooled":
		what, short = "Clopper–Pearson intervals of the pooled counts", "Clopper–Pearson"
	default:
		what, short = "order-statistic intervals of the "+s.Of, "order-statistic intervals"
	}
	level := cmp.Or(s.Level, 0.95)
	if s.Joint {
		return fmt.Sprintf("bars: %s, %g %% for all %d points at once (Bonferroni, %.4g %% each)", what, 100*level, c.points(), 100*c.level()),
			fmt.Sprintf("bars: simultaneous %g %% %s", 100*level, short)
	}
	return fmt.Sprintf("bars: %g %% %s", 100*level, what), fmt.Sprintf("bars: %g %% %s", 100*level, short)
}

func (c *statCells) series(facet string) []drawn {
	s, level := c.s, c.level()
	var out []drawn
	for _, key := range slices.SortedFunc(maps.Keys(c.cells[facet]), compareKeys) {
		at := c.cells[facet][key]
		total := 0
		for _, e := range at {
			total += e.n
		}
		d := drawn{key: key, name: key, how: lineMarks, check: s.Check, dodge: s.Dodge}
		d.bars, d.barsShort = c.barsText()
		if s.Marks {
			d.how = marks
		}
		for _, x := range slices.Sorted(maps.Keys(at)) {
			d.pts = append(d.pts, estimate(s, at[x], x, total, level))
		}
		out = append(out, d)
	}
	return out
}

// estimate is the point of cell e at x: the statistic with its bar, and
// for a count of 0 its upper limit.
func estimate(s Stat, e *cell, x float64, total int, level float64) Point {
	p := Point{X: x, N: e.n, Lo: math.NaN(), Hi: math.NaN()}
	count := func(k, n float64) {
		p.Y = k / n
		iv := stats.ClopperPearson(int(math.Round(k)), int(math.Round(n)), level)
		p.Lo, p.Hi = iv.Lo, iv.Hi
		if k == 0 {
			p.Limit = 1 - math.Pow(0.05, 1/n)
		}
	}
	switch s.Of {
	case "", "mean":
		p.Y = e.mean
		if e.n > 1 { // as stats.MeanCI
			t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(e.n - 1)}.Quantile((1 + level) / 2)
			half := t * math.Sqrt(e.m2/float64(e.n-1)) / math.Sqrt(float64(e.n))
			p.Lo, p.Hi = e.mean-half, e.mean+half
		}
	case "share":
		count(e.k, float64(e.n))
	case "pooled":
		count(e.k, e.w)
	case "freq":
		count(float64(e.n), float64(total))
	case "max":
		p.Y = e.max
	case "min":
		p.Y = e.min
	default:
		v, iv, _ := summary.Estimate(s.Of, e.vals, level)
		p.Y, p.Lo, p.Hi = v, iv.Lo, iv.Hi
	}
	switch {
	case s.Bars == "none" || s.Of == "max" || s.Of == "min":
		p.Lo, p.Hi = math.NaN(), math.NaN()
	case s.Bars == "range":
		p.Lo, p.Hi = e.min, e.max
	}
	return p
}

// compareKeys orders series keys: known identities in the order of
// identities, then by their values, numerically where both are numbers.
func compareKeys(a, b string) int {
	ra, oka := rank[a]
	rb, okb := rank[b]
	switch {
	case oka && okb:
		return ra - rb
	case oka != okb:
		return map[bool]int{true: -1, false: 1}[oka]
	}
	va, vb := strings.Split(a, ","), strings.Split(b, ",")
	for i := range min(len(va), len(vb)) {
		_, x, _ := strings.Cut(va[i], "=")
		_, y, _ := strings.Cut(vb[i], "=")
		if c := compareValues(x, y); c != 0 {
			return c
		}
	}
	return len(va) - len(vb)
}

// compareValues orders values, numerically if both are numbers.
func compareValues(a, b string) int {
	x, errA := strconv.ParseFloat(a, 64)
	y, errB := strconv.ParseFloat(b, 64)
	if errA == nil && errB == nil {
		return cmp.Compare(x, y)
	}
	return cmp.Compare(a, b)
}

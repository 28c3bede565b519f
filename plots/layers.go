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

// A Layer is one layer of a panel: data drawn from rows (Data), series
// computed otherwise (Computed), or a bound or reference curve (Curve).
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
	key    string // its identity (identity.go), or "" for a curve
	name   string // its legend entry
	how    kind
	pts    []Point
	band   bool   // a tail's band from its points' Lo to Hi
	dash   int    // the line pattern of a curve
	colour string // a curve drawn in this series' colour
	check  *Curve // the curve to count its points beyond
	bars   string // what its bars are, for the caption
	// barsShort says it in the legend.
	barsShort string
	dodge     bool // its points are set apart at every x, not only where they overlap
	counts    bool // its points' N are rows each: count them, not points
	marked    int  // the markers drawn, limits included
}

// Data draws the rows' Y against X, one series per value of By (or one,
// named Name): a statistic of the rows at each x (Of), every distinct
// value (Of = "each": a per-trial claim shown trial by trial), or the
// empirical tail Pr(Y ≥ y) against y (Of = "tail", a step line with its
// confidence band; X is not read).
type Data struct {
	By   Key
	Name string
	// Keep selects the rows; all if nil.
	Keep func(Row) bool
	X, Y Expr
	// Of is mean (the default); share, of the rows with Y ≠ 0; pooled,
	// ΣY/ΣW of counts; freq, the share of the series' rows at this x; max;
	// min; median, p90, p99 (summary.Estimate); each; or tail.
	Of string
	// W is the denominator of pooled. SE, with each, is each value's
	// standard error, drawn as bars; N, with each, the trials behind each
	// value, for the upper limit of a 0.
	W, SE, N Expr
	// Pair, if set, draws the instances of two settings combined.
	Pair *Pair
	// Bars are "" (95 %: Student t intervals for a mean, Clopper–Pearson
	// for a count, order statistics for a quantile, ±1.96 standard errors,
	// the Dvoretzky–Kiefer–Wolfowitz band of a tail); verdict (the same,
	// each end a one-sided limit at 1 − Alpha, Bonferroni over the layer's
	// points, as the report tests); range (min–max over the rows); or none.
	Bars string
	// Marks draws markers only, no line; Dodge sets the series apart at
	// every x, for bars that would overlap.
	Marks, Dodge bool
	// Check is a curve of the panel to count the points beyond.
	Check *Curve
}

// Pair combines, per instance, a row that A keeps and one that B keeps,
// equal in the columns On (the same request and random choices): the
// point is at the X of row A and at F(x, Y of A, Y of B), Y(B) − Y(A) if
// F is nil.
type Pair struct {
	A, B func(Row) bool
	On   []string
	F    func(x, a, b float64) float64
}

func (d Data) collector() collector {
	return &cells{d: d, at: map[string]map[string]map[float64]*cell{}, pairs: map[string]map[string]*instance{}}
}

// cell is the rows of one series at one x.
type cell struct {
	ys, ws, se, ns []float64
}

// instance is an instance of a Pair: its series, x and the Y of rows A and B.
type instance struct {
	key      string
	x, a, b  float64
	hasA, hB bool
}

type cells struct {
	d      Data
	at     map[string]map[string]map[float64]*cell // facet, series, x
	pairs  map[string]map[string]*instance         // facet, instance
	paired bool
	m      int // the points of the layer, once counted
}

func (c *cells) add(facet string, r Row) {
	d := c.d
	if d.Keep != nil && !d.Keep(r) {
		return
	}
	key := d.Name
	if d.By != nil {
		key = d.By(r)
	}
	if d.Pair != nil {
		a := d.Pair.A(r)
		if !a && !d.Pair.B(r) {
			return
		}
		at := deep(c.pairs, facet)
		inst := by(d.Pair.On...)(r)
		h := at[inst]
		if h == nil {
			h = &instance{key: key}
			at[inst] = h
		}
		if a {
			h.x, h.a, h.hasA = d.X(r), d.Y(r), true
		} else {
			h.b, h.hB = d.Y(r), true
		}
		return
	}
	x := 0.0
	if d.Of != "tail" {
		x = d.X(r)
	}
	c.put(facet, key, x, d.Y(r), d.W.of(r), d.SE.of(r), d.N.of(r))
}

// put adds one value to its cell; NaN x or y are left out.
func (c *cells) put(facet, key string, x, y, w, se, n float64) {
	if math.IsNaN(x) || math.IsNaN(y) {
		return
	}
	f := deep(c.at, facet)
	if f[key] == nil {
		f[key] = map[float64]*cell{}
	}
	e := f[key][x]
	if e == nil {
		e = &cell{}
		f[key][x] = e
	}
	e.ys, e.ws, e.se, e.ns = append(e.ys, y), append(e.ws, w), append(e.se, se), append(e.ns, n)
}

// points is the number of points of the layer over all its facets; the
// pairs are combined first.
func (c *cells) points() int {
	if c.paired {
		return c.m
	}
	c.paired = true
	for facet, insts := range c.pairs {
		for _, h := range insts {
			if h.hasA && h.hB {
				f := c.d.Pair.F
				if f == nil {
					f = func(_, a, b float64) float64 { return b - a }
				}
				c.put(facet, h.key, h.x, f(h.x, h.a, h.b), 0, 0, 0)
			}
		}
	}
	for _, f := range c.at {
		for _, xs := range f {
			switch c.d.Of {
			case "tail":
				c.m++
			case "each":
				for _, e := range xs {
					c.m += len(distinct(e))
				}
			default:
				c.m += len(xs)
			}
		}
	}
	return c.m
}

// level returns the two-sided level of the layer's intervals and the
// chance α each end leaves out.
func (c *cells) level() (level, alpha float64) {
	if c.d.Bars == "verdict" {
		a := Alpha / float64(max(c.points(), 1))
		return 1 - 2*a, a
	}
	return 0.95, 0.025
}

// barsText says what the bars of the layer are, for the caption and,
// shorter, for the legend.
func (c *cells) barsText() (string, string) {
	d := c.d
	what, bars := "", "bars"
	switch {
	case d.Bars == "none" || d.Of == "max" || d.Of == "min" || d.Of == "each" && d.SE == nil:
		return "", ""
	case d.Bars == "range":
		return "bars: min–max over the trials", "bars: min–max over the trials"
	case d.Of == "tail":
		what, bars = "the simultaneous confidence band of each tail (Dvoretzky–Kiefer–Wolfowitz)", "shaded"
	case d.Of == "" || d.Of == "mean":
		what = "Student t intervals of the mean"
	case d.Of == "share" || d.Of == "freq":
		what = "Clopper–Pearson intervals"
	case d.Of == "pooled":
		what = "Clopper–Pearson intervals of the pooled counts"
	case d.Of == "each":
		what = "± z standard errors"
	default:
		what = "order-statistic intervals of the " + d.Of
	}
	if d.Bars == "verdict" {
		over := fmt.Sprintf("%d %s", c.points(), map[bool]string{true: "tails", false: "points"}[d.Of == "tail"])
		return bars + strings.TrimPrefix(verdictBars(what, over), "bars"), bars + ": at the verdict's level"
	}
	return bars + ": 95 % " + what, bars + ": 95 %"
}

func (c *cells) series(facet string) []drawn {
	d := c.d
	c.points() // the pairs combined
	level, alpha := c.level()
	var out []drawn
	for _, key := range slices.SortedFunc(maps.Keys(c.at[facet]), compareKeys) {
		at := c.at[facet][key]
		s := drawn{key: key, name: key, how: lineMarks, check: d.Check, dodge: d.Dodge}
		s.bars, s.barsShort = c.barsText()
		if d.Marks || d.Of == "each" {
			s.how = marks
		}
		switch d.Of {
		case "tail":
			sample := at[0].ys
			vs, tail := stats.CCDF(sample)
			eps := math.Sqrt(math.Log(1/alpha) / (2 * float64(len(sample))))
			s.how, s.band = steps, d.Bars != "none"
			for k, v := range vs {
				s.pts = append(s.pts, Point{X: v, Y: tail[k], Lo: math.Max(tail[k]-eps, 0), Hi: math.Min(tail[k]+eps, 1), N: len(sample)})
			}
		case "each":
			s.counts = d.SE == nil
			z := distuv.UnitNormal.Quantile(1 - alpha)
			for _, x := range slices.Sorted(maps.Keys(at)) {
				for _, v := range distinct(at[x]) {
					p := Point{X: x, Y: v.y, Lo: math.NaN(), Hi: math.NaN(), N: v.k}
					if d.SE != nil {
						p.Lo, p.Hi = v.y-z*v.se, v.y+z*v.se
					}
					if v.y == 0 && v.n > 0 {
						p.Limit = 1 - math.Pow(alpha, 1/v.n)
					}
					s.pts = append(s.pts, p)
				}
			}
		default:
			total := 0
			for _, e := range at {
				total += len(e.ys)
			}
			for _, x := range slices.Sorted(maps.Keys(at)) {
				s.pts = append(s.pts, estimate(d, at[x], x, total, level, alpha))
			}
		}
		out = append(out, s)
	}
	return out
}

// value is a distinct value of a cell: y, its standard error and trials,
// and how many rows have it.
type value struct {
	y, se, n float64
	k        int
}

// distinct returns the distinct values of e in increasing order.
func distinct(e *cell) []value {
	seen := map[[3]float64]int{}
	for i, y := range e.ys {
		seen[[3]float64{y, e.se[i], e.ns[i]}]++
	}
	var out []value
	for _, k := range slices.SortedFunc(maps.Keys(seen), func(a, b [3]float64) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]), cmp.Compare(a[2], b[2]))
	}) {
		out = append(out, value{k[0], k[1], k[2], seen[k]})
	}
	return out
}

// estimate is the point of cell e at x: the statistic with its bar at the
// two-sided level, and for a count of 0 its one-sided upper limit, each
// end leaving out alpha.
func estimate(d Data, e *cell, x float64, total int, level, alpha float64) Point {
	p := Point{X: x, N: len(e.ys), Lo: math.NaN(), Hi: math.NaN()}
	count := func(k, n float64) {
		p.Y = k / n
		iv := stats.ClopperPearson(int(math.Round(k)), int(math.Round(n)), level)
		p.Lo, p.Hi = iv.Lo, iv.Hi
		if k == 0 {
			p.Limit = 1 - math.Pow(alpha, 1/n)
		}
	}
	nonzero, sum := 0.0, 0.0
	for _, y := range e.ys {
		nonzero, sum = nonzero+b2f(y != 0), sum+y
	}
	switch d.Of {
	case "", "mean":
		var iv stats.Interval
		p.Y, iv = stats.MeanCI(e.ys, level)
		p.Lo, p.Hi = iv.Lo, iv.Hi
	case "share":
		count(nonzero, float64(len(e.ys)))
	case "pooled":
		w := 0.0
		for _, v := range e.ws {
			w += v
		}
		count(sum, w)
	case "freq":
		count(float64(len(e.ys)), float64(total))
	case "max":
		p.Y = slices.Max(e.ys)
	case "min":
		p.Y = slices.Min(e.ys)
	default:
		v, iv, _ := summary.Estimate(d.Of, e.ys, level)
		p.Y, p.Lo, p.Hi = v, iv.Lo, iv.Hi
	}
	switch {
	case d.Bars == "none" || d.Of == "max" || d.Of == "min":
		p.Lo, p.Hi = math.NaN(), math.NaN()
	case d.Bars == "range":
		p.Lo, p.Hi = slices.Min(e.ys), slices.Max(e.ys)
	}
	return p
}

// Computed draws series computed by a collector of its own: what no
// statistic of a column gives (a law test, an interpolated threshold, a
// joint event), or what needs no rows (given).
type Computed struct {
	New func() collector
}

func (c Computed) collector() collector { return c.New() }

// given is a collector of series computed without rows, per facet key
// ("n=4"), by f once.
type given struct {
	f   func() (map[string][]drawn, error)
	out map[string][]drawn
	err error
}

func (*given) add(string, Row) {}

// facets runs f and returns the facets it drew.
func (g *given) facets() []string {
	if g.out == nil && g.err == nil {
		g.out, g.err = g.f()
	}
	return slices.Collect(maps.Keys(g.out))
}

func (g *given) series(facet string) []drawn { return g.out[facet] }

func (g *given) fail() error { return g.err }

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

// facetNum is the number of a facet key "n=8", NaN if it has none.
func facetNum(key string) float64 {
	_, v, _ := strings.Cut(strings.Split(key, ",")[0], "=")
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return math.NaN()
	}
	return x
}

// sortPoints sorts pts by x.
func sortPoints(pts []Point) {
	slices.SortFunc(pts, func(a, b Point) int { return cmp.Compare(a.X, b.X) })
}

package plots

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// drawing is a figure being drawn: the collectors of its panels' layers
// and the values of the columns it pools.
type drawing struct {
	f      Figure
	panels []*panelState
	pooled []map[string]bool
}

// panelState is a panel being drawn: the facet values of its rows, its
// layers' collectors (nil for a curve), and once computed its series.
type panelState struct {
	p      Panel
	facets map[string]bool
	cols   []collector
	grid   []*facetState   // in the order of the facet values
	x, y   [2]float64      // the shared ranges of the data
	floor  float64         // the lower end of a log y axis
	direct map[string]bool // the keys labelled at their lines' ends in the last panel
	// labelled is where the x axis ended before it widened for the labels.
	labelled float64
}

// facetState is one panel of a row of small multiples.
type facetState struct {
	key    string // its key as collected: "n=8", "n=8|q=0.1" with Last
	value  string // the value of its first facet column, for the curves
	title  string
	series []drawn
}

func newDrawing(f Figure) *drawing {
	d := &drawing{f: f, pooled: make([]map[string]bool, len(f.Pooled))}
	for i := range d.pooled {
		d.pooled[i] = map[string]bool{}
	}
	for _, p := range f.Panels {
		ps := &panelState{p: p, facets: map[string]bool{}}
		for _, l := range p.Layers {
			ps.cols = append(ps.cols, l.collector())
		}
		d.panels = append(d.panels, ps)
	}
	return d
}

// excluded returns the index of the pair of Where that leaves r out, or
// −1 if none does.
func (d *drawing) excluded(r Row) int {
	for k := 0; k+1 < len(d.f.Where); k += 2 {
		if r.Str(d.f.Where[k]) != d.f.Where[k+1] {
			return k / 2
		}
	}
	return -1
}

// fail returns the first error a collector met computing its series.
func (d *drawing) fail() error {
	for _, ps := range d.panels {
		for _, c := range ps.cols {
			if f, ok := c.(interface{ fail() error }); ok && f.fail() != nil {
				return f.fail()
			}
		}
	}
	return nil
}

// add hands r to every panel that keeps it.
func (d *drawing) add(r Row) {
	for _, ps := range d.panels {
		if ps.p.Keep != nil && !ps.p.Keep(r) {
			continue
		}
		for i, c := range d.f.Pooled {
			d.pooled[i][r.Str(c)] = true
		}
		facet := ""
		switch {
		case ps.p.FacetBy != nil:
			facet = ps.p.FacetBy(r)
		case ps.p.Facet != "":
			facet = by(strings.Split(ps.p.Facet, ",")...)(r)
		}
		if ps.p.Last != "" {
			facet = ps.p.Last + "=" + r.Str(ps.p.Last) + "|" + facet
		}
		ps.facets[facet] = true
		for _, c := range ps.cols {
			if c != nil {
				c.add(facet, r)
			}
		}
	}
}

// compute makes the series of every panel, their shared ranges and the
// curves over them.
func (ps *panelState) compute() {
	for _, c := range ps.cols {
		if g, ok := c.(interface{ facets() []string }); ok {
			for _, k := range g.facets() {
				ps.facets[k] = true
			}
		}
	}
	keys := slices.Collect(maps.Keys(ps.facets))
	title := ps.p.Title
	if ps.p.Last != "" {
		last := ""
		for _, k := range keys {
			if v, _, _ := strings.Cut(k, "|"); last == "" || compareKeys(v, last) > 0 {
				last = v
			}
		}
		keys = slices.DeleteFunc(keys, func(k string) bool { return !strings.HasPrefix(k, last+"|") })
		title = strings.TrimPrefix(title+", "+keyName(last), ", ")
	}
	facetOf := func(k string) string {
		if ps.p.Last == "" {
			return k
		}
		_, f, _ := strings.Cut(k, "|")
		return f
	}
	slices.SortFunc(keys, func(a, b string) int { return compareKeys(facetOf(a), facetOf(b)) })
	if len(keys) == 0 {
		keys = []string{""}
	}
	var first *facetState // drawn, empty, if no facet has a point
	for _, k := range keys {
		fs := &facetState{key: k, title: title}
		facet := facetOf(k)
		if facet != "" {
			name := keyName(facet)
			if ps.p.FacetName != nil {
				name = ps.p.FacetName(facet)
			}
			fs.title = strings.TrimPrefix(title+", "+name, ", ")
		}
		_, fs.value, _ = strings.Cut(strings.Split(facet, ",")[0], "=")
		if facet == "" && ps.p.Last != "" {
			_, fs.value, _ = strings.Cut(strings.Split(k, "|")[0], "=")
		}
		points := 0
		for _, c := range ps.cols {
			if c != nil {
				for _, s := range c.series(k) {
					fs.series, points = append(fs.series, s), points+len(s.pts)
				}
			}
		}
		if points > 0 {
			ps.grid = append(ps.grid, fs)
		}
		first = cmp.Or(first, fs)
	}
	if len(ps.grid) == 0 {
		ps.grid = []*facetState{first}
	}
	ps.ranges()
	for _, fs := range ps.grid {
		for _, l := range ps.p.Layers {
			c, ok := l.(Curve)
			if !ok {
				continue
			}
			d := drawn{name: c.Name, how: curve, dash: c.Dash, colour: c.Colour}
			d.pts = c.sample(ps.x[0], ps.x[1], ps.p.X.Log, fs.value)
			if c.Through != "" {
				d.pts = fs.through(c, d.pts)
			}
			if ps.p.Y.Log {
				d.pts = slices.DeleteFunc(d.pts, func(p Point) bool { return p.Y <= 0 })
			}
			fs.series = append(fs.series, d)
		}
	}
}

// through scales the points of curve c to pass through the first point of
// the series c.Through; none if the panel has no such series.
func (fs *facetState) through(c Curve, pts []Point) []Point {
	i := slices.IndexFunc(fs.series, func(s drawn) bool { return s.key == c.Through && len(s.pts) > 0 })
	if i < 0 {
		return nil
	}
	p := fs.series[i].pts[0]
	f := p.Y / c.at(p.X, fs.value)
	for k := range pts {
		pts[k].Y *= f
	}
	return pts
}

// ranges sets the panels' shared x and y ranges: the data's, the curves'
// Reach, the axes' fixed ends, with a margin on every side.
func (ps *panelState) ranges() {
	x, y := [2]float64{math.Inf(1), math.Inf(-1)}, [2]float64{math.Inf(1), math.Inf(-1)}
	grow := func(r *[2]float64, v float64, log bool) {
		if !math.IsNaN(v) && !math.IsInf(v, 0) && (!log || v > 0) {
			r[0], r[1] = math.Min(r[0], v), math.Max(r[1], v)
		}
	}
	for _, fs := range ps.grid {
		for _, d := range fs.series {
			for _, p := range d.pts {
				grow(&x, p.X, ps.p.X.Log)
				grow(&y, p.Y, ps.p.Y.Log)
				grow(&y, p.Lo, ps.p.Y.Log)
				grow(&y, p.Hi, ps.p.Y.Log)
				if ps.p.Y.Log {
					grow(&y, p.Limit, true)
				}
			}
		}
	}
	if math.IsInf(x[0], 1) {
		x, y = [2]float64{0, 1}, [2]float64{0, 1}
	}
	fix(&x, ps.p.X)
	empty := math.IsInf(y[0], 1) // no value drawn above a log axis' 0
	if !empty {
		fix(&y, ps.p.Y)
	}
	// Curves that reach: further right until they fall below the data.
	for _, l := range ps.p.Layers {
		c, ok := l.(Curve)
		if !ok || !c.Reach {
			continue
		}
		for _, fs := range ps.grid {
			for step := 0; step < 400 && c.at(x[1], fs.value) >= y[0]; step++ {
				x[1] *= 1.05
			}
		}
	}
	// Curves widen the y range to what they reach over x, on a log axis
	// down to two decades below the data.
	for _, l := range ps.p.Layers {
		c, ok := l.(Curve)
		if !ok || ps.p.Y.Max != 0 && !empty {
			continue
		}
		floor := y[0] / 100
		if empty {
			floor = 0
		}
		for _, fs := range ps.grid {
			pts := c.sample(x[0], x[1], ps.p.X.Log, fs.value)
			if c.Through != "" {
				pts = fs.through(c, pts)
			}
			for _, p := range pts {
				if !ps.p.Y.Log || p.Y >= floor {
					grow(&y, p.Y, ps.p.Y.Log)
				}
			}
		}
	}
	if empty {
		if math.IsInf(y[0], 1) {
			y = [2]float64{1e-3, 1}
		}
		fix(&y, ps.p.Y)
	}
	ps.floor = y[0]
	ps.x, ps.y = margin(x, ps.p.X.Log, ps.series()), margin(y, ps.p.Y.Log, 1)
}

// series is the most series of markers a panel of ps has: the x axis'
// margin leaves room to set them apart.
func (ps *panelState) series() int {
	most := 1
	for _, fs := range ps.grid {
		k := 0
		for _, d := range fs.series {
			if d.how == marks || d.how == lineMarks {
				k++
			}
		}
		most = max(most, k)
	}
	return most
}

// fix applies an axis' Zero and Max to a data range r.
func fix(r *[2]float64, a Axis) {
	if a.Zero {
		r[0], r[1] = math.Min(r[0], 0), math.Max(r[1], 0)
	}
	if a.Max != 0 {
		r[1] = a.Max
	}
	if r[1] <= r[0] {
		if a.Log {
			r[0], r[1] = r[0]/2, r[1]*2
		} else {
			r[0], r[1] = r[0]-0.5, r[1]+0.5
		}
	}
}

// margin widens r by 4% of its length on either side (on a log axis, of
// its decades), more for k series of markers set apart: no marker or bar
// ends on the frame.
func margin(r [2]float64, log bool, k int) [2]float64 {
	m := 0.04 + min(0.015*float64(k-1), 0.08)
	if log {
		f := math.Max(math.Pow(r[1]/r[0], m), 1.12)
		return [2]float64{r[0] / f, r[1] * f}
	}
	m *= r[1] - r[0]
	return [2]float64{r[0] - m, r[1] + m}
}

// checks counts, for each series with a Check, the points beyond the
// curve at their x (trials, for per-trial points); on a probability axis
// only where the bound is below 1. It returns the caption's sentences.
func (ps *panelState) checks() []string {
	type count struct {
		beyond, all int
		ratio, diff float64 // the largest y/b (b > 0) and y − b (b ≤ 0) beyond it
		trials      bool
	}
	counts := map[*Curve]*count{}
	var order []*Curve
	for _, fs := range ps.grid {
		for _, d := range fs.series {
			if d.check == nil {
				continue
			}
			c := counts[d.check]
			if c == nil {
				c = &count{}
				counts[d.check], order = c, append(order, d.check)
			}
			for _, p := range d.pts {
				b := d.check.at(p.X, fs.value)
				if math.IsNaN(b) || ps.p.Y.Max == 1 && b >= 1 {
					continue
				}
				w := 1
				if d.counts {
					w, c.trials = p.N, true
				}
				c.all += w
				if beyond := p.Y > b*(1+1e-12); beyond != d.check.Lower && p.Y != b {
					c.beyond += w
					if b > 0 {
						c.ratio = math.Max(c.ratio, p.Y/b)
					} else {
						c.diff = math.Max(c.diff, p.Y-b)
					}
				}
			}
		}
	}
	var out []string
	for _, cv := range order {
		c := counts[cv]
		if c.all == 0 {
			out = append(out, cv.Name+": 1 (trivial) at every point measured")
			continue
		}
		s := fmt.Sprintf("%s: %d of %d %s %s it", cv.Name, c.beyond, c.all,
			map[bool]string{false: "points", true: "trials"}[c.trials], map[bool]string{false: "above", true: "below"}[cv.Lower])
		if c.ratio > 0 && !cv.Lower {
			s += fmt.Sprintf(", at most %s times it", num(c.ratio))
		}
		if c.diff > 0 {
			s += fmt.Sprintf(", by at most %s", num(c.diff))
		}
		if ps.p.Y.Max == 1 {
			s += " where it is below 1"
		}
		out = append(out, s)
	}
	return out
}

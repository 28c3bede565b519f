package plots

import (
	"cmp"
	"maps"
	"math"
	"slices"

	"github.com/hyperroute/hyperroute/stats"
)

// Tail draws the empirical tail Pr(Y ≥ y) against y, one step line per
// value of By, with its simultaneous DKW confidence band.
type Tail struct {
	By   Key
	Name string
	Y    Expr
	Keep func(Row) bool
	// Level is the band's level, 0.95 if 0; NoBand leaves it out.
	Level  float64
	NoBand bool
	Check  *Curve
}

func (t Tail) collector() collector {
	return &tailSamples{t: t, vals: map[string]map[string][]float64{}}
}

type tailSamples struct {
	t    Tail
	vals map[string]map[string][]float64 // facet, series
}

func (c *tailSamples) add(facet string, r Row) {
	if c.t.Keep != nil && !c.t.Keep(r) {
		return
	}
	y := c.t.Y(r)
	if math.IsNaN(y) {
		return
	}
	key := c.t.Name
	if c.t.By != nil {
		key = c.t.By(r)
	}
	at := deep(c.vals, facet)
	at[key] = append(at[key], y)
}

// series returns the step graph of each tail: at the distinct values v_0
// < v_1 < … with tails t_0 = 1 > t_1 > …, the level t_k on (v_{k−1}, v_k],
// and the band t_k ± ε, ε = √(ln(2/α)/(2N)) (Dvoretzky–Kiefer–Wolfowitz–
// Massart), cut to [0, 1].
func (c *tailSamples) series(facet string) []drawn {
	var out []drawn
	alpha := 1 - cmp.Or(c.t.Level, 0.95)
	for _, key := range slices.SortedFunc(maps.Keys(c.vals[facet]), compareKeys) {
		sample := c.vals[facet][key]
		vs, tail := stats.CCDF(sample)
		eps := math.Sqrt(math.Log(2/alpha) / (2 * float64(len(sample))))
		d := drawn{key: key, name: key, how: steps, check: c.t.Check, band: !c.t.NoBand}
		for k, v := range vs {
			d.pts = append(d.pts, Point{X: v, Y: tail[k], Lo: math.Max(tail[k]-eps, 0), Hi: math.Min(tail[k]+eps, 1), N: len(sample)})
		}
		if d.band {
			d.bars = "shaded: the 95 % simultaneous confidence band of each tail (Dvoretzky–Kiefer–Wolfowitz)"
			d.barsShort = "shaded: 95 % confidence band"
		}
		out = append(out, d)
	}
	return out
}

// Points draws every distinct (X, Y) of the rows, one series per value of
// By: a per-trial claim shown trial by trial.
type Points struct {
	By   Key
	Name string
	X, Y Expr
	// Err is the half-width of each point's bar, if not nil.
	Err Expr
	// Zero is the upper limit drawn for a Y of 0 on a log axis, if not
	// nil.
	Zero  Expr
	Keep  func(Row) bool
	Check *Curve
	// Bars says what Err is, for the caption.
	Bars string
}

func (p Points) collector() collector {
	return &pointSet{p: p, pts: map[string]map[string]map[[3]float64]*Point{}}
}

type pointSet struct {
	p   Points
	pts map[string]map[string]map[[3]float64]*Point // facet, series, (x, y, err)
}

func (c *pointSet) add(facet string, r Row) {
	p := c.p
	if p.Keep != nil && !p.Keep(r) {
		return
	}
	x, y := p.X(r), p.Y(r)
	if math.IsNaN(x) || math.IsNaN(y) {
		return
	}
	var e float64
	if p.Err != nil {
		e = p.Err(r)
	}
	key := p.Name
	if p.By != nil {
		key = p.By(r)
	}
	at := deep(c.pts, facet)
	if at[key] == nil {
		at[key] = map[[3]float64]*Point{}
	}
	k := [3]float64{x, y, e}
	pt := at[key][k]
	if pt == nil {
		pt = &Point{X: x, Y: y, Lo: math.NaN(), Hi: math.NaN()}
		if p.Err != nil {
			pt.Lo, pt.Hi = y-e, y+e
		}
		if y == 0 && p.Zero != nil {
			pt.Limit = p.Zero(r)
		}
		at[key][k] = pt
	}
	pt.N++
}

func (c *pointSet) series(facet string) []drawn {
	var out []drawn
	for _, key := range slices.SortedFunc(maps.Keys(c.pts[facet]), compareKeys) {
		d := drawn{key: key, name: key, how: marks, check: c.p.Check, bars: c.p.Bars, barsShort: c.p.Bars, counts: c.p.Err == nil}
		for _, k := range slices.SortedFunc(maps.Keys(c.pts[facet][key]), func(a, b [3]float64) int {
			return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]), cmp.Compare(a[2], b[2]))
		}) {
			d.pts = append(d.pts, *c.pts[facet][key][k])
		}
		out = append(out, d)
	}
	return out
}

// Computed draws series computed from the rows by a collector of its own:
// what no statistic of a column gives (a law test, an interpolated
// threshold, a joint event).
type Computed struct {
	New func() collector
}

func (c Computed) collector() collector { return c.New() }

// Pairs draws, per instance, the difference Y(B) − Y(A) of its two rows
// with Of = A and Of = B, at the X of its row A: a per-trial comparison
// of two settings on the same instance (the same request and random
// choices: rows equal in the columns On).
type Pairs struct {
	Name  string
	Of    string
	A, B  string
	On    []string
	X, Y  Expr
	Check *Curve
}

func (p Pairs) collector() collector {
	return &pairSet{p: p, halves: map[string]map[string]*[3]float64{}, out: Points{Name: p.Name, Check: p.Check}.collector()}
}

type pairSet struct {
	p      Pairs
	halves map[string]map[string]*[3]float64 // facet, instance: x, Y(A), Y(B)
	out    collector
}

func (c *pairSet) add(facet string, r Row) {
	side := r.Str(c.p.Of)
	if side != c.p.A && side != c.p.B {
		return
	}
	inst := by(c.p.On...)(r)
	at := deep(c.halves, facet)
	h := at[inst]
	if h == nil {
		h = &[3]float64{math.NaN(), math.NaN(), math.NaN()}
		at[inst] = h
	}
	if side == c.p.A {
		h[0], h[1] = c.p.X(r), c.p.Y(r)
	} else {
		h[2] = c.p.Y(r)
	}
}

func (c *pairSet) series(facet string) []drawn {
	set := c.out.(*pointSet)
	for _, h := range c.halves[facet] {
		if math.IsNaN(h[1]) || math.IsNaN(h[2]) {
			continue
		}
		k := [3]float64{h[0], h[2] - h[1], 0}
		at := deep(set.pts, facet)
		if at[c.p.Name] == nil {
			at[c.p.Name] = map[[3]float64]*Point{}
		}
		if at[c.p.Name][k] == nil {
			at[c.p.Name][k] = &Point{X: k[0], Y: k[1], Lo: math.NaN(), Hi: math.NaN()}
		}
		at[c.p.Name][k].N++
	}
	return set.series(facet)
}

package plots

import (
	"math"
	"strconv"

	"github.com/hyperroute/hyperroute/bounds"
)

// Curve draws a bound or a reference line over a panel's x range: a kind
// of the bounds registry (hyperroute bound), or a formula.
type Curve struct {
	// Name is its legend entry.
	Name string
	// Kind is a kind of the bounds registry, evaluated with parameter X
	// along the axis (Scale maps the axis' x to it, given the facet's
	// value), Facet set to the panel's facet value, and Args, name–value
	// pairs, fixed.
	Kind, X, Facet string
	Args           []string
	Scale          func(x, facet float64) float64
	// F is a formula instead of Kind: the value at x, given the facet's.
	F func(x, facet float64) float64
	// Steps evaluates it at the integers, as the steps of a tail
	// Pr(X ≥ m); Ints at the integers, joined by lines.
	Steps, Ints bool
	// Dash is its line pattern; Colour draws it in a series' colour
	// rather than grey.
	Dash   int
	Colour string
	// Lower makes it a lower bound: the points checked against it count
	// below it, not above.
	Lower bool
	// Reach extends the x axis to where the curve falls to the y axis'
	// lower end.
	Reach bool
	// Through, a series' key, scales F in each panel to pass through that
	// series' first point: a growth law drawn from where the data start.
	Through string
}

func (Curve) collector() collector { return nil }

// at returns the curve's value at x in a panel of the given facet value,
// NaN where it is not defined.
func (c *Curve) at(x float64, facet string) float64 {
	f, _ := strconv.ParseFloat(facet, 64)
	if c.F != nil {
		return c.F(x, f)
	}
	if c.Scale != nil {
		x = c.Scale(x, f)
	}
	var a bounds.Args
	set := func(name, text string) bool { return a.Set(name, text) == nil }
	ok := set(c.X, strconv.FormatFloat(x, 'g', -1, 64))
	if c.Facet != "" {
		ok = ok && set(c.Facet, facet)
	}
	for i := 0; i+1 < len(c.Args); i += 2 {
		ok = ok && set(c.Args[i], c.Args[i+1])
	}
	if !ok {
		return math.NaN()
	}
	r, err := bounds.Eval(bounds.Query{Kind: c.Kind, Args: a})
	if err != nil {
		return math.NaN()
	}
	return r.Value
}

// sample returns the curve over [lo, hi]: at the integers with Steps (the
// value at m on (m−1, m]) or Ints, else at 240 points, evenly or, on a log
// axis, geometrically spaced.
func (c *Curve) sample(lo, hi float64, logX bool, facet string) []Point {
	var pts []Point
	add := func(x, y float64) {
		if !math.IsNaN(y) && !math.IsInf(y, 0) {
			pts = append(pts, Point{X: x, Y: y, Lo: math.NaN(), Hi: math.NaN()})
		}
	}
	if c.Steps || c.Ints {
		for m := math.Ceil(lo); m <= hi; m++ {
			y := c.at(m, facet)
			if c.Steps {
				add(m-1, y)
			}
			add(m, y)
		}
		return pts
	}
	const k = 240
	for i := range k {
		u := float64(i) / (k - 1)
		x := lo + u*(hi-lo)
		if logX {
			x = lo * math.Pow(hi/lo, u)
		}
		add(x, c.at(x, facet))
	}
	return pts
}

package experiments

import (
	"fmt"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	pm "github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
)

// Axes names the grid axes of the routing model in expansion order,
// outermost first: the parameters of a configuration (routers.Params).
var Axes = routers.ParamNames()

// Limits of the grid values.
const (
	MaxPoints = 10000 // most points a grid may expand to
)

// Grid is the parameter grid of a spec: the values of each axis it sets, as
// its parameter reads them; an axis it does not set takes its parameter's
// default. Every combination is one point.
type Grid struct {
	model  *Model
	values map[string][]string
}

// Values returns the values of the named axis, its default if the grid
// leaves it unset.
func (g Grid) Values(axis string) []string {
	if vs, ok := g.values[axis]; ok {
		return vs
	}
	p, err := g.model.Param(axis)
	if err != nil {
		panic("experiments: " + err.Error())
	}
	return []string{p.Default}
}

// set replaces the values of an axis.
func (g *Grid) set(axis string, vs []string) {
	if g.values == nil {
		g.values = make(map[string][]string)
	}
	g.values[axis] = vs
}

// with returns a copy of g with the axes h sets replaced.
func (g Grid) with(h Grid) Grid {
	out := Grid{model: g.model}
	for a, vs := range g.values {
		out.set(a, vs)
	}
	for a, vs := range h.values {
		out.set(a, vs)
	}
	return out
}

// size is the number of combinations of the axes it sets.
func (g Grid) size() int {
	n := 1
	for _, vs := range g.values {
		n *= len(vs)
	}
	return n
}

// parseGrid reads the mapping n into g, replacing the axes it names.
func (p nodes) parseGrid(n *yaml.Node, path string, g *Grid) error {
	if n.Kind == yaml.MappingNode && len(n.Content) == 0 {
		return p.errf(n, path, "empty grid")
	}
	return p.mapping(n, path, g.model.Axes(), func(key, full string, _, v *yaml.Node) error {
		param, _ := g.model.Param(key)
		var vs []string
		var err error
		switch param.Type {
		case pm.Int:
			var ints []int
			ints, err = p.intAxis(v, full, int(param.Lo), int(param.Hi))
			for _, x := range ints {
				vs = append(vs, strconv.Itoa(x))
			}
		case pm.Float:
			vs, err = p.floatAxis(v, full, param)
		case pm.Bool:
			vs, err = p.boolAxis(v, full)
		default:
			vs, err = p.strAxis(v, full, param.Check)
			for i := range vs {
				vs[i] = param.Canon(vs[i])
			}
		}
		g.set(key, vs)
		return err
	})
}

// intAxis reads integer axis values in [lo, hi]: one value, a list, or a
// range {from: a, to: b, step: s} (step 1 if left out).
func (p nodes) intAxis(n *yaml.Node, key string, lo, hi int) ([]int, error) {
	if n.Kind == yaml.MappingNode {
		return p.intRange(n, key, lo, hi)
	}
	items, err := p.list(n, key)
	if err != nil {
		return nil, err
	}
	vals := make([]int, len(items))
	for i, it := range items {
		if vals[i], err = p.integer(it, key, lo, hi); err != nil {
			return nil, err
		}
		if slices.Contains(vals[:i], vals[i]) {
			return nil, p.errf(it, key, "%d listed twice", vals[i])
		}
	}
	return vals, nil
}

func (p nodes) intRange(n *yaml.Node, key string, lo, hi int) ([]int, error) {
	from, to, step := -1, -1, 1
	var toNode *yaml.Node
	err := p.mapping(n, key, []string{"from", "to", "step"}, func(k, full string, _, v *yaml.Node) error {
		var err error
		switch k {
		case "from":
			from, err = p.integer(v, key, lo, hi)
		case "to":
			to, err = p.integer(v, key, lo, hi)
			toNode = v
		case "step":
			step, err = p.integer(v, full, 1, hi)
		}
		return err
	})
	switch {
	case err != nil:
		return nil, err
	case from < 0:
		return nil, p.errf(n, join(key, "from"), "missing")
	case to < 0:
		return nil, p.errf(n, join(key, "to"), "missing")
	case to < from:
		return nil, p.errf(toNode, key, "range from %d to %d is empty", from, to)
	}
	var vals []int
	for v := from; v <= to; v += step {
		vals = append(vals, v)
	}
	return vals, nil
}

// floatAxis reads number axis values of param: one value or a list, in
// the shortest form that reads back the same number, −0 as 0.
func (p nodes) floatAxis(n *yaml.Node, key string, param *pm.Param) ([]string, error) {
	items, err := p.list(n, key)
	if err != nil {
		return nil, err
	}
	vals := make([]string, len(items))
	for i, it := range items {
		x, err := p.number(it, key)
		if err != nil {
			return nil, err
		}
		if x == 0 {
			x = 0 // not −0, a point of its own
		}
		vals[i] = strconv.FormatFloat(x, 'g', -1, 64)
		if err := param.Check(vals[i]); err != nil {
			return nil, p.errf(it, key, "%s out of range %s", it.Value, param.Range())
		}
		if slices.Contains(vals[:i], vals[i]) {
			return nil, p.errf(it, key, "%s listed twice", it.Value)
		}
	}
	return vals, nil
}

// boolAxis reads boolean axis values: one value or a list.
func (p nodes) boolAxis(n *yaml.Node, key string) ([]string, error) {
	return p.values(n, key, func(it *yaml.Node) (string, error) {
		b, err := p.boolean(it, key)
		return strconv.FormatBool(b), err
	})
}

// strAxis reads string axis values, each accepted by check: one value or a
// list.
func (p nodes) strAxis(n *yaml.Node, key string, check func(string) error) ([]string, error) {
	return p.values(n, key, func(it *yaml.Node) (string, error) {
		s, err := p.str(it, key)
		if err != nil {
			return "", err
		}
		if err := check(s); err != nil {
			return "", p.errf(it, key, "%v", err)
		}
		return s, nil
	})
}

// values reads one value or a list of distinct values by read.
func (p nodes) values(n *yaml.Node, key string, read func(*yaml.Node) (string, error)) ([]string, error) {
	items, err := p.list(n, key)
	if err != nil {
		return nil, err
	}
	vals := make([]string, len(items))
	for i, it := range items {
		if vals[i], err = read(it); err != nil {
			return nil, err
		}
		if slices.Contains(vals[:i], vals[i]) {
			return nil, p.errf(it, key, "%q listed twice", vals[i])
		}
	}
	return vals, nil
}

// Point is one point of an expanded grid.
type Point struct {
	// Index numbers the points of a spec in expansion order, skipped points
	// left out.
	Index  int
	Config Config
	// Key is Config.Key(), from which, with the experiment's name, trial
	// streams are derived (TrialSeed).
	Key   string
	model *Model
}

// Value returns the point's value of the named axis, as in a partition
// directory name.
func (p Point) Value(axis string) string { return p.Config.Get(axis) }

// String names the point by its values, as "n=8 router=valiant port=all":
// the axes its model requires and every other axis that is not at its
// default.
func (p Point) String() string {
	var b []byte
	for _, param := range p.model.Params {
		v := p.Config.Get(param.Name)
		if v == param.Default && !slices.Contains(p.model.Required, param.Name) && !slices.Contains(p.model.Named, param.Name) {
			continue
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = fmt.Appendf(b, "%s=%s", param.Name, v)
	}
	return string(b)
}

// expand returns every combination of g in the order of its model's axes,
// the last axis varying fastest; an axis g leaves unset takes its default,
// or the values the model's Each gives. The values must have been checked
// by parseGrid.
func (g Grid) expand() []Config {
	m := g.model
	cfgs := []Config{m.New()}
	for _, param := range m.Params {
		vs, set := g.values[param.Name]
		next := make([]Config, 0, len(cfgs)*max(len(vs), 1))
		for _, c := range cfgs {
			values := vs
			if !set && m.Each != nil {
				values = m.Each(c, param.Name)
			}
			if !set && values == nil {
				values = []string{param.Default}
			}
			for _, v := range values {
				d := c.Clone()
				if err := d.Set(param.Name, v); err != nil {
					panic("experiments: " + err.Error())
				}
				next = append(next, d)
			}
		}
		cfgs = next
	}
	return cfgs
}

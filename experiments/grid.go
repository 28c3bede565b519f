package experiments

import (
	"fmt"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/hyperroute/hyperroute/routers"
)

// Axes names the grid axes in expansion order, outermost first: the
// parameters of a configuration (routers.Params).
var Axes = routers.ParamNames()

// Limits of the grid values.
const (
	MaxPoints = 10000 // most points a grid may expand to
)

// Grid is the parameter grid of a spec: the values of each axis it sets, as
// its parameter reads them; an axis it does not set takes its parameter's
// default. Every combination is one point.
type Grid struct {
	values map[string][]string
}

// Values returns the values of the named axis.
func (g Grid) Values(axis string) []string {
	if vs, ok := g.values[axis]; ok {
		return vs
	}
	p, err := routers.LookupParam(axis)
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
	var out Grid
	for a, vs := range g.values {
		out.set(a, vs)
	}
	for a, vs := range h.values {
		out.set(a, vs)
	}
	return out
}

// size is the number of combinations.
func (g Grid) size() int {
	n := 1
	for _, a := range Axes {
		n *= len(g.Values(a))
	}
	return n
}

// parseGrid reads the mapping n into g, replacing the axes it names.
func (p nodes) parseGrid(n *yaml.Node, path string, g *Grid) error {
	if n.Kind == yaml.MappingNode && len(n.Content) == 0 {
		return p.errf(n, path, "empty grid")
	}
	return p.mapping(n, path, Axes, func(key, full string, _, v *yaml.Node) error {
		param, _ := routers.LookupParam(key)
		var vs []string
		var err error
		switch param.Type {
		case routers.Int:
			var ints []int
			ints, err = p.intAxis(v, full, int(param.Lo), int(param.Hi))
			for _, x := range ints {
				vs = append(vs, strconv.Itoa(x))
			}
		case routers.Float:
			vs, err = p.floatAxis(v, full, param)
		case routers.Bool:
			vs, err = p.boolAxis(v, full)
		default:
			vs, err = p.strAxis(v, full, param.Check)
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
// the shortest form that reads back the same number.
func (p nodes) floatAxis(n *yaml.Node, key string, param *routers.Param) ([]string, error) {
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
		vals[i] = strconv.FormatFloat(x, 'g', -1, 64)
		if err := param.Check(vals[i]); err != nil {
			return nil, p.errf(it, key, "%s out of range [%v, %v]", it.Value, param.Lo, param.Hi)
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
	Config routers.Config
	// Key is Config.InstanceKey(), from which, with the experiment's name,
	// trial streams are derived (TrialSeed).
	Key string
}

// Value returns the point's value of the named axis, as in a partition
// directory name.
func (p Point) Value(axis string) string {
	param, err := routers.LookupParam(axis)
	if err != nil {
		panic("experiments: " + err.Error())
	}
	return param.Get(p.Config)
}

// String names the point by its values, as "n=8 router=valiant port=all":
// n, the router and every other axis that is not at its default.
func (p Point) String() string {
	var b []byte
	for _, param := range routers.Params {
		v := param.Get(p.Config)
		if v == param.Default && param.Name != "n" && param.Name != "router" {
			continue
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = fmt.Appendf(b, "%s=%s", param.Name, v)
	}
	return string(b)
}

// expand returns every combination of g in Axes order, the last axis
// varying fastest. The values must have been checked by parseGrid.
func (g Grid) expand() []routers.Config {
	cfgs := []routers.Config{routers.Defaults()}
	for _, a := range Axes {
		param, _ := routers.LookupParam(a)
		vs := g.Values(a)
		next := make([]routers.Config, 0, len(cfgs)*len(vs))
		for _, c := range cfgs {
			for _, v := range vs {
				if err := param.Set(&c, v); err != nil {
					panic("experiments: " + err.Error())
				}
				next = append(next, c)
			}
		}
		cfgs = next
	}
	return cfgs
}

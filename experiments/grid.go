package experiments

import (
	"fmt"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/routers"
)

// Axes names the grid axes in expansion order, outermost first: points
// differing only in the queue discipline are neighbours.
var Axes = []string{"n", "mu", "pattern", "router", "port", "queue"}

// Limits of the grid values.
const (
	MaxMu     = 1 << 16 // largest μ a grid may hold
	MaxPoints = 10000   // most points a grid may expand to
)

// Grid is the parameter grid of a spec: every combination of its values is
// one point.
type Grid struct {
	N, Mu                        []int
	Pattern, Router, Port, Queue []string
}

// size is the number of combinations.
func (g Grid) size() int {
	return len(g.N) * len(g.Mu) * len(g.Pattern) * len(g.Router) * len(g.Port) * len(g.Queue)
}

// defaultGrid holds the values of the axes a spec may leave out.
var defaultGrid = Grid{
	Mu:      []int{1},
	Pattern: []string{"random"},
	Port:    []string{routers.SinglePort.String()},
	Queue:   []string{engine.Priority.String()},
}

// parseGrid reads the mapping n into g, replacing the axes it names.
func (p nodes) parseGrid(n *yaml.Node, path string, g *Grid) error {
	if n.Kind == yaml.MappingNode && len(n.Content) == 0 {
		return p.errf(n, path, "empty grid")
	}
	return p.mapping(n, path, Axes, func(key, full string, _, v *yaml.Node) error {
		var err error
		switch key {
		case "n":
			g.N, err = p.intAxis(v, full, 1, hypercube.MaxDim)
		case "mu":
			g.Mu, err = p.intAxis(v, full, 1, MaxMu)
		case "pattern":
			g.Pattern, err = p.strAxis(v, full, checkPattern)
		case "router":
			g.Router, err = p.strAxis(v, full, func(s string) error { _, err := routers.Lookup(s); return err })
		case "port":
			g.Port, err = p.strAxis(v, full, func(s string) error { _, err := routers.ParsePort(s); return err })
		case "queue":
			g.Queue, err = p.strAxis(v, full, func(s string) error { _, err := engine.ParseDiscipline(s); return err })
		}
		return err
	})
}

func checkPattern(s string) error {
	if !slices.Contains(hypercube.Patterns, s) {
		return fmt.Errorf("unknown request pattern %q (want one of %v)", s, hypercube.Patterns)
	}
	return nil
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

// strAxis reads string axis values, each accepted by check: one value or a
// list.
func (p nodes) strAxis(n *yaml.Node, key string, check func(string) error) ([]string, error) {
	items, err := p.list(n, key)
	if err != nil {
		return nil, err
	}
	vals := make([]string, len(items))
	for i, it := range items {
		if vals[i], err = p.str(it, key); err != nil {
			return nil, err
		}
		if err := check(vals[i]); err != nil {
			return nil, p.errf(it, key, "%v", err)
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
	// Key is Config.InstanceKey(), from which trial streams are derived.
	Key string
}

// Value returns the point's value of the named axis, as in a partition
// directory name.
func (p Point) Value(axis string) string {
	c := p.Config
	switch axis {
	case "n":
		return strconv.Itoa(c.N)
	case "mu":
		return strconv.Itoa(c.Mu)
	case "pattern":
		return c.Pattern
	case "router":
		return c.Router
	case "port":
		return c.Port.String()
	case "queue":
		return c.Queue.String()
	}
	panic("experiments: unknown axis " + axis)
}

// String lists the point's values, as "n=8 mu=1 pattern=random …".
func (p Point) String() string {
	var b []byte
	for i, a := range Axes {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, a...)
		b = append(b, '=')
		b = append(b, p.Value(a)...)
	}
	return string(b)
}

// expand returns every combination of g in Axes order, the last axis
// varying fastest. The values must have been checked by parseGrid.
func (g Grid) expand() []routers.Config {
	cfgs := make([]routers.Config, 0, g.size())
	for _, n := range g.N {
		for _, mu := range g.Mu {
			for _, pat := range g.Pattern {
				for _, r := range g.Router {
					for _, ps := range g.Port {
						port, _ := routers.ParsePort(ps)
						for _, qs := range g.Queue {
							q, _ := engine.ParseDiscipline(qs)
							cfgs = append(cfgs, routers.Config{Router: r, Port: port, Queue: q, N: n, Pattern: pat, Mu: mu})
						}
					}
				}
			}
		}
	}
	return cfgs
}

package experiments

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/topology"
)

// CollectivesModel names the model of collective operations (package
// collectives): every combination of its grid that an algorithm runs on
// runs once, on data drawn from the seed, into the table collectives.
const CollectivesModel = "collectives"

// TableCollectives holds one row per run of a collectives spec
// (dataset/SCHEMA.md).
const TableCollectives = "collectives"

func init() {
	Register(&Model{
		Name:        CollectivesModel,
		Doc:         "collective operations on rings, meshes, tori and cubes, against their closed forms and lower bounds",
		Params:      newCollective().set.Params(),
		Named:       []string{"op", "algo", "topology", "p", "port"},
		Tables:      []*Table{{Name: TableCollectives, Schema: collectiveSchema(), Rows: collectiveRows, Count: func(*Spec, *Point, Shard) (int64, bool) { return 1, true }}},
		Once:        true,
		SkipInvalid: true,
		New:         func() Config { return newCollective() },
		Each: func(c Config, axis string) []string {
			if axis == "algo" {
				return collectives.Names(c.(*collective).Op)
			}
			return nil
		},
		Admit: func(s *Spec, c Config) (bool, error) {
			cc := c.(*collective)
			cc.Seed = s.Seed
			return true, cc.Validate()
		},
		NewWorker: func() Worker { return collectiveWorker{} },
		Memory:    func(c Config) int64 { return c.(*collective).MemoryBytes() },
	})
}

// collective is a point of the collectives model: a configuration, its
// parameters bound to its fields.
type collective struct {
	collectives.Config
	set param.Set
}

// newCollective returns a configuration at the parameters' defaults. An
// algo its grid leaves unset is every algorithm of the operation.
func newCollective() *collective {
	c := new(collective)
	s, maxInt := &c.set, math.MaxInt32
	s.Var(enum[collectives.Op]{&c.Op, collectives.Ops}, "op", nameList(collectives.Ops), "collective operation")
	s.String(&c.Algo, "algo", "", algorithms, "algorithm")
	s.Var(enum[topology.Kind]{&c.Topology, topology.Kinds}, "topology", nameList(topology.Kinds), "network")
	s.Int(&c.P, "p", 16, 1, maxInt, "nodes")
	port := s.Var(portValue{&c.Port}, "port", func() []string { return []string{"single", "all"} }, "port model")
	port.Aliases = map[string]string{"one": "single"}
	s.Var(enum[collectives.Model]{&c.Model, []collectives.Model{collectives.SF, collectives.CT}}, "model",
		func() []string { return []string{"sf", "ct"} }, "switching (store-and-forward or cut-through)")
	s.Var(enum[collectives.Startup]{&c.Startup, []collectives.Startup{collectives.PerMessage, collectives.PerHop}}, "startup",
		func() []string { return []string{"message", "hop"} }, "start-up rule of store-and-forward")
	s.Int(&c.M, "m", 1, 0, maxInt, "words per block")
	s.Float(&c.Ts, "ts", 1, 0, math.MaxFloat64, "start-up time")
	s.Float(&c.Tw, "tw", 1, 0, math.MaxFloat64, "time per word")
	s.Float(&c.Th, "th", 0, 0, math.MaxFloat64, "time per hop")
	s.Int(&c.Shift, "shift", 1, 0, maxInt, "shift amount of shift, 1 … p−1")
	s.Int(&c.Pieces, "pieces", 0, 0, maxInt, "pieces of a pipelined broadcast (0: the algorithm's default)")
	return c
}

func (c *collective) Set(name, v string) error { return c.set.Set(name, v) }
func (c *collective) Get(name string) string   { return c.set.Get(name) }

// Key joins the values of every parameter: each point runs once.
func (c *collective) Key() string {
	kv := make([]string, len(c.set.Params()))
	for i, p := range c.set.Params() {
		kv[i] = p.Name + "=" + c.Get(p.Name)
	}
	return strings.Join(kv, "/")
}

func (c *collective) Clone() Config {
	d := newCollective()
	d.Config = c.Config
	return d
}

// enum is a parameter's variable of an enumerated type.
type enum[T interface {
	comparable
	fmt.Stringer
}] struct {
	v      *T
	values []T
}

func (e enum[T]) String() string { return (*e.v).String() }

func (e enum[T]) Set(s string) error {
	for _, x := range e.values {
		if x.String() == s {
			*e.v = x
			return nil
		}
	}
	return fmt.Errorf("unknown value %q", s)
}

// portValue is the port model, single or all (one is an alias of
// single).
type portValue struct{ v *collectives.Port }

func (p portValue) String() string { return p.v.String() }

func (p portValue) Set(s string) (err error) {
	*p.v, err = collectives.ParsePort(s)
	return err
}

func nameList[T fmt.Stringer](values []T) func() []string {
	return func() []string {
		s := make([]string, len(values))
		for i, v := range values {
			s[i] = v.String()
		}
		return s
	}
}

// algorithms lists the algorithms of every operation, once each.
func algorithms() []string {
	var all []string
	for _, op := range collectives.Ops {
		for _, a := range collectives.Names(op) {
			if !slices.Contains(all, a) {
				all = append(all, a)
			}
		}
	}
	return all
}

// collectiveWorker runs collective operations.
type collectiveWorker struct{}

func (collectiveWorker) Trial(_ *Spec, p *Point, _ Trial) (any, int64, error) {
	row, err := collectives.Measure(p.Config.(*collective).Config)
	if err != nil {
		return nil, 0, err
	}
	if !row.OK {
		return nil, 0, fmt.Errorf("%v %s on p=%d: %v", row.Op, row.Algo, row.P, row.Err)
	}
	return &row, 0, nil // its hops are message-hops, in the table
}

// collectiveSchema is the schema of the collectives table: strings,
// integers (int64, the seed uint64), booleans, and numbers (float64).
func collectiveSchema() *arrow.Schema {
	cols := collectives.Row{}.Columns()
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: c.Name, Type: arrowOf(c.Value), Nullable: c.Nullable}
	}
	return arrow.NewSchema(fields, nil)
}

// collectiveRows appends the row of one run, NaN as null in the nullable
// columns.
func collectiveRows(b *array.RecordBuilder, _ *Point, _ int, out any) {
	for i, c := range out.(*collectives.Row).Columns() {
		switch fb := b.Field(i).(type) {
		case *array.StringBuilder:
			fb.Append(c.Value.(string))
		case *array.Int64Builder:
			fb.Append(int64(c.Value.(int)))
		case *array.Uint64Builder:
			fb.Append(c.Value.(uint64))
		case *array.BooleanBuilder:
			fb.Append(c.Value.(bool))
		case *array.Float64Builder:
			if x := c.Value.(float64); c.Nullable && math.IsNaN(x) {
				fb.AppendNull()
			} else {
				fb.Append(x)
			}
		}
	}
}

// arrowOf is the column type of a row value.
func arrowOf(v any) arrow.DataType {
	switch v.(type) {
	case string:
		return arrow.BinaryTypes.String
	case int:
		return arrow.PrimitiveTypes.Int64
	case uint64:
		return arrow.PrimitiveTypes.Uint64
	case bool:
		return arrow.FixedWidthTypes.Boolean
	}
	return arrow.PrimitiveTypes.Float64
}

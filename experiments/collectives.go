package experiments

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/topology"
)

// CollectivesModel names the model of collective operations (package
// collectives): every combination of its grid that an algorithm runs on
// runs its trials (once if the spec sets none), each on data, a multicast
// set and, on a faulty cube, failed edges and detours drawn from the
// trial's stream, into the table collectives.
const CollectivesModel = "collectives"

// TableCollectives holds one row per run of a collectives spec
// (dataset/SCHEMA.md).
const TableCollectives = "collectives"

func init() {
	Register(&Model{
		Name:   CollectivesModel,
		Doc:    "collective operations on rings, meshes, tori and cubes, against their closed forms and lower bounds",
		Params: newCollective().set.Params(),
		Named:  []string{"op", "algo", "topology", "p", "port"},
		Tables: []*Table{{Name: TableCollectives, Schema: collectiveSchema(), Rows: collectiveRows, Count: collectiveCount}},
		// Without faults a run is deterministic but for mc's drawn set:
		// a spec of one trial runs each point once.
		TrialsOptional: true,
		SkipInvalid:    true,
		New:            func() Config { return newCollective() },
		Each: func(c Config, axis string) []string {
			if axis == "algo" {
				return collectives.Names(c.(*collective).Op)
			}
			return nil
		},
		Admit: func(_ *Spec, c Config) (bool, error) {
			cc := c.(*collective)
			return true, cmp.Or(cc.Validate(), cc.Faults.Validate(cc.Config))
		},
		NewWorker: func() Worker { return collectiveWorker{} },
		Memory: func(c Config) int64 {
			cc := c.(*collective)
			return cc.MemoryBytes() + cc.Faults.Bytes(cc.Config)
		},
	})
}

// collective is a point of the collectives model: a configuration and its
// faults, their parameters bound to their fields.
type collective struct {
	collectives.Config
	Faults collectives.Faults
	set    param.Set
}

// newCollective returns a configuration at the parameters' defaults. An
// algo its grid leaves unset is every algorithm of the operation.
func newCollective() *collective {
	c := &collective{Config: collectives.Default()}
	s, maxInt := &c.set, math.MaxInt32
	s.Var(enum[collectives.Op]{&c.Op, collectives.Ops}, "op", nameList(collectives.Ops), "collective operation")
	s.String(&c.Algo, "algo", "", algorithms, "algorithm")
	s.Var(enum[topology.Kind]{&c.Topology, topology.Kinds}, "topology", nameList(topology.Kinds), "network").Instance = true
	s.Int(&c.P, "p", 16, 1, maxInt, "nodes").Instance = true
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
	s.Int(&c.Root, "root", 0, 0, maxInt, "root of oab, mc, oas, gather and reduce")
	s.Bind(param.Param{Name: "dests", Doc: "multicast destinations, comma-separated (none: half the other nodes, drawn per trial)", Type: param.Text,
		Norm: func(v string) (string, error) {
			ds, err := collectives.ParseDests(v)
			return collectives.FormatDests(ds), err
		}}, destsValue{&c.Dests})
	s.Int(&c.Shift, "shift", 1, 0, maxInt, "shift amount of shift, 1 … p−1")
	s.Int(&c.Pieces, "pieces", 0, 0, maxInt, "pieces of a pipelined broadcast (0: the algorithm's default)")
	c.Faults.Draw.Bind(s)
	s.Bind(detours.Param, &c.Faults.Detours)
	return c
}

// Collective returns the configuration and the faults of a point of the
// collectives model.
func (p Point) Collective() (collectives.Config, collectives.Faults) {
	c := p.Config.(*collective)
	return c.Config, c.Faults
}

func (c *collective) Set(name, v string) error { return c.set.Set(name, v) }
func (c *collective) Get(name string) string   { return c.set.Get(name) }

// Key names the cube and how its edges fail (the parameters marked
// Instance): the operations, algorithms, cost models and detour strategies
// of one experiment draw the same data and faults trial by trial.
func (c *collective) Key() string {
	var kv []string
	for _, p := range c.set.Params() {
		if p.Instance {
			kv = append(kv, p.Name+"="+c.Get(p.Name))
		}
	}
	return strings.Join(kv, "/")
}

func (c *collective) Clone() Config {
	d := newCollective()
	d.Config, d.Faults = c.Config, c.Faults
	d.Dests = slices.Clone(c.Dests)
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

// destsValue is a multicast set as a parameter's variable.
type destsValue struct{ v *[]int }

func (d destsValue) String() string { return collectives.FormatDests(*d.v) }

func (d destsValue) Set(s string) (err error) {
	*d.v, err = collectives.ParseDests(s)
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

// Trial runs the point's operation on the trial's data (drawn from its
// seed) and cube (drawn from its stream). A faulty cube whose strategy finds
// no complete detour system gives a row without measures; a result not as
// the operation defines fails the run.
func (collectiveWorker) Trial(_ *Spec, p *Point, t Trial) (any, int64, error) {
	c := p.Config.(*collective)
	cfg := c.Config
	cfg.Seed = t.Seed
	row, err := collectives.MeasureFaulty(cfg, c.Faults, t.Rand)
	if err != nil {
		return nil, 0, err
	}
	if !row.OK && (row.Faulty == nil || row.Faulty.Gamma >= 0) {
		return nil, 0, fmt.Errorf("%v %s on p=%d: %v", row.Op, row.Algo, row.P, row.Err)
	}
	row.Trial = t.Index
	return &row, 0, nil // its hops are message-hops, in the table
}

// collectiveCount is the rows of the collectives table of point p in
// shard sh: one per trial.
func collectiveCount(s *Spec, _ *Point, sh Shard) (int64, bool) {
	if s.once() {
		return 1, true
	}
	return int64(sh.Count(s.Trials)), true
}

// collectiveSchema is the schema of the collectives table: the columns of
// a row, strings, integers (int64, the seed uint64), booleans, and numbers
// (float64).
func collectiveSchema() *arrow.Schema {
	cols := (collectives.Row{}).Columns()
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: c.Name, Type: arrowOf(c.Value), Nullable: c.Nullable}
	}
	return arrow.NewSchema(fields, nil)
}

// collectiveRows appends the row of one trial, a value that is none as
// null.
func collectiveRows(b *array.RecordBuilder, _ *Point, _ int, out any) {
	for i, c := range out.(*collectives.Row).Columns() {
		if c.Null {
			b.Field(i).AppendNull()
			continue
		}
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
			fb.Append(c.Value.(float64))
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

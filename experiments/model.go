package experiments

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/param"
)

// A Model is what an experiment measures: its parameters (the grid axes),
// how one trial at a grid point runs, and the tables its trials fill. The
// runner (Spec, Runner, Merge, Verify) does the rest for every model:
// grids, flags, shards, resumption, files and their checks. Models
// register by name (Register); a spec names its model (model:, default
// routing).
type Model struct {
	Name, Doc string
	// Params are the parameters, the grid axes in expansion order.
	Params []*param.Param
	// Required names the axes a spec's grid must set. Point.String names
	// them and those of Named always, the other axes where they are not at
	// their default.
	Required, Named []string
	// Keys names the spec keys of its own it takes (packet_trials,
	// node_trials, draw_only); a spec of another model may not set them.
	Keys []string
	// Partition is the default partition of its tables (the spec's
	// partition: replaces it).
	Partition []string
	// Tables are the tables its trials fill; the first is the default.
	Tables []*Table
	// Once says that a point runs once, with nothing random to draw:
	// its specs set no trials (Spec.Trials is 1), and shard i of k holds
	// the points numbered i mod k instead of the trials.
	Once bool
	// TrialsOptional says that its specs may leave out trials: a spec of
	// one trial runs each point once, as trial 0, sharded as Once says;
	// more trials run and shard as any model's.
	TrialsOptional bool
	// SkipInvalid is the default of a spec's skip_invalid.
	SkipInvalid bool
	// New returns a configuration at every parameter's default.
	New func() Config
	// Each, if set, returns the values that an axis a grid leaves unset
	// takes at c, the axes before it set, or nil for its default.
	Each func(c Config, axis string) []string
	// Admit reports why spec s cannot run configuration c, and sets in c
	// what s asks of every trial; skippable says that c is merely one the
	// model does not run (skip_invalid skips it).
	Admit func(s *Spec, c Config) (skippable bool, err error)
	// NewWorker returns the state of one worker's trials.
	NewWorker func() Worker
	// Memory, if set, estimates the bytes one trial of c needs.
	Memory func(c Config) int64
	// Work, if set, estimates the effort of one trial of c, for progress
	// bars (default 1).
	Work func(c Config) int64
	// Apart lists the axes along which the dry run calibrates points apart
	// (Spec.family): Work changes along them, but not as the CPU time does.
	Apart []string
}

// A Config is the configuration of one grid point, its parameters bound
// to its fields (param.Set).
type Config interface {
	// Set sets the named parameter to v (as param.Set.Set).
	Set(name, v string) error
	// Get returns the value of the named parameter, as Set takes it.
	Get(name string) string
	// Key names the instance family of the configuration: trial streams
	// derive from it and the experiment's name (TrialSeed).
	Key() string
	// Clone returns a copy that shares nothing that Set changes.
	Clone() Config
}

// A Worker runs one worker's trials, reusing its buffers.
type Worker interface {
	// Trial runs trial t at point p of spec s and returns what it leaves
	// for the tables and the packet-hops it made.
	Trial(s *Spec, p *Point, t Trial) (out any, hops int64, err error)
}

// Trial is one trial of a point: its index, its seed (recorded with it)
// and its random stream (TrialRand).
type Trial struct {
	Index int
	Seed  uint64
	Rand  *rand.Rand
}

// A Table is a table a model fills: its columns (dataset/SCHEMA.md), the
// rows of one trial, and how many rows a shard writes.
type Table struct {
	Name   string
	Schema *arrow.Schema
	// Rows appends the rows of trial at point p, whose worker returned
	// out, to b.
	Rows func(b *array.RecordBuilder, p *Point, trial int, out any)
	// Count returns the rows that shard sh of a run of s writes for p,
	// and false if s does not determine them.
	Count func(s *Spec, p *Point, sh Shard) (int64, bool)
}

var (
	modelsMu sync.RWMutex
	models   = make(map[string]*Model)
)

// Register makes a model available by its name. It panics if the name is
// taken or the model incomplete, as database/sql.Register does.
func Register(m *Model) {
	modelsMu.Lock()
	defer modelsMu.Unlock()
	switch {
	case m == nil || m.New == nil || m.NewWorker == nil || m.Admit == nil || len(m.Tables) == 0:
		panic("experiments: Register of an incomplete model")
	case models[m.Name] != nil:
		panic("experiments: Register called twice for model " + m.Name)
	}
	models[m.Name] = m
}

// LookupModel returns the model registered as name.
func LookupModel(name string) (*Model, error) {
	modelsMu.RLock()
	defer modelsMu.RUnlock()
	if m := models[name]; m != nil {
		return m, nil
	}
	return nil, fmt.Errorf("unknown model %q (want %s)", name, strings.Join(modelNames(), ", "))
}

// Models returns the names of the registered models, sorted.
func Models() []string {
	modelsMu.RLock()
	defer modelsMu.RUnlock()
	return modelNames()
}

func modelNames() []string {
	names := make([]string, 0, len(models))
	for n := range models {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Param returns the model's parameter of that name.
func (m *Model) Param(name string) (*param.Param, error) {
	i := slices.IndexFunc(m.Params, func(p *param.Param) bool { return p.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("model %s has no parameter %q (want %s)", m.Name, name, strings.Join(m.Axes(), ", "))
	}
	return m.Params[i], nil
}

// Axes returns the names of the parameters in expansion order.
func (m *Model) Axes() []string {
	names := make([]string, len(m.Params))
	for i, p := range m.Params {
		names[i] = p.Name
	}
	return names
}

// TableNames returns the names of the model's tables.
func (m *Model) TableNames() []string {
	names := make([]string, len(m.Tables))
	for i, t := range m.Tables {
		names[i] = t.Name
	}
	return names
}

// table returns the model's table of that name, or nil.
func (m *Model) table(name string) *Table {
	for _, t := range m.Tables {
		if t.Name == name {
			return t
		}
	}
	return nil
}

func (m *Model) work(c Config) int64 {
	if m.Work == nil {
		return 1
	}
	return m.Work(c)
}

// arrowType is the column type of a parameter's values.
var arrowType = map[param.Type]arrow.DataType{
	param.Int:   arrow.PrimitiveTypes.Int32,
	param.Float: arrow.PrimitiveTypes.Float64,
	param.Name:  arrow.BinaryTypes.String,
	param.Text:  arrow.BinaryTypes.String,
	param.Bool:  arrow.FixedWidthTypes.Boolean,
}

// Flags defines a flag for each of the model's parameters in fs, with its
// doc and default, that takes one value, a list or a range
// (param.Param.ParseValues), and returns them by name.
func (m *Model) Flags(fs *flag.FlagSet) map[string]*param.Values {
	values := make(map[string]*param.Values, len(m.Params))
	for _, p := range m.Params {
		values[p.Name] = &param.Values{Param: p}
		fs.Var(values[p.Name], p.Name, p.Usage())
	}
	return values
}

// NewSpec returns a spec of model m without a file: the trials 0 …
// trials−1 of every combination of values (by parameter, as ParseValues
// gives them; a parameter without values takes its default), from the
// master seed, under the experiment's name.
func NewSpec(m *Model, name string, seed uint64, trials int, values map[string][]string) (*Spec, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	s := &Spec{Name: name, Model: m, Grid: Grid{model: m}, Seed: seed, Tables: m.TableNames()[:1], Partition: m.Partition,
		Shards: 1, SkipInvalid: m.SkipInvalid, Trials: 1, at: make(map[string]place)}
	for _, p := range m.Params {
		vs, ok := values[p.Name]
		if !ok {
			continue
		}
		for i, v := range vs {
			if err := p.Check(v); err != nil {
				return nil, err
			}
			vs[i] = p.Canon(v)
		}
		s.Grid.set(p.Name, vs)
	}
	s, err := s.WithTrials(trials)
	if err != nil {
		return nil, err
	}
	if err := s.expand(); err != nil {
		return nil, errors.New(err.(*SpecError).Msg)
	}
	return s, nil
}

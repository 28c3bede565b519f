package experiments

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"gopkg.in/yaml.v3"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/topology"
)

// TableCollectives holds one row per run of a collectives spec
// (dataset/SCHEMA.md).
const TableCollectives = "collectives"

// CollectiveSpec is an experiment over collective operations (package
// collectives): a grid of operations, algorithms, networks, sizes, port
// and cost models, every combination an algorithm runs on run once, on
// random data drawn from the seed, into the table collectives. The runs
// are deterministic: there are no trials.
type CollectiveSpec struct {
	Name, Description string
	Seed              uint64
	Grid              map[string][]string // axis → values
	File, Text        string
}

// collectiveAxes are the grid axes of a collectives spec and their
// defaults ("" for algo: every algorithm of the operation).
var collectiveAxes = []struct{ name, def string }{
	{"op", "oab"}, {"algo", ""}, {"topology", "cube"}, {"p", "16"}, {"port", "one"}, {"model", "sf"},
	{"startup", "message"}, {"m", "1"}, {"ts", "1"}, {"tw", "1"}, {"th", "0"}, {"q", "1"}, {"pieces", "0"},
}

// collectiveSpecs holds the collectives specs shipped with the harness.
//
//go:embed collectives/*.yaml
var collectiveSpecs embed.FS

// CollectiveNames returns the names of the embedded collectives specs.
func CollectiveNames() []string {
	files, _ := fs.Glob(collectiveSpecs, "collectives/*.yaml")
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(path.Base(f), ".yaml")
	}
	return names
}

// LookupCollectives returns the embedded collectives spec of the given
// name, and false if there is none.
func LookupCollectives(name string) (*CollectiveSpec, bool, error) {
	if !slices.Contains(CollectiveNames(), name) {
		return nil, false, nil
	}
	file := "collectives/" + name + ".yaml"
	text, _ := collectiveSpecs.ReadFile(file)
	s, err := ParseCollectives(path.Join("experiments", file), text)
	return s, true, err
}

// ParseCollectives parses a collectives spec: name, description, seed and
// a grid over the axes op, algo, topology, p, port, model, startup, m, ts,
// tw, th, q and pieces, each a value or a list. Errors are *SpecError.
func ParseCollectives(file string, text []byte) (*CollectiveSpec, error) {
	p := nodes{file}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(text)).Decode(&doc); err != nil {
		return nil, yamlError(file, err)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	s := &CollectiveSpec{File: file, Text: string(text), Grid: make(map[string][]string)}
	seen := make(map[string]bool)
	err := p.mapping(root, "", []string{"name", "description", "seed", "grid"}, func(key, full string, _, v *yaml.Node) error {
		seen[key] = true
		var err error
		switch key {
		case "name":
			if s.Name, err = p.str(v, key); err == nil && !nameRE.MatchString(s.Name) {
				err = p.errf(v, key, "%q: want letters, digits, '.', '_' and '-'", s.Name)
			}
		case "description":
			s.Description, err = p.str(v, key)
		case "seed":
			s.Seed, err = p.unsigned(v, key)
		case "grid":
			err = p.collectiveGrid(v, key, s.Grid)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, key := range []string{"name", "seed", "grid"} {
		if !seen[key] {
			return nil, p.errf(root, key, "missing")
		}
	}
	if len(s.Configs()) == 0 {
		return nil, p.errf(root, "grid", "no algorithm runs on any point of the grid")
	}
	return s, nil
}

// collectiveGrid reads the grid's axes, each value checked by the
// collectives package's parsers.
func (p nodes) collectiveGrid(n *yaml.Node, path string, grid map[string][]string) error {
	names := make([]string, len(collectiveAxes))
	for i, a := range collectiveAxes {
		names[i] = a.name
	}
	return p.mapping(n, path, names, func(key, full string, _, v *yaml.Node) error {
		vs, err := p.values(v, full, func(it *yaml.Node) (string, error) {
			if it.Kind != yaml.ScalarNode {
				return "", p.errf(it, full, "want a value, got %s", kind(it))
			}
			c := collectives.Config{}
			if err := setAxis(&c, key, it.Value); err != nil {
				return "", p.errf(it, full, "%v", err)
			}
			return it.Value, nil
		})
		grid[key] = vs
		return err
	})
}

// setAxis sets the axis name of c to v.
func setAxis(c *collectives.Config, name, v string) (err error) {
	num := func(dst *float64) error {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x < 0 || math.IsInf(x, 0) {
			return fmt.Errorf("%s=%s: want a number ≥ 0", name, v)
		}
		*dst = x
		return nil
	}
	integer := func(dst *int) error {
		x, err := strconv.Atoi(v)
		if err != nil || x < 0 {
			return fmt.Errorf("%s=%s: want an integer ≥ 0", name, v)
		}
		*dst = x
		return nil
	}
	switch name {
	case "op":
		c.Op, err = collectives.ParseOp(v)
	case "algo":
		c.Algo = v
	case "topology":
		c.Topology, err = topology.ParseKind(v)
	case "port":
		c.Port, err = collectives.ParsePort(v)
	case "model":
		c.Model, err = collectives.ParseModel(v)
	case "startup":
		c.Startup, err = collectives.ParseStartup(v)
	case "p":
		err = integer(&c.P)
	case "m":
		err = integer(&c.M)
	case "q":
		err = integer(&c.Shift)
	case "pieces":
		err = integer(&c.Pieces)
	case "ts":
		err = num(&c.Ts)
	case "tw":
		err = num(&c.Tw)
	case "th":
		err = num(&c.Th)
	}
	return err
}

// Configs expands the grid in axis order, the last varying fastest, and
// keeps the combinations an algorithm runs on (collectives.Config.Validate).
// Without an algo axis every algorithm of the operation runs.
func (s *CollectiveSpec) Configs() []collectives.Config {
	cs := []collectives.Config{{Seed: s.Seed}}
	for _, a := range collectiveAxes {
		vs, ok := s.Grid[a.name]
		if !ok {
			vs = []string{a.def}
		}
		var next []collectives.Config
		for _, c := range cs {
			values := vs
			if a.name == "algo" && !ok {
				values = collectives.Names(c.Op)
			}
			for _, v := range values {
				d := c
				if setAxis(&d, a.name, v) == nil {
					next = append(next, d)
				}
			}
		}
		cs = next
	}
	return slices.DeleteFunc(cs, func(c collectives.Config) bool { return c.Validate() != nil })
}

// RunCollectives runs every configuration of s on workers goroutines and
// writes the table collectives and the manifest of DIR/<name>, replacing
// a previous run's.
func RunCollectives(ctx context.Context, s *CollectiveSpec, dir string, workers int) (rows int, err error) {
	root := path.Join(dir, s.Name)
	if err := checkWritable(root); err != nil {
		return 0, err
	}
	started := time.Now()
	cs := s.Configs()
	out := make([]collectives.Row, len(cs))
	err = Parallel(ctx, len(cs), workers, func(_ *routers.Sim, j int) error {
		row, err := collectives.Measure(cs[j])
		if err != nil {
			return fmt.Errorf("%s: %w", s.Name, err)
		}
		if !row.OK {
			return fmt.Errorf("%s: %v %s on p=%d: %v", s.Name, row.Op, row.Algo, row.P, row.Err)
		}
		out[j] = row
		return nil
	})
	if err != nil {
		return 0, err
	}
	schema, rec := collectiveRecord(out)
	defer rec.Release()
	m := dataset.Manifest{Experiment: s.Name, Description: s.Description, Spec: s.Text, SpecSHA256: dataset.SpecDigest(s.Text),
		MasterSeed: s.Seed, Trials: 1, Harness: dataset.CurrentProvenance(), TieBreak: engine.TieBreak, Started: started}
	part := dataset.Part{Dir: dir, Experiment: s.Name, Table: TableCollectives, Shard: dataset.ShardName(0, 1)}
	removeTemps(part.Path())
	if err := dataset.WritePartition(part.Path(), nil, schema, []arrow.RecordBatch{rec}, m.FileMeta(TableCollectives, part.Shard, int64(len(out)))); err != nil {
		return 0, err
	}
	files, err := dataset.Scan(dir, s.Name)
	if err != nil {
		return 0, err
	}
	m.Finished, m.Shards, m.Tables = time.Now(), 1, dataset.Summarize(files)
	return len(out), dataset.WriteManifest(dir, s.Name, m)
}

// wantFiles returns the one file of a run of s, by path.
func (s *CollectiveSpec) wantFiles() map[string]wantFile {
	p := dataset.Part{Table: TableCollectives, Shard: dataset.ShardName(0, 1)}
	return map[string]wantFile{p.Rel(): {TableCollectives, "the table of every run of the spec", int64(len(s.Configs())), true, collectiveSchema()}}
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

// collectiveRecord builds the table from the rows' columns, NaN as null
// in the nullable ones.
func collectiveRecord(rows []collectives.Row) (*arrow.Schema, arrow.RecordBatch) {
	schema := collectiveSchema()
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	for _, r := range rows {
		for i, c := range r.Columns() {
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
	return schema, b.NewRecordBatch()
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

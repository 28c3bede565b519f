package experiments

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/hyperroute/hyperroute/dataset"
)

// layoutSpec is a small grid over every axis, recording three tables; the
// partition line is appended.
const layoutSpec = `name: lay
grid:
  n: [3, 4]
  mu: [1, 2]
  router: [ecube, valiant]
  port: [single, all]
  queue: [priority, fifo]
  pattern: [random, transpose]
trials: 2
seed: 11
tables: [trials, packets, loads]
packet_trials: 1
`

func names(fields []arrow.Field) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Name
	}
	return out
}

// fileColumns returns the names of the columns stored in a Parquet file and
// its key/value metadata.
func fileColumns(t *testing.T, path string) ([]string, map[string]string) {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var cols []string
	sc := r.MetaData().Schema
	for i := range sc.NumColumns() {
		cols = append(cols, sc.Column(i).Name())
	}
	meta := make(map[string]string)
	kv := r.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		meta[k] = kv.Values()[i]
	}
	return cols, meta
}

// TestPartitionLayouts runs one grid with several partition keys, none
// included: the part files leave the partition columns out (the hive
// convention) and record the partition, an unpartitioned run keeps every
// column in one file per table, and dataset.ReadDataset reads the same
// table, column for column and row for row, from every layout.
func TestPartitionLayouts(t *testing.T) {
	layouts := [][]string{{}, {"n"}, {"router", "n", "port"}, {"pattern", "mu", "queue"}}
	wantLines := map[string][]string{}
	for i, keys := range layouts {
		spec := layoutSpec + "partition: [" + strings.Join(keys, ", ") + "]\n"
		s := mustParse(t, spec)
		if !slices.Equal(s.Partition, keys) {
			t.Fatalf("partition %q, want %q", s.Partition, keys)
		}
		dir := t.TempDir()
		run(t, s, dir, 2, Unsharded)
		for _, u := range s.Units() {
			for _, table := range s.Tables {
				path := s.Part(dir, table, u, Unsharded).Path()
				cols, meta := fileColumns(t, path)
				full := names(tables[table].schema.Fields())
				want := slices.DeleteFunc(slices.Clone(full), func(c string) bool { return slices.Contains(keys, c) })
				if !slices.Equal(cols, want) {
					t.Errorf("%s: columns %q, want %q", path, cols, want)
				}
				if len(keys) == 0 {
					if filepath.Dir(path) != filepath.Join(dir, "lay", table) {
						t.Errorf("unpartitioned file %s not in the table directory", path)
					}
					if _, ok := meta[dataset.MetaPartition]; ok {
						t.Errorf("%s: records partition %q", path, meta[dataset.MetaPartition])
					}
				} else if meta[dataset.MetaPartition] != u.String() {
					t.Errorf("%s: %s = %q, want %q", path, dataset.MetaPartition, meta[dataset.MetaPartition], u.String())
				}
			}
		}
		for _, table := range s.Tables {
			cols, rows := readRows(t, dir, "lay", table)
			if full := names(tables[table].schema.Fields()); !slices.Equal(cols, full) {
				t.Errorf("partition %q: %s read with columns %q, want %q", keys, table, cols, full)
			}
			l := sorted(lines(cols, rows))
			if i == 0 {
				wantLines[table] = l
				continue
			}
			if !slices.Equal(l, wantLines[table]) {
				t.Errorf("partition %q: %s rows differ from the unpartitioned run", keys, table)
			}
		}
	}
}

// TestReadFileOfPart reads one part file with dataset.ReadFile, also
// copied out of its directory: the grid columns are back with the grid
// types, in their places.
func TestReadFileOfPart(t *testing.T) {
	s := mustParse(t, layoutSpec+"partition: [port, n]\n")
	dir := t.TempDir()
	run(t, s, dir, 1, Unsharded)
	path := s.Part(dir, TableTrials, s.Units()[0], Unsharded).Path()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lone := filepath.Join(t.TempDir(), "copy.parquet")
	if err := os.WriteFile(lone, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, lone} {
		tbl, meta, err := dataset.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range tables[TableTrials].schema.Fields() {
			got := tbl.Schema().Field(i)
			if got.Name != f.Name || !arrow.TypeEqual(got.Type, f.Type) || got.Nullable != f.Nullable {
				t.Errorf("%s: field %d = %s, want %s", p, i, got, f)
			}
		}
		if meta[dataset.MetaPartition] != "port=single/n=3" {
			t.Errorf("%s: partition %q", p, meta[dataset.MetaPartition])
		}
		tbl.Release()
	}
}

// TestPartitionKeysAreGridColumns: the spec parser allows only grid axes as
// partition keys, and every table holds every axis as a column, so the
// runner can always leave a partition column out of the files.
func TestPartitionKeysAreGridColumns(t *testing.T) {
	for name, tb := range tables {
		cols := names(tb.schema.Fields())
		for _, a := range Axes {
			if !slices.Contains(cols, a) {
				t.Errorf("table %s has no column for axis %q", name, a)
			}
		}
	}
	for _, bad := range []string{"trial", "seed", "T", "N"} {
		if _, err := Parse("x.yaml", []byte(validSpec+"partition: ["+bad+"]\n")); err == nil || !strings.Contains(err.Error(), "unknown partition key") {
			t.Errorf("partition: [%s]: %v", bad, err)
		}
	}
	if _, err := Parse("x.yaml", []byte(validSpec+"partition: [n, n]\n")); err == nil || !strings.Contains(err.Error(), `"n" listed twice`) {
		t.Errorf("partition: [n, n]: %v", err)
	}
}

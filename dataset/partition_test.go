package dataset

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// gridSchema is laid out like the runner's tables: string and int32 grid
// columns first, then the values of a row.
var gridSchema = arrow.NewSchema([]arrow.Field{
	{Name: "router", Type: arrow.BinaryTypes.String},
	{Name: "port", Type: arrow.BinaryTypes.String},
	{Name: "n", Type: arrow.PrimitiveTypes.Int32},
	{Name: "mu", Type: arrow.PrimitiveTypes.Int32},
	{Name: "trial", Type: arrow.PrimitiveTypes.Int32},
	{Name: "seed", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "via", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
}, nil)

// gridBatch returns rows [row0, row0+k) of router, port, n, mu and values
// derived from the row number.
func gridBatch(router, port string, n, mu int32, row0, k int) arrow.RecordBatch {
	b := array.NewRecordBuilder(memory.DefaultAllocator, gridSchema)
	defer b.Release()
	for i := row0; i < row0+k; i++ {
		b.Field(0).(*array.StringBuilder).Append(router)
		b.Field(1).(*array.StringBuilder).Append(port)
		b.Field(2).(*array.Int32Builder).Append(n)
		b.Field(3).(*array.Int32Builder).Append(mu)
		b.Field(4).(*array.Int32Builder).Append(int32(i))
		b.Field(5).(*array.Uint64Builder).Append(uint64(i) << 40)
		if i%3 == 0 {
			b.Field(6).AppendNull()
		} else {
			b.Field(6).(*array.Int32Builder).Append(int32(i * 7))
		}
	}
	return b.NewRecordBatch()
}

// fileSchema returns the Arrow schema stored in a Parquet file, without
// putting anything back.
func fileSchema(t *testing.T, path string) *arrow.Schema {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	fr, err := pqarrow.NewFileReader(r, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	return tbl.Schema()
}

func names(s *arrow.Schema) []string {
	var out []string
	for _, f := range s.Fields() {
		out = append(out, f.Name)
	}
	return out
}

// strip returns tbl without its schema metadata.
func strip(tbl arrow.Table) arrow.Table {
	cols := make([]arrow.Column, tbl.NumCols())
	for i := range cols {
		cols[i] = *tbl.Column(i)
	}
	return array.NewTable(arrow.NewSchema(tbl.Schema().Fields(), nil), cols, tbl.NumRows())
}

// sameTable fails unless a and b have equal schemas (field metadata
// included) and equal columns.
func sameTable(t *testing.T, what string, a, b arrow.Table) {
	t.Helper()
	if !a.Schema().Equal(b.Schema()) {
		t.Fatalf("%s: schema\n%s\nwant\n%s", what, a.Schema(), b.Schema())
	}
	if a.NumRows() != b.NumRows() {
		t.Fatalf("%s: %d rows, want %d", what, a.NumRows(), b.NumRows())
	}
	for i := range int(a.NumCols()) {
		if !array.ChunkedEqual(a.Column(i).Data(), b.Column(i).Data()) {
			t.Errorf("%s: column %s differs", what, a.Schema().Field(i).Name)
		}
	}
}

// TestWritePartition writes the same rows as one self-contained file and as
// the part file of partition n=8/port=all/load=0.5: the part file lacks n
// and port (load is no column), records its partition, and reads back as
// the same table, also when copied out of its directory.
func TestWritePartition(t *testing.T) {
	dir := t.TempDir()
	recs := []arrow.RecordBatch{gridBatch("valiant", "all", 8, 2, 0, 5), gridBatch("valiant", "all", 8, 2, 5, 5)}
	whole := filepath.Join(dir, "whole.parquet")
	if err := WriteParquet(whole, gridSchema, recs, sampleMeta); err != nil {
		t.Fatal(err)
	}
	keys := []KV{{"n", "8"}, {"port", "all"}, {"load", "0.5"}}
	p := Part{Dir: dir, Experiment: "e", Table: "trials", Keys: keys, Shard: "0-of-1"}
	if err := WritePartition(p.Path(), keys, gridSchema, recs, sampleMeta); err != nil {
		t.Fatal(err)
	}

	if got, want := names(fileSchema(t, p.Path())), []string{"router", "mu", "trial", "seed", "via"}; !slices.Equal(got, want) {
		t.Errorf("columns in the file = %q, want %q", got, want)
	}
	if got, want := names(fileSchema(t, whole)), names(gridSchema); !slices.Equal(got, want) {
		t.Errorf("columns of WriteParquet's file = %q, want %q", got, want)
	}

	want, wantMeta, err := ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	defer want.Release()
	if _, ok := wantMeta[MetaPartition]; ok {
		t.Errorf("WriteParquet recorded %s", MetaPartition)
	}
	got, meta, err := ReadFile(p.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer got.Release()
	if meta[MetaPartition] != "n=8/port=all/load=0.5" {
		t.Errorf("%s = %q", MetaPartition, meta[MetaPartition])
	}
	var cols []PartitionColumn
	if err := json.Unmarshal([]byte(meta[MetaPartitionColumns]), &cols); err != nil {
		t.Fatal(err)
	}
	if wantCols := []PartitionColumn{{"port", "utf8", 1, false}, {"n", "int32", 2, false}}; !slices.Equal(cols, wantCols) {
		t.Errorf("%s = %+v, want %+v", MetaPartitionColumns, cols, wantCols)
	}
	for k, v := range sampleMeta {
		if meta[k] != v {
			t.Errorf("meta[%q] = %q, want %q", k, meta[k], v)
		}
	}
	if kv, err := Partition(meta); err != nil || !slices.Equal(kv, keys) {
		t.Errorf("Partition = %v, %v; want %v", kv, err, keys)
	}
	// Apart from the metadata, the tables are the same.
	sameTable(t, "read back", strip(got), strip(want))

	// A copy outside the hive directories still reads as the same table.
	b, err := os.ReadFile(p.Path())
	if err != nil {
		t.Fatal(err)
	}
	lone := filepath.Join(dir, "lone.parquet")
	if err := os.WriteFile(lone, b, 0o644); err != nil {
		t.Fatal(err)
	}
	copied, _, err := ReadFile(lone)
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Release()
	sameTable(t, "copy", strip(copied), strip(want))

	// Rewriting what ReadFile returned gives the same file contents.
	rec := array.NewTableReader(got, -1)
	var again []arrow.RecordBatch
	for rec.Next() {
		rec.RecordBatch().Retain()
		again = append(again, rec.RecordBatch())
	}
	rec.Release()
	if err := WriteParquet(p.Path(), got.Schema(), again, meta); err == nil || !strings.Contains(err.Error(), "set by WritePartition") {
		t.Errorf("WriteParquet with the partition metadata: %v", err)
	}
	if err := WritePartition(p.Path(), keys, got.Schema(), again, meta); err != nil {
		t.Fatal(err)
	}
	rewritten, _, err := ReadFile(p.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer rewritten.Release()
	sameTable(t, "rewritten", rewritten, got)
}

func TestWritePartitionNoKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e", "trials", "part-0-of-1.parquet")
	if err := WritePartition(path, nil, gridSchema, []arrow.RecordBatch{gridBatch("ecube", "single", 4, 1, 0, 3)}, nil); err != nil {
		t.Fatal(err)
	}
	if got := names(fileSchema(t, path)); !slices.Equal(got, names(gridSchema)) {
		t.Errorf("columns = %q, want all of %q", got, names(gridSchema))
	}
	// Even if the metadata comes from a partitioned file.
	stale := map[string]string{MetaPartition: "n=4", MetaPartitionColumns: "[]", MetaExperiment: "e"}
	if err := WritePartition(path, nil, gridSchema, []arrow.RecordBatch{gridBatch("ecube", "single", 4, 1, 0, 3)}, stale); err != nil {
		t.Fatal(err)
	}
	_, meta, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if meta[MetaExperiment] != "e" {
		t.Errorf("meta = %v", meta)
	}
	if _, ok := meta[MetaPartition]; ok {
		t.Errorf("unpartitioned file records %s = %q", MetaPartition, meta[MetaPartition])
	}
	if _, ok := meta[MetaPartitionColumns]; ok {
		t.Errorf("unpartitioned file records %s", MetaPartitionColumns)
	}
}

func TestWritePartitionErrors(t *testing.T) {
	floats := arrow.NewSchema([]arrow.Field{{Name: "load", Type: arrow.PrimitiveTypes.Float64}}, nil)
	fb := array.NewRecordBuilder(memory.DefaultAllocator, floats)
	fb.Field(0).(*array.Float64Builder).Append(0.5)
	frec := fb.NewRecordBatch()
	for _, tc := range []struct {
		name   string
		keys   []KV
		schema *arrow.Schema
		recs   []arrow.RecordBatch
		want   string
	}{
		{"other value", []KV{{"n", "9"}}, gridSchema, []arrow.RecordBatch{gridBatch("ecube", "all", 8, 1, 0, 2)}, `row 0 holds 8, the partition "9"`},
		{"two values", []KV{{"router", "ecube"}}, gridSchema,
			[]arrow.RecordBatch{gridBatch("ecube", "all", 8, 1, 0, 2), gridBatch("valiant", "all", 8, 1, 2, 2)}, `row 0 holds "valiant"`},
		{"not canonical", []KV{{"n", "08"}}, gridSchema, []arrow.RecordBatch{gridBatch("ecube", "all", 8, 1, 0, 2)}, `the partition "08"`},
		{"nulls", []KV{{"via", "7"}}, gridSchema, []arrow.RecordBatch{gridBatch("ecube", "all", 8, 1, 0, 2)}, "1 nulls"},
		{"float", []KV{{"load", "0.5"}}, floats, []arrow.RecordBatch{frec}, "want an integer, utf8 or bool type"},
		{"repeated key", []KV{{"n", "8"}, {"n", "8"}}, gridSchema, []arrow.RecordBatch{gridBatch("ecube", "all", 8, 1, 0, 2)}, "empty or repeated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "part-0-of-1.parquet")
			err := WritePartition(path, tc.keys, tc.schema, tc.recs, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("WritePartition: %v, want %q", err, tc.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("left %d files behind", len(entries))
			}
		})
	}
	path := filepath.Join(t.TempDir(), "x.parquet")
	for _, k := range []string{MetaPartition, MetaPartitionColumns} {
		if err := WriteParquet(path, sampleSchema, nil, map[string]string{k: "n=8"}); err == nil {
			t.Errorf("WriteParquet with %s: no error", k)
		}
	}
}

// TestReadDatasetPartitioned reads a dataset written by WritePartition
// (partitions n, then port): the same table as the self-contained files of
// the same rows, the partition columns at their positions and types.
func TestReadDatasetPartitioned(t *testing.T) {
	hive, whole := t.TempDir(), t.TempDir()
	for _, n := range []int32{16, 4} {
		for _, port := range []string{"single", "all"} {
			for i := range 2 {
				keys := []KV{{"n", strconv.Itoa(int(n))}, {"port", port}}
				shard := ShardName(i, 2)
				rec := gridBatch("valiant", port, n, 1, 10*i, 3+i)
				p := Part{Dir: hive, Experiment: "e", Table: "trials", Keys: keys, Shard: shard}
				if err := WritePartition(p.Path(), keys, gridSchema, []arrow.RecordBatch{rec}, map[string]string{MetaExperiment: "e"}); err != nil {
					t.Fatal(err)
				}
				p.Dir = whole
				if err := WriteParquet(p.Path(), gridSchema, []arrow.RecordBatch{rec}, map[string]string{MetaExperiment: "e"}); err != nil {
					t.Fatal(err)
				}
				rec.Release()
			}
		}
	}
	got, err := ReadPartial(hive, "e", "trials")
	if err != nil {
		t.Fatal(err)
	}
	defer got.Release()
	want, err := ReadPartial(whole, "e", "trials")
	if err != nil {
		t.Fatal(err)
	}
	defer want.Release()
	if v, _ := got.Schema().Metadata().GetValue(MetaPartitionColumns); v == "" {
		t.Errorf("common metadata lacks %s", MetaPartitionColumns)
	}
	if _, ok := got.Schema().Metadata().GetValue(MetaPartition); ok {
		t.Errorf("common metadata keeps %s, which differs between parts", MetaPartition)
	}
	// Same fields, types, nullability and rows, partitions in order n=4, n=16.
	sameTable(t, "dataset", strip(got), strip(want))
	if f := got.Schema().Field(2); f.Name != "n" || f.Type.ID() != arrow.INT32 || f.Nullable {
		t.Errorf("field 2 = %s, want n: int32", f)
	}

	// A part in the directory of another partition is an error.
	from := Part{Dir: hive, Experiment: "e", Table: "trials", Keys: []KV{{"n", "4"}, {"port", "all"}}, Shard: "0-of-2"}.Path()
	to := Part{Dir: hive, Experiment: "e", Table: "trials", Keys: []KV{{"n", "4"}, {"port", "single"}}, Shard: "0-of-2"}.Path()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPartial(hive, "e", "trials"); err == nil || !strings.Contains(err.Error(), `misplaced: it records table "", partition "n=4/port=all" and shard ""; its path says table "trials", partition "n=4/port=single"`) {
		t.Errorf("moved part: %v", err)
	}
}

func TestWritePartitionMismatchedBatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "part-0-of-1.parquet")
	recs := []arrow.RecordBatch{gridBatch("ecube", "all", 8, 1, 0, 2), sampleBatch(0, 2)}
	if err := WritePartition(path, []KV{{"n", "8"}}, gridSchema, recs, nil); err == nil || !strings.Contains(err.Error(), "record batch 1 has schema") {
		t.Errorf("WritePartition with a batch of another schema: %v", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("file written: %v", err)
	}
}

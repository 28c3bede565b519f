package dataset

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// sampleSchema has one column of each type the harness writes.
var sampleSchema = arrow.NewSchema([]arrow.Field{
	{Name: "i64", Type: arrow.PrimitiveTypes.Int64},
	{Name: "i32", Type: arrow.PrimitiveTypes.Int32},
	{Name: "u64", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "f64", Type: arrow.PrimitiveTypes.Float64},
	{Name: "s", Type: arrow.BinaryTypes.String},
	{Name: "b", Type: arrow.FixedWidthTypes.Boolean},
	{Name: "xs", Type: arrow.ListOf(arrow.PrimitiveTypes.Int32)},
}, nil)

// sampleRow returns the values of row i of sample batches.
func sampleRow(i int64) (int64, int32, uint64, float64, string, bool, []int32) {
	xs := make([]int32, i%3)
	for j := range xs {
		xs[j] = int32(i) + int32(j)
	}
	return -i, int32(i * 3), math.MaxUint64 - uint64(i), float64(i) / 4,
		string(rune('a' + i%26)), i%2 == 0, xs
}

// sampleBatch returns rows [row0, row0+n) of sampleSchema.
func sampleBatch(row0, n int64) arrow.RecordBatch {
	b := array.NewRecordBuilder(memory.DefaultAllocator, sampleSchema)
	defer b.Release()
	for i := row0; i < row0+n; i++ {
		i64, i32, u64, f64, s, bo, xs := sampleRow(i)
		b.Field(0).(*array.Int64Builder).Append(i64)
		b.Field(1).(*array.Int32Builder).Append(i32)
		b.Field(2).(*array.Uint64Builder).Append(u64)
		b.Field(3).(*array.Float64Builder).Append(f64)
		b.Field(4).(*array.StringBuilder).Append(s)
		b.Field(5).(*array.BooleanBuilder).Append(bo)
		lb := b.Field(6).(*array.ListBuilder)
		lb.Append(true)
		lb.ValueBuilder().(*array.Int32Builder).AppendValues(xs, nil)
	}
	return b.NewRecordBatch()
}

var sampleMeta = map[string]string{
	MetaExperiment: "bitonic-q8",
	MetaSpec:       "experiment: bitonic-q8\nn: [4, 8]\n",
	MetaShard:      "0-of-1",
	MetaRows:       "10",
}

func TestReadFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "exp", "tbl", "n=8", "part-0-of-1.parquet")
	recs := []arrow.RecordBatch{sampleBatch(0, 6), sampleBatch(6, 4)}
	if err := WriteParquet(path, sampleSchema, recs, sampleMeta); err != nil {
		t.Fatal(err)
	}
	tbl, meta, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()

	if tbl.NumRows() != 10 {
		t.Errorf("rows = %d, want 10", tbl.NumRows())
	}
	for i, f := range sampleSchema.Fields() {
		got := tbl.Schema().Field(i)
		if got.Name != f.Name || got.Type.ID() != f.Type.ID() {
			t.Errorf("field %d = %s, want %s", i, got, f)
		}
	}
	for k, v := range sampleMeta {
		if meta[k] != v {
			t.Errorf("file meta[%q] = %q, want %q", k, meta[k], v)
		}
		if got, ok := tbl.Schema().Metadata().GetValue(k); !ok || got != v {
			t.Errorf("schema meta[%q] = %q, want %q", k, got, v)
		}
	}
	if _, ok := meta[arrowSchemaKey]; ok {
		t.Errorf("file meta holds %s", arrowSchemaKey)
	}

	rec := array.NewTableReader(tbl, -1)
	defer rec.Release()
	var row int64
	for rec.Next() {
		r := rec.RecordBatch()
		xs := r.Column(6).(*array.List)
		for j := 0; j < int(r.NumRows()); j++ {
			i64, i32, u64, f64, s, bo, wantXs := sampleRow(row)
			if r.Column(0).(*array.Int64).Value(j) != i64 ||
				r.Column(1).(*array.Int32).Value(j) != i32 ||
				r.Column(2).(*array.Uint64).Value(j) != u64 ||
				r.Column(3).(*array.Float64).Value(j) != f64 ||
				r.Column(4).(*array.String).Value(j) != s ||
				r.Column(5).(*array.Boolean).Value(j) != bo {
				t.Errorf("row %d differs", row)
			}
			start, end := xs.ValueOffsets(j)
			gotXs := xs.ListValues().(*array.Int32).Int32Values()[start:end]
			if !slices.Equal(gotXs, wantXs) {
				t.Errorf("row %d: xs = %v, want %v", row, gotXs, wantXs)
			}
			row++
		}
	}
	if row != 10 {
		t.Errorf("read %d rows, want 10", row)
	}
}

// goodFile writes a one-batch sample file at path and returns its bytes.
func goodFile(t *testing.T, path string) []byte {
	t.Helper()
	if err := WriteParquet(path, sampleSchema, []arrow.RecordBatch{sampleBatch(0, 5)}, sampleMeta); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWriteParquetAtomic(t *testing.T) {
	other := arrow.NewSchema([]arrow.Field{{Name: "z", Type: arrow.PrimitiveTypes.Int64}}, nil)
	ob := array.NewRecordBuilder(memory.DefaultAllocator, other)
	ob.Field(0).(*array.Int64Builder).Append(1)
	bad := ob.NewRecordBatch()

	for _, tc := range []struct {
		name     string
		existing bool
		readOnly bool // make the directory unwritable
		recs     []arrow.RecordBatch
	}{
		{name: "mismatched batch", recs: []arrow.RecordBatch{sampleBatch(0, 3), bad}},
		{name: "mismatched batch over file", existing: true, recs: []arrow.RecordBatch{sampleBatch(0, 3), bad}},
		{name: "unwritable dir", readOnly: true, recs: []arrow.RecordBatch{sampleBatch(0, 3)}},
		{name: "unwritable dir over file", existing: true, readOnly: true, recs: []arrow.RecordBatch{sampleBatch(0, 3)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.readOnly && os.Geteuid() == 0 {
				t.Skip("root ignores directory permissions")
			}
			dir := t.TempDir()
			path := filepath.Join(dir, "part-0-of-1.parquet")
			var before []byte
			if tc.existing {
				before = goodFile(t, path)
			}
			if tc.readOnly {
				if err := os.Chmod(dir, 0o500); err != nil {
					t.Fatal(err)
				}
				defer os.Chmod(dir, 0o700)
			}
			if err := WriteParquet(path, sampleSchema, tc.recs, sampleMeta); err == nil {
				t.Fatal("WriteParquet succeeded, want error")
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			wantN := 0
			if tc.existing {
				wantN = 1
			}
			if len(names) != wantN {
				t.Errorf("directory holds %q, want %d file(s)", names, wantN)
			}
			if tc.existing {
				after, err := os.ReadFile(path)
				if err != nil || !bytes.Equal(after, before) {
					t.Errorf("existing file changed (err %v)", err)
				}
				if !Complete(path) {
					t.Error("existing file no longer complete")
				}
			}
		})
	}
}

func TestComplete(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.parquet")
	b := goodFile(t, good)
	half := filepath.Join(dir, "half.parquet")
	if err := os.WriteFile(half, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.parquet")
	if err := os.WriteFile(cut, b[:len(b)-1], 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.parquet")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want bool
	}{
		{good, true},
		{half, false},
		{cut, false},
		{empty, false},
		{filepath.Join(dir, "missing.parquet"), false},
		{dir, false},
	} {
		if got := Complete(tc.path); got != tc.want {
			t.Errorf("Complete(%s) = %t, want %t", filepath.Base(tc.path), got, tc.want)
		}
	}
}

package dataset

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/parquet-go/parquet-go"
)

// TestParquetGoReadsBack reads a file written by WriteParquet with the
// independent parquet-go implementation.
func TestParquetGoReadsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "part-0-of-1.parquet")
	const n = 7
	if err := WriteParquet(path, sampleSchema, []arrow.RecordBatch{sampleBatch(0, 4), sampleBatch(4, n-4)}, sampleMeta); err != nil {
		t.Fatal(err)
	}
	pf := openParquetGo(t, path)

	if pf.NumRows() != n {
		t.Errorf("NumRows = %d, want %d", pf.NumRows(), n)
	}
	for k, v := range sampleMeta {
		if got, ok := pf.Lookup(k); !ok || got != v {
			t.Errorf("footer %q = %q, %t; want %q", k, got, ok, v)
		}
	}
	if _, ok := pf.Lookup(arrowSchemaKey); !ok {
		t.Errorf("footer lacks %s", arrowSchemaKey)
	}

	// Leaf columns: physical kind and logical type.
	want := []struct {
		path    []string
		kind    parquet.Kind
		logical string
	}{
		{[]string{"i64"}, parquet.Int64, ""},
		{[]string{"i32"}, parquet.Int32, ""},
		{[]string{"u64"}, parquet.Int64, "INT(64,false)"},
		{[]string{"f64"}, parquet.Double, ""},
		{[]string{"s"}, parquet.ByteArray, "STRING"},
		{[]string{"b"}, parquet.Boolean, ""},
		{[]string{"xs", "list", "element"}, parquet.Int32, ""},
	}
	cols := pf.Schema().Columns()
	if len(cols) != len(want) {
		t.Fatalf("columns = %q, want %d", cols, len(want))
	}
	for i, w := range want {
		if !slices.Equal(cols[i], w.path) {
			t.Errorf("column %d = %q, want %q", i, cols[i], w.path)
			continue
		}
		leaf, _ := pf.Schema().Lookup(cols[i]...)
		typ := leaf.Node.Type()
		logical := ""
		if lt := typ.LogicalType(); lt != nil {
			logical = lt.String()
		}
		if typ.Kind() != w.kind || (w.logical != "" && logical != w.logical) {
			t.Errorf("column %q: %v %q, want %v %q", w.path, typ.Kind(), logical, w.kind, w.logical)
		}
	}

	// Values, row by row.
	rows := readRowsParquetGo(t, pf, n)
	for i, row := range rows {
		i64, i32, u64, f64, s, b, xs := sampleRow(int64(i))
		row.Range(func(c int, v []parquet.Value) bool {
			ok := true
			switch c {
			case 0:
				ok = v[0].Int64() == i64
			case 1:
				ok = v[0].Int32() == i32
			case 2:
				ok = v[0].Uint64() == u64
			case 3:
				ok = v[0].Double() == f64
			case 4:
				ok = string(v[0].ByteArray()) == s
			case 5:
				ok = v[0].Boolean() == b
			case 6:
				var gotXs []int32
				for _, x := range v {
					if !x.IsNull() {
						gotXs = append(gotXs, x.Int32())
					}
				}
				ok = slices.Equal(gotXs, xs)
			}
			if !ok {
				t.Errorf("row %d column %q = %v", i, cols[c], v)
			}
			return true
		})
	}
}

// TestParquetGoReadsPartition reads a part file written by WritePartition
// with parquet-go: the partition columns are not in the file, the others
// are, with their values, and the footer records the partition.
func TestParquetGoReadsPartition(t *testing.T) {
	keys := []KV{{"n", "8"}, {"port", "all"}}
	path := Part{Dir: t.TempDir(), Experiment: "e", Table: "trials", Keys: keys, Shard: "0-of-1"}.Path()
	const n = 5
	if err := WritePartition(path, keys, gridSchema, []arrow.RecordBatch{gridBatch("valiant", "all", 8, 2, 0, n)}, sampleMeta); err != nil {
		t.Fatal(err)
	}
	pf := openParquetGo(t, path)
	if got, ok := pf.Lookup(MetaPartition); !ok || got != "n=8/port=all" {
		t.Errorf("footer %s = %q, %t", MetaPartition, got, ok)
	}
	if got, ok := pf.Lookup(MetaPartitionColumns); !ok || got != `[{"name":"port","type":"utf8","index":1},{"name":"n","type":"int32","index":2}]` {
		t.Errorf("footer %s = %q, %t", MetaPartitionColumns, got, ok)
	}
	for k, v := range sampleMeta {
		if got, ok := pf.Lookup(k); !ok || got != v {
			t.Errorf("footer %q = %q, %t; want %q", k, got, ok, v)
		}
	}
	var cols []string
	for _, c := range pf.Schema().Columns() {
		cols = append(cols, c[0])
	}
	if want := []string{"router", "mu", "trial", "seed", "via"}; !slices.Equal(cols, want) {
		t.Fatalf("columns = %q, want %q", cols, want)
	}
	rows := readRowsParquetGo(t, pf, n)
	for i, row := range rows {
		ok := string(row[0].ByteArray()) == "valiant" && row[1].Int32() == 2 && row[2].Int32() == int32(i) &&
			row[3].Uint64() == uint64(i)<<40 && row[4].IsNull() == (i%3 == 0)
		if !ok {
			t.Errorf("row %d = %v", i, row)
		}
	}
}

// openParquetGo opens the Parquet file at path with parquet-go; the file is
// closed when the test ends.
func openParquetGo(t *testing.T, path string) *parquet.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	return pf
}

// readRowsParquetGo reads the rows of pf with parquet-go and checks that
// there are n.
func readRowsParquetGo(t *testing.T, pf *parquet.File, n int) []parquet.Row {
	t.Helper()
	r := parquet.NewReader(pf)
	defer r.Close()
	rows := make([]parquet.Row, n+1)
	got, err := r.ReadRows(rows)
	if err != nil && !errors.Is(err, io.EOF) {
		t.Fatal(err)
	}
	if got != n {
		t.Fatalf("read %d rows, want %d", got, n)
	}
	return rows[:n]
}

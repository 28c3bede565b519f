package dataset

import (
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestColumnReaders reads integer columns of two types, a float and a
// string column, and rejects a missing, null-holding or mistyped column.
func TestColumnReaders(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "i32", Type: arrow.PrimitiveTypes.Int32},
		{Name: "u8", Type: arrow.PrimitiveTypes.Uint8},
		{Name: "f", Type: arrow.PrimitiveTypes.Float32},
		{Name: "s", Type: arrow.BinaryTypes.String},
		{Name: "null", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	b.Field(0).(*array.Int32Builder).AppendValues([]int32{-1, 7}, nil)
	b.Field(1).(*array.Uint8Builder).AppendValues([]uint8{200, 3}, nil)
	b.Field(2).(*array.Float32Builder).AppendValues([]float32{0.5, 2}, nil)
	b.Field(3).(*array.StringBuilder).AppendValues([]string{"a", "bc"}, nil)
	b.Field(4).(*array.Int64Builder).AppendValues([]int64{1, 0}, []bool{true, false})
	rec := b.NewRecordBatch()
	defer rec.Release()
	tbl := array.NewTableFromRecords(schema, []arrow.RecordBatch{rec})
	defer tbl.Release()

	if got, err := Int64s(tbl, "i32"); err != nil || !slices.Equal(got, []int64{-1, 7}) {
		t.Errorf("Int64s(i32) = %v, %v", got, err)
	}
	if got, err := Int64s(tbl, "u8"); err != nil || !slices.Equal(got, []int64{200, 3}) {
		t.Errorf("Int64s(u8) = %v, %v", got, err)
	}
	if got, err := Float64s(tbl, "f"); err != nil || !slices.Equal(got, []float64{0.5, 2}) {
		t.Errorf("Float64s(f) = %v, %v", got, err)
	}
	if got, err := Strings(tbl, "s"); err != nil || !slices.Equal(got, []string{"a", "bc"}) {
		t.Errorf("Strings(s) = %v, %v", got, err)
	}
	for _, tc := range []struct {
		read func() error
		want string
	}{
		{func() error { _, err := Int64s(tbl, "missing"); return err }, `want one column "missing", have 0`},
		{func() error { _, err := Int64s(tbl, "null"); return err }, `column "null" has 1 nulls`},
		{func() error { _, err := Int64s(tbl, "s"); return err }, `column "s" is utf8, want an integer type`},
		{func() error { _, err := Float64s(tbl, "i32"); return err }, `column "i32" is int32, want a floating-point type`},
		{func() error { _, err := Strings(tbl, "f"); return err }, `column "f" is float32, want a string`},
	} {
		if err := tc.read(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}

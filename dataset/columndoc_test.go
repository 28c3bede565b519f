package dataset

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

func TestColumnDocsFromSchemaMD(t *testing.T) {
	for _, c := range []struct {
		table, col, unit, in string
	}{
		{"trials", "T", "steps", "run time"},
		{"trials", "n", "", "cube dimension"},
		{"packets", "delay", "steps", "waited in queues"},
		{"loads", "f_sum", "packets", "Σ_v f(p, v)"},
	} {
		d, ok := DocOf(c.table, c.col)
		if !ok {
			t.Errorf("%s.%s: not documented", c.table, c.col)
			continue
		}
		if d.Unit != c.unit || !strings.Contains(d.Description, c.in) {
			t.Errorf("%s.%s: %+v, want unit %q and a description with %q", c.table, c.col, d, c.unit, c.in)
		}
	}
	if _, ok := DocOf("trials", "no such column"); ok {
		t.Error("an undocumented column has a doc")
	}
}

// TestWrittenFieldsDocumented writes a trials file and reads the
// description and unit of its columns back from the Parquet schema.
func TestWrittenFieldsDocumented(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{{Name: "trial", Type: arrow.PrimitiveTypes.Int32}, {Name: "T", Type: arrow.PrimitiveTypes.Int32}}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	b.Field(0).(*array.Int32Builder).Append(0)
	b.Field(1).(*array.Int32Builder).Append(7)
	rec := b.NewRecordBatch()
	defer rec.Release()
	path := filepath.Join(t.TempDir(), "part-0-of-1.parquet")
	if err := WriteParquet(path, schema, []arrow.RecordBatch{rec}, map[string]string{MetaTable: "trials"}); err != nil {
		t.Fatal(err)
	}
	tbl, _, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	f, _ := tbl.Schema().FieldsByName("T")
	if len(f) != 1 {
		t.Fatalf("no column T in %v", tbl.Schema())
	}
	got := func(k string) string {
		if i := f[0].Metadata.FindKey(k); i >= 0 {
			return f[0].Metadata.Values()[i]
		}
		return ""
	}
	want, _ := DocOf("trials", "T")
	if got(FieldDescription) != want.Description || got(FieldUnit) != "steps" {
		t.Errorf("field T: description %q unit %q, want %q and steps", got(FieldDescription), got(FieldUnit), want.Description)
	}
}

// TestColumnDocsCells checks the cells of rows with an empty unit.
func TestColumnDocsCells(t *testing.T) {
	docs := parseColumnDocs("## `x`: rows\n\n| column | Arrow type | unit | meaning |\n|---|---|---|---|\n| `a` | int32 | | the a |\n| `b` | int64 | steps | the b |\n")
	if got := docs["x"]["a"]; got != (ColumnDoc{Description: "the a"}) {
		t.Errorf("a: %+v", got)
	}
	if got := docs["x"]["b"]; got != (ColumnDoc{Description: "the b", Unit: "steps"}) {
		t.Errorf("b: %+v", got)
	}
}

func TestColumnUnits(t *testing.T) {
	for _, c := range []struct{ table, column, want string }{
		{"trials", "T", "steps"},
		{"trials", "hops", "packet-hops"},
		{"trials", "d", "sub-steps"},
		{"trials", "trial", ""},
		{"trials", "n", ""}, // a grid column: no unit column
		{"packets", "delay", "steps"},
		{"messages", "at_dst", "copies"},
		{"nosuch", "T", ""},
	} {
		if got, _ := DocOf(c.table, c.column); got.Unit != c.want {
			t.Errorf("DocOf(%s, %s).Unit = %q, want %q", c.table, c.column, got.Unit, c.want)
		}
	}
}

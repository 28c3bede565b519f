package plots

import (
	"math"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/dataset"
)

// pqRow is a row of a Parquet table as the figures' tests read it, on
// their own, to check what a figure plots: numbers (bools as 0 and 1) in
// num, text in str; a null is absent from both.
type pqRow struct {
	num map[string]float64
	str map[string]string
}

// parquetRows reads every row of DIR/experiment/table with
// dataset.ReadDataset, independently of the figures' column readers.
func parquetRows(t *testing.T, dir, experiment, table string) []pqRow {
	t.Helper()
	tbl, err := dataset.ReadPartial(dir, experiment, table) // the tests write no manifests
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	rows := make([]pqRow, tbl.NumRows())
	for i := range rows {
		rows[i] = pqRow{map[string]float64{}, map[string]string{}}
	}
	for ci, f := range tbl.Schema().Fields() {
		i := 0
		for _, c := range tbl.Column(ci).Data().Chunks() {
			for j := range c.Len() {
				if !c.IsNull(j) {
					setValue(t, rows[i], f, c, j)
				}
				i++
			}
		}
	}
	return rows
}

// setValue sets column f of row r to element j of c.
func setValue(t *testing.T, r pqRow, f arrow.Field, c arrow.Array, j int) {
	switch a := c.(type) {
	case *array.String:
		r.str[f.Name] = a.Value(j)
	case *array.Boolean:
		r.num[f.Name] = map[bool]float64{false: 0, true: 1}[a.Value(j)]
	case *array.Int32:
		r.num[f.Name] = float64(a.Value(j))
	case *array.Int64:
		r.num[f.Name] = float64(a.Value(j))
	case *array.Uint64:
		r.num[f.Name] = float64(a.Value(j))
	case *array.Float64:
		r.num[f.Name] = a.Value(j)
	default:
		t.Fatalf("column %s: type %v not read", f.Name, f.Type)
	}
}

// has reports whether r has the given text values.
func (r pqRow) has(kv ...string) bool {
	for i := 0; i+1 < len(kv); i += 2 {
		if r.str[kv[i]] != kv[i+1] {
			return false
		}
	}
	return true
}

// near reports whether a and b agree to 1e-12, relatively.
func near(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b))
}

// seriesNamed returns the series of o in panel named name, failing if
// there is not exactly one.
func seriesNamed(t *testing.T, o Output, panel, name string) Series {
	t.Helper()
	var found []Series
	for _, s := range o.Series {
		if s.Panel == panel && s.Name == name {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d series %q in panel %q, want 1", len(found), name, panel)
	}
	return found[0]
}

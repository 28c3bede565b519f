package experiments

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/dataset"
)

// row is one row read back from a table, by column name. Integers are
// int64 (uint64 for seed), nulls nil.
type row map[string]any

// readRows reads table of experiment exp under dir with the results
// package (Arrow's Parquet reader), in dataset order.
func readRows(t testing.TB, dir, exp, table string) (cols []string, rows []row) {
	t.Helper()
	tbl, err := dataset.ReadDataset(dir, exp, table)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	for _, f := range tbl.Schema().Fields() {
		cols = append(cols, f.Name)
	}
	rows = make([]row, tbl.NumRows())
	for i := range rows {
		rows[i] = make(row, len(cols))
	}
	for c, name := range cols {
		i := 0
		for _, chunk := range tbl.Column(c).Data().Chunks() {
			for j := range chunk.Len() {
				rows[i][name] = value(chunk, j)
				i++
			}
		}
	}
	return cols, rows
}

func value(a arrow.Array, i int) any {
	if a.IsNull(i) {
		return nil
	}
	switch a := a.(type) {
	case *array.String:
		return a.Value(i)
	case *array.Int32:
		return int64(a.Value(i))
	case *array.Int64:
		return a.Value(i)
	case *array.Uint64:
		return a.Value(i)
	case *array.Float64:
		return a.Value(i)
	case *array.Boolean:
		return a.Value(i)
	}
	panic(fmt.Sprintf("unexpected column type %s", a.DataType()))
}

// lines returns the rows as strings of their values in column order.
func lines(cols []string, rows []row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		var b strings.Builder
		for _, c := range cols {
			fmt.Fprintf(&b, "%v|", r[c])
		}
		out[i] = b.String()
	}
	return out
}

// sorted returns a sorted copy.
func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

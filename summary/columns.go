package summary

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Values returns the column of tbls named name, the tables' rows one after
// the other, as Arrow gives each value for JSON: a string, an integer, a
// float64, a bool, or nil for null. Every table must have the column.
func Values(tbls []arrow.Table, name string) ([]any, error) {
	var out []any
	for _, tbl := range tbls {
		idx := tbl.Schema().FieldIndices(name)
		if len(idx) != 1 {
			return nil, fmt.Errorf("no column %q (the table has %s)", name, strings.Join(Names(tbl), ", "))
		}
		for _, a := range tbl.Column(idx[0]).Data().Chunks() {
			for i := range a.Len() {
				out = append(out, a.GetOneForMarshal(i))
			}
		}
	}
	return out, nil
}

// Names lists the columns of tbl.
func Names(tbl arrow.Table) []string {
	var names []string
	for _, f := range tbl.Schema().Fields() {
		names = append(names, f.Name)
	}
	return names
}

// Number returns v, a value of Values, as a number: NaN for nil, 0 or 1
// for a bool; false for a string.
func Number(v any) (float64, bool) {
	switch x := v.(type) {
	case nil:
		return math.NaN(), true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	case string:
		return 0, false
	}
	switch r := reflect.ValueOf(v); {
	case r.CanInt():
		return float64(r.Int()), true
	case r.CanUint():
		return float64(r.Uint()), true
	case r.CanFloat():
		return r.Float(), true
	}
	return 0, false
}

// Group is the rows at which the key columns hold Key.
type Group struct {
	Key  []any
	Rows []int
}

// GroupBy groups the rows of the columns keys (each a column of Values,
// all of one length) by their values, the groups ordered by the first
// key's values, then the second's, …
func GroupBy(keys ...[]any) []Group {
	if len(keys) == 0 {
		return nil
	}
	index := make(map[string]int)
	var groups []Group
	var b strings.Builder
	for i := range keys[0] {
		b.Reset()
		for _, k := range keys {
			fmt.Fprintf(&b, "%T:%v\x00", k[i], k[i])
		}
		g, ok := index[b.String()]
		if !ok {
			g = len(groups)
			index[b.String()] = g
			key := make([]any, len(keys))
			for j, k := range keys {
				key[j] = k[i]
			}
			groups = append(groups, Group{Key: key})
		}
		groups[g].Rows = append(groups[g].Rows, i)
	}
	slices.SortFunc(groups, func(a, b Group) int {
		for j := range a.Key {
			if c := Compare(a.Key[j], b.Key[j]); c != 0 {
				return c
			}
		}
		return 0
	})
	return groups
}

// Compare orders two values of one column: null first, numbers
// numerically, false before true, strings lexically.
func Compare(a, b any) int {
	if a == nil || b == nil {
		return cmp.Compare(btoi(a != nil), btoi(b != nil))
	}
	if x, ok := a.(string); ok {
		y, _ := b.(string)
		return strings.Compare(x, y)
	}
	x, _ := Number(a)
	y, _ := Number(b)
	return cmp.Compare(x, y)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// At returns the values of xs at rows, leaving out NaN.
func At(xs []float64, rows []int) []float64 {
	out := make([]float64, 0, len(rows))
	for _, i := range rows {
		if !math.IsNaN(xs[i]) {
			out = append(out, xs[i])
		}
	}
	return out
}

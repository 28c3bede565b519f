package results

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// Column returns the chunks of the column of tbl named name, or an error
// if there is not exactly one such column or it holds nulls.
func Column(tbl arrow.Table, name string) ([]arrow.Array, error) {
	idx := tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		return nil, fmt.Errorf("want one column %q, have %d", name, len(idx))
	}
	chunks := tbl.Column(idx[0]).Data().Chunks()
	for _, c := range chunks {
		if c.NullN() > 0 {
			return nil, fmt.Errorf("column %q has %d nulls", name, c.NullN())
		}
	}
	return chunks, nil
}

// Int64s returns an integer column of tbl, of any integer type, as int64
// values.
func Int64s(tbl arrow.Table, name string) ([]int64, error) {
	chunks, err := Column(tbl, name)
	if err != nil {
		return nil, err
	}
	out := make([]int64, 0, tbl.NumRows())
	for _, c := range chunks {
		switch a := c.(type) {
		case *array.Int64:
			out = append(out, a.Int64Values()...)
		case *array.Int32:
			out = appendInt64s(out, a.Int32Values())
		case *array.Int16:
			out = appendInt64s(out, a.Int16Values())
		case *array.Int8:
			out = appendInt64s(out, a.Int8Values())
		case *array.Uint64:
			out = appendInt64s(out, a.Uint64Values())
		case *array.Uint32:
			out = appendInt64s(out, a.Uint32Values())
		case *array.Uint16:
			out = appendInt64s(out, a.Uint16Values())
		case *array.Uint8:
			out = appendInt64s(out, a.Uint8Values())
		default:
			return nil, fmt.Errorf("column %q is %s, want an integer type", name, c.DataType())
		}
	}
	return out, nil
}

func appendInt64s[T int8 | int16 | int32 | uint8 | uint16 | uint32 | uint64](out []int64, vs []T) []int64 {
	for _, v := range vs {
		out = append(out, int64(v))
	}
	return out
}

// Float64s returns a floating-point column of tbl as float64 values.
func Float64s(tbl arrow.Table, name string) ([]float64, error) {
	chunks, err := Column(tbl, name)
	if err != nil {
		return nil, err
	}
	out := make([]float64, 0, tbl.NumRows())
	for _, c := range chunks {
		switch a := c.(type) {
		case *array.Float64:
			out = append(out, a.Float64Values()...)
		case *array.Float32:
			for _, v := range a.Float32Values() {
				out = append(out, float64(v))
			}
		default:
			return nil, fmt.Errorf("column %q is %s, want a floating-point type", name, c.DataType())
		}
	}
	return out, nil
}

// Strings returns a string column of tbl.
func Strings(tbl arrow.Table, name string) ([]string, error) {
	chunks, err := Column(tbl, name)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, tbl.NumRows())
	for _, c := range chunks {
		a, ok := c.(*array.String)
		if !ok {
			return nil, fmt.Errorf("column %q is %s, want a string", name, c.DataType())
		}
		for i := range a.Len() {
			out = append(out, a.Value(i))
		}
	}
	return out, nil
}

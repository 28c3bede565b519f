package dataset

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
	return values(tbl, name, "an integer type", func(out []int64, c arrow.Array) ([]int64, bool) {
		switch a := c.(type) {
		case *array.Int64:
			return append(out, a.Int64Values()...), true
		case *array.Int32:
			return widen(out, a.Int32Values()), true
		case *array.Int16:
			return widen(out, a.Int16Values()), true
		case *array.Int8:
			return widen(out, a.Int8Values()), true
		case *array.Uint64:
			return widen(out, a.Uint64Values()), true
		case *array.Uint32:
			return widen(out, a.Uint32Values()), true
		case *array.Uint16:
			return widen(out, a.Uint16Values()), true
		case *array.Uint8:
			return widen(out, a.Uint8Values()), true
		}
		return out, false
	})
}

// Float64s returns a floating-point column of tbl as float64 values.
func Float64s(tbl arrow.Table, name string) ([]float64, error) {
	return values(tbl, name, "a floating-point type", func(out []float64, c arrow.Array) ([]float64, bool) {
		switch a := c.(type) {
		case *array.Float64:
			return append(out, a.Float64Values()...), true
		case *array.Float32:
			return widen(out, a.Float32Values()), true
		}
		return out, false
	})
}

// Strings returns a string column of tbl.
func Strings(tbl arrow.Table, name string) ([]string, error) {
	return values(tbl, name, "a string", func(out []string, c arrow.Array) ([]string, bool) {
		a, ok := c.(*array.String)
		if !ok {
			return out, false
		}
		for i := range a.Len() {
			out = append(out, a.Value(i))
		}
		return out, true
	})
}

// values reads the column of tbl named name chunk by chunk with add, which
// appends the values of a chunk if it is of the type want names.
func values[T any](tbl arrow.Table, name, want string, add func([]T, arrow.Array) ([]T, bool)) ([]T, error) {
	chunks, err := Column(tbl, name)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, tbl.NumRows())
	for _, c := range chunks {
		var ok bool
		if out, ok = add(out, c); !ok {
			return nil, fmt.Errorf("column %q is %s, want %s", name, c.DataType(), want)
		}
	}
	return out, nil
}

// widen appends vs to out, converted.
func widen[T, U int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64](out []U, vs []T) []U {
	for _, v := range vs {
		out = append(out, U(v))
	}
	return out
}

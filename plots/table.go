package plots

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/results"
)

// ErrNoData reports that the experiment a figure is drawn from has not
// been run: its table directory does not exist.
var ErrNoData = errors.New("experiment not run")

// readTable reads DIR/experiment/table with results.ReadDataset, or
// returns an error wrapping ErrNoData if the directory is missing.
func readTable(dir, experiment, table string) (*columns, error) {
	where := filepath.Join(dir, experiment, table)
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (no %s)", ErrNoData, experiment, where)
	}
	tbl, err := results.ReadDataset(dir, experiment, table)
	if err != nil {
		return nil, err
	}
	return &columns{tbl: tbl, where: where}, nil
}

// columns reads the columns of a table by name, converting any integer
// type to int64 and any floating-point type to float64. The first error
// sticks: later calls return nil and Err reports it.
type columns struct {
	tbl   arrow.Table
	where string
	err   error
}

// rows returns the number of rows.
func (c *columns) rows() int { return int(c.tbl.NumRows()) }

// release frees the table and returns the first error.
func (c *columns) release() error {
	c.tbl.Release()
	return c.err
}

// chunks returns the chunks of the named column; nil, and no error if
// optional, when there is no such column.
func (c *columns) chunks(name string, optional bool) []arrow.Array {
	if c.err != nil {
		return nil
	}
	i := c.tbl.Schema().FieldIndices(name)
	if len(i) == 0 {
		if !optional {
			c.err = fmt.Errorf("%s: no column %q", c.where, name)
		}
		return nil
	}
	return c.tbl.Column(i[0]).Data().Chunks()
}

// ints returns an integer column; with optional, nil if it is missing.
func (c *columns) ints(name string, optional bool) []int64 {
	chunks := c.chunks(name, optional)
	if chunks == nil {
		return nil
	}
	out := make([]int64, 0, c.rows())
	for _, ch := range chunks {
		switch a := ch.(type) {
		case *array.Int64:
			out = append(out, a.Int64Values()...)
		case *array.Int32:
			out = appendInts(out, a.Int32Values())
		case *array.Int16:
			out = appendInts(out, a.Int16Values())
		case *array.Int8:
			out = appendInts(out, a.Int8Values())
		case *array.Uint64:
			out = appendInts(out, a.Uint64Values())
		case *array.Uint32:
			out = appendInts(out, a.Uint32Values())
		case *array.Uint16:
			out = appendInts(out, a.Uint16Values())
		case *array.Uint8:
			out = appendInts(out, a.Uint8Values())
		default:
			c.err = fmt.Errorf("%s: column %q is %s, want an integer type", c.where, name, ch.DataType())
			return nil
		}
	}
	return out
}

// appendInts appends vs to out as int64 values.
func appendInts[T int8 | int16 | int32 | uint8 | uint16 | uint32 | uint64](out []int64, vs []T) []int64 {
	for _, v := range vs {
		out = append(out, int64(v))
	}
	return out
}

// floats returns a floating-point column.
func (c *columns) floats(name string) []float64 {
	out := make([]float64, 0, c.rows())
	for _, ch := range c.chunks(name, false) {
		switch a := ch.(type) {
		case *array.Float64:
			out = append(out, a.Float64Values()...)
		case *array.Float32:
			for _, v := range a.Float32Values() {
				out = append(out, float64(v))
			}
		default:
			c.err = fmt.Errorf("%s: column %q is %s, want a floating-point type", c.where, name, ch.DataType())
			return nil
		}
	}
	return out
}

// strings returns a string column; with optional, nil if it is missing.
func (c *columns) strings(name string, optional bool) []string {
	chunks := c.chunks(name, optional)
	if chunks == nil {
		return nil
	}
	out := make([]string, 0, c.rows())
	for _, ch := range chunks {
		a, ok := ch.(*array.String)
		if !ok {
			c.err = fmt.Errorf("%s: column %q is %s, want a string", c.where, name, ch.DataType())
			return nil
		}
		for i := range a.Len() {
			out = append(out, a.Value(i))
		}
	}
	return out
}

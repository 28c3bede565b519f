package plots

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/dataset"
)

// ErrNoData reports that the experiment a figure is drawn from has not
// been run: its table directory does not exist.
var ErrNoData = errors.New("experiment not run")

// Partial makes the figures read experiments that have no manifest, an
// incomplete run (dataset.ReadPartial); by default such an experiment is
// an error (dataset.IncompleteError).
var Partial bool

// readTable reads DIR/experiment/table with dataset.ReadDataset (or
// ReadPartial), or returns an error wrapping ErrNoData if the directory is
// missing.
func readTable(dir, experiment, table string) (*columns, error) {
	where := filepath.Join(dir, experiment, table)
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (no %s)", ErrNoData, experiment, where)
	}
	read := dataset.ReadDataset
	if Partial {
		read = dataset.ReadPartial
	}
	tbl, err := read(dir, experiment, table)
	if err != nil {
		return nil, err
	}
	return &columns{tbl: tbl, where: where}, nil
}

// columns reads the columns of a table by name with the results column
// readers. The first error sticks: later calls return nil and release
// reports it.
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

// read returns the column read by get; with optional, nil and no error
// when there is no such column.
func read[T any](c *columns, name string, optional bool, get func(arrow.Table, string) ([]T, error)) []T {
	if c.err != nil || optional && len(c.tbl.Schema().FieldIndices(name)) == 0 {
		return nil
	}
	out, err := get(c.tbl, name)
	if err != nil {
		c.err = fmt.Errorf("%s: %w", c.where, err)
	}
	return out
}

// ints returns an integer column as int64; with optional, nil if it is
// missing.
func (c *columns) ints(name string, optional bool) []int64 {
	return read(c, name, optional, dataset.Int64s)
}

// floats returns a floating-point column as float64.
func (c *columns) floats(name string) []float64 {
	return read(c, name, false, dataset.Float64s)
}

// strings returns a string column; with optional, nil if it is missing.
func (c *columns) strings(name string, optional bool) []string {
	return read(c, name, optional, dataset.Strings)
}

// nullableInts returns a nullable int64 column of tbl, −1 for null.
func nullableInts(tbl arrow.Table, name string) ([]int64, error) {
	return nullable(tbl, name, func(a *array.Int64, i int) int64 { return a.Value(i) }, -1)
}

// nullableFloats returns a nullable float64 column of tbl, −1 for null.
func nullableFloats(tbl arrow.Table, name string) ([]float64, error) {
	return nullable(tbl, name, func(a *array.Float64, i int) float64 { return a.Value(i) }, -1)
}

// nullableNaNs returns a nullable float64 column of tbl, NaN for null.
func nullableNaNs(tbl arrow.Table, name string) ([]float64, error) {
	return nullable(tbl, name, func(a *array.Float64, i int) float64 { return a.Value(i) }, math.NaN())
}

// nullableBools returns a nullable boolean column of tbl as 1, 0, or −1 for
// null.
func nullableBools(tbl arrow.Table, name string) ([]int8, error) {
	return nullable(tbl, name, func(a *array.Boolean, i int) int8 {
		if a.Value(i) {
			return 1
		}
		return 0
	}, -1)
}

// nullable reads the column of tbl named name, of array type A, with none
// in place of nulls.
func nullable[A arrow.Array, T any](tbl arrow.Table, name string, value func(A, int) T, none T) ([]T, error) {
	idx := tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		return nil, fmt.Errorf("want one column %q, have %d", name, len(idx))
	}
	var out []T
	for _, ch := range tbl.Column(idx[0]).Data().Chunks() {
		a, ok := ch.(A)
		if !ok {
			return nil, fmt.Errorf("column %q is %s", name, ch.DataType())
		}
		for i := range ch.Len() {
			if ch.IsNull(i) {
				out = append(out, none)
			} else {
				out = append(out, value(a, i))
			}
		}
	}
	return out, nil
}

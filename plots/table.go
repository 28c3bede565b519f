package plots

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

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

// scanTable reads DIR/experiment/table with dataset.ReadGroups (checked as
// by dataset.ReadDataset, or ReadPartial), calling each with the columns
// of one row group after another, or returns an error wrapping ErrNoData
// if the directory is missing. Only the columns each asks for are read.
func scanTable(dir, experiment, table string, each func(c *columns) error) error {
	where := filepath.Join(dir, experiment, table)
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s (no %s)", ErrNoData, experiment, where)
	}
	c := &columns{where: where, interned: map[string]string{}}
	return dataset.ReadGroups(dir, experiment, table, Partial, func(g *dataset.Group) error {
		c.g, c.err = g, nil
		if err := each(c); err != nil {
			return err
		}
		return c.err
	})
}

// columns reads the columns of a row group by name with the results
// column readers. The first error sticks: later calls return nil and each
// returns it.
type columns struct {
	g        *dataset.Group
	where    string
	err      error
	interned map[string]string // the text values read, one copy each
}

// rows returns the number of rows.
func (c *columns) rows() int { return c.g.Rows() }

// reserve returns rows, or, if nil, an empty slice with room for the rows
// of the whole table when its manifest gives them: the rows a figure reads
// are allocated once.
func reserve[R any](rows []R, c *columns) []R {
	if n := c.g.TableRows(); rows == nil && n > 0 {
		return make([]R, 0, n)
	}
	return rows
}

// read returns the column read by get; with optional, nil and no error
// when there is no such column.
func read[T any](c *columns, name string, optional bool, get func(arrow.Table, string) ([]T, error)) []T {
	if c.err != nil || optional && !c.g.Has(name) {
		return nil
	}
	tbl, err := c.g.Column(name)
	if err != nil {
		c.err = err
		return nil
	}
	out, err := get(tbl, name)
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
// Equal values share one copy, which holds no memory of the row group.
func (c *columns) strings(name string, optional bool) []string {
	out := read(c, name, optional, dataset.Strings)
	for i, v := range out {
		s, ok := c.interned[v]
		if !ok {
			s = strings.Clone(v)
			c.interned[s] = s
		}
		out[i] = s
	}
	return out
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

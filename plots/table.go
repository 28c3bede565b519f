package plots

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"

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
	return read(c, name, optional, results.Int64s)
}

// floats returns a floating-point column as float64.
func (c *columns) floats(name string) []float64 {
	return read(c, name, false, results.Float64s)
}

// strings returns a string column; with optional, nil if it is missing.
func (c *columns) strings(name string, optional bool) []string {
	return read(c, name, optional, results.Strings)
}

package paperreport

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/summary"
)

// rows is a table of one experiment, read with dataset.ReadDataset, which
// refuses incomplete and damaged runs. Columns are read by name; the
// first error sticks and err reports it.
type rows struct {
	tbl   arrow.Table
	where string
	err   error
}

// readRows reads DIR/experiment/table, calls use with it and releases it.
func readRows(dir, experiment, table string, use func(r *rows) error) error {
	where := filepath.Join(dir, experiment, table)
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("experiment %s has not been run into %s (no %s)", experiment, dir, where)
	}
	tbl, err := dataset.ReadDataset(dir, experiment, table)
	if err != nil {
		return err
	}
	defer tbl.Release()
	r := &rows{tbl: tbl, where: where}
	if err := use(r); err != nil {
		return err
	}
	return r.err
}

// len returns the number of rows.
func (r *rows) len() int { return int(r.tbl.NumRows()) }

// column returns the chunks of the column named name.
func (r *rows) column(name string) []arrow.Array {
	if r.err != nil {
		return nil
	}
	idx := r.tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		r.err = fmt.Errorf("%s: no column %q", r.where, name)
		return nil
	}
	return r.tbl.Column(idx[0]).Data().Chunks()
}

// num returns a column of numbers or booleans (0, 1) as float64, NaN for
// null.
func (r *rows) num(name string) []float64 {
	var out []float64
	for _, a := range r.column(name) {
		for i := range a.Len() {
			if a.IsNull(i) {
				out = append(out, math.NaN())
				continue
			}
			x, ok := summary.Number(a.GetOneForMarshal(i))
			if !ok {
				r.err = fmt.Errorf("%s: column %q is not numeric", r.where, name)
				return nil
			}
			out = append(out, x)
		}
	}
	return out
}

// str returns a column as text.
func (r *rows) str(name string) []string {
	var out []string
	for _, a := range r.column(name) {
		for i := range a.Len() {
			out = append(out, a.ValueStr(i))
		}
	}
	return out
}

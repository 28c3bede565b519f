package paperreport

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
	"github.com/hyperroute/hyperroute/summary"
)

// rows is a row group of a table of one experiment, read with
// dataset.ReadGroups, which refuses incomplete and damaged runs. Columns
// are read by name; the first error sticks and err reports it.
type rows struct {
	g     *dataset.Group
	where string
	err   error
	seen  map[string]string // the text values read, one copy each
}

// readRows reads DIR/experiment/table and calls use with each of its row
// groups in turn.
func readRows(dir, experiment, table string, use func(r *rows) error) error {
	where := filepath.Join(dir, experiment, table)
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("experiment %s has not been run into %s (no %s)", experiment, dir, where)
	}
	r := &rows{where: where, seen: map[string]string{}}
	return dataset.ReadGroups(dir, experiment, table, false, func(g *dataset.Group) error {
		r.g = g
		if err := use(r); err != nil {
			return err
		}
		return r.err
	})
}

// len returns the number of rows.
func (r *rows) len() int { return r.g.Rows() }

// column returns the chunks of the column named name.
func (r *rows) column(name string) []arrow.Array {
	if r.err != nil {
		return nil
	}
	if !r.g.Has(name) {
		r.err = fmt.Errorf("%s: no column %q", r.where, name)
		return nil
	}
	tbl, err := r.g.Column(name)
	if err != nil {
		r.err = err
		return nil
	}
	return tbl.Column(0).Data().Chunks()
}

// num returns a column of numbers or booleans (0, 1) as float64, NaN for
// null.
func (r *rows) num(name string) []float64 {
	out := make([]float64, 0, r.len())
	for _, a := range r.column(name) {
		for i := range a.Len() {
			if a.IsNull(i) {
				out = append(out, math.NaN())
				continue
			}
			x, ok := value(a, i)
			if !ok {
				r.err = fmt.Errorf("%s: column %q is not numeric", r.where, name)
				return nil
			}
			out = append(out, x)
		}
	}
	return out
}

// value returns element i of a, which is not null, as a number: directly
// for the types the results tables use, through summary.Number otherwise.
func value(a arrow.Array, i int) (float64, bool) {
	switch a := a.(type) {
	case *array.Int32:
		return float64(a.Value(i)), true
	case *array.Int64:
		return float64(a.Value(i)), true
	case *array.Float64:
		return a.Value(i), true
	case *array.Boolean:
		if a.Value(i) {
			return 1, true
		}
		return 0, true
	}
	return summary.Number(a.GetOneForMarshal(i))
}

// str returns a column as text; equal values share one string.
func (r *rows) str(name string) []string {
	out := make([]string, 0, r.len())
	for _, a := range r.column(name) {
		for i := range a.Len() {
			v := a.ValueStr(i)
			if s, ok := r.seen[v]; ok {
				v = s
			} else {
				v = strings.Clone(v) // not the row group's memory
				r.seen[v] = v
			}
			out = append(out, v)
		}
	}
	return out
}

// edit, if set, changes the columns trialsOf has read before they are
// judged: the tests tamper with the rows through it.
var edit func(experiment, table string, s map[string][]string, x map[string][]float64)

// trialsOf reads the named text and number columns of
// DIR/experiment/table; a table without rows is an error.
func trialsOf(dir, experiment, table string, texts, nums []string) (s map[string][]string, x map[string][]float64, err error) {
	s, x = map[string][]string{}, map[string][]float64{}
	n := 0
	err = readRows(dir, experiment, table, func(r *rows) error {
		if total := int(r.g.TableRows()); n == 0 && total > 0 { // each column allocated once
			for _, c := range texts {
				s[c] = make([]string, 0, total)
			}
			for _, c := range nums {
				x[c] = make([]float64, 0, total)
			}
		}
		for _, c := range texts {
			s[c] = append(s[c], r.str(c)...)
		}
		for _, c := range nums {
			x[c] = append(x[c], r.num(c)...)
		}
		n += r.len()
		return nil
	})
	if err == nil && n == 0 {
		err = fmt.Errorf("%s: no rows", filepath.Join(dir, experiment, table))
	}
	if err == nil && edit != nil {
		edit(experiment, table, s, x)
	}
	return s, x, err
}

// groupsOf reads the named text and number columns of
// DIR/experiment/table row group by row group and calls use with each, so
// that a large table is never held whole; a table without rows is an
// error.
func groupsOf(dir, experiment, table string, texts, nums []string, use func(s map[string][]string, x map[string][]float64)) error {
	n := 0
	err := readRows(dir, experiment, table, func(r *rows) error {
		s, x := map[string][]string{}, map[string][]float64{}
		for _, c := range texts {
			s[c] = r.str(c)
		}
		for _, c := range nums {
			x[c] = r.num(c)
		}
		if r.err != nil {
			return r.err
		}
		if edit != nil {
			edit(experiment, table, s, x)
		}
		use(s, x)
		n += r.len()
		return nil
	})
	if err == nil && n == 0 {
		err = fmt.Errorf("%s: no rows", filepath.Join(dir, experiment, table))
	}
	return err
}

// counts says how many trials each point has: "200 trials each" or
// "150 … 200 trials per point".
func counts[K comparable](per map[K]int) string {
	lo, hi := math.MaxInt, 0
	for _, c := range per {
		lo, hi = min(lo, c), max(hi, c)
	}
	if lo == hi {
		return fmt.Sprintf("%d trials each", lo)
	}
	return fmt.Sprintf("%d … %d trials per point", lo, hi)
}

// byN groups the values of column col by n.
func byN(x map[string][]float64, col string, keep func(i int) bool) map[int][]float64 {
	out := map[int][]float64{}
	for i, v := range x[col] {
		if keep == nil || keep(i) {
			out[int(x["n"][i])] = append(out[int(x["n"][i])], v)
		}
	}
	return out
}

// lens returns the sizes of the samples.
func lens[K comparable](m map[K][]float64) map[K]int {
	out := map[K]int{}
	for k, xs := range m {
		out[k] = len(xs)
	}
	return out
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

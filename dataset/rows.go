package dataset

import (
	"fmt"
	"math"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// Rows is one row group of a table as ScanRows hands it over, its columns
// by name: numbers as float64, text as strings. Each column is read once,
// on first use; the first error sticks and stops the scan.
type Rows struct {
	g     *Group
	nums  map[string][]float64
	texts map[string][]string
	seen  map[string]string // the text values read, one copy each
	err   error
}

// ScanRows reads DIR/experiment/table as ReadGroups does (ReadPartial's
// rules with partial), one row group at a time, and calls use with each
// in the order of ReadDataset's rows. It returns use's error, or the first
// error of a column read.
func ScanRows(dir, experiment, table string, partial bool, use func(*Rows) error) error {
	r := &Rows{seen: map[string]string{}}
	return ReadGroups(dir, experiment, table, partial, func(g *Group) error {
		r.g, r.nums, r.texts = g, map[string][]float64{}, map[string][]string{}
		if err := use(r); err != nil {
			return err
		}
		return r.err
	})
}

// Len is the number of rows of the row group.
func (r *Rows) Len() int { return r.g.Rows() }

// TableRows is the number of rows of the whole table as its manifest
// gives it, or −1 if it has none.
func (r *Rows) TableRows() int64 { return r.g.TableRows() }

// Has reports whether the table has a column name.
func (r *Rows) Has(name string) bool { return r.g.Has(name) }

// Num returns the column name as numbers: integers and floats as they
// are, booleans as 0 and 1, NaN for null. A column that is missing or not
// numeric is an error: Num returns nil and the scan stops.
func (r *Rows) Num(name string) []float64 {
	if x, ok := r.nums[name]; ok || r.err != nil {
		return x
	}
	chunks := r.column(name)
	out := make([]float64, 0, r.Len())
	for _, a := range chunks {
		for i := range a.Len() {
			if a.IsNull(i) {
				out = append(out, math.NaN())
				continue
			}
			x, ok := number(a, i)
			if !ok {
				r.err = fmt.Errorf("dataset: %s: column %q is %s, not numeric", r.g.path, name, a.DataType())
				return nil
			}
			out = append(out, x)
		}
	}
	if r.err != nil {
		return nil
	}
	r.nums[name] = out
	return out
}

// Text returns the column name as text, "" for null; equal values share
// one string, which holds no memory of the row group.
func (r *Rows) Text(name string) []string {
	if s, ok := r.texts[name]; ok || r.err != nil {
		return s
	}
	chunks := r.column(name)
	out := make([]string, 0, r.Len())
	for _, a := range chunks {
		for i := range a.Len() {
			v := ""
			if !a.IsNull(i) {
				v = a.ValueStr(i)
			}
			s, ok := r.seen[v]
			if !ok {
				s = strings.Clone(v)
				r.seen[s] = s
			}
			out = append(out, s)
		}
	}
	if r.err != nil {
		return nil
	}
	r.texts[name] = out
	return out
}

// column returns the chunks of the column name, setting r.err if it
// cannot be read.
func (r *Rows) column(name string) []arrow.Array {
	if r.err != nil {
		return nil
	}
	tbl, err := r.g.Column(name)
	if err != nil {
		r.err = err
		return nil
	}
	return tbl.Column(0).Data().Chunks()
}

// number returns element i of a, not null, as a float64, and whether a is
// of a numeric or boolean type.
func number(a arrow.Array, i int) (float64, bool) {
	switch a := a.(type) {
	case *array.Int8:
		return float64(a.Value(i)), true
	case *array.Int16:
		return float64(a.Value(i)), true
	case *array.Int32:
		return float64(a.Value(i)), true
	case *array.Int64:
		return float64(a.Value(i)), true
	case *array.Uint8:
		return float64(a.Value(i)), true
	case *array.Uint16:
		return float64(a.Value(i)), true
	case *array.Uint32:
		return float64(a.Value(i)), true
	case *array.Uint64:
		return float64(a.Value(i)), true
	case *array.Float32:
		return float64(a.Value(i)), true
	case *array.Float64:
		return a.Value(i), true
	case *array.Boolean:
		if a.Value(i) {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

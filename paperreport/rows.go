package paperreport

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/hyperroute/hyperroute/dataset"
)

// results is the results directory the statements are judged on.
type results struct {
	dir string
	// edit, if set, changes the columns read before they are judged: the
	// tests tamper with the rows through it.
	edit func(experiment, table string, s map[string][]string, x map[string][]float64)
}

// scan reads the named text and number columns of DIR/experiment/table
// with dataset.ScanRows, which refuses incomplete and damaged runs, and
// calls use with each row group's columns, edited if rs.edit is set; a
// table without rows is an error.
func (rs results) scan(experiment, table string, texts, nums []string, use func(rows int64, s map[string][]string, x map[string][]float64)) error {
	where := filepath.Join(rs.dir, experiment, table)
	if _, err := os.Stat(where); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("experiment %s has not been run into %s (no %s)", experiment, rs.dir, where)
	}
	n := 0
	err := dataset.ScanRows(rs.dir, experiment, table, false, func(r *dataset.Rows) error {
		s, x := map[string][]string{}, map[string][]float64{}
		for _, c := range texts {
			if s[c] = r.Text(c); s[c] == nil {
				return nil // ScanRows returns the column's error
			}
		}
		for _, c := range nums {
			if x[c] = r.Num(c); x[c] == nil {
				return nil
			}
		}
		if rs.edit != nil {
			rs.edit(experiment, table, s, x)
		}
		use(r.TableRows(), s, x)
		n += r.Len()
		return nil
	})
	if err == nil && n == 0 {
		err = fmt.Errorf("%s: no rows", where)
	}
	return err
}

// trialsOf reads the named text and number columns of
// DIR/experiment/table whole; a table without rows is an error.
func trialsOf(rs results, experiment, table string, texts, nums []string) (s map[string][]string, x map[string][]float64, err error) {
	s, x = map[string][]string{}, map[string][]float64{}
	err = rs.scan(experiment, table, texts, nums, func(total int64, gs map[string][]string, gx map[string][]float64) {
		for _, c := range texts {
			if s[c] == nil && total > 0 { // each column allocated once
				s[c] = make([]string, 0, total)
			}
			s[c] = append(s[c], gs[c]...)
		}
		for _, c := range nums {
			if x[c] == nil && total > 0 {
				x[c] = make([]float64, 0, total)
			}
			x[c] = append(x[c], gx[c]...)
		}
	})
	return s, x, err
}

// groupsOf reads the named text and number columns of
// DIR/experiment/table row group by row group and calls use with each, so
// that a large table is never held whole; a table without rows is an
// error.
func groupsOf(rs results, experiment, table string, texts, nums []string, use func(s map[string][]string, x map[string][]float64)) error {
	return rs.scan(experiment, table, texts, nums, func(_ int64, s map[string][]string, x map[string][]float64) { use(s, x) })
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

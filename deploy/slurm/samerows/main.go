// Command samerows checks that two runs of an experiment hold the same rows:
// every table of DIR1/EXPERIMENT and DIR2/EXPERIMENT, each read with
// dataset.ReadDataset (which checks every file against the run's manifest),
// has the same columns and the same rows, counted with multiplicity and in
// any order. deploy/slurm/check.sh uses it to compare the merged shards of a
// Slurm job array with an unsharded run.
//
//	go run ./deploy/slurm/samerows DIR1/EXPERIMENT DIR2/EXPERIMENT
//
// Exit status 0 if the rows are the same, 1 if they differ or cannot be
// read, 2 on bad arguments.
package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "usage: samerows DIR1/EXPERIMENT DIR2/EXPERIMENT")
		return 2
	}
	msg, err := compare(args[0], args[1])
	if err != nil {
		fmt.Fprintf(stderr, "samerows: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, msg)
	return 0
}

// compare returns a line saying what a and b hold in common, or an error
// naming the first difference.
func compare(a, b string) (string, error) {
	dirA, exp := filepath.Split(filepath.Clean(a))
	dirB, expB := filepath.Split(filepath.Clean(b))
	if exp != expB {
		return "", fmt.Errorf("%s and %s are runs of different experiments", a, b)
	}
	ta, err := tables(dirA, exp)
	if err != nil {
		return "", err
	}
	tb, err := tables(dirB, exp)
	if err != nil {
		return "", err
	}
	if !slices.Equal(ta, tb) {
		return "", fmt.Errorf("%s has tables %v, %s has %v", a, ta, b, tb)
	}
	var counts []string
	for _, t := range ta {
		colsA, rowsA, err := readRows(dirA, exp, t)
		if err != nil {
			return "", err
		}
		colsB, rowsB, err := readRows(dirB, exp, t)
		if err != nil {
			return "", err
		}
		if !slices.Equal(colsA, colsB) {
			return "", fmt.Errorf("table %s: %s has columns %v, %s has %v", t, a, colsA, b, colsB)
		}
		if err := sameRows(rowsA, rowsB); err != nil {
			return "", fmt.Errorf("table %s of %s and %s (columns %s): %w", t, a, b, strings.Join(colsA, "|"), err)
		}
		counts = append(counts, fmt.Sprintf("%s %d", t, len(rowsA)))
	}
	return fmt.Sprintf("%s and %s hold the same rows: %s", a, b, strings.Join(counts, ", ")), nil
}

// tables returns the sorted names of the tables the run's manifest lists.
func tables(dir, exp string) ([]string, error) {
	m, err := dataset.ReadManifest(dir, exp)
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(m.Tables)), nil
}

// readRows returns the column names and "name:type" pairs of a table and
// its rows, each its values joined by "|" (nulls as "(null)"), sorted.
func readRows(dir, exp, table string) (cols, rows []string, err error) {
	tbl, err := dataset.ReadDataset(dir, exp, table)
	if err != nil {
		return nil, nil, err
	}
	defer tbl.Release()
	for _, f := range tbl.Schema().Fields() {
		cols = append(cols, f.Name+":"+f.Type.String())
	}
	n := int(tbl.NumRows())
	vals := make([][]string, n)
	for c := range tbl.NumCols() {
		i := 0
		for _, chunk := range tbl.Column(int(c)).Data().Chunks() {
			for j := range chunk.Len() {
				vals[i] = append(vals[i], valueStr(chunk, j))
				i++
			}
		}
	}
	rows = make([]string, n)
	for i, v := range vals {
		rows[i] = strings.Join(v, "|")
	}
	slices.Sort(rows)
	return cols, rows, nil
}

func valueStr(a arrow.Array, i int) string {
	if a.IsNull(i) {
		return "(null)"
	}
	return a.ValueStr(i)
}

// sameRows compares two sorted lists of rows and names the first row that
// one holds more often than the other.
func sameRows(a, b []string) error {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			i++
			j++
		case a[i] < b[j]:
			return fmt.Errorf("%d vs %d rows; the first holds %s once more", len(a), len(b), a[i])
		default:
			return fmt.Errorf("%d vs %d rows; the second holds %s once more", len(a), len(b), b[j])
		}
	}
	switch {
	case i < len(a):
		return fmt.Errorf("%d vs %d rows; the first holds %s once more", len(a), len(b), a[i])
	case j < len(b):
		return fmt.Errorf("%d vs %d rows; the second holds %s once more", len(a), len(b), b[j])
	}
	return nil
}

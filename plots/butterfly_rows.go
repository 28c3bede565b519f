package plots

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/dataset"
)

// copyTrial is a row of a trials table of the Chapter II experiments: the
// grid with disjoint's parameters and the failure probability, T and the
// routers' measures, −1 where a router does not report one.
type copyTrial struct {
	grid
	Pieces                int
	Pipelined, Trim       bool
	Q                     float64
	T, T1, T2             int64
	Messages, Lost, Lost1 int64
	Moved                 float64
}

// readCopyTrials reads DIR/experiment/trials with the Chapter II columns.
func readCopyTrials(dir, experiment string) ([]copyTrial, error) {
	var rows []copyTrial
	err := scanTable(dir, experiment, "trials", func(c *columns) error {
		g, pieces, q, T := readGrids(c), c.ints("pieces", false), c.floats("q"), c.ints("T", false)
		pipelined, trim := read(c, "pipelined", false, bools), read(c, "trim", false, bools)
		measure := func(name string) []int64 { return read(c, name, false, nullableInts) }
		t1, t2, msgs, lost, lost1 := measure("T1"), measure("T2"), measure("messages"), measure("lost"), measure("lost1")
		moved := read(c, "moved", false, nullableFloats)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range T {
			rows = append(rows, copyTrial{g[i], int(pieces[i]), pipelined[i], trim[i], q[i], T[i], t1[i], t2[i], msgs[i], lost[i], lost1[i], moved[i]})
		}
		return nil
	})
	return rows, err
}

// loadCount is a row of a loadcounts table: the nodes with load f at
// priority p in one trial.
type loadCount struct {
	grid
	Trial, P, F, Nodes int64
}

// readLoadCounts reads DIR/experiment/loadcounts.
func readLoadCounts(dir, experiment string) ([]loadCount, error) {
	var rows []loadCount
	err := scanTable(dir, experiment, "loadcounts", func(c *columns) error {
		g := readGrids(c)
		trial, p, f, nodes := c.ints("trial", false), c.ints("p", false), c.ints("f", false), c.ints("nodes", false)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range nodes {
			rows = append(rows, loadCount{g[i], trial[i], p[i], f[i], nodes[i]})
		}
		return nil
	})
	return rows, err
}

// bools returns a boolean column of tbl.
func bools(tbl arrow.Table, name string) ([]bool, error) {
	chunks, err := dataset.Column(tbl, name)
	if err != nil {
		return nil, err
	}
	var out []bool
	for _, ch := range chunks {
		a, ok := ch.(*array.Boolean)
		if !ok {
			return nil, fmt.Errorf("column %q is %s, want bool", name, ch.DataType())
		}
		for i := range a.Len() {
			out = append(out, a.Value(i))
		}
	}
	return out, nil
}

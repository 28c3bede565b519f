package plots

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// grid is the configuration of a row, the grid parameters of the
// experiment. A column the table lacks leaves its field empty.
type grid struct {
	Router, Port, Queue, Pattern string
	N, Mu                        int
}

func (g grid) params() grid { return g }

// field returns the named grid parameter as text.
func (g grid) field(name string) string {
	switch name {
	case "router":
		return g.Router
	case "port":
		return g.Port
	case "queue":
		return g.Queue
	case "pattern":
		return g.Pattern
	case "n":
		return strconv.Itoa(g.N)
	case "mu":
		return strconv.Itoa(g.Mu)
	}
	panic("plots: no grid parameter " + name)
}

// readGrids reads the grid parameters of every row.
func readGrids(c *columns) []grid {
	router, port := c.strings("router", true), c.strings("port", true)
	queue, pattern := c.strings("queue", true), c.strings("pattern", true)
	n, mu := c.ints("n", true), c.ints("mu", true)
	g := make([]grid, c.rows())
	for i := range g {
		if router != nil {
			g[i].Router = router[i]
		}
		if port != nil {
			g[i].Port = port[i]
		}
		if queue != nil {
			g[i].Queue = queue[i]
		}
		if pattern != nil {
			g[i].Pattern = pattern[i]
		}
		if n != nil {
			g[i].N = int(n[i])
		}
		if mu != nil {
			g[i].Mu = int(mu[i])
		}
	}
	return g
}

// trial is a row of a trials table.
type trial struct {
	grid
	T int64
}

// readTrials reads DIR/experiment/trials.
func readTrials(dir, experiment string) ([]trial, error) {
	var rows []trial
	err := scanTable(dir, experiment, "trials", func(c *columns) error {
		g, t := readGrids(c), c.ints("T", false)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range t {
			rows = append(rows, trial{g[i], t[i]})
		}
		return nil
	})
	return rows, err
}

// load is a row of a loads table: the mean of f(p,v) over the nodes v in
// one trial.
type load struct {
	grid
	P     int64
	FMean float64
}

// readLoads reads DIR/experiment/loads.
func readLoads(dir, experiment string) ([]load, error) {
	var rows []load
	err := scanTable(dir, experiment, "loads", func(c *columns) error {
		g, p, f := readGrids(c), c.ints("p", false), c.floats("f_mean")
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range f {
			rows = append(rows, load{g[i], p[i], f[i]})
		}
		return nil
	})
	return rows, err
}

// seqRow is a row of a delayseq table: per trial the run time, the length
// and Σ f of the extracted critical delay sequence, and Σx and Σh for the
// fixed and for the extracted sequence.
type seqRow struct {
	grid
	T, DLen, DLoad                         int64
	XFixed, HFixed, XExtracted, HExtracted int64
}

// readSeqs reads DIR/experiment/delayseq.
func readSeqs(dir, experiment string) ([]seqRow, error) {
	var rows []seqRow
	err := scanTable(dir, experiment, "delayseq", func(c *columns) error {
		g := readGrids(c)
		t, dLen, dLoad := c.ints("T", false), c.ints("d_len", false), c.ints("d_load", false)
		xf, hf := c.ints("x_fixed", false), c.ints("h_fixed", false)
		xe, he := c.ints("x_extracted", false), c.ints("h_extracted", false)
		if c.err != nil {
			return c.err
		}
		rows = reserve(rows, c)
		for i := range t {
			rows = append(rows, seqRow{g[i], t[i], dLen[i], dLoad[i], xf[i], hf[i], xe[i], he[i]})
		}
		return nil
	})
	return rows, err
}

// gridded is a row with grid parameters.
type gridded interface{ params() grid }

// restrict keeps the rows whose grid parameter field equals want when the
// rows hold more than one value of it (if none equals want, the smallest
// value is kept), and returns a note on what it left out, or "".
func restrict[R gridded](rows []R, field, want string) ([]R, string) {
	counts := map[string]int{}
	for _, r := range rows {
		counts[r.params().field(field)]++
	}
	if len(counts) < 2 {
		return rows, ""
	}
	want, note := restrictCounts(counts, field, want)
	return slices.DeleteFunc(slices.Clone(rows), func(r R) bool { return r.params().field(field) != want }), note
}

// restrictCounts returns the value of field restrict keeps of rows with
// counts rows of each value, and its note.
func restrictCounts(counts map[string]int, field, want string) (string, string) {
	values := slices.SortedFunc(maps.Keys(counts), compareValues)
	if counts[want] == 0 {
		want = values[0]
	}
	if len(counts) < 2 {
		return want, ""
	}
	var left []string
	for _, v := range values {
		if v != want {
			left = append(left, fmt.Sprintf("%s=%s (%d rows)", field, v, counts[v]))
		}
	}
	return want, fmt.Sprintf("kept %s=%s, left out %v", field, want, left)
}

// restrictAll applies restrict for each field/want pair in turn and
// appends the notes to notes.
func restrictAll[R gridded](rows []R, notes *[]string, pairs ...string) []R {
	for i := 0; i+1 < len(pairs); i += 2 {
		var note string
		if rows, note = restrict(rows, pairs[i], pairs[i+1]); note != "" {
			*notes = append(*notes, note)
		}
	}
	return rows
}

// compareValues orders parameter values, numerically if both are integers.
func compareValues(a, b string) int {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return cmp.Compare(x, y)
	}
	return cmp.Compare(a, b)
}

// values returns the distinct values of key over rows, in increasing order.
func values[R any, K cmp.Ordered](rows []R, key func(R) K) []K {
	seen := map[K]bool{}
	for _, r := range rows {
		seen[key(r)] = true
	}
	return slices.Sorted(maps.Keys(seen))
}

// ordered returns vs with the values of first, in that order, moved to the
// front.
func ordered(vs []string, first ...string) []string {
	out := slices.DeleteFunc(slices.Clone(first), func(f string) bool { return !slices.Contains(vs, f) })
	for _, v := range vs {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

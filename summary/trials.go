package summary

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/apache/arrow-go/v18/arrow"
	"gonum.org/v1/gonum/floats"
)

// keyValue is one key of a JSON object, in order.
type keyValue struct {
	key   string
	value any
}

// Point is the summary of one grid point: its parameters, T's statistics
// and, if the table records it, the loss.
type Point struct {
	grid           []keyValue
	t              Sample
	hasLoss        bool // the table has the columns lost and messages
	lost, messages []float64
}

// object returns p as JSON keys: the parameters, trials, mean_T, sd_T,
// min_T, max_T, median_T, p90_T and p99_T, then lost, messages and loss
// (null where not recorded) if the table records them.
func (p Point) object() []keyValue {
	row := append(slices.Clip(p.grid), keyValue{"trials", p.t.N}, keyValue{"mean_T", p.t.Mean}, keyValue{"sd_T", p.t.SD},
		keyValue{"min_T", int64(p.t.Min)}, keyValue{"max_T", int64(p.t.Max)},
		keyValue{"median_T", p.t.Median}, keyValue{"p90_T", p.t.P90}, keyValue{"p99_T", p.t.P99})
	if !p.hasLoss {
		return row
	}
	var lost, msgs, loss any
	if len(p.lost) > 0 {
		l, m := floats.Sum(p.lost), floats.Sum(p.messages)
		lost, msgs, loss = int64(l), int64(m), l/m
	}
	return append(row, keyValue{"lost", lost}, keyValue{"messages", msgs}, keyValue{"loss", loss})
}

// Trials summarises the trials tables of runs per grid point: the rows
// grouped by the parameter columns params (those present), in that order,
// T's statistics and, where the tables have lost and messages, the loss.
func Trials(tbls []arrow.Table, params []string) ([]Point, error) {
	var names []string
	var keys [][]any
	for _, p := range params {
		if len(tbls[0].Schema().FieldIndices(p)) == 0 {
			continue
		}
		vs, err := Values(tbls, p)
		if err != nil {
			return nil, err
		}
		names, keys = append(names, p), append(keys, vs)
	}
	ts, err := Numbers(tbls, "T")
	if err != nil {
		return nil, err
	}
	lost, errL := Numbers(tbls, "lost")
	msgs, errM := Numbers(tbls, "messages")
	var points []Point
	for _, g := range GroupBy(keys...) {
		p := Point{t: Of(At(ts, g.Rows)), hasLoss: errL == nil && errM == nil}
		for j, name := range names {
			p.grid = append(p.grid, keyValue{name, g.Key[j]})
		}
		if p.hasLoss {
			p.lost, p.messages = At(lost, g.Rows), At(msgs, g.Rows)
		}
		points = append(points, p)
	}
	return points, nil
}

// writeObject writes row as one JSON object, its keys in order.
func writeObject(w io.Writer, row []keyValue) error {
	b := []byte{'{'}
	for i, kv := range row {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(kv.key)
		v, err := json.Marshal(kv.value)
		if err != nil {
			return err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	_, err := w.Write(append(b, "}\n"...))
	return err
}

// WriteTable prints the points as a table: the parameter columns
// router, port, queue, pattern, n and mu, the others where they vary, and
// the statistics; a p99 of fewer than 100 trials is marked.
func WriteTable(w io.Writer, points []Point) error {
	if len(points) == 0 {
		return nil
	}
	var cols []int
	for j, kv := range points[0].grid {
		varies := slices.ContainsFunc(points, func(p Point) bool { return p.grid[j].value != kv.value })
		if varies || slices.Contains([]string{"router", "port", "queue", "pattern", "n", "mu"}, kv.key) {
			cols = append(cols, j)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, j := range cols {
		fmt.Fprintf(tw, "%s\t", points[0].grid[j].key)
	}
	fmt.Fprint(tw, "trials\tmean T\tsd T\tmedian T\tp90 T\tp99 T\tmax T\t")
	loss := slices.ContainsFunc(points, func(p Point) bool { return len(p.lost) > 0 })
	if loss {
		fmt.Fprint(tw, "lost\tmessages\tloss\t")
	}
	fmt.Fprintln(tw)
	few := false
	for _, p := range points {
		for _, j := range cols {
			fmt.Fprintf(tw, "%v\t", p.grid[j].value)
		}
		mark := ""
		if p.t.N < 100 {
			mark, few = "*", true
		}
		fmt.Fprintf(tw, "%d\t%.4f\t%.4f\t%.1f\t%.1f\t%.1f%s\t%.0f\t", p.t.N, p.t.Mean, p.t.SD, p.t.Median, p.t.P90, p.t.P99, mark, p.t.Max)
		switch {
		case loss && len(p.lost) == 0:
			fmt.Fprint(tw, "–\t–\t–\t")
		case loss:
			l, m := floats.Sum(p.lost), floats.Sum(p.messages)
			fmt.Fprintf(tw, "%.0f\t%.0f\t%.4g\t", l, m, l/m)
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if few {
		fmt.Fprintln(w, "* p99 of fewer than 100 trials: about the max T")
	}
	return nil
}

// WriteJSONL writes the points as JSON lines: the parameters, trials,
// mean_T, sd_T, min_T, max_T, median_T, p90_T and p99_T, then lost,
// messages and loss where recorded.
func WriteJSONL(w io.Writer, points []Point) error {
	for _, p := range points {
		if err := writeObject(w, p.object()); err != nil {
			return err
		}
	}
	return nil
}

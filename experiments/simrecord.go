package experiments

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

// RecordTrace is the record of `sim --record` that is not a table: every
// send of the run.
const RecordTrace = "trace"

// RecordKinds lists what `sim --record` writes: the tables of a run and
// the trace.
func RecordKinds() []string { return append(slices.Clone(Tables), RecordTrace) }

// Recording is what `sim --record` writes of each trial.
type Recording struct {
	tables []string // tables, in the order asked for
	trace  bool
}

// ParseRecording parses the value of --record, a comma-separated list of
// RecordKinds, and sets what c records for it.
func ParseRecording(v string, c *routers.Config) (Recording, error) {
	var r Recording
	for _, k := range strings.Split(v, ",") {
		switch {
		case k == RecordTrace:
			r.trace = true
		case slices.Contains(RecordKinds(), k):
			if !slices.Contains(r.tables, k) {
				r.tables = append(r.tables, k)
			}
		default:
			return r, fmt.Errorf("--record %s: unknown record %q (want a comma-separated list of %s)", v, k, strings.Join(RecordKinds(), ", "))
		}
	}
	rec, err := TrialRecord(r.tables, *c)
	if err != nil {
		return r, fmt.Errorf("--record %s: %v", v, err)
	}
	rec.Trace = rec.Trace || r.trace
	c.Record = rec
	return r, nil
}

// Recorded is what one trial leaves for `sim --record`.
type Recorded struct {
	trace []engine.Send
	rows  [][]arrow.RecordBatch // per table of the recording
}

// Trial returns what the recording writes of trial i of c, run by sim.
func (r Recording) Trial(sim *routers.Sim, c routers.Config, res *routers.Result, i int, seed uint64) (Recorded, error) {
	var out Recorded
	if r.trace {
		out.trace = res.Trace // TrialRows drops it for delayseq
	}
	rows, err := TrialRows(r.tables, sim, c, res, i, seed)
	out.rows = rows
	return out, err
}

// Write writes the trial's records as JSON lines, each with its kind in
// the key "record": the trace first, then the tables' rows.
func (r Recording) Write(w io.Writer, trial int, rec Recorded) error {
	for _, s := range rec.trace {
		if _, err := fmt.Fprintf(w, `{"record":"trace","trial":%d,"t":%d,"packet":%d,"from":%d,"to":%d,"prio":%d}`+"\n",
			trial, s.T, s.Packet, s.From, s.To, s.Prio); err != nil {
			return err
		}
	}
	for i, batches := range rec.rows {
		for _, b := range batches {
			err := writeBatch(w, r.tables[i], b)
			b.Release()
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// writeBatch writes the rows of b as JSON objects, the key "record" first,
// then the columns in order.
func writeBatch(w io.Writer, kind string, b arrow.RecordBatch) error {
	fields := b.Schema().Fields()
	var line []byte
	for row := range int(b.NumRows()) {
		line = fmt.Appendf(line[:0], `{"record":%q`, kind)
		for j, col := range b.Columns() {
			v, err := json.Marshal(col.GetOneForMarshal(row))
			if err != nil {
				return err
			}
			line = fmt.Appendf(line, `,%q:%s`, fields[j].Name, v)
		}
		if _, err := w.Write(append(line, "}\n"...)); err != nil {
			return err
		}
	}
	return nil
}

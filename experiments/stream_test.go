package experiments

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/hyperroute/hyperroute/dataset"
)

// ordered consumes the jobs in job order though the workers end them out
// of order, and holds at most the window's results at once.
func TestOrdered(t *testing.T) {
	const jobs, workers = 60, 3
	win := window(workers)
	var inFlight, most atomic.Int64
	var got []int
	err := ordered(context.Background(), jobs, workers, win, func() int { return 0 },
		func(_ int, j int) (any, error) {
			n := inFlight.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			// Later jobs of a block of five end first.
			time.Sleep(time.Duration(5-j%5) * 300 * time.Microsecond)
			return j * j, nil
		},
		func(j int, out any) error {
			if out != j*j {
				return fmt.Errorf("job %d consumed with the result %v", j, out)
			}
			got = append(got, j)
			inFlight.Add(-1)
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, jobs)
	for i := range want {
		want[i] = i
	}
	if !slices.Equal(got, want) {
		t.Errorf("consumed in the order %v", got)
	}
	if m := most.Load(); m > int64(win) {
		t.Errorf("%d results held at once, more than the window of %d", m, win)
	}

	// An error stops it, a cancelled context too, and neither hangs.
	boom := errors.New("boom")
	err = ordered(context.Background(), jobs, workers, win, func() int { return 0 },
		func(_ int, j int) (any, error) {
			if j == 7 {
				return nil, boom
			}
			return j, nil
		}, func(int, any) error { return nil })
	if !errors.Is(err, boom) {
		t.Errorf("error %v, want %v", err, boom)
	}
	ctx, cancel := context.WithCancel(context.Background())
	err = ordered(ctx, jobs, workers, win, func() int { return 0 },
		func(_ int, j int) (any, error) {
			if j == 10 {
				cancel()
			}
			return j, nil
		}, func(int, any) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want %v", err, context.Canceled)
	}
}

// A streamed unit holds the rows, in their order, and the row groups of
// the file the runner wrote before it streamed: all trials run first, the
// batches cut from all their rows (legacyBuild), written by
// WritePartition.
func TestStreamedUnit(t *testing.T) {
	defer func(n int) { maxBatchRows = n }(maxBatchRows)
	maxBatchRows = 100 // several row groups and a partial last one
	s := mustParse(t, mcSpec)
	dir, ref := t.TempDir(), t.TempDir()
	run(t, s, dir, 3, Unsharded)
	for _, u := range s.Units() {
		list := s.jobs(u, Unsharded)
		jobs := make([]job, list.Len())
		outs := make([]any, len(jobs))
		w := s.Model.NewWorker()
		for i := range jobs {
			j := list.At(i)
			jobs[i] = j
			rng, seed := TrialRand(s.Seed, s.Name, j.point.Key, j.trial)
			out, _, err := w.Trial(s, j.point, Trial{Index: j.trial, Seed: seed, Rand: rng})
			if err != nil {
				t.Fatal(err)
			}
			outs[i] = out
		}
		for _, name := range s.Tables {
			part := s.Part(dir, name, u, Unsharded)
			want := filepath.Join(ref, name+"-"+u.String()+".parquet")
			table := s.Model.table(name)
			batches := legacyBuild(table, jobs, outs)
			if err := dataset.WritePartition(want, part.Keys, table.Schema, batches, nil); err != nil {
				t.Fatal(err)
			}
			what := name + " " + u.String()
			if g, w := rowGroups(t, part.Path()), rowGroups(t, want); !slices.Equal(g, w) {
				t.Errorf("%s: row groups of %v rows, want %v", what, g, w)
			}
			got, _, err := dataset.ReadFile(part.Path())
			if err != nil {
				t.Fatal(err)
			}
			exp, _, err := dataset.ReadFile(want)
			if err != nil {
				t.Fatal(err)
			}
			if got.NumRows() != exp.NumRows() {
				t.Errorf("%s: %d rows, want %d", what, got.NumRows(), exp.NumRows())
			}
			for c := range int(exp.NumCols()) {
				a, b := got.Column(c).Data(), exp.Column(c).Data()
				if !array.ChunkedEqual(a, b) {
					t.Errorf("%s: column %s differs", what, exp.Schema().Field(c).Name)
				}
			}
			got.Release()
			exp.Release()
		}
	}
}

// legacyBuild is how the runner cut a unit's rows into batches before it
// streamed them.
func legacyBuild(t *Table, jobs []job, outs []any) (batches []arrow.RecordBatch) {
	b := array.NewRecordBuilder(memory.DefaultAllocator, t.Schema)
	defer b.Release()
	for i, j := range jobs {
		t.Rows(b, j.point, j.trial, outs[i])
		if b.Field(0).Len() >= maxBatchRows {
			batches = append(batches, b.NewRecordBatch())
		}
	}
	if b.Field(0).Len() > 0 {
		batches = append(batches, b.NewRecordBatch())
	}
	return batches
}

// rowGroups returns the rows of each row group of a Parquet file.
func rowGroups(t *testing.T, path string) []int64 {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var rows []int64
	for i := range r.NumRowGroups() {
		rows = append(rows, r.MetaData().RowGroup(i).NumRows())
	}
	return rows
}

// A table of more rows than a row group holds is buffered up to a row
// group and a trial's rows.
func TestBufferBytes(t *testing.T) {
	s := mustParse(t, "name: t\ngrid:\n  n: 10\n  router: valiant\ntrials: 2000\nseed: 7\ntables: [trials, packets]\n")
	got := s.bufferBytes(s.Units()[0], Unsharded)
	want := 2*2000*rowBytes(tables[TableTrials].schema) + 2*(1<<20+1<<10)*rowBytes(tables[TablePackets].schema)
	if got != want {
		t.Errorf("%d bytes, want %d", got, want)
	}
}

// The messages table of replication-loss, a row per message of its first
// packet_trials trials, is buffered up to the unit's rows.
func TestBufferBytesMessages(t *testing.T) {
	s, err := Lookup("replication-loss")
	if err != nil {
		t.Fatal(err)
	}
	u := s.Units()[0] // n=4
	if s.PacketTrials != 5 || u.Keys[0].Value != "4" {
		t.Fatalf("replication-loss: packet_trials %d, first unit %v", s.PacketTrials, u)
	}
	got := s.bufferBytes(u, Unsharded)
	rows := int64(len(u.Points))
	want := 2*rows*int64(s.Trials)*rowBytes(tables[TableTrials].schema) +
		2*rows*5*16*rowBytes(tables[TableMessages].schema)
	if got != want {
		t.Errorf("%d bytes, want %d", got, want)
	}
}

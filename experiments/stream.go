package experiments

import (
	"context"
	"math"
	"sync"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// window returns how many trials of a unit may be running or waiting to
// be written at once on workers workers: the reorder window. One worker
// ends its trials in order.
func window(workers int) int {
	if workers <= 1 {
		return 1
	}
	return 2 * workers
}

// ordered calls run for every job 0 … jobs−1 on workers goroutines, each
// with a worker state made by newWorker, and consume with each job's
// result in job order. A job starts only when fewer than win jobs before
// it wait to be consumed, so at most win results are held at once. It
// stops at the first error or when ctx is done and returns that error.
// consume is called by one goroutine at a time.
func ordered[W any](ctx context.Context, jobs, workers, win int, newWorker func() W,
	run func(w W, job int) (any, error), consume func(job int, out any) error) error {
	workers = max(1, min(workers, jobs))
	win = max(win, workers)
	var (
		next     atomic.Int64 // the next job to hand out
		mu       sync.Mutex
		cond     = sync.NewCond(&mu)
		slots    = make([]any, win)
		full     = make([]bool, win)
		done     int  // jobs consumed, under mu
		draining bool // a goroutine is consuming, under mu
		stopped  bool // under mu
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) { // under mu
		if !stopped {
			stopped, firstErr = true, err
		}
		cond.Broadcast()
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker()
			for {
				j := int(next.Add(1) - 1)
				if j >= jobs {
					return
				}
				mu.Lock()
				for !stopped && j >= done+win {
					cond.Wait()
				}
				if err := ctx.Err(); err != nil {
					fail(err) // job j will not run: wake those waiting for it
				}
				if stopped {
					mu.Unlock()
					return
				}
				mu.Unlock()
				out, err := run(w, j)
				mu.Lock()
				if err != nil {
					fail(err)
					mu.Unlock()
					return
				}
				slots[j%win], full[j%win] = out, true
				if draining {
					mu.Unlock()
					continue
				}
				draining = true
				for !stopped && full[done%win] {
					i := done
					out := slots[i%win]
					slots[i%win], full[i%win] = nil, false
					mu.Unlock()
					err := consume(i, out)
					mu.Lock()
					done++
					cond.Broadcast()
					if err != nil {
						fail(err)
					}
				}
				draining = false
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// rowWriter collects the rows of one table, trial by trial, and passes
// them on as record batches: one is cut after the trial that brings it to
// maxBatchRows rows, so the batches depend on the rows only.
type rowWriter struct {
	t    *Table
	b    *array.RecordBuilder
	emit func(arrow.RecordBatch) error // takes the batch; the writer releases it
	rows int64
}

func newRowWriter(t *Table, emit func(arrow.RecordBatch) error) *rowWriter {
	return &rowWriter{t: t, b: array.NewRecordBuilder(memory.DefaultAllocator, t.Schema), emit: emit}
}

// add appends the rows of a trial at p whose worker returned out.
func (w *rowWriter) add(p *Point, trial int, out any) error {
	w.t.Rows(w.b, p, trial, out)
	if w.b.Field(0).Len() >= maxBatchRows {
		return w.flush()
	}
	return nil
}

// flush passes on the rows collected, if any.
func (w *rowWriter) flush() error {
	n := w.b.Field(0).Len()
	if n == 0 {
		return nil
	}
	rec := w.b.NewRecordBatch()
	defer rec.Release()
	w.rows += int64(n)
	return w.emit(rec)
}

// release frees the builder.
func (w *rowWriter) release() { w.b.Release() }

// bufferBytes estimates the bytes that the row builders of unit u in
// shard sh hold at most: per table a row group and a trial's rows, at most
// the unit's rows, twice over as a builder grows by doubling.
func (s *Spec) bufferBytes(u Unit, sh Shard) int64 {
	var b int64
	for _, name := range s.Tables {
		t := s.Model.table(name)
		var unitRows, trialRows int64
		known := t.Count != nil
		for i := range u.Points {
			p := &u.Points[i]
			if !known || s.once() && p.Index%sh.K != sh.I {
				continue
			}
			n, ok := t.Count(s, p, sh)
			if !ok {
				known = false
				continue
			}
			trials := int64(1)
			if !s.once() {
				trials = max(int64(sh.Count(s.Trials)), 1)
			}
			unitRows += n
			trialRows = max(trialRows, (n+trials-1)/trials)
		}
		if !known {
			unitRows = math.MaxInt64
		}
		b += builderBytes(t.Schema, unitRows, trialRows)
	}
	return b
}

// builderBytes estimates the bytes that the row builder of a table of
// schema holds at most in a unit of unitRows rows, trialRows a trial: a
// row group and a trial's rows, at most the unit's, twice over as a
// builder grows by doubling.
func builderBytes(schema *arrow.Schema, unitRows, trialRows int64) int64 {
	return 2 * min(int64(maxBatchRows)+trialRows, unitRows) * rowBytes(schema)
}

// rowBytes estimates the bytes of a row of schema in a builder: a
// string's value taken as 16 bytes, a nested value as 32.
func rowBytes(schema *arrow.Schema) int64 {
	var b int64
	for _, f := range schema.Fields() {
		switch t := f.Type.(type) {
		case arrow.FixedWidthDataType:
			b += int64(max(t.BitWidth()/8, 1))
		case *arrow.StringType, *arrow.BinaryType:
			b += 4 + 16
		default:
			b += 32
		}
		if f.Nullable {
			b++
		}
	}
	return b
}

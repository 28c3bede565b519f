package experiments

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/hyperroute/hyperroute/routers"
)

// Parallel calls fn for every job 0 … jobs−1 on workers goroutines, each with
// a Sim of its own. It stops handing out jobs at the first error or when ctx
// is done and returns that error. fn must write its results by job index, so
// that they do not depend on the number of workers.
func Parallel(ctx context.Context, jobs, workers int, fn func(s *routers.Sim, job int) error) error {
	return parallel(ctx, jobs, workers, func() *routers.Sim { return new(routers.Sim) }, fn)
}

// parallel is Parallel with a worker state of any kind, each worker's made
// by newWorker.
func parallel[W any](ctx context.Context, jobs, workers int, newWorker func() W, fn func(w W, job int) error) error {
	workers = max(1, min(workers, jobs))
	var (
		next     atomic.Int64
		once     sync.Once
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) { once.Do(func() { firstErr = err }) }
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker()
			for {
				j := int(next.Add(1) - 1)
				if j >= jobs || ctx.Err() != nil {
					return
				}
				if err := fn(w, j); err != nil {
					fail(err)
					next.Store(int64(jobs))
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

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
			var s routers.Sim
			for {
				j := int(next.Add(1) - 1)
				if j >= jobs || ctx.Err() != nil {
					return
				}
				if err := fn(&s, j); err != nil {
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

package experiments

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hyperroute/hyperroute/routers"
)

// benchTrials is the number of trials per benchmark operation.
const benchTrials = 64

func benchSpec(b *testing.B, n int) *Spec {
	text := fmt.Sprintf("name: bench\ngrid: {n: %d, router: valiant}\ntrials: %d\nseed: 1\n", n, benchTrials)
	return mustParse(b, text)
}

// BenchmarkOverhead compares routing the trials of one grid point at n = 10
// (Valiant, single-port) by calling Sim.Trial in a loop with running the
// same trials through the Runner on one worker, writing the Parquet trials
// table. Each iteration does both, one after the other, so that load from
// other processes affects both alike; it reports the time of each per
// trial and the runner's overhead in percent of the raw time.
func BenchmarkOverhead(b *testing.B) {
	s := benchSpec(b, 10)
	p := s.Points()[0]
	dir := b.TempDir()
	var sim routers.Sim
	var raw, runner time.Duration
	for b.Loop() {
		start := time.Now()
		for t := range benchTrials {
			rng, _ := TrialRand(s.Seed, p.Key, t)
			if _, err := sim.Trial(p.Config, rng); err != nil {
				b.Fatal(err)
			}
		}
		mid := time.Now()
		r := &Runner{Spec: s, Dir: dir, Workers: 1, Shard: Unsharded, Force: true}
		if _, err := r.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
		raw, runner = raw+mid.Sub(start), runner+time.Since(mid)
	}
	trials := float64(b.N * benchTrials)
	b.ReportMetric(float64(raw.Microseconds())/trials, "raw-µs/trial")
	b.ReportMetric(float64(runner.Microseconds())/trials, "runner-µs/trial")
	b.ReportMetric(100*(runner.Seconds()-raw.Seconds())/raw.Seconds(), "overhead-%")
}

// BenchmarkWorkers runs the trials of one grid point at n = 12 through the
// Runner on 1 and 2 workers.
func BenchmarkWorkers(b *testing.B) {
	s := benchSpec(b, 12)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			dir := b.TempDir()
			for b.Loop() {
				r := &Runner{Spec: s, Dir: dir, Workers: w, Shard: Unsharded, Force: true}
				if _, err := r.Run(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*benchTrials)/b.Elapsed().Seconds(), "trials/s")
		})
	}
}

package experiments

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hyperroute/hyperroute/routers"
)

func benchSpec(b *testing.B, n, trials int) *Spec {
	text := fmt.Sprintf("name: bench\ngrid: {n: %d, router: valiant}\ntrials: %d\nseed: 1\n", n, trials)
	return mustParse(b, text)
}

// BenchmarkOverhead compares routing the trials of one grid point at n = 10
// (Valiant, single-port) by calling Sim.Trial in a loop with running the
// same trials through the Runner on one worker, writing the Parquet trials
// table and the manifest. Each iteration does both, one after the other, so
// that load from other processes affects both alike; it reports the time of
// each per trial, the runner's overhead in percent of the raw time, and
// that overhead per run. A run of one unit has a fixed cost (two files
// written and synced, the directory scanned), so the percentage falls with
// the trials per unit: 64, and 1000 as in the paper profiles' units.
func BenchmarkOverhead(b *testing.B) {
	for _, trials := range []int{64, 1000} {
		b.Run(fmt.Sprintf("trials=%d", trials), func(b *testing.B) {
			s := benchSpec(b, 10, trials)
			p := s.Points()[0]
			dir := b.TempDir()
			var sim routers.Sim
			var raw, runner time.Duration
			for b.Loop() {
				start := time.Now()
				for t := range trials {
					rng, _ := TrialRand(s.Seed, s.Name, p.Key, t)
					if _, err := sim.Trial(p.Routing(), rng); err != nil {
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
			n := float64(b.N * trials)
			b.ReportMetric(float64(raw.Microseconds())/n, "raw-µs/trial")
			b.ReportMetric(float64(runner.Microseconds())/n, "runner-µs/trial")
			b.ReportMetric(100*(runner.Seconds()-raw.Seconds())/raw.Seconds(), "overhead-%")
			b.ReportMetric(float64((runner-raw).Microseconds())/1000/float64(b.N), "overhead-ms/run")
		})
	}
}

// BenchmarkWorkers runs the trials of one grid point at n = 12 through the
// Runner on 1 and 2 workers.
func BenchmarkWorkers(b *testing.B) {
	const trials = 64
	s := benchSpec(b, 12, trials)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			dir := b.TempDir()
			for b.Loop() {
				r := &Runner{Spec: s, Dir: dir, Workers: w, Shard: Unsharded, Force: true}
				if _, err := r.Run(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*trials)/b.Elapsed().Seconds(), "trials/s")
		})
	}
}

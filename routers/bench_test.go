package routers

import (
	"fmt"
	"runtime"
	"testing"
)

// BenchmarkValiant routes random permutations with Valiant single-port and
// reports packet-hops per second and the simulator's heap per packet.
func BenchmarkValiant(b *testing.B) {
	for _, n := range []int{10, 14, 18, 20, 24} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if n >= 24 && testing.Short() {
				b.Skip("n=24 needs about 1 GiB; skipped with -short")
			}
			cfg := Config{Router: "valiant", Pattern: "random", N: n, Mu: 1}
			var s Sim
			rng := testRand(1)
			var hops int64
			var routing float64
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			for b.Loop() {
				b.StopTimer()
				if err := s.Draw(cfg, rng); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				res, err := s.Route(cfg, rng)
				if err != nil {
					b.Fatal(err)
				}
				hops += res.Hops
			}
			routing = b.Elapsed().Seconds()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(hops)/routing, "hops/s")
			b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/float64(int(1)<<n), "B/packet")
		})
	}
}

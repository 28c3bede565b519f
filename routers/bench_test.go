package routers

import (
	"fmt"
	"testing"
)

// BenchmarkValiant routes random permutations with Valiant single-port. It
// reports packet-hops per second of routing (drawing the instance is not
// timed) and the simulator state per packet: engine buffers ("engine-B/pkt")
// and with the drawn request and intermediates ("total-B/pkt").
func BenchmarkValiant(b *testing.B) {
	for _, n := range []int{10, 14, 18, 20, 24} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if n >= 24 && testing.Short() {
				b.Skip("n=24 needs about 1 GiB and 20 seconds; skipped with -short")
			}
			cfg := Config{Router: "valiant", Pattern: "random", N: n, Mu: 1}
			var s Sim
			rng := testRand(1)
			var hops int64
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
			packets := float64(s.Req.Packets())
			b.ReportMetric(float64(hops)/b.Elapsed().Seconds(), "hops/s")
			b.ReportMetric(float64(s.eng.StateBytes())/packets, "engine-B/pkt")
			b.ReportMetric(float64(s.StateBytes())/packets, "total-B/pkt")
		})
	}
}

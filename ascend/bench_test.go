package ascend

import (
	"fmt"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/messages"
)

// BenchmarkSort sorts a random permutation all-port on a cube with 1% of
// its edges failed over random detours and reports packet-hops per second.
func BenchmarkSort(b *testing.B) {
	for _, n := range []int{8, 12} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := testRand(uint64(n))
			s, _ := faults.New(n)
			if err := s.Random(0.01, rng); err != nil {
				b.Fatal(err)
			}
			y := randomSystem(s, rng)
			if y == nil {
				b.Skip("no complete detour system drawn")
			}
			req, err := hypercube.NewRequest("random", n, 1, rng)
			if err != nil {
				b.Fatal(err)
			}
			var e engine.Engine
			var r Runner
			var hops int64
			for b.Loop() {
				res, err := r.Run(&e, NewSort(n, req.Dst), y, messages.AllPort)
				if err != nil {
					b.Fatal(err)
				}
				hops += res.Hops
			}
			b.ReportMetric(float64(hops)/b.Elapsed().Seconds(), "packet-hops/s")
		})
	}
}

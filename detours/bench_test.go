package detours

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hyperroute/hyperroute/faults"
)

// BenchmarkOptimal chooses an optimal system on Q_14 and Q_16, with
// q = 0.01, 0.05 and 0.1, on 16 faulty cubes drawn beforehand in turn.
func BenchmarkOptimal(b *testing.B) { benchStrategy(b, Optimal) }

// BenchmarkHeuristic runs the parallel matching on the faulty cubes of
// BenchmarkOptimal.
func BenchmarkHeuristic(b *testing.B) { benchStrategy(b, Heuristic) }

// benchStrategy times choose on 16 faulty cubes per n and q, drawn before
// the clock starts and taken in turn, and reports the failed edges per
// trial.
func benchStrategy[T any](b *testing.B, choose func(*faults.System) T) {
	for _, n := range []int{14, 16} {
		for _, q := range []float64{0.01, 0.05, 0.1} {
			b.Run(fmt.Sprintf("n=%d/q=%v", n, q), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				var systems [16]*faults.System
				for k := range systems {
					f, _ := faults.New(n)
					if err := f.Random(q, rng); err != nil {
						b.Fatal(err)
					}
					systems[k] = faults.NewSystem(f)
				}
				failed, k := 0, 0
				for b.Loop() {
					y := systems[k%len(systems)]
					choose(y)
					failed += y.Faults.Count()
					k++
				}
				b.ReportMetric(float64(failed)/float64(k), "failed-edges")
			})
		}
	}
}

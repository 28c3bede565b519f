package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkMemory measures what this machine's memory delivers to one
// core, to set the fused step's traffic against (experiments/README.md,
// "Where the time goes"): a STREAM-like triad a[i] = b[i] + 3·c[i] over
// three arrays of 8-byte words, in bytes read and written per second, and
// updates of random 32-byte slots (a sorted node's size) in one array, in
// slots per second, each a 64-byte line read and written back. Sizes: the
// three arrays or the one together 1 MiB (in a core's second-level
// cache), 32 MiB (the nodes of BF_16, in the shared third-level cache) and
// 512 MiB (beyond it).
func BenchmarkMemory(b *testing.B) {
	for _, size := range []int{1 << 20, 32 << 20, 512 << 20} {
		b.Run(fmt.Sprintf("triad/%dMiB", size>>20), func(b *testing.B) {
			words := size / 24
			x, y, z := make([]uint64, words), make([]uint64, words), make([]uint64, words)
			for i := range y {
				y[i], z[i] = uint64(i), uint64(2*i)
			}
			b.SetBytes(int64(24 * words))
			for b.Loop() {
				for i := range x {
					x[i] = y[i] + 3*z[i]
				}
			}
		})
		b.Run(fmt.Sprintf("random-slots/%dMiB", size>>20), func(b *testing.B) {
			slots := make([][4]uint64, size/32)
			rng := rand.New(rand.NewPCG(1, 2))
			idx := make([]uint32, 1<<16)
			for i := range idx {
				idx[i] = uint32(rng.IntN(len(slots)))
			}
			var updates int64
			for b.Loop() {
				for _, i := range idx {
					slots[i][0]++
				}
				updates += int64(len(idx))
			}
			b.ReportMetric(float64(updates)/b.Elapsed().Seconds(), "slots/s")
		})
	}
}

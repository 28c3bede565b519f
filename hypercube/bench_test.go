package hypercube

import (
	"fmt"
	"testing"
)

// BenchmarkFill measures building a permutation request (μ = 1) into a reused
// Request; random at n = 20 is the Fisher–Yates shuffle of 2^20 entries.
func BenchmarkFill(b *testing.B) {
	for _, bc := range []struct {
		pattern string
		n, mu   int
	}{
		{"random", 20, 1},
		{"random", 16, 4},
		{"transpose", 20, 1},
	} {
		b.Run(fmt.Sprintf("%s/n=%d/mu=%d", bc.pattern, bc.n, bc.mu), func(b *testing.B) {
			rng := newRNG(1)
			var r Request
			for b.Loop() {
				if err := r.Fill(bc.pattern, bc.n, bc.mu, rng); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(bc.mu<<bc.n), "ns/packet")
		})
	}
}

func BenchmarkNextECube(b *testing.B) {
	rng := newRNG(2)
	vs := make([]uint32, 1024)
	for i := range vs {
		vs[i] = rng.Uint32() & (1<<20 - 1)
	}
	sum := 0
	for b.Loop() {
		for i := 1; i < len(vs); i++ {
			sum += NextECube(vs[i-1], vs[i])
		}
	}
	_ = sum
}

func BenchmarkDisjointPaths(b *testing.B) {
	c := Cube{N: 20}
	for b.Loop() {
		_ = c.DisjointPaths(0x12345, 0xabcde)
	}
}

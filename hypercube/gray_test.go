package hypercube

import (
	"math/rand/v2"
	"testing"
)

func TestGrayValues(t *testing.T) {
	// The binary-reflected Gray code of length 8.
	want := []uint32{0b000, 0b001, 0b011, 0b010, 0b110, 0b111, 0b101, 0b100}
	for i, g := range want {
		if Gray(uint32(i)) != g || GrayRank(g) != uint32(i) {
			t.Errorf("Gray(%d) = %03b, GrayRank(%03b) = %d; want %03b, %d",
				i, Gray(uint32(i)), g, GrayRank(g), g, i)
		}
	}
}

// TestGrayCycle checks for every n ≤ 16 that Gray(0) … Gray(2^n−1) stay in
// Q_n, that consecutive words (cyclically) differ in one bit, and that
// GrayRank inverts Gray; together, the code is a Hamiltonian cycle of Q_n.
func TestGrayCycle(t *testing.T) {
	for n := 1; n <= 16; n++ {
		c := Cube{N: n}
		for i := range uint32(c.Nodes()) {
			g, next := Gray(i), Gray((i+1)&c.Mask())
			if !c.Contains(g) || Dist(g, next) != 1 || GrayRank(g) != i {
				t.Fatalf("Q_%d: Gray(%d) = %b, next %b, GrayRank = %d", n, i, g, next, GrayRank(g))
			}
		}
	}
}

func TestGrayRankRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 10000 {
		x := rng.Uint32()
		if GrayRank(Gray(x)) != x || Gray(GrayRank(x)) != x {
			t.Fatalf("Gray/GrayRank do not invert each other at %#x", x)
		}
	}
}

package hypercube

import (
	"slices"
	"testing"
)

func TestPatternsRegistry(t *testing.T) {
	want := []string{"random", "transpose", "bitrev", "complement", "identity", "shuffle"}
	if !slices.Equal(Patterns, want) {
		t.Errorf("Patterns = %v, want %v", Patterns, want)
	}
	for _, name := range Patterns {
		if Describe(name) == "" {
			t.Errorf("Describe(%q) is empty", name)
		}
	}
	if got := Describe("tornado"); got != "" {
		t.Errorf("Describe(%q) = %q, want empty", "tornado", got)
	}
}

// fixed holds the deterministic patterns, by name.
var fixed = map[string]func(n int, v uint32) uint32{
	"transpose":  Transpose,
	"bitrev":     BitReverse,
	"complement": Complement,
	"identity":   Identity,
	"shuffle":    Shuffle,
}

func TestPatternExamples(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		n       int
		v, want uint32
	}{
		{"transpose", 1, 0b1, 0b1},
		{"transpose", 2, 0b01, 0b10},
		{"transpose", 3, 0b001, 0b100}, // bit 0 ↔ bit 2, bit 1 stays
		{"transpose", 3, 0b011, 0b110},
		{"transpose", 3, 0b010, 0b010},
		{"transpose", 4, 0b0011, 0b1100},
		{"transpose", 4, 0b0110, 0b1001},
		{"transpose", 5, 0b00001, 0b01000}, // bits 0,1 ↔ bits 3,4, bit 2 stays
		{"transpose", 5, 0b00100, 0b00100},
		{"transpose", 5, 0b10001, 0b01010},
		{"transpose", 5, 0b00011, 0b11000},
		{"transpose", 6, 0b101001, 0b001101},
		{"transpose", 30, 1, 1 << 15},
		{"bitrev", 1, 0b1, 0b1},
		{"bitrev", 3, 0b001, 0b100},
		{"bitrev", 3, 0b110, 0b011},
		{"bitrev", 4, 0b0001, 0b1000},
		{"bitrev", 4, 0b0110, 0b0110},
		{"bitrev", 4, 0b1011, 0b1101},
		{"bitrev", 30, 1, 1 << 29},
		{"complement", 1, 0, 1},
		{"complement", 3, 0b000, 0b111},
		{"complement", 4, 0b0101, 0b1010},
		{"complement", 30, 0, 1<<30 - 1},
		{"identity", 4, 0b1011, 0b1011},
		{"shuffle", 1, 0b1, 0b1},
		{"shuffle", 3, 0b100, 0b001},
		{"shuffle", 3, 0b011, 0b110},
		{"shuffle", 4, 0b1000, 0b0001},
		{"shuffle", 4, 0b0101, 0b1010},
		{"shuffle", 4, 0b1001, 0b0011},
		{"shuffle", 30, 1 << 29, 1},
	} {
		if got := fixed[tc.pattern](tc.n, tc.v); got != tc.want {
			t.Errorf("%s on Q_%d: %0*b → %0*b, want %0*b", tc.pattern, tc.n, tc.n, tc.v, tc.n, got, tc.n, tc.want)
		}
	}
}

// bitPerm returns the permutation of Q_n that moves bit i of the address to
// bit to(i), one bit at a time.
func bitPerm(n int, to func(i int) int) func(uint32) uint32 {
	return func(v uint32) uint32 {
		var w uint32
		for i := range n {
			w |= (v >> i & 1) << to(i)
		}
		return w
	}
}

// TestPatternsBitwise compares the fixed patterns, for every node of Q_n,
// n ≤ 12, with their definitions as moves of single bits.
func TestPatternsBitwise(t *testing.T) {
	for n := 1; n <= 12; n++ {
		h, c := n/2, (n+1)/2
		ref := map[string]func(uint32) uint32{
			"transpose": bitPerm(n, func(i int) int {
				switch {
				case i < h:
					return i + c
				case i >= c:
					return i - c
				}
				return i // the middle bit of odd n
			}),
			"bitrev":     bitPerm(n, func(i int) int { return n - 1 - i }),
			"complement": func(v uint32) uint32 { return ^v & (1<<n - 1) },
			"identity":   bitPerm(n, func(i int) int { return i }),
			"shuffle":    bitPerm(n, func(i int) int { return (i + 1) % n }),
		}
		for name, perm := range fixed {
			for v := range uint32(1 << n) {
				if got, want := perm(n, v), ref[name](v); got != want {
					t.Fatalf("%s on Q_%d: %b → %b, want %b", name, n, v, got, want)
				}
			}
		}
	}
}

// TestPatternsInvolutions checks that transpose, bitrev and complement undo
// themselves and that n shuffles are the identity, for every node of Q_n,
// n ≤ 12.
func TestPatternsInvolutions(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for v := range uint32(1 << n) {
			for _, f := range []func(int, uint32) uint32{Transpose, BitReverse, Complement} {
				if f(n, f(n, v)) != v {
					t.Fatalf("Q_%d: pattern applied twice moves %b", n, v)
				}
			}
			w := v
			for range n {
				w = Shuffle(n, w)
			}
			if w != v {
				t.Fatalf("Q_%d: %d shuffles move %b to %b", n, n, v, w)
			}
			if Dist(v, Complement(n, v)) != n {
				t.Fatalf("Q_%d: complement of %b is not at distance n", n, v)
			}
		}
	}
}

// isPermutation reports whether dst[k], dst[k+mu], … is a permutation of
// 0 … 2^n−1.
func isPermutation(dst []uint32, n, k, mu int) bool {
	hit := make([]bool, 1<<n)
	for i := k; i < len(dst); i += mu {
		z := dst[i]
		if int(z) >= len(hit) || hit[z] {
			return false
		}
		hit[z] = true
	}
	return len(dst) == mu<<n
}

// TestPatternsArePermutations checks every pattern (random with several
// seeds) for every n ≤ 12.
func TestPatternsArePermutations(t *testing.T) {
	for _, name := range Patterns {
		for n := 1; n <= 12; n++ {
			for seed := range uint64(3) {
				req, err := NewRequest(name, n, 1, newRNG(seed))
				if err != nil {
					t.Fatal(err)
				}
				if !isPermutation(req.Dst, n, 0, 1) {
					t.Fatalf("%s on Q_%d (seed %d) is not a permutation: %v", name, n, seed, req.Dst)
				}
			}
		}
	}
}

package hypercube_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/hyperroute/hyperroute/hypercube"
)

// The n disjoint paths of thesis Ch. II.1 [Schömer 1988] from 000 to 011 in
// Q_3: k = 2 paths of length 2 rotate the differing dimensions 1 and 2, and
// the path for the agreeing dimension 3 goes around them.
func ExampleCube_DisjointPaths() {
	c, err := hypercube.New(3)
	if err != nil {
		panic(err)
	}
	for i, p := range c.DisjointPaths(0b000, 0b011) {
		fmt.Printf("α^%d = %v visits %03b\n", i+1, p, hypercube.Walk(0b000, p))
	}
	// Output:
	// α^1 = [1 2] visits [000 001 011]
	// α^2 = [2 1] visits [000 010 011]
	// α^3 = [3 1 2 3] visits [000 100 101 111 011]
}

// The e-cube route crosses the differing dimensions in ascending order.
func ExampleECube() {
	v, w := uint32(0b1010), uint32(0b0111)
	fmt.Println(hypercube.ECube(v, w), hypercube.Dist(v, w), hypercube.NextECube(v, w))
	// Output: [1 3 4] 3 1
}

// The binary-reflected Gray code walks once around Q_3.
func ExampleGray() {
	for i := range uint32(8) {
		fmt.Printf("%03b ", hypercube.Gray(i))
	}
	fmt.Println()
	// Output: 000 001 011 010 110 111 101 100
}

// A 2-relation on Q_2: packet id = source·μ + k, so packets 2s and 2s+1 start
// at node s.
func ExampleNewRequest() {
	req, err := hypercube.NewRequest("transpose", 2, 2, nil)
	if err != nil {
		panic(err)
	}
	for id := range req.Packets() {
		fmt.Printf("packet %d: %02b → %02b\n", id, req.Src(id), req.Dst[id])
	}
	// Random requests draw from a source owned by the trial.
	rng := rand.New(rand.NewPCG(1, 2))
	random, _ := hypercube.NewRequest("random", 4, 1, rng)
	fmt.Println(random.Dst)
	// Output:
	// packet 0: 00 → 00
	// packet 1: 00 → 00
	// packet 2: 01 → 10
	// packet 3: 01 → 10
	// packet 4: 10 → 01
	// packet 5: 10 → 01
	// packet 6: 11 → 11
	// packet 7: 11 → 11
	// [6 8 12 5 11 3 7 1 14 4 15 2 13 10 9 0]
}

// Patterns and Describe serve help texts and `hyperroute list`.
func ExampleDescribe() {
	for _, name := range hypercube.Patterns {
		fmt.Printf("%-10s %s\n", name, hypercube.Describe(name))
	}
	// Output:
	// random     a fresh uniformly random permutation for every k = 0…μ−1 (Fisher–Yates)
	// transpose  swap the low and the high ⌊n/2⌋ address bits; for odd n the middle bit stays
	// bitrev     reverse the n address bits
	// complement flip all n address bits; every packet travels distance n
	// identity   v → v; every packet starts at its destination
	// shuffle    perfect shuffle: rotate the n-bit address left by one
}

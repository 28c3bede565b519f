package routers

import (
	"math/bits"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

// permutations calls f with every permutation of 0 … m−1 (Heap's algorithm).
func permutations(m int, f func([]uint32)) {
	p := make([]uint32, m)
	for i := range p {
		p[i] = uint32(i)
	}
	c := make([]int, m)
	f(p)
	for i := 0; i < m; {
		if c[i] < i {
			if i%2 == 0 {
				p[0], p[i] = p[i], p[0]
			} else {
				p[c[i]], p[i] = p[i], p[c[i]]
			}
			f(p)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}

// checkBitonic checks the step count n(n+1)/2, that every step uses the
// edges of one dimension with one send per node, and that the run sorted req
// (Bitonic fails otherwise).
func checkBitonic(t *testing.T, req *hypercube.Request) {
	t.Helper()
	n := req.N
	res, err := Bitonic(req, engine.Record{Packets: true, Trace: true})
	if err != nil {
		t.Fatalf("n=%d dst=%v: %v", n, req.Dst, err)
	}
	if want := n * (n + 1) / 2; res.T != want {
		t.Fatalf("n=%d: T = %d, want n(n+1)/2 = %d", n, res.T, want)
	}
	nodes := 1 << n
	if int(res.Hops) != res.T*nodes || len(res.Trace) != res.T*nodes {
		t.Fatalf("n=%d: %d hops, %d sends, want %d", n, res.Hops, len(res.Trace), res.T*nodes)
	}
	dims := make([]int, res.T)
	sent := make(map[[2]int32]bool)
	for _, s := range res.Trace {
		if bits.OnesCount32(s.From^s.To) != 1 {
			t.Fatalf("step %d: %d→%d is not an edge", s.T, s.From, s.To)
		}
		d := bits.TrailingZeros32(s.From^s.To) + 1
		if dims[s.T] == 0 {
			dims[s.T] = d
		} else if dims[s.T] != d {
			t.Fatalf("step %d uses dimensions %d and %d", s.T, dims[s.T], d)
		}
		key := [2]int32{s.T, int32(s.From)}
		if sent[key] {
			t.Fatalf("step %d: node %d sends twice", s.T, s.From)
		}
		sent[key] = true
	}
	for id := range nodes {
		if res.Arrival[id] > int32(res.T) || (res.PacketHops[id] == 0) != (res.Arrival[id] == 0) {
			t.Fatalf("packet %d: arrival %d after %d hops", id, res.Arrival[id], res.PacketHops[id])
		}
	}
}

func TestBitonicAllPermutations(t *testing.T) {
	for n := 1; n <= 3; n++ {
		count := 0
		permutations(1<<n, func(dst []uint32) {
			checkBitonic(t, &hypercube.Request{N: n, Mu: 1, Dst: dst})
			count++
		})
		if want := []int{0, 2, 24, 40320}[n]; count != want {
			t.Fatalf("n=%d: %d permutations checked, want %d", n, count, want)
		}
	}
}

func TestBitonicRandomAndStructured(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for _, pattern := range hypercube.Patterns {
			req, err := hypercube.NewRequest(pattern, n, 1, testRand(uint64(n)))
			if err != nil {
				t.Fatal(err)
			}
			checkBitonic(t, &req)
		}
	}
}

func TestBitonicRejectsNonPermutation(t *testing.T) {
	if _, err := Bitonic(&hypercube.Request{N: 2, Mu: 1, Dst: []uint32{0, 0, 1, 2}}, engine.Record{}); err == nil {
		t.Fatal("bitonic accepted a request that is not a permutation")
	}
}

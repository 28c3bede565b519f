package faults

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

var _ engine.Links = (*Set)(nil)

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0xfa17)) }

// TestFailed checks the edge indexing on every edge of Q_1 … Q_4: an edge
// marked failed is failed in its direction only, and nothing else is.
func TestFailed(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for v := range uint32(1) << n {
			for d := 1; d <= n; d++ {
				s, _ := New(n)
				s.Fail(v, d)
				s.Fail(v, d)
				w := hypercube.Neighbor(v, d)
				if s.Count() != 1 || !s.FailedDim(v, d) || !s.Failed(v, w) || s.Failed(w, v) || s.Failed(v, v) {
					t.Fatalf("Q_%d, %d-%d->%d: count %d, failed %v, back %v", n, v, d, w, s.Count(), s.Failed(v, w), s.Failed(w, v))
				}
				var seen int
				s.Each(func(u uint32, e int) {
					if u != v || e != d {
						t.Fatalf("Q_%d: Each gives %d-%d, want %d-%d", n, u, e, v, d)
					}
					seen++
				})
				if seen != 1 {
					t.Fatalf("Q_%d: Each gives %d edges", n, seen)
				}
				if u := v ^ 3; n >= 2 && s.Failed(v, u) {
					t.Fatalf("Q_%d: %d→%d is no edge but failed", n, v, u)
				}
			}
		}
	}
}

// TestOut checks Out, Each and ByDim against FailedDim on random sets of
// Q_1 … Q_20 (every node up to Q_14, the first 4096 after), whose fields
// of n bits straddle words wherever n does not divide 64: Out gives each
// node's failed dimensions, Each every failed edge in index order, ByDim
// the failed edges by dimension.
func TestOut(t *testing.T) {
	rng := testRand(3)
	for _, n := range []int{1, 2, 3, 5, 7, 8, 13, 14, 16, 20} {
		s, _ := New(n)
		for i := range s.failed {
			s.failed[i] = rng.Uint64() & rng.Uint64()
		}
		nodes := min(uint32(1)<<n, 4096)
		var want []int
		for v := range nodes {
			var out uint32
			for d := 1; d <= n; d++ {
				if s.FailedDim(v, d) {
					out |= 1 << (d - 1)
					want = append(want, int(v)*n+d-1)
				}
			}
			if got := s.Out(v); got != out {
				t.Fatalf("Q_%d node %d: Out %b, FailedDim %b", n, v, got, out)
			}
		}
		var got []int
		s.Each(func(v uint32, d int) {
			if v < nodes {
				got = append(got, int(v)*n+d-1)
			}
		})
		if !slices.Equal(got, want) {
			t.Fatalf("Q_%d: Each gives %d edges of the first %d nodes, FailedDim %d", n, len(got), nodes, len(want))
		}
		byDim := make([][]uint32, n+1)
		s.ByDim(byDim)
		for d := 1; d <= n; d++ {
			var want []uint32
			for v := range nodes {
				if s.FailedDim(v, d) {
					want = append(want, v)
				}
			}
			got := byDim[d]
			for len(got) > 0 && got[len(got)-1] >= nodes {
				got = got[:len(got)-1]
			}
			if !slices.Equal(got, want) {
				t.Fatalf("Q_%d, dimension %d: ByDim gives %v, FailedDim %v", n, d, got, want)
			}
		}
	}
}

// TestRandom checks that each edge fails with probability q: over 400
// draws of Q_6 the failures of every edge, and of all, stay within 5
// standard deviations of their binomial means; q = 0 and q = 1 fail none
// and all.
func TestRandom(t *testing.T) {
	const n, q, draws = 6, 0.1, 400
	s, _ := New(n)
	perEdge := make([]int, s.Edges())
	total, rng := 0, testRand(1)
	for range draws {
		s.Reset(n)
		if err := s.Random(q, rng); err != nil {
			t.Fatal(err)
		}
		total += s.Count()
		s.Each(func(v uint32, d int) { perEdge[int(v)*n+d-1]++ })
	}
	mean, sd := draws*q, math.Sqrt(draws*q*(1-q))
	for i, c := range perEdge {
		if math.Abs(float64(c)-mean) > 5*sd {
			t.Errorf("edge %d failed %d times in %d, want about %.0f", i, c, draws, mean)
		}
	}
	all := float64(draws * s.Edges())
	if got := float64(total); math.Abs(got-all*q) > 5*math.Sqrt(all*q*(1-q)) {
		t.Errorf("%v failures in %v edges, want about %v", got, all, all*q)
	}
	for _, c := range []struct {
		q    float64
		want int
	}{{0, 0}, {1, s.Edges()}} {
		s.Reset(n)
		s.Random(c.q, rng)
		if s.Count() != c.want {
			t.Errorf("q=%v: %d failed, want %d", c.q, s.Count(), c.want)
		}
	}
	for _, q := range []float64{-0.1, 1.5, math.NaN()} {
		if err := s.Random(q, rng); err == nil {
			t.Errorf("q=%v accepted", q)
		}
	}
}

// TestExactly checks that Exactly fails k edges, every set of k equally
// often: the 56 sets of 3 of the 8 edges of Q_2 over 56,000 draws, by a
// chi-square test at the 0.1% level.
func TestExactly(t *testing.T) {
	const n, k, draws = 2, 3, 56000
	s, _ := New(n)
	freq := map[uint64]int{}
	rng := testRand(2)
	for range draws {
		s.Reset(n)
		if err := s.Exactly(k, rng); err != nil {
			t.Fatal(err)
		}
		if s.Count() != k {
			t.Fatalf("%d failed, want %d", s.Count(), k)
		}
		freq[s.failed[0]]++
	}
	if len(freq) != 56 {
		t.Fatalf("%d distinct sets, want 56", len(freq))
	}
	chi2, want := 0.0, float64(draws)/56
	for _, c := range freq {
		chi2 += (float64(c) - want) * (float64(c) - want) / want
	}
	// The 99.9% quantile of chi-square with 55 degrees of freedom.
	if chi2 > 93.17 {
		t.Errorf("chi-square %.1f over 55 degrees of freedom: not uniform", chi2)
	}
	s.Reset(n)
	if err := s.Exactly(9, rng); err == nil {
		t.Error("9 of 8 edges accepted")
	}
}

// TestParse reads a fault list, and names the line of a bad one.
func TestParse(t *testing.T) {
	s, err := Parse(strings.NewReader("# two faults\n0 1\n\n5 3  # 5 -3-> 1\n0 1\n"), "f.txt", 3)
	if err != nil {
		t.Fatal(err)
	}
	if s.Count() != 2 || !s.FailedDim(0, 1) || !s.FailedDim(5, 3) {
		t.Errorf("got %v", s)
	}
	for _, c := range []struct{ text, want string }{
		{"0 1\n8 1\n", "f.txt:2: node \"8\" is not a node of Q_3"},
		{"0 0\n", "f.txt:1: dimension \"0\" is not a dimension of Q_3"},
		{"0 4\n", "f.txt:1: dimension \"4\""},
		{"\n\n1 2 3\n", "f.txt:3: want \"v d\""},
		{"-1 2\n", "f.txt:1: node \"-1\""},
		{"x 2\n", "f.txt:1: node \"x\""},
	} {
		if _, err := Parse(strings.NewReader(c.text), "f.txt", 3); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.text, err, c.want)
		}
	}
}

// FuzzParse checks that Parse never panics and that what it accepts lists
// edges of the cube.
func FuzzParse(f *testing.F) {
	f.Add("0 1\n5 3\n", 3)
	f.Add("# c\n\n7 2 # x\n", 3)
	f.Add("1 1 1", 1)
	f.Fuzz(func(t *testing.T, text string, n int) {
		if n < 1 || n > 8 {
			return
		}
		s, err := Parse(strings.NewReader(text), "fuzz", n)
		if err != nil {
			return
		}
		if s.Count() > s.Edges() {
			t.Fatalf("%d failed of %d edges", s.Count(), s.Edges())
		}
	})
}

// BenchmarkByDim lists the failed edges of Q_14 by dimension, with
// q = 0.01 and 0.05.
func BenchmarkByDim(b *testing.B) {
	for _, q := range []float64{0.01, 0.05} {
		b.Run(fmt.Sprintf("q=%v", q), func(b *testing.B) {
			s, _ := New(14)
			if err := s.Random(q, testRand(1)); err != nil {
				b.Fatal(err)
			}
			nodes := make([][]uint32, s.N+1)
			for b.Loop() {
				for d := range nodes {
					nodes[d] = nodes[d][:0]
				}
				s.ByDim(nodes)
			}
			b.ReportMetric(float64(s.Count()), "failed-edges")
		})
	}
}

package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat"
)

// TestSequentialStops feeds exponential values (relative standard
// deviation 1) and checks that the rule stops at the first batch boundary
// where the standard error, computed directly from the values so far, is at
// most RSE times the mean, and nowhere else; and that Mean and SE are
// those of the values.
func TestSequentialStops(t *testing.T) {
	for _, c := range []struct {
		rse   float64
		batch int
	}{{0.1, 10}, {0.05, 64}, {0.02, 100}, {0.5, 2}} {
		s, err := NewSequential(c.rse, c.batch, 0)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, uint64(c.batch)))
		var xs []float64
		for {
			x := rng.ExpFloat64()
			xs = append(xs, x)
			stop := s.Add(x)
			mean, sd := stat.MeanStdDev(xs, nil)
			se := sd / math.Sqrt(float64(len(xs)))
			if math.Abs(s.Mean()-mean) > 1e-12*mean || len(xs) > 1 && math.Abs(s.SE()-se) > 1e-9*se {
				t.Fatalf("after %d values: mean %v, se %v; want %v, %v", len(xs), s.Mean(), s.SE(), mean, se)
			}
			want := len(xs)%c.batch == 0 && se <= c.rse*mean
			if stop != want {
				t.Fatalf("rse %v, batch %d: after %d values (se/mean = %v) stop = %v", c.rse, c.batch, len(xs), se/mean, stop)
			}
			if stop {
				break
			}
		}
		// (1/rse)² values give relative standard error rse for values of
		// relative standard deviation 1: the rule stops near there.
		if n, want := float64(s.N()), 1/(c.rse*c.rse); n < want/2 && n > float64(c.batch) || n > 2*want+float64(c.batch) {
			t.Errorf("rse %v: stopped after %d values, expected about %.0f", c.rse, s.N(), want)
		}
	}
}

// TestSequentialEdges checks the maximum, values all 0 (the answer 0 is
// known after one batch) and the constructor's refusals.
func TestSequentialEdges(t *testing.T) {
	s, _ := NewSequential(0.01, 5, 12)
	for i := 1; i <= 12; i++ {
		// A spread too wide ever to reach 1%: only the maximum stops it.
		if stop := s.Add(float64(i % 2 * 100)); stop != (i == 12) {
			t.Fatalf("after %d values stop = %v, maximum 12", i, stop)
		}
	}
	z, _ := NewSequential(0.1, 4, 0)
	for i := 1; i <= 4; i++ {
		if stop := z.Add(0); stop != (i == 4) {
			t.Fatalf("zeros: after %d values stop = %v", i, stop)
		}
	}
	if z.Mean() != 0 || z.SE() != 0 {
		t.Errorf("zeros: mean %v, se %v", z.Mean(), z.SE())
	}
	for _, c := range []struct {
		rse        float64
		batch, max int
	}{{0, 10, 0}, {1, 10, 0}, {-0.1, 10, 0}, {math.NaN(), 10, 0}, {0.1, 1, 0}, {0.1, 10, -1}} {
		if _, err := NewSequential(c.rse, c.batch, c.max); err == nil {
			t.Errorf("NewSequential(%v, %d, %d) accepted", c.rse, c.batch, c.max)
		}
	}
}

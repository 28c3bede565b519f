package collectives

import (
	"math/bits"
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// TestOptimalMeetsBounds: all-gather and total exchange by aab optimal and
// aas optimal on the all-port Q_n, n = 1 … 8, end with every node holding
// what the operation defines, with NODUP and NOHO, in exactly the steps
// and block-hops of Lemma 1: ρ = ρ_m = ⌈(2^n − 1)/n⌉, η = 2^n(2^n − 1) and
// ρ = ρ_m = 2^{n−1}, η = n·2^{2n−1}.
func TestOptimalMeetsBounds(t *testing.T) {
	for n := 1; n <= 8; n++ {
		p := 1 << n
		for _, c := range []struct {
			op       Op
			rho, eta int
		}{
			{AAB, (p - 1 + n - 1) / n, p * (p - 1)},
			{AAS, p / 2, n * p * p / 2},
		} {
			cfg := Config{Op: c.op, Algo: "optimal", Topology: topology.Cube, P: p, Port: AllPort, Model: SF, M: 1, Ts: 0, Tw: 1}
			res, err := Run(cfg)
			if err != nil {
				t.Fatalf("%v n=%d: %v", c.op, n, err)
			}
			b := LowerBound(cfg)
			switch {
			case !res.OK || !res.NoDup || !res.NoHO:
				t.Errorf("%v n=%d: ok %v, nodup %v, noho %v (%v)", c.op, n, res.OK, res.NoDup, res.NoHO, res.Err)
			case res.Rho != c.rho || res.RhoM != float64(c.rho) || res.Eta != float64(c.eta):
				t.Errorf("%v n=%d: ρ = %d, ρ_m = %v, η = %v; want %d, %d, %d", c.op, n, res.Rho, res.RhoM, res.Eta, c.rho, c.rho, c.eta)
			case b.Rho != float64(c.rho) || b.Eta != float64(c.eta):
				t.Errorf("%v n=%d: the lower bound is ρ = %v, η = %v; Lemma 1 says %d, %d", c.op, n, b.Rho, b.Eta, c.rho, c.eta)
			}
		}
	}
}

// TestSpanningSchedule: up to n = 10 the schedule reaches every node in
// ⌈(2^n − 1)/n⌉ steps, along tree edges whose steps rise from the root,
// with no dimension twice in a step.
func TestSpanningSchedule(t *testing.T) {
	for n := 1; n <= 10; n++ {
		time, parent := spanningSchedule(n)
		used := map[[2]int32]bool{}
		for v := 1; v < 1<<n; v++ {
			d := int32(bits.TrailingZeros(uint(uint32(v) ^ parent[v])))
			switch {
			case bits.OnesCount(uint(uint32(v)^parent[v])) != 1:
				t.Fatalf("n=%d: parent %d of %d is no neighbour", n, parent[v], v)
			case time[v] <= time[parent[v]]:
				t.Fatalf("n=%d: %d reached in step %d, its parent %d in %d", n, v, time[v], parent[v], time[parent[v]])
			case used[[2]int32{d, time[v]}]:
				t.Fatalf("n=%d: dimension %d twice in step %d", n, d+1, time[v])
			case int(time[v]) > (1<<n-1+n-1)/n:
				t.Fatalf("n=%d: %d reached in step %d > ⌈(2^n − 1)/n⌉", n, v, time[v])
			}
			used[[2]int32{d, time[v]}] = true
		}
	}
}

// TestOffsetColouring: the colouring gives each dimension every colour
// once and each offset distinct colours, n = 1 … 10.
func TestOffsetColouring(t *testing.T) {
	for n := 1; n <= 10; n++ {
		colour := offsetColouring(n)
		perDim := make([]map[int32]bool, n)
		for d := range perDim {
			perDim[d] = map[int32]bool{}
		}
		for x := 1; x < 1<<n; x++ {
			seen := map[int32]bool{}
			for d := range n {
				if x>>d&1 == 0 {
					continue
				}
				c := colour[x][d]
				if seen[c] || perDim[d][c] || c < 0 || c >= 1<<(n-1) {
					t.Fatalf("n=%d: offset %d, dimension %d: colour %d repeated or out of range", n, x, d+1, c)
				}
				seen[c], perDim[d][c] = true, true
			}
		}
		for d := range perDim {
			if len(perDim[d]) != 1<<(n-1) {
				t.Fatalf("n=%d: dimension %d has %d colours", n, d+1, len(perDim[d]))
			}
		}
	}
}

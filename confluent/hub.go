package confluent

import (
	"fmt"

	"github.com/hyperroute/hyperroute/faults"
)

// MaxHub is the largest n of Hub, whose fault set takes n·2^n bits.
const MaxHub = 20

// Hub returns a complete 1-conjunct detour system on Q_n, n ≥ 3, whose
// node-confluent dilation grows linearly with n, as the thesis' Fig. 7
// claims one exists (Ch. III.2). Its 2n failed edges all detour through
// node 0; with e_d = 2^(d−1) and d⁺ = 1 + (d mod n), for d = 1 … n:
//
//	e_{d⁺} → e_{d⁺}⊕e_d fails, detour e_{d⁺} → 0 → e_d → e_d⊕e_{d⁺},
//	e_d⊕e_{d⁺} → e_{d⁺} fails, detour e_d⊕e_{d⁺} → e_d → 0 → e_{d⁺}.
//
// The middle edges 0 → e_d and e_d → 0 are all different, so the system is
// 1-conjunct; but the 2n detours start and end in 2n different nodes, so
// node confluence makes them leave node 0 in 2n different sub-steps, and
// the dilation is at least 2n + 1 (NodeLowerBound).
func Hub(n int, c uint32) (*faults.System, error) {
	if n < 3 || n > MaxHub {
		return nil, fmt.Errorf("confluent: Hub needs 3 ≤ n ≤ %d, not %d", MaxHub, n)
	}
	f, err := faults.New(n)
	if err != nil {
		return nil, err
	}
	y := faults.NewSystem(f)
	for d := 1; d <= n; d++ {
		next := d%n + 1
		e, en := uint32(1)<<(d-1), uint32(1)<<(next-1)
		f.Fail(c^en, d)
		y.Choose(c^en, d, next)
		f.Fail(c^e^en, d)
		y.Choose(c^e^en, d, next)
	}
	return y, nil
}

// Dilations are the dilations of the family Hub(n, ·) at one n, as the
// thesis' Fig. 7 shows them: γ of Hub(n, 0), the least node-confluent
// dilation (MinNode, the same about both centres) and its lower bound
// (NodeLowerBound), the greedy Node's about c = 0 and c = 2^n − 1, and the
// edge-confluent ψ's (Edge), γ + 2.
type Dilations struct {
	N, Gamma, Least, Bound, Zero, Ones, Edge int
}

// HubDilations returns the Dilations of Hub for n = 3 … maxN, MinNode's
// search bounded by budget steps per system. It fails if a least dilation
// is not found within the budget or differs between the two centres.
func HubDilations(maxN, budget int) ([]Dilations, error) {
	var out []Dilations
	for n := 3; n <= maxN; n++ {
		r := Dilations{N: n}
		for _, c := range []uint32{0, 1<<n - 1} {
			y, err := Hub(n, c)
			if err != nil {
				return nil, err
			}
			g, err := Node(y)
			if err != nil {
				return nil, err
			}
			least, exact, err := MinNode(y, budget)
			if err != nil {
				return nil, err
			}
			if !exact {
				return nil, fmt.Errorf("confluent: the least dilation of Hub(%d, %d) is not found within %d steps", n, c, budget)
			}
			if c != 0 {
				if r.Ones = g.D; least.D != r.Least {
					return nil, fmt.Errorf("confluent: Hub(%d): least dilation %d about 0, %d about %d", n, r.Least, least.D, c)
				}
				continue
			}
			psi, err := Edge(y)
			if err != nil {
				return nil, err
			}
			_, r.Gamma = y.Gamma()
			r.Zero, r.Least, r.Bound, r.Edge = g.D, least.D, NodeLowerBound(least), psi.D
		}
		out = append(out, r)
	}
	return out, nil
}

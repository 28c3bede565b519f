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

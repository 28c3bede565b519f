package plots

import (
	"fmt"

	"github.com/hyperroute/hyperroute/confluent"
)

// hubMaxN is the largest n of Fig. 7's family drawn.
const hubMaxN = 10

// hubBudget bounds MinNode's search per system; the family needs far less.
const hubBudget = 1 << 22

// dilationRow is Fig. 7's data at one n: the dilations of the 1-conjunct
// family confluent.Hub(n, ·).
type dilationRow struct {
	N     int
	Gamma int // faults.System.Gamma of Hub(n, 0)
	Least int // MinNode, proved least (the same about every centre)
	Bound int // NodeLowerBound
	Zero  int // greedy Node about node 0
	Ones  int // greedy Node about node 2^n − 1
	Edge  int // the edge-confluent ψ of confluent.Edge, γ + 2
}

// hubDilations computes Fig. 7's data for n = 3 … maxN.
func hubDilations(maxN int) ([]dilationRow, error) {
	var rows []dilationRow
	for n := 3; n <= maxN; n++ {
		r := dilationRow{N: n}
		for _, c := range []uint32{0, 1<<n - 1} {
			y, err := confluent.Hub(n, c)
			if err != nil {
				return nil, err
			}
			g, err := confluent.Node(y)
			if err != nil {
				return nil, err
			}
			least, exact, err := confluent.MinNode(y, hubBudget)
			if err != nil {
				return nil, err
			}
			if !exact {
				return nil, fmt.Errorf("thesis-fig7: the least dilation of Hub(%d, %d) is not found within %d steps", n, c, hubBudget)
			}
			if c == 0 {
				_, r.Gamma = y.Gamma()
				psi, err := confluent.Edge(y)
				if err != nil {
					return nil, err
				}
				r.Zero, r.Least, r.Bound, r.Edge = g.D, least.D, confluent.NodeLowerBound(least), psi.D
			} else {
				r.Ones = g.D
				if least.D != r.Least {
					return nil, fmt.Errorf("thesis-fig7: Hub(%d): least dilation %d about 0, %d about %d", n, r.Least, least.D, c)
				}
			}
		}
		rows = append(rows, r)
	}
	return rows, nil
}

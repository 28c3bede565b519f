package plots

import (
	"fmt"

	"github.com/hyperroute/hyperroute/confluent"
	"gonum.org/v1/plot/plotter"
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

// ThesisDilation draws the claim of the thesis' Fig. 7 [Schömer 1988,
// Ch. III.2]: a 1-conjunct detour system whose node-confluent dilation
// grows linearly with n. For confluent.Hub(n) (2n failed edges detoured
// through one node) it plots against n the least node-confluent dilation
// (confluent.MinNode), the greedy confluent.Node's about node 0 and about
// 2^n − 1, and the edge-confluent ψ's γ + 2. It needs no results.
func ThesisDilation(_, out string) (Output, error) {
	var o Output
	rows, err := hubDilations(hubMaxN)
	if err != nil {
		return o, err
	}
	p := newPlot("n", "dilation d (sub-steps per step)")
	p.Title.Text = "Fig. 7: a 1-conjunct family, 2n failed edges"
	series := []struct {
		name string
		get  func(dilationRow) int
	}{
		{"least node-confluent (MinNode)", func(r dilationRow) int { return r.Least }},
		{"greedy Node, hub 2ⁿ − 1", func(r dilationRow) int { return r.Ones }},
		{"greedy Node, hub 0", func(r dilationRow) int { return r.Zero }},
		{"edge-confluent ψ, γ + 2", func(r dilationRow) int { return r.Edge }},
	}
	var xs []float64
	zeroLeast := true
	for _, r := range rows {
		zeroLeast = zeroLeast && r.Zero == r.Least
		xs = append(xs, float64(r.N))
		if r.Gamma != 1 {
			return o, fmt.Errorf("thesis-fig7: Hub(%d) is %d-conjunct, not 1-conjunct", r.N, r.Gamma)
		}
		if r.Bound != r.Least {
			o.Notes = append(o.Notes, fmt.Sprintf("n=%d: lower bound %d below the least dilation %d", r.N, r.Bound, r.Least))
		}
	}
	if zeroLeast {
		series[2].name += " (= least)"
	}
	for i, s := range series {
		xys := make(plotter.XYs, len(rows))
		for k, r := range rows {
			xys[k] = plotter.XY{X: float64(r.N), Y: float64(s.get(r))}
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return o, err
		}
		line.LineStyle = dataLine(colour(i), i)
		marks, err := plotter.NewScatter(xys)
		if err != nil {
			return o, err
		}
		marks.GlyphStyle = glyph(colour(i), i)
		p.Add(line, marks)
		legendLine(p, s.name, colour(i), i, i)
	}
	p.X.Tick.Marker = ticksAt(xs)
	p.X.Min, p.X.Max = 2.5, float64(hubMaxN)+0.5
	p.Y.Min, p.Y.Max = 0, float64(2*hubMaxN+4)
	p.Legend.Top, p.Legend.Left = true, true
	o.Files, err = savePlot(out, "thesis-fig7", p)
	return o, err
}

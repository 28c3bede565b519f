package plots

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/confluent"
)

// The figures of collective communication (docs/model.md, package
// collectives) and the thesis' Fig. 7.

// operations are the collective operations, by their names in the
// tables.
var operations = []string{"oab", "mc", "oas", "gather", "aab", "aas", "reduce", "allreduce", "prefix", "shift"}

// collectiveSweeps returns the figures of experiment, one per operation:
// time against x, one panel per network.
func collectiveSweeps(experiment, x, xLabel, what string) []Figure {
	var figs []Figure
	for _, op := range operations {
		name := keyName("op=" + op)
		figs = append(figs, Figure{
			Name: experiment + "-" + op, Experiment: experiment, Table: "collectives",
			Caption: fmt.Sprintf("The %s: the simulated time against %s, log–log, one panel per network, one colour per "+
				"algorithm; the closed form of the literature, where there is one, dashed in the algorithm's colour, so "+
				"markers on their line are times equal to it. Each algorithm runs under one port and cost model: "+
				"one-port store-and-forward where it runs so, else all-port, else cut-through.", name, what),
			Panels: []Panel{{
				Facet: "topology", Cols: 2, FacetName: func(k string) string { _, v, _ := strings.Cut(k, "="); return v + " network" },
				Keep: func(r Row) bool { return r.Str("op") == op },
				X:    Axis{Label: xLabel, Log: true},
				Y:    Axis{Label: "time (cost-model units)", Log: true},
				Layers: []Layer{Computed{New: func() collector {
					return &sweep{x: x, rows: map[string]map[string][]collRow{}}
				}}},
			}},
		})
	}
	return figs
}

// collRow is what a sweep keeps of a row of a collectives table.
type collRow struct {
	x, time, closed float64
	rank            int
}

// sweep collects a collectives table per facet (a network) and algorithm
// and draws each algorithm under its preferred port and cost model.
type sweep struct {
	x    string
	rows map[string]map[string][]collRow // facet, algorithm
}

func (s *sweep) add(facet string, r Row) {
	rank := map[string]int{"single": 0, "all": 2}[r.Str("port")] + map[string]int{"sf": 0, "ct": 1}[r.Str("model")]
	at := deep(s.rows, facet)
	algo := "algo=" + r.Str("algo")
	at[algo] = append(at[algo], collRow{r.Num(s.x), r.Num("time"), r.Num("closed"), rank})
}

func (s *sweep) series(facet string) []drawn {
	var out []drawn
	for _, algo := range slices.SortedFunc(maps.Keys(s.rows[facet]), compareKeys) {
		rows := s.rows[facet][algo]
		best := slices.MinFunc(rows, func(a, b collRow) int { return a.rank - b.rank }).rank
		measured := drawn{key: algo, how: marks}
		closed := drawn{how: curve, colour: algo, dash: 1}
		for _, r := range rows {
			if r.rank != best {
				continue
			}
			measured.pts = append(measured.pts, Point{X: r.x, Y: r.time, Lo: math.NaN(), Hi: math.NaN(), N: 1})
			if !math.IsNaN(r.closed) {
				closed.pts = append(closed.pts, Point{X: r.x, Y: r.closed, Lo: math.NaN(), Hi: math.NaN()})
			}
		}
		sortPoints(measured.pts)
		sortPoints(closed.pts)
		out = append(out, measured, closed)
	}
	return append(out, drawn{how: curve, name: "closed form (dashed)", dash: 1})
}

var lowerBound = level("the lower bound", 1, true)

// boundsPanel is a row of collectives-bounds: y against n, one panel per
// operation.
func boundsPanel(y Expr, label string) Panel {
	return Panel{
		Facet: "op", Cols: 5,
		X: Axis{Label: "cube dimension n", Ints: true},
		Y: Axis{Label: label, Log: true},
		Layers: []Layer{
			Data{By: by("algo"), X: func(r Row) float64 { return math.Log2(r.Num("p")) }, Y: y, Bars: "none", Check: lowerBound},
			*lowerBound,
		},
	}
}

var collectivesBounds = Figure{
	Name: "collectives-bounds", Experiment: "collectives-bounds", Table: "collectives", Wide: true,
	Caption: "Lemma 1 of the lecture notes on collectives and its remark, on the all-port, non-combining, " +
		"store-and-forward Q_n, one column per operation, against n, log y: the steps ρ over the bound that holds even " +
		"when messages combine blocks (top), the steps counted once per block of a step's largest message, ρ_{m}, over " +
		"Lemma 1's ρ (middle), and the work η in block-hops over Lemma 1's η (bottom). No point lies below 1; an " +
		"algorithm on the line 1 attains the bound, as the remark says an optimal one does.",
	Panels: []Panel{
		boundsPanel(over("rho", "bound_steps"), "ρ / lower bound"),
		boundsPanel(over("rho_m", "bound_rho"), "ρ_{m} / lower bound"),
		boundsPanel(over("eta", "bound_eta"), "η / lower bound"),
	},
}

var thesisFig7 = Figure{
	Name: "thesis-fig7",
	Caption: "The thesis' Fig. 7 claims a 1-conjunct detour system whose node-confluent dilation grows linearly with n. " +
		"The harness' family, 2n failed edges detoured through one node c, is one: against n, the least node-confluent " +
		"dilation 2n + 1 (found by exhaustive search, equal to its lower bound), the greedy construction's about c = 0 " +
		"(under it) and about c = 2ⁿ − 1 (2n + 2), and the edge-confluent dilation γ + 2 = 3.",
	Panels: []Panel{{
		X: Axis{Label: "n", Ints: true},
		Y: Axis{Label: "dilation d (sub-steps per step)", Zero: true},
		Layers: []Layer{Computed{New: func() collector {
			return &given{f: func() (map[string][]drawn, error) {
				rows, err := confluent.HubDilations(hubMaxN, hubBudget)
				var out []drawn
				for _, s := range []struct {
					key string
					of  func(confluent.Dilations) int
				}{
					{"stat=least node-confluent", func(r confluent.Dilations) int { return r.Least }},
					{"stat=greedy node-confluent about 0", func(r confluent.Dilations) int { return r.Zero }},
					{"stat=greedy node-confluent about 2ⁿ − 1", func(r confluent.Dilations) int { return r.Ones }},
					{"stat=edge-confluent: γ + 2", func(r confluent.Dilations) int { return r.Edge }},
				} {
					line := drawn{key: s.key, how: lineMarks}
					for _, r := range rows {
						line.pts = append(line.pts, xy(float64(r.N), float64(s.of(r))))
					}
					out = append(out, line)
				}
				return map[string][]drawn{"": out}, err
			}}
		}}},
	}},
}

// hubMaxN is the largest n of Fig. 7's family drawn, as the report checks
// it; hubBudget bounds MinNode's search per system.
const hubMaxN, hubBudget = 10, 1 << 22

package plots

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// simTrial is a row of faulty-valiant/trials: the grid with the detour
// strategy and the simulation's model, and the simulation's measures (−1
// where null).
type simTrial struct {
	grid
	Q                            float64
	Detours, Reroute             string
	Confluent, Delivery, DetourQ string
	T, TIntact, D, Lost          int64
	OK, Lockstep                 int8 // 1 true, 0 false, −1 null
}

// readSimTrials reads DIR/faulty-valiant/trials.
func readSimTrials(dir string) ([]simTrial, error) {
	c, err := readTable(dir, "faulty-valiant", "trials")
	if err != nil {
		return nil, err
	}
	g, q, T, dropped := readGrids(c), c.floats("q"), c.ints("T", false), read(c, "lost", false, nullableInts)
	det, conf, rer := c.strings("detours", false), c.strings("confluent", false), c.strings("reroute", false)
	del, dq := c.strings("delivery", false), c.strings("detour-queue", false)
	ti, d := read(c, "T_intact", false, nullableInts), read(c, "d", false, nullableInts)
	ok, lock := read(c, "ok", false, nullableBools), read(c, "lockstep", false, nullableBools)
	if c.err != nil {
		return nil, c.release()
	}
	rows := make([]simTrial, len(T))
	for i := range rows {
		rows[i] = simTrial{g[i], q[i], det[i], rer[i], conf[i], del[i], dq[i], T[i], ti[i], d[i], dropped[i], ok[i], lock[i]}
	}
	return rows, c.release()
}

// simShare is the share of the routed trials of one model and q in which a
// relation holds.
type simShare struct {
	name string
	dash int
	in   func(r simTrial) bool
}

var simShares = []simShare{
	{"lockstep", 0, func(r simTrial) bool { return r.Lockstep == 1 }},
	{"T > d·T_intact", 1, func(r simTrial) bool { return r.T > r.D*r.TIntact }},
	{"T ≤ d·(T_intact−1)", 2, func(r simTrial) bool { return r.T <= r.D*(r.TIntact-1) }},
}

// FaultyValiant draws where the time 𝒯 of Valiant's routing simulated on a
// faulty cube (thesis Ch. III.2, Theorems III.1 and III.2) falls against
// d·T and d·(T−1), T the time on the intact cube, from faulty-valiant/trials:
// one panel per delivery rule and detour queue discipline, against q (log
// axis), the share of the routed trials (a complete detour system found)
// in which every packet kept its intact schedule (solid), 𝒯 > d·T
// (dashed) and 𝒯 ≤ d·(T−1) (dotted), one colour per confluent system. Rows
// of other routers, strategies and n are left out; under the thesis' model
// (queue, priority) lockstep holds in every trial and 𝒯 = d·(T−1)+1.
func FaultyValiant(dir, out string) (Output, error) {
	var o Output
	rows, err := readSimTrials(dir)
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "router", "valiant")
	rows = restrictSim(rows, &o.Notes)
	rows = slices.DeleteFunc(rows, func(r simTrial) bool { return r.OK != 1 || r.Q <= 0 })
	if len(rows) == 0 {
		return o, fmt.Errorf("faulty-valiant: no routed trials")
	}
	qs := values(rows, func(r simTrial) float64 { return r.Q })
	confs := ordered(values(rows, func(r simTrial) string { return r.Confluent }), "edge", "node")
	var panels []*plot.Plot
	for _, del := range ordered(values(rows, func(r simTrial) string { return r.Delivery }), "queue", "arrival") {
		for _, dq := range ordered(values(rows, func(r simTrial) string { return r.DetourQ }), "priority", "fifo") {
			p := newPlot("q", "share of routed trials")
			p.Title.Text = fmt.Sprintf("delivery %s, detour queues %s", del, dq)
			for ci, conf := range confs {
				of := func(r simTrial) bool { return r.Confluent == conf && r.Delivery == del && r.DetourQ == dq }
				for _, sh := range simShares {
					xys := shareByQ(rows, qs, of, sh.in)
					if err := addLine(p, "", xys, plotter.Line{LineStyle: dataLine(colour(ci), sh.dash)}); err != nil {
						return o, err
					}
				}
			}
			for ci, conf := range confs {
				legendLine(p, conf+"-confluent", colour(ci), 0, -1)
			}
			for _, sh := range simShares {
				legendLine(p, sh.name, boundColor, sh.dash, -1)
			}
			logX(p, qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5))
			p.Y.Min, p.Y.Max = -0.02, 1.02
			panels = append(panels, p)
		}
	}
	o.Files, err = saveStack(out, "faulty-valiant", panels...)
	return o, err
}

// shareByQ returns, at each q of qs, the share of the rows of that q
// selected by of in which holds holds; a q without such rows is left out.
func shareByQ(rows []simTrial, qs []float64, of, holds func(simTrial) bool) plotter.XYs {
	var xys plotter.XYs
	for _, q := range qs {
		in, all := 0, 0
		for _, r := range rows {
			if r.Q == q && of(r) {
				all++
				if holds(r) {
					in++
				}
			}
		}
		if all > 0 {
			xys = append(xys, plotter.XY{X: q, Y: float64(in) / float64(all)})
		}
	}
	return xys
}

// restrictSim keeps the largest n and the optimal strategy (or the first
// there is) and notes what it left out.
func restrictSim(rows []simTrial, notes *[]string) []simTrial {
	ns := values(rows, func(r simTrial) int { return r.N })
	if len(ns) > 1 {
		n := ns[len(ns)-1]
		*notes = append(*notes, fmt.Sprintf("kept n=%d, left out n=%v", n, ns[:len(ns)-1]))
		rows = slices.DeleteFunc(rows, func(r simTrial) bool { return r.N != n })
	}
	strategies := ordered(values(rows, func(r simTrial) string { return r.Detours }), "optimal")
	if len(strategies) > 1 {
		*notes = append(*notes, fmt.Sprintf("kept detours=%s, left out %v", strategies[0], strategies[1:]))
		rows = slices.DeleteFunc(rows, func(r simTrial) bool { return r.Detours != strategies[0] })
	}
	return rows
}

// delivered reports whether every packet of the trial was delivered: with
// detours, when the strategy found a complete system; without, when none
// was lost.
func (r simTrial) delivered() bool {
	if r.Detours == "none" {
		return r.Lost == 0
	}
	return r.OK == 1
}

// method names what delivers a trial's packets: the detour strategy, or
// the router without detours.
func (r simTrial) method() string {
	if r.Detours == "none" {
		switch r.Router {
		case "valiant":
			return "no detours"
		case "adaptive-valiant":
			return r.Router + " " + r.Reroute
		}
		return r.Router
	}
	return r.Detours
}

// FaultyValiantDelivered draws, against q (log axis), the share of the
// trials of faulty-valiant in which each method delivers every packet:
// a detour strategy when it finds a complete system (the simulation of
// Valiant's routing then delivers all), Valiant's routing that does not
// know the faults, the adaptive baselines (a random intact detour, a
// shortest intact path) and safety levels when they lose no packet; one
// colour per method, one line pattern per n.
func FaultyValiantDelivered(dir, out string) (Output, error) {
	var o Output
	rows, err := readSimTrials(dir)
	if err != nil {
		return o, err
	}
	// Valiant's routing, one row per trial and method: the thesis' model
	// for the strategies.
	rows = slices.DeleteFunc(rows, func(r simTrial) bool {
		return r.Q <= 0 || r.Router != "valiant" && r.Router != "adaptive-valiant" && r.Router != "safety-levels" ||
			r.Confluent != "edge" || r.Delivery != "queue" || r.DetourQ != "priority"
	})
	if len(rows) == 0 {
		return o, fmt.Errorf("faulty-valiant: no trials of the thesis' model")
	}
	qs := values(rows, func(r simTrial) float64 { return r.Q })
	ns := values(rows, func(r simTrial) int { return r.N })
	strategies := ordered(values(rows, simTrial.method), "optimal", "heuristic", "random")
	p := newPlot("q", "share of trials delivering every packet")
	for si, s := range strategies {
		for ni, n := range ns {
			of := func(r simTrial) bool { return r.N == n && r.method() == s }
			xys := shareByQ(rows, qs, of, simTrial.delivered)
			if err := addLine(p, "", xys, plotter.Line{LineStyle: dataLine(colour(si), ni)}); err != nil {
				return o, err
			}
		}
		legendLine(p, s, colour(si), 0, -1)
	}
	for ni, n := range ns {
		legendLine(p, fmt.Sprintf("n = %d", n), boundColor, ni, -1)
	}
	logX(p, qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5))
	p.Y.Min, p.Y.Max = -0.02, 1.02
	o.Files, err = savePlot(out, "faulty-valiant-delivered", p)
	return o, err
}

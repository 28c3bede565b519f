package plots

import (
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
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

// scanSimTrials calls each with the rows of DIR/faulty-valiant/trials in
// turn.
func scanSimTrials(dir string, each func(simTrial)) error {
	return scanTable(dir, "faulty-valiant", "trials", func(c *columns) error {
		g, q, T, dropped := readGrids(c), c.floats("q"), c.ints("T", false), read(c, "lost", false, nullableInts)
		det, conf, rer := c.strings("detours", false), c.strings("confluent", false), c.strings("reroute", false)
		del, dq := c.strings("delivery", false), c.strings("detour-queue", false)
		ti, d := read(c, "T_intact", false, nullableInts), read(c, "d", false, nullableInts)
		ok, lock := read(c, "ok", false, nullableBools), read(c, "lockstep", false, nullableBools)
		if c.err != nil {
			return c.err
		}
		for i := range T {
			each(simTrial{g[i], q[i], det[i], rer[i], conf[i], del[i], dq[i], T[i], ti[i], d[i], dropped[i], ok[i], lock[i]})
		}
		return nil
	})
}

// simModel is one way to simulate the intact cube on the faulty one: the
// confluent system, the delivery rule and the discipline of the detour
// queues.
type simModel struct{ confluent, delivery, detourQ string }

// models returns the simulation models of rows, the thesis' first.
func models(rows []simTrial) []simModel {
	var ms []simModel
	for _, del := range ordered(values(rows, func(r simTrial) string { return r.Delivery }), "queue", "arrival") {
		for _, dq := range ordered(values(rows, func(r simTrial) string { return r.DetourQ }), "priority", "fifo") {
			for _, conf := range ordered(values(rows, func(r simTrial) string { return r.Confluent }), "edge", "node") {
				ms = append(ms, simModel{conf, del, dq})
			}
		}
	}
	return ms
}

func (m simModel) of(r simTrial) bool {
	return r.Confluent == m.confluent && r.Delivery == m.delivery && r.DetourQ == m.detourQ
}

func (m simModel) String() string {
	return fmt.Sprintf("%s-confluent, delivery %s, detour queues %s", m.confluent, m.delivery, m.detourQ)
}

// law is d·(T_intact − 1) + 1, the faulty time of a trial under the
// thesis' model (docs/model.md, "Simulating the intact cube").
func (r simTrial) law() int64 { return r.D*(r.TIntact-1) + 1 }

// routedSim returns the trials of Valiant's routing over detours that were
// routed (a complete system found, q > 0) at the largest n, noting which
// routers it left out, and the n of all such trials. Only the trials at
// the largest n so far are held while the table is read.
func routedSim(dir string, notes *[]string) ([]simTrial, []int, error) {
	type routed struct {
		rows []simTrial // at the largest n so far
		ns   map[int]bool
	}
	counts, byRouter := map[string]int{}, map[string]*routed{}
	err := scanSimTrials(dir, func(r simTrial) {
		counts[r.Router]++
		if r.OK != 1 || r.Q <= 0 || r.TIntact <= 0 {
			return
		}
		b := byRouter[r.Router]
		if b == nil {
			b = &routed{ns: map[int]bool{}}
			byRouter[r.Router] = b
		}
		b.ns[r.N] = true
		switch {
		case len(b.rows) > 0 && r.N < b.rows[0].N:
			return
		case len(b.rows) > 0 && r.N > b.rows[0].N:
			b.rows = b.rows[:0]
		}
		b.rows = append(b.rows, r)
	})
	if err != nil {
		return nil, nil, err
	}
	want, note := restrictCounts(counts, "router", "valiant")
	if note != "" {
		*notes = append(*notes, note)
	}
	b := byRouter[want]
	if b == nil {
		return nil, nil, fmt.Errorf("faulty-valiant: no routed trials of Valiant's routing over detours")
	}
	return b.rows, slices.Sorted(maps.Keys(b.ns)), nil
}

// FaultyValiant draws the faulty time 𝒯 of Valiant's routing simulated on a
// faulty cube (thesis Ch. III.2, Theorems III.1 and III.2) against
// d·(T_intact − 1) + 1, from faulty-valiant/trials, at the largest n with
// the optimal strategy's systems: above, under the delivery rule queue
// (the thesis' formal model), the mean 𝒯 at each value of
// d·(T_intact − 1) + 1 with its range over the trials against the law
// 𝒯 = d·(T_intact − 1) + 1; below, one panel per delivery rule, the
// distance 𝒯 − (d·(T_intact − 1) + 1) the same way, where the law's
// exceptions show. One colour per confluent system, one marker per
// discipline of the detour queues. The notes give each model's share of
// trials on the law.
func FaultyValiant(dir, out string) (Output, error) {
	var o Output
	rows, ns, err := routedSim(dir, &o.Notes)
	if err != nil {
		return o, err
	}
	rows, n := restrictSim(rows, ns, &o.Notes)
	ms := models(rows)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rows {
		lo, hi = math.Min(lo, float64(r.law())), math.Max(hi, float64(r.law()))
	}
	const xLabel = "d·(T_intact − 1) + 1 (steps of the faulty cube)"
	top := newPlot(xLabel, "faulty T (steps)")
	top.Title.Text = fmt.Sprintf("n = %d, optimal detours, delivery queue", n)
	if err := addLine(top, "", plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}}, plotter.Line{LineStyle: boundLine(1)}); err != nil {
		return o, err
	}
	panels := []*plot.Plot{top}
	var entries []legendEntry
	for _, del := range ordered(values(rows, func(r simTrial) string { return r.Delivery }), "queue", "arrival") {
		p := newPlot(xLabel, "faulty T − law (steps)")
		p.Title.Text = fmt.Sprintf("n = %d, optimal detours, delivery %s: T − (d·(T_intact − 1) + 1)", n, del)
		if err := addLine(p, "", plotter.XYs{{X: lo, Y: 0}, {X: hi, Y: 0}}, plotter.Line{LineStyle: boundLine(1)}); err != nil {
			return o, err
		}
		k := 0
		for _, m := range ms {
			if m.delivery != del {
				continue
			}
			ci, shape := modelStyle(m)
			var xs, ts, ds []float64
			on, below, above := 0, 0, 0
			for _, r := range rows {
				if m.of(r) {
					xs, ts, ds = append(xs, float64(r.law())), append(ts, float64(r.T)), append(ds, float64(r.T-r.law()))
					switch {
					case r.T == r.law():
						on++
					case r.T < r.law():
						below++
					default:
						above++
					}
				}
			}
			dx := 0.25 * (float64(k) - 1.5)
			if del == "queue" {
				if err := addMeans(&o, top, m.String(), summarizeBy(xs, ts), dx, ci, shape); err != nil {
					return o, err
				}
				entries = append(entries, legendEntry{fmt.Sprintf("%s, %s", m.confluent, m.detourQ),
					[]plot.Thumbnailer{&plotter.Scatter{GlyphStyle: glyph(colour(ci), shape)}}})
			}
			if err := addMeans(&o, p, m.String(), summarizeBy(xs, ds), dx, ci, shape); err != nil {
				return o, err
			}
			o.Notes = append(o.Notes, fmt.Sprintf("n=%d, %v: faulty T = d·(T_intact−1)+1 in %d of %d trials, below in %d, above in %d",
				n, m, on, len(xs), below, above))
			k++
		}
		p.X.Min, p.X.Max = lo-1, hi+1
		panels = append(panels, p)
	}
	top.X.Min, top.X.Max = lo-1, hi+1
	entries = append([]legendEntry{{"(confluent, detour queues)", nil}}, entries...)
	entries = append(entries, legendEntry{"the law T = d·(T_intact − 1) + 1", []plot.Thumbnailer{&plotter.Line{LineStyle: boundLine(1)}}},
		legendEntry{"mean; bars: range", nil})
	o.Files, err = saveStackLegend(out, "faulty-valiant", PanelHeight, entries, 2, panels...)
	return o, err
}

// addMeans draws the means of ss as markers with their range as bars,
// shifted by dx, and records them in o.
func addMeans(o *Output, p *plot.Plot, name string, ss []summary, dx float64, ci, shape int) error {
	_, marks, bars, err := meanSeries(ss, minOf, maxOf, dx, colour(ci), 0, shape)
	if err != nil {
		return err
	}
	p.Add(bars, marks)
	o.Series = append(o.Series, Series{p.Title.Text, name, meanXYs(ss)})
	return nil
}

// modelStyle returns the colour index (the confluent system) and marker
// (the detour queues) of a simulation model.
func modelStyle(m simModel) (ci, shape int) {
	if m.confluent != "edge" {
		ci = 1
	}
	if m.detourQ != "priority" {
		shape = 3
	}
	return ci, shape
}

// meanXYs returns the means of ss at their x.
func meanXYs(ss []summary) plotter.XYs {
	xys := make(plotter.XYs, len(ss))
	for i, s := range ss {
		xys[i] = plotter.XY{X: s.X, Y: s.Mean}
	}
	return xys
}

// FaultyValiantSlowdown draws the slowdown 𝒯/T_intact of Valiant's routing
// simulated over detours against the intact cube (thesis Ch. III.2), from
// faulty-valiant/trials: at the largest n, one panel per detour strategy,
// the mean over the routed trials against q (log axis) with 95% intervals,
// one colour per confluent system, one line pattern per delivery rule and
// one marker per discipline of the detour queues. The notes give each
// method's mean slowdown at the largest q.
func FaultyValiantSlowdown(dir, out string) (Output, error) {
	var o Output
	rows, ns, err := routedSim(dir, &o.Notes)
	if err != nil {
		return o, err
	}
	n := ns[len(ns)-1]
	if len(ns) > 1 {
		o.Notes = append(o.Notes, fmt.Sprintf("kept n=%d, left out n=%v", n, ns[:len(ns)-1]))
	}
	qs := values(rows, func(r simTrial) float64 { return r.Q })
	ms := models(rows)
	var panels []*plot.Plot
	for _, strategy := range ordered(values(rows, func(r simTrial) string { return r.Detours }), "optimal", "heuristic", "random") {
		p := newPlot("edge failure probability q", "slowdown T / T_intact")
		p.Title.Text = fmt.Sprintf("n = %d, %s detours", n, strategy)
		for k, m := range ms {
			ci, shape := modelStyle(m)
			dash := 0
			if m.delivery != "queue" {
				dash = 1
			}
			var xs, vs []float64
			for _, r := range rows {
				if r.Detours == strategy && m.of(r) {
					xs, vs = append(xs, r.Q), append(vs, float64(r.T)/float64(r.TIntact))
				}
			}
			ss := summarizeBy(xs, vs)
			if len(ss) == 0 {
				continue
			}
			shifted := slices.Clone(ss)
			for i := range shifted {
				shifted[i].X *= math.Pow(1.04, float64(k)-float64(len(ms)-1)/2)
			}
			line, marks, bars, err := meanSeries(shifted, ciLo, ciHi, 0, colour(ci), dash, shape)
			if err != nil {
				return o, err
			}
			p.Add(line, bars, marks)
			o.Series = append(o.Series, Series{p.Title.Text, m.String(), meanXYs(ss)})
			last := ss[len(ss)-1]
			o.Notes = append(o.Notes, fmt.Sprintf("n=%d, %s detours, %v: mean slowdown %.2f at q = %v (%.2f–%.2f over the trials)",
				n, strategy, m, last.Mean, last.X, last.Min, last.Max))
		}
		logX(p, qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5))
		panels = append(panels, p)
	}
	var entries []legendEntry
	for _, m := range ms {
		ci, shape := modelStyle(m)
		dash := 0
		if m.delivery != "queue" {
			dash = 1
		}
		entries = append(entries, legendEntry{fmt.Sprintf("%s, %s, %s", m.confluent, m.delivery, m.detourQ),
			[]plot.Thumbnailer{&plotter.Line{LineStyle: dataLine(colour(ci), dash)}, &plotter.Scatter{GlyphStyle: glyph(colour(ci), shape)}}})
	}
	entries = append(entries, legendEntry{"(confluent, delivery,", nil}, legendEntry{"detour queues); bars: 95% CI", nil})
	o.Files, err = saveStackLegend(out, "faulty-valiant-slowdown", PanelHeight, entries, 2, panels...)
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

// restrictSim keeps the optimal strategy (or the first there is) of rows,
// the trials at the largest of ns, which it returns, and notes what it
// left out.
func restrictSim(rows []simTrial, ns []int, notes *[]string) ([]simTrial, int) {
	n := ns[len(ns)-1]
	if len(ns) > 1 {
		*notes = append(*notes, fmt.Sprintf("kept n=%d, left out n=%v", n, ns[:len(ns)-1]))
	}
	strategies := ordered(values(rows, func(r simTrial) string { return r.Detours }), "optimal")
	if len(strategies) > 1 {
		*notes = append(*notes, fmt.Sprintf("kept detours=%s, left out %v", strategies[0], strategies[1:]))
		rows = slices.DeleteFunc(rows, func(r simTrial) bool { return r.Detours != strategies[0] })
	}
	return rows, n
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
// trials of faulty-valiant in which each method delivers every packet, one
// panel per n: a detour strategy when it finds a complete system (the
// simulation of Valiant's routing then delivers all), Valiant's routing
// that does not know the faults, the adaptive baselines (a random intact
// detour, a shortest intact path) and safety levels when they lose no
// packet; one colour and marker per method, each method's markers shifted
// a little in q so that equal shares stay apart. The notes give, per n and
// method, the smallest q at which some trial is not delivered.
func FaultyValiantDelivered(dir, out string) (Output, error) {
	var o Output
	// Valiant's routing, one row per trial and method: the thesis' model
	// for the strategies.
	var rows []simTrial
	err := scanSimTrials(dir, func(r simTrial) {
		if r.Q > 0 && (r.Router == "valiant" || r.Router == "adaptive-valiant" || r.Router == "safety-levels") &&
			r.Confluent == "edge" && r.Delivery == "queue" && r.DetourQ == "priority" {
			rows = append(rows, r)
		}
	})
	if err != nil {
		return o, err
	}
	if len(rows) == 0 {
		return o, fmt.Errorf("faulty-valiant: no trials of the thesis' model")
	}
	qs := values(rows, func(r simTrial) float64 { return r.Q })
	ns := values(rows, func(r simTrial) int { return r.N })
	methods := ordered(values(rows, simTrial.method), "optimal", "heuristic", "random")
	var panels []*plot.Plot
	for _, n := range ns {
		p := newPlot("edge failure probability q", "share of trials delivering all")
		p.Title.Text = fmt.Sprintf("n = %d", n)
		for si, s := range methods {
			of := func(r simTrial) bool { return r.N == n && r.method() == s }
			xys := shareByQ(rows, qs, of, simTrial.delivered)
			if len(xys) == 0 {
				continue
			}
			o.Series = append(o.Series, Series{p.Title.Text, s, xys})
			shifted := slices.Clone(xys)
			for i := range shifted {
				shifted[i].X *= math.Pow(1.05, float64(si)-float64(len(methods)-1)/2)
			}
			line, err := plotter.NewLine(shifted)
			if err != nil {
				return o, err
			}
			line.LineStyle = dataLine(methodColour(si), 0)
			line.LineStyle.Width /= 1.5
			marks, err := plotter.NewScatter(shifted)
			if err != nil {
				return o, err
			}
			marks.GlyphStyle = glyph(methodColour(si), si)
			p.Add(line, marks)
			first := "never"
			for _, xy := range xys {
				if xy.Y < 1 {
					first = fmt.Sprintf("from q = %v (%.2f delivered)", xy.X, xy.Y)
					break
				}
			}
			o.Notes = append(o.Notes, fmt.Sprintf("n=%d, %s: some trial not delivered %s", n, s, first))
		}
		logX(p, qs[0]/1.5, math.Min(1, qs[len(qs)-1]*1.5))
		p.Y.Min, p.Y.Max = -0.05, 1.05
		panels = append(panels, p)
	}
	var entries []legendEntry
	for si, s := range methods {
		entries = append(entries, legendEntry{methodName(s), []plot.Thumbnailer{
			&plotter.Line{LineStyle: dataLine(methodColour(si), 0)}, &plotter.Scatter{GlyphStyle: glyph(methodColour(si), si)}}})
	}
	o.Files, err = saveStackLegend(out, "faulty-valiant-delivered", 1.6*vg.Inch, entries, 2, panels...)
	return o, err
}

// methodColour is the colour of the i-th method: the palette without its
// yellow, too faint on white, which grey replaces.
func methodColour(i int) color.Color {
	if i%len(palette) == len(palette)-1 {
		return boundColor
	}
	return colour(i)
}

// methodName is the legend's name of a method.
func methodName(m string) string {
	switch m {
	case "optimal", "heuristic", "random":
		return m + " detours (simulation)"
	case "adaptive-valiant detour":
		return "adaptive, random 3-detour"
	case "adaptive-valiant shortest":
		return "adaptive, shortest intact path"
	case "safety-levels":
		return "safety levels [Wu 1997]"
	case "no detours":
		return "Valiant, faults unknown"
	}
	return m
}

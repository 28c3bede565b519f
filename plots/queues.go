package plots

import (
	"fmt"
)

// QueueDisciplines compares the queue disciplines of Valiant's routing (the
// priority rule of thesis Ch. I.2 [Schömer 1988] against the alternatives of
// docs/model.md, section 0.4) from queue-disciplines/trials: mean T/n against
// n with 95% Student t intervals, one colour and marker per discipline
// (priority, FIFO, random, farthest-first) and one line pattern per port
// model. Rows of other routers, patterns or μ are left out.
func QueueDisciplines(dir, out string) (Output, error) {
	var o Output
	rows, err := readTrials(dir, "queue-disciplines")
	if err != nil {
		return o, err
	}
	rows = restrictAll(rows, &o.Notes, "router", "valiant", "pattern", "random", "mu", "1")
	queues := ordered(values(rows, func(r trial) string { return r.Queue }), "priority", "fifo", "random", "farthest")
	ports := ordered(values(rows, func(r trial) string { return r.Port }), "single", "all")

	p := newPlot("cube dimension n", "mean T / n (steps per dimension)")
	for qi, queue := range queues {
		for pi, port := range ports {
			var xs, ts []float64
			for _, r := range rows {
				if r.Queue == queue && r.Port == port && r.N > 0 {
					xs, ts = append(xs, float64(r.N)), append(ts, float64(r.T)/float64(r.N))
				}
			}
			if len(xs) == 0 {
				continue
			}
			dx := 0.08 * (float64(qi) - float64(len(queues)-1)/2)
			line, marks, bars, err := meanSeries(summarizeBy(xs, ts), ciLo, ciHi, dx, colour(qi), pi, qi)
			if err != nil {
				return o, err
			}
			p.Add(line, marks, bars)
		}
	}
	if len(queues) == 0 {
		return o, fmt.Errorf("queue-disciplines: no trials")
	}
	for qi, queue := range queues {
		legendLine(p, queue, colour(qi), 0, qi)
	}
	if len(ports) > 1 {
		for pi, port := range ports {
			legendLine(p, port+"-port", boundColor, pi, -1)
		}
	}
	ns := values(rows, func(r trial) float64 { return float64(r.N) })
	p.X.Tick.Marker = ticksAt(ns)
	p.X.Min, p.X.Max = ns[0]-0.5, ns[len(ns)-1]+0.5
	p.Y.Min, p.Y.Max = 0, 1.05*p.Y.Max
	o.Files, err = savePlot(out, "queue-disciplines", p)
	return o, err
}

package experiments

import (
	"fmt"
	"io"
	"slices"
	"time"

	"gonum.org/v1/gonum/floats"

	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

// TrialsReport is what hyperroute sim prints of the trials of one
// configuration.
type TrialsReport struct {
	Config  routers.Config
	Results []*routers.Result
	Failed  []int // the failed edges of each trial's cube
	Elapsed time.Duration
}

// Write prints the report: the configuration (Config.Describe), T in
// steps, what was lost on a faulty cube, the slowdown of a simulation over
// detours, and the speed.
func (rep TrialsReport) Write(w io.Writer) error {
	cfg := rep.Config
	var ts []float64
	var hops, failed int64
	m := make(map[string][]float64) // the measures reported, by name
	for i, res := range rep.Results {
		if res.Routed() {
			ts = append(ts, float64(res.T))
		}
		hops += res.Hops
		failed += int64(rep.Failed[i])
		for j, ms := range routers.Measures {
			if v, ok := res.Measured(j); ok {
				m[ms.Name] = append(m[ms.Name], v)
			}
		}
	}
	fmt.Fprintf(w, "%s, %d trials\n", cfg.Describe(), len(rep.Results))
	if cfg.Faulty() {
		rep.writeLoss(w, failed, m)
	}
	if len(ts) < len(rep.Results) {
		fmt.Fprintf(w, "%d trials not routed: detours=%s found no detour for some failed edge\n", len(rep.Results)-len(ts), cfg.Detours)
	}
	if len(ts) == 0 {
		return nil
	}
	slices.Sort(ts)
	// Quantiles are Hyndman–Fan type 7, as NumPy's default.
	mean, ci := stats.MeanCI(ts, 0.95)
	q := stats.Quantiles(ts, 0.5, 0.9, 0.99)
	// One trial has no sd and no interval.
	sd, interval := "–", "–"
	if len(ts) > 1 {
		sd, interval = fmt.Sprintf("%.3f", stats.StdDev(ts)), fmt.Sprintf("[%.3f, %.3f]", ci.Lo, ci.Hi)
	}
	p99, p99Head, note := fmt.Sprintf(" %6.1f", q[2]), fmt.Sprintf(" %6s", "p99"), ""
	if len(ts) < 100 {
		p99, p99Head, note = "", "", " (p99 left out: from fewer than 100 it is about the max)"
	}
	fmt.Fprintf(w, "T (steps) over %d routed trials%s:\n", len(ts), note)
	fmt.Fprintf(w, "%8s %8s %6s %8s %6s%s %6s\n", "mean", "sd", "min", "median", "p90", p99Head, "max")
	fmt.Fprintf(w, "%8.3f %8s %6.0f %8.1f %6.1f%s %6.0f\n", mean, sd, ts[0], q[0], q[1], p99, ts[len(ts)-1])
	if ti := m["T_intact"]; len(ti) > 0 {
		mi, md := floats.Sum(ti)/float64(len(ti)), floats.Sum(m["d"])/float64(len(m["d"]))
		fmt.Fprintf(w, "intact cube: mean T_intact %.3f steps; dilation d mean %.3f, max %.0f; slowdown mean T / mean T_intact %.3f\n",
			mi, md, slices.Max(m["d"]), mean/mi)
	}
	speed := ""
	if hops > 0 {
		speed = fmt.Sprintf("; %d packet-hops in %v: %.3g packet-hops/s", hops, rep.Elapsed.Round(time.Millisecond), float64(hops)/rep.Elapsed.Seconds())
	}
	_, err := fmt.Fprintf(w, "mean T 95%% CI %s, T/n %.3f%s\n", interval, mean/float64(cfg.N), speed)
	return err
}

// writeLoss prints the failed edges of a faulty cube and what was lost on
// them: packets, or for disjoint routing messages, with the loss per
// message and the copies dropped.
func (rep TrialsReport) writeLoss(w io.Writer, failed int64, m map[string][]float64) {
	cfg := rep.Config
	faults := fmt.Sprintf("q=%v", cfg.Q)
	switch {
	case cfg.K > 0:
		faults = fmt.Sprintf("k=%d", cfg.K)
	case cfg.FaultList != "":
		faults = "fault list"
	}
	var dropped int64
	for _, res := range rep.Results {
		dropped += int64(res.Dropped)
	}
	lost, msgs := floats.Sum(m["lost"]), floats.Sum(m["messages"])
	fmt.Fprintf(w, "%s: %.1f failed directed edges per trial of %d; ", faults, float64(failed)/float64(len(rep.Results)), cfg.N<<cfg.N)
	switch {
	case len(m["lost"]) == 0 || msgs == 0:
		fmt.Fprintf(w, "%d packets lost\n", dropped)
	case cfg.Router != "disjoint":
		fmt.Fprintf(w, "lost %.0f of %.0f packets (%.3g%%)\n", lost, msgs, 100*lost/msgs)
	default:
		ci := stats.Wilson(int(lost), int(msgs), 0.95)
		ci.Lo = max(ci.Lo, 0) * min(lost, 1) // 0 for no loss, not 1e-20
		fmt.Fprintf(w, "lost %.0f of %.0f messages: loss per message %.3g (95%% CI [%.3g, %.3g]); %d copies dropped\n",
			lost, msgs, lost/msgs, ci.Lo, ci.Hi, dropped)
	}
}

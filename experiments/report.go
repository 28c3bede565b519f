package experiments

import (
	"fmt"
	"io"
	"slices"
	"time"

	"gonum.org/v1/gonum/floats"

	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
	"github.com/hyperroute/hyperroute/summary"
)

// TrialsReport is what hyperroute sim prints of the trials of one
// configuration.
type TrialsReport struct {
	Config  routers.Config
	Results []*routers.Result
	Failed  []int // the failed edges of each trial's cube
	Elapsed time.Duration
}

// Write prints the report: the configuration (Config.Describe, which names
// the delivery rule of a router that takes one), on a faulty cube what was
// lost with its interval over the trials, over detours the systems' γ, T
// on the intact cube under the same rules and the slowdown, then T in steps
// over the trials that were routed, its mean with its interval, and the
// speed. A sort has no T/n; a trial that lost every packet, or whose
// strategy found no complete detour system, is not routed.
func (rep TrialsReport) Write(w io.Writer) error {
	cfg := rep.Config
	var ts []float64
	var hops, failed int64
	m := make(map[string][]float64) // the measures reported, by name
	allLost := 0
	for i, res := range rep.Results {
		hops += res.Hops
		failed += int64(rep.Failed[i])
		for j, ms := range routers.Measures {
			if v, ok := res.Measured(j); ok {
				m[ms.Name] = append(m[ms.Name], v)
			}
		}
		lost, _ := measured(res, "lost")
		msgs, _ := measured(res, "messages")
		switch {
		case !res.Routed():
		case cfg.Faulty() && msgs > 0 && lost == msgs:
			allLost++
		default:
			ts = append(ts, float64(res.T))
		}
	}
	fmt.Fprintf(w, "%s, %d trials\n", cfg.Describe(), len(rep.Results))
	if cfg.Faulty() {
		rep.writeLoss(w, failed)
	}
	if cfg.HasDetours() {
		if notRouted := len(rep.Results) - len(m["gamma"]); notRouted > 0 {
			fmt.Fprintf(w, "%d trials not routed: detours=%s found no detour for some failed edge\n", notRouted, cfg.Detours)
		}
	}
	if allLost > 0 {
		fmt.Fprintf(w, "%d trials not routed: every packet was lost\n", allLost)
	}
	if len(ts) == 0 {
		_, err := fmt.Fprintf(w, "no trial was routed, so there is no T\n")
		return err
	}
	slices.Sort(ts)
	// Quantiles are Hyndman–Fan type 7, as NumPy's default.
	q := stats.Quantiles(ts, 0.5, 0.9, 0.99)
	sd := "–"
	if len(ts) > 1 {
		sd = fmt.Sprintf("%.3f", stats.StdDev(ts))
	}
	p99, p99Head, note := fmt.Sprintf(" %6.1f", q[2]), fmt.Sprintf(" %6s", "p99"), ""
	if len(ts) < 100 {
		p99, p99Head, note = "", "", " (p99 left out: from fewer than 100 it is about the max)"
	}
	mean := floats.Sum(ts) / float64(len(ts))
	fmt.Fprintf(w, "T (steps) over %d routed trials%s:\n", len(ts), note)
	fmt.Fprintf(w, "%8s %8s %6s %8s %6s%s %6s\n", "mean", "sd", "min", "median", "p90", p99Head, "max")
	fmt.Fprintf(w, "%8.3f %8s %6.0f %8.1f %6.1f%s %6.0f\n", mean, sd, ts[0], q[0], q[1], p99, ts[len(ts)-1])
	if cfg.HasDetours() {
		rep.writeDetours(w, mean, m)
	}
	line := "mean T " + summary.Mean(ts, "steps")
	if cfg.Router != "bitonic" { // a sort's time is n(n+1)/2 steps, not a multiple of n
		line += fmt.Sprintf(", T/n %.3f", mean/float64(cfg.N))
	}
	if hops > 0 {
		line += fmt.Sprintf("; %d packet-hops in %v: %.3g packet-hops/s", hops, rep.Elapsed.Round(time.Millisecond), float64(hops)/rep.Elapsed.Seconds())
	}
	_, err := fmt.Fprintln(w, line)
	return err
}

// measured returns the measure called name of res.
func measured(res *routers.Result, name string) (float64, bool) {
	return res.Measured(slices.IndexFunc(routers.Measures, func(m routers.Measure) bool { return m.Name == name }))
}

// writeDetours prints, for the routed trials over detours with mean T, the
// detour systems' γ, the time on the intact cube under the same rules and
// the slowdown; for the simulation of the intact cube the dilation, for
// bitonic sort the all-port bound (γ + 2)·n(n+1)/2.
func (rep TrialsReport) writeDetours(w io.Writer, mean float64, m map[string][]float64) {
	cfg := rep.Config
	g := m["gamma"]
	if len(g) > 0 {
		fmt.Fprintf(w, "detour systems: γ mean %.3f, max %.0f", floats.Sum(g)/float64(len(g)), slices.Max(g))
	}
	ti := m["T_intact"]
	if len(ti) == 0 {
		fmt.Fprintln(w)
		return
	}
	mi := floats.Sum(ti) / float64(len(ti))
	if d := m["d"]; len(d) > 0 {
		fmt.Fprintf(w, "\nintact cube (delivery=%s): mean T_intact %.3f steps; dilation d mean %.3f, max %.0f; slowdown mean T / mean T_intact %.3f\n",
			routers.DeliveryRule(cfg), mi, floats.Sum(d)/float64(len(d)), slices.Max(d), mean/mi)
		return
	}
	fmt.Fprintf(w, "; intact cube: T = n(n+1)/2 = %.0f steps; slowdown mean T / T_intact %.3f\n", mi, mean/mi)
	if cfg.Port == routers.AllPort && len(g) == len(rep.Results) {
		above := 0
		for i, res := range rep.Results {
			if float64(res.T) > (g[i]+2)*mi {
				above++
			}
		}
		fmt.Fprintf(w, "all-port bound (γ+2)·n(n+1)/2 (Ch. III.1): T above it in %d of %d trials\n", above, len(g))
	}
}

// writeLoss prints the failed edges of a faulty cube and what was lost on
// them: packets, or for routers that send copies messages, with the loss
// and its 95% interval over the trials (summary.Loss).
func (rep TrialsReport) writeLoss(w io.Writer, failed int64) {
	cfg := rep.Config
	var lost, sent []float64
	var dropped int64
	for _, res := range rep.Results {
		dropped += int64(res.Dropped)
		l, ok1 := measured(res, "lost")
		s, ok2 := measured(res, "messages")
		if ok1 && ok2 {
			lost, sent = append(lost, l), append(sent, s)
		}
	}
	faults := fmt.Sprintf("q=%v", cfg.Q)
	switch {
	case cfg.K > 0:
		faults = fmt.Sprintf("k=%d", cfg.K)
	case cfg.FaultList != "":
		faults = "fault list"
	}
	fmt.Fprintf(w, "%s: %.1f failed directed edges per trial of %d; ", faults, float64(failed)/float64(len(rep.Results)), cfg.N<<cfg.N)
	unit := "packet"
	if k, err := routers.Lookup(cfg.Router); err == nil && k.Copies {
		unit = "message"
	}
	l := summary.Loss(lost, sent)
	switch {
	case cfg.HasDetours(): // nothing crosses a failed edge
		fmt.Fprintf(w, "routed around them over detours\n")
		return
	case l.Trials == 0:
		fmt.Fprintf(w, "%d packets lost\n", dropped)
		return
	}
	fmt.Fprintf(w, "lost %.0f of %.0f %ss: loss per %s %s", l.Lost, l.Sent, unit, unit, lossText(l))
	if unit == "message" {
		fmt.Fprintf(w, "; %d copies dropped", dropped)
	}
	fmt.Fprintln(w)
}

// lossText writes a loss with its interval over the trials.
func lossText(l summary.LossEstimate) string {
	if l.Exact {
		return fmt.Sprintf("%.3g, exact: the same in all %d trials", l.Loss, l.Trials)
	}
	return fmt.Sprintf("%.3g (95%% CI [%.3g, %.3g] over %d trials)", l.Loss, l.Lo, l.Hi, l.Trials)
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/hyperroute/hyperroute/collectives"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
	"github.com/hyperroute/hyperroute/summary"
	"github.com/hyperroute/hyperroute/topology"
)

// runCollective simulates one collective operation, its trials (a faulty
// cube and detours drawn per trial, with --q, --k or --faults) as the
// collectives model runs them (experiments.CollectivesModel), and prints
// what it measured: one run, a summary over the trials, or one JSON object
// per trial with --jsonl.
func runCollective(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("collective", flag.ContinueOnError)
	cf := addCollectiveFlags(fs)
	trials := fs.Int("trials", 1, "trials: each draws the data, a multicast set and the faulty cube anew")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers (the output does not depend on them)")
	jsonl := fs.Bool("jsonl", false, "print one JSON object per trial instead of the summary")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	if err := routers.CheckRows(*trials, int64(unsafe.Sizeof(collectives.Row{})), routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	spec, err := cf.spec(*trials)
	if err != nil {
		return err
	}
	if err := spec.CheckOutcomes(*workers, routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	outs, err := spec.Outcomes(ctx, *workers, routers.AvailableMemory())
	if errors.Is(err, context.Canceled) {
		return interrupted("no trial is kept")
	} else if err != nil {
		return err
	}
	rows := make([]collectiveRow, len(outs))
	for i, o := range outs {
		rows[i] = collectiveRow(*o.(*collectives.Row))
	}
	if *jsonl {
		return writeJSONL(stdout, rows)
	}
	// The outcomes are point by point, each point's trials in order.
	per := len(rows) / len(spec.Points())
	for i, p := range spec.Points() {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		pt := rows[i*per : (i+1)*per]
		if per == 1 {
			printCollective(stdout, collectives.Row(pt[0]))
			continue
		}
		cfg, _ := p.Collective()
		intact, err := collectives.Measure(cfg)
		if err != nil {
			return err
		}
		if err := printCollectiveTrials(stdout, pt, intact); err != nil {
			return err
		}
	}
	return nil
}

// collectiveFlags are the flags of collective that name its runs: the
// parameters of the collectives model (a list or range sweeps one) and the
// master seed of the trials' streams.
type collectiveFlags struct {
	m      *experiments.Model
	values map[string]*param.Values
	seed   *uint64
}

func addCollectiveFlags(fs *flag.FlagSet) *collectiveFlags {
	m, _ := experiments.LookupModel(experiments.CollectivesModel) // package experiments registers it
	return &collectiveFlags{m: m, values: m.Flags(fs), seed: fs.Uint64("seed", 1, "master seed of the trials' streams")}
}

// spec returns the spec of the runs the flags name, trials of each; its
// errors are usage errors.
func (cf *collectiveFlags) spec(trials int) (*experiments.Spec, error) {
	s, err := collectiveSpec(cf.m, *cf.seed, trials, given(cf.values))
	if err != nil {
		return nil, usageError{err}
	}
	return s, nil
}

// config returns the first trial of the one run the flags name, as
// collective runs it: the configuration (its seed the trial's), its
// faults and the trial's random stream. Its errors are usage errors.
func (cf *collectiveFlags) config() (collectives.Config, collectives.Faults, *rand.Rand, error) {
	s, err := cf.spec(1)
	if err != nil {
		return collectives.Config{}, collectives.Faults{}, nil, err
	}
	if len(s.Points()) != 1 {
		return collectives.Config{}, collectives.Faults{}, nil, usagef("one run: one value per parameter, not %d runs", len(s.Points()))
	}
	p := s.Points()[0]
	c, f := p.Collective()
	rng, seed := experiments.TrialRand(s.Seed, s.Name, p.Key, 0)
	c.Seed = seed
	return c, f, rng, nil
}

// collectiveSpec returns the spec of the collectives model named
// collective whose points values give, the algorithm by default the first
// of the operation that runs the configuration (for several operations,
// as a spec without algo: every algorithm of each that runs).
func collectiveSpec(m *experiments.Model, seed uint64, trials int, values map[string][]string) (*experiments.Spec, error) {
	if len(values["algo"]) == 0 && len(values["op"]) <= 1 {
		s, err := experiments.NewSpec(m, "collective", seed, 1, values)
		if err != nil {
			return nil, err
		}
		values["algo"] = []string{s.Points()[0].Config.Get("algo")}
	}
	return experiments.NewSpec(m, "collective", seed, trials, values)
}

// collectiveRow is a trial's row as one JSON object, keys in a fixed order,
// a value that is none as null.
type collectiveRow collectives.Row

func (r collectiveRow) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, col := range collectives.Row(r).Columns() {
		if i > 0 {
			b.WriteByte(',')
		}
		v := []byte("null")
		if !col.Null {
			var err error
			if v, err = json.Marshal(col.Value); err != nil {
				return nil, err
			}
		}
		fmt.Fprintf(&b, "%q:%s", col.Name, v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// printHeader names the operation, the network and the cost model.
func printHeader(w io.Writer, r collectives.Row) {
	net, _ := topology.New(r.Topology, r.P)
	fmt.Fprintf(w, "%v by %s on %v, %v-port, %v", r.Op, r.Algo, net, r.Port, r.Model)
	if r.Model == collectives.SF {
		fmt.Fprintf(w, " (t_s per %v)", r.Startup)
	}
	fmt.Fprintf(w, ", m=%d, t_s=%g, t_w=%g, t_h=%g\n", r.M, r.Ts, r.Tw, r.Th)
}

// printCollective prints one run: on a faulty cube its faults, then the
// result, the steps against the bound (the intact cube's lower bound, or
// over detours the step law's bound for the system's γ, all-port only),
// the work, the time and the bandwidths.
func printCollective(w io.Writer, r collectives.Row) {
	printHeader(w, r)
	if f := r.Faulty; f != nil {
		fmt.Fprintf(w, "  faults     %v: %d failed edges, detours=%s", r.Faults.Draw, f.Failed, r.Faults.Detours)
		if f.Gamma < 0 {
			fmt.Fprintf(w, "; %s: time unavailable\n", f.Unavailable())
			return
		}
		fmt.Fprintf(w, ", γ = %d; slowest step %d units\n", f.Gamma, f.MaxStep)
	}
	verdict := "every node ends with what the operation defines"
	if !r.OK {
		verdict = "NOT as defined: " + r.Err.Error()
	}
	fmt.Fprintf(w, "  result     %s\n", verdict)
	if f := r.Faulty; f != nil {
		fmt.Fprintf(w, "  steps      ρ = %d units; %s\n", r.Rho, lawBound(f, r.P))
	} else {
		fmt.Fprintf(w, "  steps      ρ = %d (non-combining ρ_m = %g); lower bound %d (ρ_m %s)\n", r.Rho, r.RhoM, r.Bound.Steps, orDash(r.Bound.Rho))
	}
	fmt.Fprintf(w, "  work       η = %g block-hops (%d message-hops, %d messages)", r.Eta, r.Hops, r.Messages)
	if r.Faulty == nil {
		fmt.Fprintf(w, "; lower bound %g", r.Bound.Eta)
	}
	fmt.Fprintln(w)
	closed := "no closed form"
	if !math.IsNaN(r.Closed) {
		closed = fmt.Sprintf("closed form %g [%s]", r.Closed, r.ClosedRef)
	}
	fmt.Fprintf(w, "  time       %g; %s\n", r.Time, closed)
	busbw := "–"
	if !math.IsNaN(r.BusBW) {
		busbw = fmt.Sprintf("%.4g", r.BusBW)
	}
	fmt.Fprintf(w, "  bandwidth  algbw %.4g, busbw %s words per time unit\n", r.AlgBW, busbw)
	fmt.Fprintf(w, "  NODUP %v, NOHO %v, at most %d messages into a node per step\n", r.NoDup, r.NoHO, r.RecvMax)
}

// lawBound says the bound of a run over detours: (γ + 2) units per step
// all-port, none single-port.
func lawBound(f *collectives.Faulty, p int) string {
	if f.LawBound < 0 {
		return "no bound: single-port has no step law (the intact cube's lower bounds do not apply)"
	}
	return fmt.Sprintf("bound (γ+2)·%d = %d units (the all-port step law for γ = %d)", bits.Len(uint(p))-1, f.LawBound, f.Gamma)
}

// printCollectiveTrials summarises the trials of one configuration: the
// faults drawn and the detour systems chosen, whether every result was as
// defined, and the steps and time over the trials whose cube had a
// complete detour system, with 95% intervals, against the intact cube's
// run and the step law's bound.
func printCollectiveTrials(w io.Writer, rows []collectiveRow, intact collectives.Row) error {
	first := collectives.Row(rows[0])
	printHeader(w, first)
	var rho, times, failed, bounds []float64
	gammas := map[int]int{}
	beyond, unavailable := 0, 0
	for _, t := range rows {
		r := collectives.Row(t)
		if f := r.Faulty; f != nil {
			failed = append(failed, float64(f.Failed))
			if f.Gamma < 0 {
				unavailable++
				continue
			}
			gammas[f.Gamma]++
			if f.LawBound >= 0 {
				bounds = append(bounds, float64(f.LawBound))
				beyond += btoi(r.Rho > f.LawBound)
			}
		}
		rho, times = append(rho, float64(r.Rho)), append(times, r.Time)
	}
	if first.Faults.Faulty() {
		fmt.Fprintf(w, "  faults     %v, detours=%s, %d trials: %s per trial", first.Faults.Draw, first.Faults.Detours, len(rows), summary.Mean(failed, "failed edges"))
		if unavailable > 0 {
			fmt.Fprintf(w, "; no complete detour system in %d (not run)", unavailable)
		}
		var gs []string
		for _, g := range slices.Sorted(maps.Keys(gammas)) {
			gs = append(gs, fmt.Sprintf("γ = %d in %d", g, gammas[g]))
		}
		if len(gs) > 0 {
			fmt.Fprintf(w, "; %s", strings.Join(gs, ", "))
		}
		fmt.Fprintln(w)
	}
	if len(rho) == 0 {
		fmt.Fprintln(w, "  no trial ran: no complete detour system in any")
		return nil
	}
	fmt.Fprintf(w, "  result     every node ends with what the operation defines, in all %d trials run\n", len(rho))
	slowdown := ""
	if first.Faults.Faulty() {
		mean, _ := stats.MeanCI(rho, 0.95)
		slowdown = fmt.Sprintf("; intact cube: %d steps, slowdown %.3g", intact.Rho, mean/float64(intact.Rho))
	}
	unit := "units"
	if first.Faulty == nil {
		unit = "steps"
	}
	fmt.Fprintf(w, "  steps      ρ = %s%s\n", summary.Mean(rho, unit), slowdown)
	switch {
	case first.Faulty == nil:
		fmt.Fprintf(w, "  bound      lower bound %d steps\n", first.Bound.Steps)
	case len(bounds) > 0:
		b := summary.Format(bounds[0])
		if lo, hi := slices.Min(bounds), slices.Max(bounds); lo < hi {
			b = summary.Format(lo) + " … " + summary.Format(hi)
		}
		fmt.Fprintf(w, "  bound      (γ+2)·%d = %s units, the all-port step law for each trial's γ: ρ above it in %d trials\n", bits.Len(uint(first.P))-1, b, beyond)
	default:
		fmt.Fprintln(w, "  bound      none: single-port has no step law (the intact cube's lower bounds do not apply)")
	}
	fmt.Fprintf(w, "  time       %s\n", summary.Mean(times, ""))
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func orDash(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

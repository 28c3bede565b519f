package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"text/tabwriter"
	"unsafe"

	"gonum.org/v1/gonum/floats"

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/param"
	"github.com/hyperroute/hyperroute/routers"
)

// runDetours draws faulty cubes and chooses detour systems on them: the
// trials of the points of the detours model (experiments.DetoursModel) its
// parameters' values and lists give, as a spec of it runs them.
func runDetours(args []string, stdout, stderr io.Writer) error {
	m, err := experiments.LookupModel(experiments.DetoursModel)
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("detours", flag.ContinueOnError)
	values := m.Flags(fs)
	fs.Var(&param.Values{Param: values["detours"].Param, Into: values["detours"]}, "strategy", "the same as --detours: a `name` or a list")
	trials := fs.Int("trials", 100, "number of trials")
	seed := fs.Uint64("seed", 1, "master seed")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	jsonl := fs.Bool("jsonl", false, "print one JSON object per trial instead of the summary")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	if err := routers.CheckRows(*trials, int64(unsafe.Sizeof(experiments.Draw{})), routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	spec, err := experiments.NewSpec(m, "detours", *seed, *trials, given(values))
	if err != nil {
		return usageError{err}
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
	rows := make([]*experiments.Draw, len(outs))
	for i, o := range outs {
		rows[i] = o.(*experiments.Draw)
	}
	if *jsonl {
		return writeJSONL(stdout, rows)
	}
	if len(spec.Points()) > 1 {
		return printDetourTable(stdout, rows, *trials)
	}
	return printDetours(stdout, rows)
}

// given returns the values of the parameters set on the command line.
func given(values map[string]*param.Values) map[string][]string {
	out := make(map[string][]string)
	for name, v := range values {
		if v.Values != nil {
			out[name] = v.Values
		}
	}
	return out
}

// printDetourTable prints one line per point of a sweep, its trials in
// turn in rows: the failed edges, the shares of trials in which some failed
// edge had no intact detour and in which the strategy found a complete
// system, and the mean and largest γ of those.
func printDetourTable(w io.Writer, rows []*experiments.Draw, trials int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "n\tfaults\tdetours\ttrials\tfailed edges\tno detour\tcomplete\tmean γ\tmax γ\t")
	for i := 0; i < len(rows); i += trials {
		pt := rows[i : i+trials]
		var failed, noDetour, ok, gammas []float64
		for _, r := range pt {
			failed, noDetour, ok = append(failed, float64(r.Failed)), append(noDetour, b2f(r.NoDetour)), append(ok, b2f(r.OK))
			if r.Gamma != nil {
				gammas = append(gammas, float64(*r.Gamma))
			}
		}
		r := pt[0]
		mean, most := "–", "–"
		if len(gammas) > 0 {
			mean, most = fmt.Sprintf("%.3f", floats.Sum(gammas)/float64(len(gammas))), fmt.Sprint(slices.Max(gammas))
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%.1f\t%.4f\t%.4f\t%s\t%s\t\n", r.N, drawFaults(r), r.Strategy, len(pt),
			floats.Sum(failed)/float64(len(pt)), floats.Sum(noDetour)/float64(len(pt)), floats.Sum(ok)/float64(len(pt)), mean, most)
	}
	return tw.Flush()
}

// drawFaults names how a draw's faults were drawn.
func drawFaults(r *experiments.Draw) string {
	return faults.Draw{Q: r.Q, K: r.K, List: faults.List(r.Faults)}.String()
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// printDetours summarises the trials of one point: failed edges, how
// often some failed edge had no intact detour, how often the strategy
// succeeded, and the γ it reached.
func printDetours(w io.Writer, rows []*experiments.Draw) error {
	var failed, noDetour, ok int
	gammas := make(map[int]int)
	maxGamma := 0
	for _, r := range rows {
		failed += r.Failed
		if r.NoDetour {
			noDetour++
		}
		if r.OK {
			ok++
			gammas[*r.Gamma]++
			maxGamma = max(maxGamma, *r.Gamma)
		}
	}
	k := float64(len(rows))
	r := rows[0]
	fmt.Fprintf(w, "detours=%s on Q_%d, %v, %d trials: %.1f failed edges on average\n", r.Strategy, r.N, drawFaults(r), len(rows), float64(failed)/k)
	fmt.Fprintf(w, "some failed edge without an intact detour: %d trials (%.4f)\n", noDetour, float64(noDetour)/k)
	fmt.Fprintf(w, "complete detour system: %d trials (%.4f)\n", ok, float64(ok)/k)
	for g := 0; g <= maxGamma; g++ {
		if gammas[g] > 0 {
			fmt.Fprintf(w, "  γ = %d: %d trials\n", g, gammas[g])
		}
	}
	return nil
}

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
	"unsafe"

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/routers"
)

// runDetours draws faulty cubes and chooses detour systems on them: the
// trials of one point of the detours model (experiments.DetoursModel), as
// a spec of it runs them.
func runDetours(args []string, stdout, stderr io.Writer) error {
	m, err := experiments.LookupModel(experiments.DetoursModel)
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("detours", flag.ContinueOnError)
	values := m.Flags(fs)
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
	spec, err := experiments.NewSpec(m, "detours", *seed, *trials, values)
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
	return printDetours(stdout, rows)
}

// printDetours summarises the trials: failed edges, how often some failed
// edge had no intact detour, how often the strategy succeeded, and the γ
// it reached.
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
	fmt.Fprintf(w, "detours=%s on Q_%d, q=%v, %d trials: %.1f failed edges on average\n", r.Strategy, r.N, r.Q, len(rows), float64(failed)/k)
	fmt.Fprintf(w, "some failed edge without an intact detour: %d trials (%.4f)\n", noDetour, float64(noDetour)/k)
	fmt.Fprintf(w, "complete detour system: %d trials (%.4f)\n", ok, float64(ok)/k)
	for g := 0; g <= maxGamma; g++ {
		if gammas[g] > 0 {
			fmt.Fprintf(w, "  γ = %d: %d trials\n", g, gammas[g])
		}
	}
	return nil
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"unsafe"

	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/routers"
)

// detourRow is one trial of hyperroute detours.
type detourRow struct {
	Trial     int     `json:"trial"`
	Seed      uint64  `json:"seed"`
	N         int     `json:"n"`
	Q         float64 `json:"q"`
	Strategy  string  `json:"strategy"`
	Failed    int     `json:"failed_edges"`
	Stranded  int     `json:"stranded"`  // failed edges without an intact detour
	NoDetour  bool    `json:"no_detour"` // Stranded > 0
	OK        bool    `json:"ok"`        // the system is complete
	Gamma     *int    `json:"gamma"`     // its largest middle load; null when not ok
	GammaDims []int   `json:"gamma_dims"`
	// Clashes counts, for heuristic, the middle edges claimed twice in
	// one round of the matching (the thesis says none).
	Clashes *int `json:"clashes,omitempty"`
}

// runDetours draws faulty cubes and chooses detour systems on them.
func runDetours(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("detours", flag.ContinueOnError)
	n := fs.Int("n", 10, "cube dimension")
	q := fs.Float64("q", 0.05, "probability that a directed edge fails")
	name := fs.String("strategy", "heuristic", fmt.Sprint("detour strategy: ", detours.Names()))
	trials := fs.Int("trials", 100, "number of trials")
	seed := fs.Uint64("seed", 1, "master seed")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	jsonl := fs.Bool("jsonl", false, "print one JSON object per trial instead of the summary")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	strategy, err := detours.Lookup(*name)
	switch {
	case err != nil:
		return usageError{err}
	case *n < 2 || *n > hypercube.MaxDim:
		return usagef("n=%d: want 2 … %d", *n, hypercube.MaxDim)
	case !(*q >= 0 && *q <= 1):
		return usagef("q=%v: want a probability in [0, 1]", *q)
	case *trials < 1:
		return usagef("trials=%d: must be at least 1", *trials)
	case *workers < 1:
		return usagef("workers=%d: must be at least 1", *workers)
	}
	if err := routers.CheckRows(*trials, int64(unsafe.Sizeof(detourRow{})), routers.AvailableMemory()); err != nil {
		return usageError{err}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rows := make([]detourRow, *trials)
	key := "n=" + strconv.Itoa(*n) + "/q=" + strconv.FormatFloat(*q, 'g', -1, 64)
	err = experiments.Parallel(ctx, *trials, *workers, func(_ *routers.Sim, i int) error {
		rng, trialSeed := experiments.TrialRand(*seed, "detours", key, i)
		f, err := faults.New(*n)
		if err == nil {
			err = f.Random(*q, rng)
		}
		if err != nil {
			return err
		}
		y := faults.NewSystem(f)
		r := detourRow{Trial: i, Seed: trialSeed, N: *n, Q: *q, Strategy: strategy.Name, Failed: f.Count(), Stranded: f.Stranded()}
		r.NoDetour = r.Stranded > 0
		if strategy.Name == "heuristic" {
			c := detours.Heuristic(y)
			r.Clashes, r.OK = &c, y.Complete()
		} else {
			r.OK = strategy.Choose(y, rng)
		}
		if r.OK {
			dims, g := y.Gamma()
			r.Gamma, r.GammaDims = &g, dims
		}
		rows[i] = r
		return nil
	})
	if err != nil {
		return err
	}
	if *jsonl {
		return writeJSONL(stdout, rows)
	}
	return printDetours(stdout, rows)
}

// printDetours summarises the trials: failed edges, how often some failed
// edge had no intact detour, how often the strategy succeeded, and the γ
// it reached.
func printDetours(w io.Writer, rows []detourRow) error {
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

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"time"

	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

// trialRow is one trial of `hyperroute sim --jsonl`.
type trialRow struct {
	Trial    int    `json:"trial"`
	Seed     uint64 `json:"seed"`
	N        int    `json:"n"`
	Router   string `json:"router"`
	Port     string `json:"port"`
	Queue    string `json:"queue"`
	Perm     string `json:"perm"`
	Mu       int    `json:"mu"`
	T        int    `json:"T"`
	Hops     int64  `json:"hops"`
	MaxQueue int    `json:"max_queue"`
}

func runSim(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	router := fs.String("router", "valiant", "router: ecube, valiant or bitonic")
	port := fs.String("port", "single", "port model: single or all")
	queue := fs.String("queue", "priority", "queue discipline: priority, fifo, random or farthest")
	n := fs.Int("n", 10, "cube dimension, 1 … 30")
	perm := fs.String("perm", "random", "request: random, transpose, bitrev, complement, identity or shuffle")
	mu := fs.Int("mu", 1, "packets sent and received per node (μ-bounded request)")
	trials := fs.Int("trials", 100, "number of trials")
	seed := fs.Uint64("seed", 1, "master seed")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers")
	jsonl := fs.Bool("jsonl", false, "print one JSON object per trial instead of the summary")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	cfg := routers.Config{Router: *router, N: *n, Pattern: *perm, Mu: *mu}
	var err error
	if cfg.Port, err = routers.ParsePort(*port); err != nil {
		return usageError{err}
	}
	if cfg.Queue, err = routers.ParseDiscipline(*queue); err != nil {
		return usageError{err}
	}
	if err := cfg.Validate(); err != nil {
		return usageError{err}
	}
	if *trials < 1 {
		return usagef("trials=%d: must be at least 1", *trials)
	}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	rows := make([]trialRow, *trials)
	point := cfg.InstanceKey()
	start := time.Now()
	err = experiments.Parallel(ctx, *trials, *workers, func(s *routers.Sim, i int) error {
		rng, trialSeed := experiments.TrialRand(*seed, point, i)
		res, err := s.Trial(cfg, rng)
		if err != nil {
			return err
		}
		rows[i] = trialRow{Trial: i, Seed: trialSeed, N: cfg.N, Router: cfg.Router, Port: *port, Queue: *queue,
			Perm: cfg.Pattern, Mu: cfg.Mu, T: res.T, Hops: res.Hops, MaxQueue: res.MaxQueue}
		return nil
	})
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if *jsonl {
		return writeJSONL(stdout, rows)
	}
	return printSummary(stdout, cfg, rows, elapsed)
}

func printSummary(w io.Writer, cfg routers.Config, rows []trialRow, elapsed time.Duration) error {
	ts := make([]float64, len(rows))
	var hops int64
	for i, r := range rows {
		ts[i] = float64(r.T)
		hops += r.Hops
	}
	slices.Sort(ts)
	// Quantiles are Hyndman–Fan type 7, as NumPy's default.
	mean, ci := stats.MeanCI(ts, 0.95)
	q := stats.Quantiles(ts, 0.5, 0.9, 0.99)
	fmt.Fprintf(w, "%s n=%d %v-port queue=%v perm=%s mu=%d, %d trials\n",
		cfg.Router, cfg.N, cfg.Port, cfg.Queue, cfg.Pattern, cfg.Mu, len(rows))
	// One trial has no sd and no interval.
	sd, interval := "–", "–"
	if len(ts) > 1 {
		sd, interval = fmt.Sprintf("%.3f", stats.StdDev(ts)), fmt.Sprintf("[%.3f, %.3f]", ci.Lo, ci.Hi)
	}
	fmt.Fprintf(w, "%8s %8s %6s %8s %6s %6s %6s\n", "mean", "sd", "min", "median", "p90", "p99", "max")
	fmt.Fprintf(w, "%8.3f %8s %6.0f %8.1f %6.1f %6.1f %6.0f\n", mean, sd, ts[0],
		q[0], q[1], q[2], ts[len(ts)-1])
	_, err := fmt.Fprintf(w, "mean T 95%% CI %s, T/n %.3f; %d packet-hops in %v: %.3g packet-hops/s\n",
		interval, mean/float64(cfg.N), hops, elapsed.Round(time.Millisecond), float64(hops)/elapsed.Seconds())
	return err
}

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"

	"github.com/hyperroute/hyperroute/lossest"
	"github.com/hyperroute/hyperroute/progress"
	"github.com/hyperroute/hyperroute/routers"
)

// lossRow is the output of hyperroute loss.
type lossRow struct {
	Router    string  `json:"router"`
	N         int     `json:"n"`
	Q         float64 `json:"q"`
	Pieces    int     `json:"pieces"`
	Port      string  `json:"port"`
	RSE       float64 `json:"rse"`
	Seed      uint64  `json:"seed"`
	Loss      float64 `json:"loss"`
	SE        float64 `json:"se"`
	Trials    int     `json:"trials"`
	Converged bool    `json:"converged"`
	ExactLo   float64 `json:"exact_lo"`
	ExactHi   float64 `json:"exact_hi"`
	// The same of Pr(delivered) = 1 − Pr(lost), kept apart so that a loss
	// near 1 keeps its precision; complement says that the trials
	// estimated it (lossest.Result).
	Delivered        float64 `json:"delivered"`
	Complement       bool    `json:"complement"`
	ExactDeliveredLo float64 `json:"exact_delivered_lo"`
	ExactDeliveredHi float64 `json:"exact_delivered_hi"`
}

// runLoss estimates the probability that a message is lost on a faulty
// cube (package lossest).
func runLoss(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("loss", flag.ContinueOnError)
	router := fs.String("router", "disjoint", "disjoint (n copies or m-of-n pieces on disjoint paths) or valiant (one copy)")
	n := fs.Int("n", 8, "cube dimension")
	q := fs.Float64("q", 0.01, "probability that a directed edge fails")
	pieces := fs.Int("pieces", 1, "pieces of which any m rebuild a message (disjoint; 1: n copies)")
	portName := fs.String("port", "single", "port model: single or all (valiant; the loss does not depend on it)")
	rse := fs.Float64("rse", 0.1, "stop at this relative standard error, in (0, 1), or at --max-trials (where the loss is above ½, the relative error of Pr(delivered))")
	maxTrials := fs.Int("max-trials", lossest.DefaultMaxTrials, "stop after this many trials even if --rse is not reached (then converged is false), at least 256")
	seed := fs.Uint64("seed", 1, "master seed")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers (the estimate does not depend on them)")
	jsonl := fs.Bool("jsonl", false, "print one JSON object instead of a line of text")
	solve := fs.String("solve", "", "solve for `q`: the edge failure probability at which a message is lost with probability --target, with its interval")
	target := fs.Float64("target", 0, "the loss probability --solve q solves for, in (0, 1)")
	if err := parseFlags(fs, args, stderr); err != nil {
		return err
	}
	port, err := routers.ParsePort(*portName)
	if err != nil {
		return usageError{err}
	}
	if *workers < 1 {
		return usagef("workers=%d: must be at least 1", *workers)
	}
	c := lossest.Config{Router: *router, N: *n, Q: *q, Pieces: *pieces, Port: port, RSE: *rse, Seed: *seed, Workers: *workers, MaxTrials: *maxTrials}
	if *pieces < 1 {
		return usagef("pieces=%d: want 1 … n", *pieces)
	}
	if *maxTrials < lossest.Batch || *maxTrials > lossest.MaxMaxTrials {
		return usagef("max-trials=%d: want %d … %d", *maxTrials, lossest.Batch, lossest.MaxMaxTrials)
	}
	if *solve != "" || *target != 0 {
		return runLossSolve(fs, c, *solve, *target, *jsonl, stdout)
	}
	if err := c.Validate(); err != nil {
		return usageError{err}
	}
	var last atomic.Pointer[lossest.Result]
	c.OnBatch = func(r lossest.Result) { last.Store(&r) }
	line := progress.ForLine(stderr, func() string {
		r := last.Load()
		if r == nil {
			return "loss: first batch of trials …"
		}
		return fmt.Sprintf("loss: %d of at most %d trials, %s", r.Trials, c.MaxTrials, describeLoss(*r, c.RSE))
	})
	res, err := lossest.Estimate(c)
	line.Stop()
	if err != nil {
		return err
	}
	row := lossRow{Router: c.Router, N: c.N, Q: c.Q, Pieces: *pieces, Port: port.String(), RSE: c.RSE, Seed: c.Seed,
		Loss: res.Loss, SE: res.SE, Trials: res.Trials, Converged: res.Converged, ExactLo: res.ExactLo, ExactHi: res.ExactHi,
		Delivered: res.Delivered, Complement: res.Complement, ExactDeliveredLo: res.ExactDeliveredLo, ExactDeliveredHi: res.ExactDeliveredHi}
	if *jsonl {
		return json.NewEncoder(stdout).Encode(row)
	}
	note := ""
	if !res.Converged {
		note = fmt.Sprintf(" (stopped at --max-trials %d before rse %v)", res.Trials, c.RSE)
	}
	bracket := fmt.Sprintf("[%.4g, %.4g]", res.ExactLo, res.ExactHi)
	if res.Complement {
		bracket = fmt.Sprintf("[1 − %.4g, 1 − %.4g]", res.ExactDeliveredHi, res.ExactDeliveredLo)
	}
	_, err = fmt.Fprintf(stdout, "%s n=%d q=%g m=%d: %s, %d trials%s; exact bracket %s\n",
		c.Router, c.N, c.Q, *pieces, describeLoss(res, c.RSE), res.Trials, note, bracket)
	return err
}

// describeLoss says what an estimate is: Pr(message lost) ± its standard
// error, written as 1 − Pr(delivered) where that was estimated.
func describeLoss(r lossest.Result, rse float64) string {
	if r.Complement {
		return fmt.Sprintf("Pr(message lost) = 1 − %.4g ± %.2g (Pr(delivered) estimated, the loss being near 1)", r.Delivered, r.SE)
	}
	return fmt.Sprintf("Pr(message lost) = %.4g ± %.2g", r.Loss, r.SE)
}

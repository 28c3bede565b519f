package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/hyperroute/hyperroute/lossest"
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
	rse := fs.Float64("rse", 0.1, "stop at this relative standard error, in (0, 1)")
	seed := fs.Uint64("seed", 1, "master seed")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel workers (the estimate does not depend on them)")
	jsonl := fs.Bool("jsonl", false, "print one JSON object instead of a line of text")
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
	c := lossest.Config{Router: *router, N: *n, Q: *q, Pieces: *pieces, Port: port, RSE: *rse, Seed: *seed, Workers: *workers}
	if *pieces < 1 {
		return usagef("pieces=%d: want 1 … n", *pieces)
	}
	if err := c.Validate(); err != nil {
		return usageError{err}
	}
	res, err := lossest.Estimate(c)
	if err != nil {
		return err
	}
	row := lossRow{Router: c.Router, N: c.N, Q: c.Q, Pieces: *pieces, Port: port.String(), RSE: c.RSE, Seed: c.Seed,
		Loss: res.Loss, SE: res.SE, Trials: res.Trials, Converged: res.Converged, ExactLo: res.ExactLo, ExactHi: res.ExactHi}
	if *jsonl {
		return json.NewEncoder(stdout).Encode(row)
	}
	note := ""
	if !res.Converged {
		note = fmt.Sprintf(" (stopped at %d trials before rse %v)", res.Trials, c.RSE)
	}
	_, err = fmt.Fprintf(stdout, "%s n=%d q=%g m=%d: Pr(message lost) = %.4g ± %.2g, %d trials%s; exact bracket [%.4g, %.4g]\n",
		c.Router, c.N, c.Q, *pieces, res.Loss, res.SE, res.Trials, note, res.ExactLo, res.ExactHi)
	return err
}

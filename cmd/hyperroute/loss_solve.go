package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/hyperroute/hyperroute/lossest"
)

// lossRoot is the output of hyperroute loss --solve q.
type lossRoot struct {
	Router    string  `json:"router"`
	N         int     `json:"n"`
	Pieces    int     `json:"pieces"`
	Port      string  `json:"port"`
	Target    float64 `json:"target"`
	Solve     string  `json:"solve"`
	Q         float64 `json:"q"`
	QLo       float64 `json:"q_lo"`
	QHi       float64 `json:"q_hi"`
	Exact     bool    `json:"exact"`
	BracketLo float64 `json:"bracket_lo"`
	BracketHi float64 `json:"bracket_hi"`
	Estimates int     `json:"estimates"`
	Trials    int     `json:"trials"`
	Loss      float64 `json:"loss"`
	SE        float64 `json:"se"`
	RSE       float64 `json:"rse"`
	Seed      uint64  `json:"seed"`
}

// runLossSolve finds the q at which a message of c is lost with
// probability target (lossest.SolveQ) and prints it with its interval.
func runLossSolve(fs *flag.FlagSet, c lossest.Config, solve string, target float64, jsonl bool, stdout io.Writer) error {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "q" })
	switch {
	case solve != "q":
		return usagef("--solve %q: want --solve q (the edge failure probability) with --target P", solve)
	case given:
		return usagef("--q and --solve q: q is what --solve q finds, leave out --q")
	case !(target > 0 && target < 1):
		return usagef("--target %v: want the loss probability to solve for, in (0, 1)", target)
	}
	r, err := lossest.SolveQ(c, target)
	if err != nil {
		return usageError{err}
	}
	row := lossRoot{Router: c.Router, N: c.N, Pieces: max(c.Pieces, 1), Port: c.Port.String(), Target: target, Solve: "q",
		Q: r.Q, QLo: r.Lo, QHi: r.Hi, Exact: r.Exact, BracketLo: r.BracketLo, BracketHi: r.BracketHi,
		Estimates: r.Estimates, Trials: r.Trials, Loss: r.Loss, SE: r.SE, RSE: c.RSE, Seed: c.Seed}
	if jsonl {
		return json.NewEncoder(stdout).Encode(row)
	}
	fmt.Fprintf(stdout, "%s n=%d m=%d: Pr(message lost) = %g at q = %.4g", c.Router, c.N, row.Pieces, target, r.Q)
	if r.Exact {
		_, err := fmt.Fprintf(stdout, ", exact (the loss is known exactly)\n")
		return err
	}
	_, err = fmt.Fprintf(stdout, ", 95%% CI [%.4g, %.4g] by a stochastic root search (%d estimates to rse %g, %d trials; there Pr = %.4g ± %.2g); the exact bracket on the loss puts q in [%.4g, %.4g]\n",
		r.Lo, r.Hi, r.Estimates, c.RSE, r.Trials, r.Loss, r.SE, r.BracketLo, r.BracketHi)
	return err
}

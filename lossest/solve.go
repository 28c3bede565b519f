package lossest

import (
	"errors"
	"fmt"
	"math"

	"github.com/hyperroute/hyperroute/stats"
)

// Root is the edge failure probability q at which a message is lost with
// a given probability.
type Root struct {
	Target float64 // the loss probability solved for
	// Q is the root and Lo, Hi its interval: the exact root, Lo = Hi = Q,
	// where the loss is known exactly (valiant); else the stochastic
	// search's 95% interval within the exact bracket.
	Q, Lo, Hi float64
	Exact     bool
	// BracketLo and BracketHi are the q at which the upper and the lower
	// end of the exact bracket on the loss (Result.ExactHi, ExactLo) reach
	// Target: the root lies between them.
	BracketLo, BracketHi float64
	// Estimates and Trials are the estimates (Estimate) the search made
	// and their trials in all; Loss and SE the last estimate, at Q.
	Estimates, Trials int
	Loss, SE          float64
}

// maxSearch bounds the estimates of a stochastic root search.
const maxSearch = 60

// SolveQ returns the q at which a message of c (its router, n, pieces,
// port, seed, workers and rse; c.Q is not used) is lost with probability
// target, in (0, 1). Where the loss is known exactly (valiant) the root is
// exact. Else it lies in the bracket given by the exact bounds on the loss
// (stats.MeanMessageLoss, as Estimate reports them), and a stochastic root
// search narrows it: bisection on log q within the bracket, each step an
// Estimate to c.RSE from the same seed (common random numbers), moving to
// the side the estimate's 95% interval excludes, until that interval holds
// target or the bracket is spent. The root's interval is then the
// estimate's, carried to q by the local slope of the loss on log scales
// (that of the bracket's upper end), within the bracket.
func SolveQ(c Config, target float64) (Root, error) {
	if !(target > 0 && target < 1) {
		return Root{}, fmt.Errorf("target %v: want a loss probability in (0, 1)", target)
	}
	c.Q = 0.5
	if err := c.Validate(); err != nil {
		return Root{}, err
	}
	r := Root{Target: target}
	lo, hi := bracket(c)
	r.BracketLo = stats.InvertQ(hi, target)
	r.BracketHi = stats.InvertQ(lo, target)
	if r.BracketLo >= 1 || r.BracketHi <= 1e-300 {
		return r, fmt.Errorf("target %v: the loss of %s on Q_%d stays %s it for every q", target, c.Router, c.N, map[bool]string{true: "below", false: "above"}[r.BracketLo >= 1])
	}
	if r.BracketHi <= r.BracketLo*(1+1e-12) {
		r.Q, r.Lo, r.Hi, r.Exact = r.BracketLo, r.BracketLo, r.BracketLo, true
		r.Loss = lo(r.Q)
		return r, nil
	}
	a, b := math.Log(r.BracketLo), math.Log(r.BracketHi)
search:
	for r.Estimates < maxSearch {
		q := math.Exp((a + b) / 2)
		c.Q = q
		res, err := Estimate(c)
		if err != nil {
			return r, err
		}
		r.Estimates, r.Trials = r.Estimates+1, r.Trials+res.Trials
		r.Q, r.Loss, r.SE = q, res.Loss, res.SE
		switch z := (res.Loss - target) / res.SE; {
		case res.SE > 0 && z > 1.96:
			b = math.Log(q)
			continue
		case res.SE > 0 && z < -1.96:
			a = math.Log(q)
			continue
		}
		break search
	}
	if r.SE == 0 {
		return r, errors.New("the estimates have no standard error: no interval")
	}
	// The loss near the root grows as q^e: an error of δ in the loss is
	// one of δ/(e·loss) in ln q.
	const h = 1e-3
	e := (math.Log(hi(r.Q*math.Exp(h))) - math.Log(hi(r.Q*math.Exp(-h)))) / (2 * h)
	d := 1.96 * r.SE / (e * target)
	r.Lo, r.Hi = max(r.Q*math.Exp(-d), r.BracketLo), min(r.Q*math.Exp(d), r.BracketHi)
	return r, nil
}

// bracket returns the exact lower and upper bounds on the loss of c as
// functions of q, those Result.ExactLo and ExactHi report.
func bracket(c Config) (lo, hi func(q float64) float64) {
	if c.Router == "valiant" {
		f := func(q float64) float64 { return stats.ValiantLoss(c.N, q) }
		return f, f
	}
	m := max(c.Pieces, 1)
	return func(q float64) float64 { l, _ := stats.MeanMessageLoss(c.N, m, q); return l },
		func(q float64) float64 { _, h := stats.MeanMessageLoss(c.N, m, q); return h }
}

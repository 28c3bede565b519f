package lossest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/hypercube"
	"github.com/hyperroute/hyperroute/routers"
	"github.com/hyperroute/hyperroute/stats"
)

// Batch is the number of trials between two decisions of the stopping
// rule; the first decision is after one batch.
const Batch = 256

// DefaultMaxTrials is the most trials an estimate takes unless told
// otherwise: 2^24, a few minutes at n = 16.
const DefaultMaxTrials = 1 << 24

// Config is one estimate.
type Config struct {
	Router    string       // disjoint or valiant
	N         int          // dimension of the cube
	Q         float64      // edge failure probability, in [0, 1]
	Pieces    int          // m, the pieces that rebuild a message (disjoint; 0: 1, n copies)
	Port      routers.Port // the router's port model; the loss does not depend on it
	RSE       float64      // stop at this relative standard error, in (0, 1)
	Seed      uint64
	Workers   int // goroutines; the estimate does not depend on them (0: 1)
	MaxTrials int // stop here regardless (0: DefaultMaxTrials)
}

// Result is an estimate of the probability that a message is lost.
type Result struct {
	Loss, SE float64 // the estimate and its standard error
	Trials   int
	// Converged says that SE ≤ RSE·Loss; otherwise the maximum stopped it.
	Converged bool
	// ExactLo ≤ Pr(lost) ≤ ExactHi, the exact bracket of package stats:
	// stats.MeanMessageLoss for disjoint, stats.ValiantLoss (both ends)
	// for valiant.
	ExactLo, ExactHi float64
}

// Validate reports the first thing wrong with c, as a sentence.
func (c Config) Validate() error {
	maxN := hypercube.MaxDim
	switch c.Router {
	case "disjoint":
		maxN = butterfly.MaxDim
		if c.Port != routers.SinglePort {
			return fmt.Errorf("router disjoint runs single-port butterfly nodes (port single), not port %v", c.Port)
		}
	case "valiant":
		if c.Pieces > 1 {
			return fmt.Errorf("router valiant sends one copy: pieces=%d needs router disjoint", c.Pieces)
		}
	default:
		return fmt.Errorf("unknown router %q: the loss is estimated for disjoint and valiant", c.Router)
	}
	switch {
	case c.N < 1 || c.N > maxN:
		return fmt.Errorf("n=%d out of range: router %s takes 1 … %d", c.N, c.Router, maxN)
	case !(c.Q >= 0 && c.Q <= 1):
		return fmt.Errorf("q=%v: want an edge failure probability in [0, 1]", c.Q)
	case c.Pieces < 0 || c.Pieces > c.N:
		return fmt.Errorf("pieces=%d: a message travels as n=%d pieces, want 1 … %d", c.Pieces, c.N, c.N)
	case !(c.RSE > 0 && c.RSE < 1):
		return fmt.Errorf("rse=%v: want a relative standard error in (0, 1)", c.RSE)
	case c.Workers < 0 || c.MaxTrials < 0:
		return fmt.Errorf("workers=%d, max trials=%d: want 0 or more", c.Workers, c.MaxTrials)
	}
	return nil
}

// pieces is m, 1 if unset.
func (c Config) pieces() int { return max(c.Pieces, 1) }

// Estimate estimates the probability that a message of c is lost, trial by
// trial until the relative standard error reaches c.RSE, deciding after
// every Batch trials in trial order (stats.Sequential). Trial i draws from
// its own stream, PCG(c.Seed, i), so that the estimate is the same for
// every worker count.
func Estimate(c Config) (Result, error) {
	if err := c.Validate(); err != nil {
		return Result{}, err
	}
	maxTrials := c.MaxTrials
	if maxTrials == 0 {
		maxTrials = DefaultMaxTrials
	}
	rule, err := stats.NewSequential(c.RSE, Batch, maxTrials)
	if err != nil {
		return Result{}, err
	}
	var res Result
	n, m := c.N, c.pieces()
	phi := func(k int) float64 { return stats.PathFail(k, c.Q) }
	if c.Router == "disjoint" {
		phi = func(k int) float64 { return stats.PhaseLoss(n, k, m, c.Q) }
		res.ExactLo, res.ExactHi = stats.MeanMessageLoss(n, m, c.Q)
	} else {
		res.ExactLo = stats.ValiantLoss(n, c.Q)
		res.ExactHi = res.ExactLo
	}
	prop := newProposal(n, phi)
	// A batch has work for Batch workers; more would only hold state.
	workers := min(max(c.Workers, 1), Batch)
	trials := make([]*trial, workers)
	for w := range trials {
		trials[w] = newTrial(c, prop)
	}
	vals := make([]float64, Batch)
	errs := make([]error, workers)
	for first := 0; ; first += Batch {
		var wg sync.WaitGroup
		for w, t := range trials {
			wg.Go(func() {
				for i := w; i < Batch; i += workers {
					if vals[i], errs[w] = t.run(c.Seed, uint64(first+i)); errs[w] != nil {
						return
					}
				}
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return Result{}, err
			}
		}
		for _, v := range vals {
			if rule.Add(v) {
				res.Loss, res.SE, res.Trials = rule.Mean(), rule.SE(), rule.N()
				res.Converged = res.SE <= c.RSE*math.Abs(res.Loss)
				return res, nil
			}
		}
	}
}

// trial is one worker's state: its random stream and buffers.
type trial struct {
	c      Config
	prop   proposal
	pcg    rand.PCG
	rng    *rand.Rand
	dims   []int
	p1, p2 [][]uint64
	edges  []uint64
	exact  *exact
	fail   []float64
}

func newTrial(c Config, prop proposal) *trial {
	t := &trial{c: c, prop: prop, dims: make([]int, c.N)}
	t.rng = rand.New(&t.pcg)
	if c.Router == "disjoint" {
		t.exact = newExact(c.N, c.pieces(), c.Q)
	} else {
		t.fail = newLengths(c.Q, 2*c.N).fail
	}
	return t
}

// run returns the value of trial i: the weight of the message's two
// distances times the exact probability that it is lost.
func (t *trial) run(seed, i uint64) (float64, error) {
	t.pcg.Seed(seed, i)
	n := t.c.N
	mask := uint32(1)<<n - 1
	s := t.rng.Uint32() & mask
	k1, w1 := t.prop.draw(t.rng)
	y := away(s, n, k1, t.rng, t.dims)
	k2, w2 := t.prop.draw(t.rng)
	z := away(y, n, k2, t.rng, t.dims)
	w := w1 * w2
	if t.c.Router == "valiant" {
		t.edges = routers.ValiantEdges(n, s, y, z, t.edges[:0])
		slices.Sort(t.edges)
		return w * t.fail[len(slices.Compact(t.edges))], nil
	}
	t.p1 = routers.PhaseEdges(n, s, y, t.p1)
	t.p2 = routers.PhaseEdges(n, y, z, t.p2)
	p, err := t.exact.loss(t.p1, t.p2)
	return w * p, err
}

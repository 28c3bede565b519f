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

// MaxMaxTrials is the most trials Config.MaxTrials may ask for.
const MaxMaxTrials = 1 << 40

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
	// OnBatch, if set, is called after every batch of trials with the
	// estimate so far (Converged false until the last).
	OnBatch func(Result)
}

// Result is an estimate of the probability that a message is lost.
type Result struct {
	Loss, SE float64 // the estimate and its standard error
	// Delivered is the estimate of Pr(delivered) = 1 − Loss, kept apart
	// so that a loss near 1 keeps its precision.
	Delivered float64
	// Complement says that the trials estimated Pr(delivered), as they do
	// where the loss is above ½ (ExactLo > ½); then the relative standard
	// error is that of Delivered. SE is the standard error of both.
	Complement bool
	Trials     int
	// Converged says that SE ≤ RSE times the probability estimated;
	// otherwise the maximum stopped it.
	Converged bool
	// ExactLo ≤ Pr(lost) ≤ ExactHi, the exact bracket of package stats:
	// stats.MeanMessageLoss for disjoint, stats.ValiantLoss (both ends)
	// for valiant; ExactDeliveredLo and ExactDeliveredHi are 1 − ExactHi
	// and 1 − ExactLo, each computed from its own terms.
	ExactLo, ExactHi                   float64
	ExactDeliveredLo, ExactDeliveredHi float64
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
	case c.Workers < 0 || c.MaxTrials < 0 || c.MaxTrials > MaxMaxTrials:
		return fmt.Errorf("workers=%d, max trials=%d: want 0 or more, and at most %d trials", c.Workers, c.MaxTrials, MaxMaxTrials)
	}
	// Where the exact bracket underflows, every trial's value would too:
	// the estimate would be 0 ± 0, a precision it does not have.
	_, hi, _, dhi := c.brackets()
	switch {
	case c.Q > 0 && hi == 0:
		return fmt.Errorf("q=%g: at n=%d the loss is below the smallest float64 (its exact bracket is 0): the estimate does not apply", c.Q, c.N)
	case c.Q < 1 && dhi == 0:
		return fmt.Errorf("q=%g: at n=%d the probability of delivery is below the smallest float64 (its exact bracket is 0): the estimate does not apply", c.Q, c.N)
	}
	return nil
}

// brackets returns the exact brackets on the loss and on the probability
// of delivery (Result).
func (c Config) brackets() (lo, hi, dlo, dhi float64) {
	n, m := c.N, c.pieces()
	if c.Router == "disjoint" {
		lo, hi = stats.MeanMessageLoss(n, m, c.Q)
		dlo, dhi = stats.MeanMessageDelivery(n, m, c.Q)
		return lo, hi, dlo, dhi
	}
	lo, dlo = stats.ValiantLoss(n, c.Q), stats.ValiantDelivery(n, c.Q)
	return lo, lo, dlo, dlo
}

// pieces is m, 1 if unset.
func (c Config) pieces() int { return max(c.Pieces, 1) }

// Estimate estimates the probability that a message of c is lost, trial by
// trial until the relative standard error reaches c.RSE, deciding after
// every Batch trials in trial order (stats.Sequential). Where the loss is
// above ½ (the exact bracket's lower end is), the trials estimate the
// probability that the message is delivered instead, whose relative
// error is the one that matters there; either estimate is clamped to
// [0, 1]. Trial i draws from its own stream, PCG(c.Seed, i), so that the
// estimate is the same for every worker count.
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
	res.ExactLo, res.ExactHi, res.ExactDeliveredLo, res.ExactDeliveredHi = c.brackets()
	res.Complement = res.ExactLo > 0.5
	// The distances are tilted by the probability that a phase of that
	// distance loses the message, or, for the complement, delivers it.
	tilt := func(k int) float64 { return stats.PathFail(k, c.Q) }
	switch {
	case c.Router == "disjoint" && res.Complement:
		tilt = func(k int) float64 { return stats.PhaseDelivery(n, k, m, c.Q) }
	case c.Router == "disjoint":
		tilt = func(k int) float64 { return stats.PhaseLoss(n, k, m, c.Q) }
	case res.Complement:
		tilt = func(k int) float64 { return math.Exp(float64(k) * math.Log1p(-c.Q)) }
		if c.Q == 1 {
			tilt = func(k int) float64 { return float64(min(1, max(0, 1-k))) } // 0^0 = 1
		}
	}
	prop := newProposal(n, tilt)
	// A batch has work for Batch workers; more would only hold state.
	workers := min(max(c.Workers, 1), Batch)
	trials := make([]*trial, workers)
	for w := range trials {
		trials[w] = newTrial(c, prop, res.Complement)
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
		for i, v := range vals {
			stop := rule.Add(v)
			if !stop && (i < Batch-1 || c.OnBatch == nil) {
				continue
			}
			res.set(rule, c.RSE)
			if !stop {
				c.OnBatch(res)
				continue
			}
			if c.OnBatch != nil {
				c.OnBatch(res)
			}
			return res, nil
		}
	}
}

// set sets the estimate, its standard error and trials from the rule's
// values, which estimate Pr(delivered) if res.Complement, else Pr(lost).
func (res *Result) set(rule *stats.Sequential, rse float64) {
	p := min(max(rule.Mean(), 0), 1)
	res.SE, res.Trials = rule.SE(), rule.N()
	res.Converged = res.SE <= rse*p
	if res.Complement {
		res.Delivered, res.Loss = p, 1-p
	} else {
		res.Loss, res.Delivered = p, 1-p
	}
}

// trial is one worker's state: its random stream and buffers.
type trial struct {
	c         Config
	prop      proposal
	delivered bool // the value is the probability of delivery
	pcg       rand.PCG
	rng       *rand.Rand
	dims      []int
	p1, p2    [][]uint64
	edges     []uint64
	exact     *exact
	fate      []float64 // valiant: by the number of edges, the loss (delivery) of the packet
}

func newTrial(c Config, prop proposal, delivered bool) *trial {
	t := &trial{c: c, prop: prop, delivered: delivered, dims: make([]int, c.N)}
	t.rng = rand.New(&t.pcg)
	if c.Router == "disjoint" {
		t.exact = newExact(c.N, c.pieces(), c.Q)
	} else {
		lens := newLengths(c.Q, 2*c.N)
		t.fate = lens.fail
		if delivered {
			t.fate = lens.keep
		}
	}
	return t
}

// run returns the value of trial i: the weight of the message's two
// distances times the exact probability that it is lost (delivered, for
// the complement).
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
		return w * t.fate[len(slices.Compact(t.edges))], nil
	}
	t.p1 = routers.PhaseEdges(n, s, y, t.p1)
	t.p2 = routers.PhaseEdges(n, y, z, t.p2)
	lost, delivered, err := t.exact.fates(t.p1, t.p2)
	if t.delivered {
		return w * delivered, err
	}
	return w * lost, err
}

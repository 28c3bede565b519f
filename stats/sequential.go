package stats

import (
	"fmt"
	"math"
)

// Sequential is a running mean of values taken in a fixed order (trial
// order) with a stopping rule: stop once the standard error of the mean is
// at most RSE times its absolute value, deciding only after every Batch
// values. Deciding only at these fixed boundaries, on values in trial
// order, makes when it stops, and so the estimate, depend on the values
// alone and not on how the trials were shared among workers: the same for
// any worker count. It never stops before one batch (the standard error of
// fewer values is no guide) and always stops at Max values if Max > 0.
type Sequential struct {
	RSE   float64 // target relative standard error, in (0, 1)
	Batch int     // values between decisions, ≥ 2
	Max   int     // stop here regardless; 0: no limit

	n        int
	mean, m2 float64 // Welford's running mean and sum of squared deviations
}

// NewSequential returns the rule that stops at relative standard error rse,
// deciding after every batch values, at most max values (0: no limit). It
// fails for rse outside (0, 1), batch below 2 or max negative.
func NewSequential(rse float64, batch, max int) (*Sequential, error) {
	switch {
	case !(rse > 0 && rse < 1):
		return nil, fmt.Errorf("stats: relative standard error %v: want a number in (0, 1)", rse)
	case batch < 2:
		return nil, fmt.Errorf("stats: batch of %d values: want at least 2", batch)
	case max < 0:
		return nil, fmt.Errorf("stats: at most %d values: want 0 (no limit) or more", max)
	}
	return &Sequential{RSE: rse, Batch: batch, Max: max}, nil
}

// Add takes the next value and reports whether to stop after it.
func (s *Sequential) Add(x float64) (stop bool) {
	s.n++
	d := x - s.mean
	s.mean += d / float64(s.n)
	s.m2 += d * (x - s.mean)
	if s.Max > 0 && s.n >= s.Max {
		return true
	}
	return s.n%s.Batch == 0 && s.SE() <= s.RSE*math.Abs(s.mean)
}

// N is the number of values taken.
func (s *Sequential) N() int { return s.n }

// Mean is the mean of the values taken.
func (s *Sequential) Mean() float64 { return s.mean }

// SE is the standard error of the mean, s/√N with s² the sample variance;
// NaN below 2 values.
func (s *Sequential) SE() float64 {
	if s.n < 2 {
		return math.NaN()
	}
	return math.Sqrt(math.Max(s.m2, 0) / float64(s.n-1) / float64(s.n))
}

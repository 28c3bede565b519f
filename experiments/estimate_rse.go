package experiments

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

// rseTrials returns the trials a point of work w runs, in the family
// calibrated at cals: without an rse rule, the spec's; with one, the first
// multiple of its batch at which the standard error is expected to reach
// the target, σ²/(R·μ)² trials, within the batch and the most. The
// measure's squared coefficient of variation σ²/μ² is taken at least
// R²·batch (values all equal: the rule stops after a batch), from the
// calibrations that have one (fittedCV2), else the most (a rate not seen
// yet).
func (s *Spec) rseTrials(w int64, cals []*Calibration) int64 {
	most := int64(s.Trials)
	r := s.RSE
	if !r.On() {
		return most
	}
	// All values equal: the spread of a rule that stops after its first
	// batch.
	least := r.Target * r.Target * float64(r.Batch)
	cv2, ok := fittedCV2(w, cals, least)
	if !ok {
		return most
	}
	need := cv2 / (r.Target * r.Target)
	batch := int64(r.Batch)
	if need >= float64(most) {
		return most
	}
	n := int64(math.Ceil(need/float64(batch)-1e-9)) * batch // not a batch more for a rounding error
	return min(max(n, batch), most)
}

// cv2 returns the squared coefficient of variation of c's values of the
// rse measure, at least least, if it has 2 values and a mean other than 0.
func (c *Calibration) cv2(least float64) (float64, bool) {
	if c.rseN < 2 || c.rseMean == 0 {
		return 0, false
	}
	return max(c.rseVar/(c.rseMean*c.rseMean), least), true
}

// fittedCV2 returns the squared coefficient of variation (at least least)
// at work w, held within the calibrations' works, on the line fitted
// through those of cals that have one in log work and log value, by least
// squares weighted by their degrees of freedom (values − 1: the log of a
// sample variance of k values varies by about 2/(k−1)); the weighted
// mean of their logs where their works are all one. A measure that
// concentrates as the work grows does so about as a power of it
// (relations' mean T, whose spread at the point of least work would price
// nearly every point at the most). The line lends each calibration the
// others' values: those of the costly points have few (9 values, whose
// variance is known to about ±50 %), and a rare value of the measure
// that a few missed but the cheap point's many saw still counts
// (faulty-bitonic's detour systems failing in 2 % of trials at n = 14,
// T 0 there).
func fittedCV2(w int64, cals []*Calibration, least float64) (float64, bool) {
	var x, y, weights []float64
	for _, c := range cals {
		if v, ok := c.cv2(least); ok {
			x = append(x, math.Log(float64(max(c.Work, 1))))
			y = append(y, math.Log(v))
			weights = append(weights, float64(c.rseN-1))
		}
	}
	if len(x) == 0 {
		return 0, false
	}
	lo, hi := floats.Min(x), floats.Max(x)
	if lo == hi {
		return math.Exp(stat.Mean(y, weights)), true
	}
	alpha, beta := stat.LinearRegression(x, y, weights, false)
	return math.Exp(alpha + beta*min(max(math.Log(float64(max(w, 1))), lo), hi)), true
}

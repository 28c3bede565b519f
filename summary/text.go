package summary

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/hyperroute/hyperroute/stats"
)

// Mean describes the mean of xs in unit (none if "") with its 95%
// interval (Student t), to the precision the interval gives: "31.60 ± 0.41
// steps (95% CI [31.19, 32.01])". Where an interval would be a point it
// says why instead: "165 steps, exact: the same in all 5 trials", "36
// steps (one trial)"; "–" for no values.
func Mean(xs []float64, unit string) string {
	if unit != "" {
		unit = " " + unit
	}
	switch {
	case len(xs) == 0:
		return "–"
	case len(xs) == 1:
		return fmt.Sprintf("%s%s (one trial)", Format(xs[0]), unit)
	case slices.Min(xs) == slices.Max(xs):
		return fmt.Sprintf("%s%s, exact: the same in all %d trials", Format(xs[0]), unit, len(xs))
	}
	mean, ci := stats.MeanCI(xs, 0.95)
	d := Decimals((ci.Hi - ci.Lo) / 2)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', d, 64) }
	return fmt.Sprintf("%s ± %s%s (95%% CI [%s, %s])", f(mean), f((ci.Hi-ci.Lo)/2), unit, f(ci.Lo), f(ci.Hi))
}

// Decimals is the number of decimals that show x to two significant
// digits, at most 12; 0 for 0 or a number of two digits or more.
func Decimals(x float64) int {
	if !(x > 0) || math.IsInf(x, 0) {
		return 0
	}
	return min(max(1-int(math.Floor(math.Log10(x))), 0), 12)
}

// Format writes x to at most 4 significant digits, an integer as it is:
// 0.02778, 31.6, 165, 123456.
func Format(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

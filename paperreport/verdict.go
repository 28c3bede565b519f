package paperreport

import "fmt"

// Kind classifies a verdict.
type Kind int

const (
	// NotMeasured: the experiment is missing, incomplete or damaged, or
	// has no row the statement is about.
	NotMeasured Kind = iota
	// Holds: the statement holds at every measured point, and the test
	// could have detected a violation of the size its power says.
	Holds
	// Loose: a bound holds at every informative point with the true value
	// below 1/LooseFactor of the bound at the test's level; the factor is
	// on the quantity the statement bounds.
	Loose
	// Vacuous: the check cannot fail at the points measured (the bound is
	// 1 or more, or the event impossible, wherever a value was measured);
	// the verdict names where it would bite and what reaching that costs.
	Vacuous
	// Weak: no point could have shown a violation of the size the bound
	// allows (for a share of N trials, the bound is below 3/N); the verdict
	// names the smallest violation the data could have detected.
	Weak
	// Contradicted: the data violate the statement beyond sampling error.
	Contradicted
	// Outside: the measurement is of a model the statement does not cover;
	// a finding, not a verdict on the thesis.
	Outside
	// Corrected: the statement as printed is off, and a corrected statement
	// holds in every trial.
	Corrected
)

// Kinds lists the verdict classes in the order the report counts them.
var Kinds = []Kind{Holds, Loose, Vacuous, Weak, Contradicted, Outside, Corrected, NotMeasured}

// LooseFactor is the least ratio of a bound to the upper confidence limit
// of the true value, at every informative point, for which a bound that
// holds is called loose.
const LooseFactor = 2

// Alpha is the level of the statistical tests, per statement.
const Alpha = 0.01

// Power is the probability with which a test's power is stated: the
// smallest violation it would have detected with this probability.
const Power = 0.8

// Support is the expected count at the bound below which a point does not
// count as support: a share of N trials whose bound is below Support/N
// would, at the bound, most often have been measured 0 or 1.
const Support = 3

func (k Kind) String() string {
	switch k {
	case Holds:
		return "holds"
	case Loose:
		return "holds, loose"
	case Vacuous:
		return "cannot fail at these n"
	case Weak:
		return "holds, weak"
	case Contradicted:
		return "contradicted"
	case Outside:
		return "outside the thesis' model"
	case Corrected:
		return "the thesis corrected"
	}
	return "not measured"
}

// Doc says what the class means, for the report's legend.
func (k Kind) Doc() string {
	switch k {
	case Holds:
		return fmt.Sprintf("at every measured point, and the data could have shown a violation: the power says the smallest one the test would have detected with probability %g at its level", Power)
	case Loose:
		return fmt.Sprintf("a bound that holds with room: at every point that counts as support the bound is at least %d times the upper %g confidence limit of the true value (the factor is on the quantity the statement bounds: a probability against a probability)", LooseFactor, 1-Alpha)
	case Vacuous:
		return "the check cannot fail at the points measured (the bound is 1 or more, or the event impossible, wherever a value was measured); the verdict says from where on it would bite and what reaching that would cost"
	case Weak:
		return fmt.Sprintf("no point could have shown a violation of the size the bound allows (a share of N trials whose bound is below %d/N, which a true rate at the bound would mostly leave at 0); the verdict names the smallest violation the data could have detected", Support)
	case Contradicted:
		return "the data violate the statement beyond sampling error: the share of trials, the largest excess and the smallest instance are given"
	case Outside:
		return "measured in a model the statement does not cover (the model is named): a finding of the harness, not a verdict on the thesis"
	case Corrected:
		return "the statement as printed is off; the corrected statement, given, holds in every trial"
	}
	return "the experiment is missing, incomplete or damaged (the reason is given)"
}

// Verdict is the outcome of checking one statement.
type Verdict struct {
	Kind Kind
	// Measured says what was measured, with the points.
	Measured string
	// Why says what the verdict rests on: the points where it holds, the
	// factor by which a bound is loose, the threshold of a vacuous check,
	// the model and point where the statement fails, or why it was not
	// measured.
	Why string
	// Power says the smallest violation the check would have detected:
	// set for every verdict of kind Holds, Loose and Weak.
	Power string
	// Files are the figure files that show it, when the figure's name
	// depends on the data; nil for the statement's figure.
	Files []string
}

// notMeasured is the verdict for a statement whose rows cannot be read.
func notMeasured(format string, a ...any) Verdict {
	return Verdict{Kind: NotMeasured, Why: "not measured: " + fmt.Sprintf(format, a...)}
}

package paperreport

import "fmt"

// Kind classifies a verdict.
type Kind int

const (
	// NotMeasured: the experiment is missing, incomplete or damaged, or
	// has no row the statement is about.
	NotMeasured Kind = iota
	// Holds: the statement holds at every measured point.
	Holds
	// Loose: a bound holds at every measured point but exceeds the
	// measured value by at least LooseFactor everywhere.
	Loose
	// Contradicted: some measured point violates the statement, beyond
	// sampling error where the statement is about a probability.
	Contradicted
)

// LooseFactor is the least ratio of bound to measured value at every
// point for which a bound that holds is called loose.
const LooseFactor = 2

// Alpha is the level of the statistical tests, per statement.
const Alpha = 0.01

func (k Kind) String() string {
	switch k {
	case Holds:
		return "holds"
	case Loose:
		return "holds, loose"
	case Contradicted:
		return "contradicted"
	}
	return "not measured"
}

// Verdict is the outcome of checking one statement.
type Verdict struct {
	Kind Kind
	// Measured says what was measured, with the points.
	Measured string
	// Why says what the verdict rests on: the points where it holds, the
	// factor by which a bound is loose, the model and point where the
	// statement fails, or why it was not measured.
	Why string
	// Files are the figure files that show it, when the figure's name
	// depends on the data (delayseq-n<N>); nil for the statement's figure.
	Files []string
}

// notMeasured is the verdict for a statement whose rows cannot be read.
func notMeasured(format string, a ...any) Verdict {
	return Verdict{Kind: NotMeasured, Why: "not measured: " + fmt.Sprintf(format, a...)}
}

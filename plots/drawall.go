package plots

import (
	"errors"
	"fmt"

	"github.com/hyperroute/hyperroute/dataset"
)

// DrawAll draws every figure of Figures from the results in dir into out,
// in order, and calls done with each: its name, what drawing it produced,
// and, for a figure skipped because its experiment has not been run
// (ErrNoData) or is incomplete (dataset.IsIncomplete), why. It returns how
// many figures it drew and how many it skipped as incomplete; any other
// error stops it, naming the figure.
func DrawAll(dir, out string, done func(name string, o Output, skipped error)) (drawn, incomplete int, err error) {
	for _, f := range Figures {
		o, err := f.Draw(dir, out)
		switch {
		case errors.Is(err, ErrNoData) || dataset.IsIncomplete(err):
			if dataset.IsIncomplete(err) {
				incomplete++
			}
			done(f.Name, Output{}, err)
		case err != nil:
			return drawn, incomplete, fmt.Errorf("%s: %w", f.Name, err)
		default:
			done(f.Name, o, nil)
			drawn++
		}
	}
	return drawn, incomplete, nil
}

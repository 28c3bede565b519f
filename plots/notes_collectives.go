package plots

import (
	"fmt"
	"math"
	"strings"
)

// closedFormNotes returns the notes of the collectives figures of
// experiment: over every row of its table, drawn or not, how many have a
// closed form and at how many the simulated time equals it, with the
// operations and algorithms where it does not.
func closedFormNotes(experiment string) func(dir string) ([]string, error) {
	return func(dir string) ([]string, error) {
		rows, err := readCollectives(dir, experiment)
		if err != nil {
			return nil, err
		}
		return closedFormCounts(rows), nil
	}
}

// closedFormCounts says at how many of the rows with a closed form the
// time equals it (to 1e-9, relatively), and where it does not.
func closedFormCounts(rows []collRow) []string {
	with, equal := 0, 0
	var off []string
	for _, r := range rows {
		if math.IsNaN(r.closed) {
			continue
		}
		with++
		if math.Abs(r.time-r.closed) <= 1e-9*math.Max(1, math.Abs(r.closed)) {
			equal++
			continue
		}
		if s := r.op + " " + r.algo; !strings.Contains(strings.Join(off, ", "), s) {
			off = append(off, s)
		}
	}
	note := fmt.Sprintf("the simulated time equals the closed form in %d of the %d rows with one", equal, with)
	if len(off) > 0 {
		note += "; it differs for " + strings.Join(off, ", ")
	}
	return []string{note}
}

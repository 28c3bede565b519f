package plots

import (
	"fmt"
	"strings"
)

// copyRows reads butterfly-tail/trials as ButterflyTime and ButterflyTail
// do: the priority discipline, random permutations, μ = 1.
func copyRows(dir string) ([]copyTrial, error) {
	rows, err := readCopyTrials(dir, "butterfly-tail")
	if err != nil {
		return nil, err
	}
	var ignored []string
	return restrictCopies(rows, &ignored), nil
}

// butterflyTimeNotes gives the numbers the caption of butterfly-time
// quotes: at the largest n, the mean T/n of every series drawn, and how
// many times n copies with their phases in turn take as long as one
// Valiant copy all-port.
func butterflyTimeNotes(dir string) ([]string, error) {
	rows, err := copyRows(dir)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, r := range rows {
		for _, v := range timeVariants {
			if v.has(r) {
				n = max(n, r.N)
			}
		}
	}
	if n == 0 {
		return nil, nil
	}
	means := make([]float64, len(timeVariants))
	var parts []string
	for i, v := range timeVariants {
		sum, k := 0.0, 0
		for _, r := range rows {
			if v.has(r) && r.N == n {
				sum += float64(r.T) / float64(n)
				k++
			}
		}
		if k > 0 {
			means[i] = sum / float64(k)
			parts = append(parts, fmt.Sprintf("%s %.2f", v.name, means[i]))
		}
	}
	notes := []string{fmt.Sprintf("n=%d, mean T/n: %s", n, strings.Join(parts, "; "))}
	if means[0] > 0 && means[4] > 0 {
		notes = append(notes, fmt.Sprintf("n=%d: %s take %.2f times as long as %s", n, timeVariants[0].name, means[0]/means[4], timeVariants[4].name))
	}
	return notes, nil
}

// butterflyTailNotes gives the largest T/n that butterfly-tail draws (n
// copies, phases in turn), far left of where Theorem II.1's bound falls
// below 1.
func butterflyTailNotes(dir string) ([]string, error) {
	rows, err := copyRows(dir)
	if err != nil {
		return nil, err
	}
	largest, at := 0.0, 0
	for _, r := range rows {
		if !timeVariants[0].has(r) || r.T <= 0 || r.N <= 0 {
			continue
		}
		if x := float64(r.T) / float64(r.N); x > largest {
			largest, at = x, r.N
		}
	}
	if at == 0 {
		return nil, nil
	}
	return []string{fmt.Sprintf("largest measured T/n = %.2f (n=%d)", largest, at)}, nil
}

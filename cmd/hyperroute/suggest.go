package main

import (
	"flag"
	"fmt"
	"strings"
)

// suggest returns the name among names closest to s, if it is close enough
// to be a slip of the keyboard (edit distance at most 2, and less than half
// of s), or "".
func suggest(s string, names []string) string {
	best, dist := "", 3
	for _, n := range names {
		if d := editDistance(s, n); d < dist && 2*d < max(len(s), 2) {
			best, dist = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, an adjacent
// transposition counting one.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// flagHint adds to an error of fs.Parse for a flag it does not define the
// defined flag it is likely a slip for: "(did you mean --trials?)".
func flagHint(fs *flag.FlagSet, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err
	}
	name = strings.TrimPrefix(name, "-")
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if s := suggest(name, names); s != "" {
		return fmt.Errorf("%w (did you mean --%s?)", err, s)
	}
	return fmt.Errorf("%w (hyperroute help %s lists the flags)", err, fs.Name())
}

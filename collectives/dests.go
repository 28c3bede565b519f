package collectives

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseDests reads a multicast set written as a comma-separated list of
// nodes, in its order; "" is the empty list (the set drawn from the seed).
func ParseDests(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var ds []int
	for f := range strings.SplitSeq(s, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("multicast destinations: %q is not a node", f)
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// FormatDests writes ds as ParseDests reads it.
func FormatDests(ds []int) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, ",")
}

package faults

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Parse reads a fault list of Q_n: one failed edge per line as "v d", the
// node it leaves and its dimension (1 … n); blank lines and text after '#'
// are ignored. An error names the line. name is the list's name in errors.
func Parse(r io.Reader, name string, n int) (*Set, error) {
	s, err := New(n)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: want \"v d\", got %q", name, line, strings.TrimSpace(text))
		}
		v, err1 := strconv.ParseUint(fields[0], 10, 32)
		d, err2 := strconv.Atoi(fields[1])
		switch {
		case err1 != nil || v >= 1<<n:
			return nil, fmt.Errorf("%s:%d: node %q is not a node of Q_%d (0 … %d)", name, line, fields[0], n, 1<<n-1)
		case err2 != nil || d < 1 || d > n:
			return nil, fmt.Errorf("%s:%d: dimension %q is not a dimension of Q_%d (1 … %d)", name, line, fields[1], n, n)
		}
		s.Fail(uint32(v), d)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

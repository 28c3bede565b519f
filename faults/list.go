package faults

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// List is a fault list in its canonical text: the failed directed edges
// "v d" (the node an edge leaves and its dimension, 1 … n), sorted by v,
// then d, each once, separated by "; ". The empty list is "".
type List string

// ParseList reads a fault list: edges "v d" separated by ';' or newlines;
// blank items and text after '#' are ignored. An edge's node and dimension
// are checked against a cube when the list is used (Check).
func ParseList(text string) (List, error) {
	type edge struct {
		v uint32
		d int
	}
	var edges []edge
	for line := range strings.Lines(text) {
		line, _, _ = strings.Cut(line, "#")
		for item := range strings.SplitSeq(line, ";") {
			fields := strings.Fields(item)
			if len(fields) == 0 {
				continue
			}
			v, err1 := strconv.ParseUint(fields[0], 10, 32)
			d, err2 := strconv.Atoi(fields[len(fields)-1])
			if len(fields) != 2 || err1 != nil || err2 != nil || d < 1 {
				return "", fmt.Errorf("fault list: want edges \"v d\" (a node, a dimension ≥ 1) separated by ';', got %q", strings.TrimSpace(item))
			}
			edges = append(edges, edge{uint32(v), d})
		}
	}
	slices.SortFunc(edges, func(a, b edge) int { return cmp.Or(cmp.Compare(a.v, b.v), cmp.Compare(a.d, b.d)) })
	edges = slices.Compact(edges)
	items := make([]string, len(edges))
	for i, e := range edges {
		items[i] = strconv.FormatUint(uint64(e.v), 10) + " " + strconv.Itoa(e.d)
	}
	return List(strings.Join(items, "; ")), nil
}

// ListOf returns the fault list of the failed edges of s.
func ListOf(s *Set) List {
	var items []string
	s.Each(func(v uint32, d int) { items = append(items, strconv.FormatUint(uint64(v), 10)+" "+strconv.Itoa(d)) })
	return List(strings.Join(items, "; "))
}

// Len is the number of failed edges of l.
func (l List) Len() int {
	if l == "" {
		return 0
	}
	return strings.Count(string(l), ";") + 1
}

// each calls fn for every edge of l, which is canonical, in order.
func (l List) each(fn func(v uint32, d int)) {
	if l == "" {
		return
	}
	for item := range strings.SplitSeq(string(l), "; ") {
		vs, ds, _ := strings.Cut(item, " ")
		v, _ := strconv.ParseUint(vs, 10, 32)
		d, _ := strconv.Atoi(ds)
		fn(uint32(v), d)
	}
}

// Check reports the first edge of l that is not an edge of Q_n.
func (l List) Check(n int) (err error) {
	l.each(func(v uint32, d int) {
		switch {
		case err != nil:
		case n < 32 && v >= 1<<n:
			err = fmt.Errorf("fault list: node %d is not a node of Q_%d (0 … %d)", v, n, 1<<n-1)
		case d > n:
			err = fmt.Errorf("fault list: dimension %d of edge \"%d %d\" is not a dimension of Q_%d (1 … %d)", d, v, d, n, n)
		}
	})
	return err
}

// Fill makes s the fault set of Q_n with the edges of l failed.
func (l List) Fill(s *Set, n int) error {
	if err := l.Check(n); err != nil {
		return err
	}
	if err := s.Reset(n); err != nil {
		return err
	}
	l.each(s.Fail)
	return nil
}

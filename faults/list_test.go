package faults

import (
	"strings"
	"testing"
)

// TestList: a fault list is read in any order, with repeats, comments and
// either separator, and written sorted, each edge once; it fills the set
// of its edges and comes back from it; an edge not of Q_n is refused.
func TestList(t *testing.T) {
	l, err := ParseList("5 3; 0 1 # the first\n\n5 3;2 2;0 1")
	if err != nil || l != "0 1; 2 2; 5 3" || l.Len() != 3 {
		t.Fatalf("ParseList: %q, %v", l, err)
	}
	var s Set
	if err := l.Fill(&s, 3); err != nil || s.Count() != 3 || !s.FailedDim(5, 3) || !s.FailedDim(2, 2) || s.FailedDim(2, 1) {
		t.Fatalf("Fill: %v, %v", err, s.String())
	}
	if back := ListOf(&s); back != l {
		t.Errorf("ListOf(Fill(%q)) = %q", l, back)
	}
	for _, c := range []struct {
		list string
		n    int
		want string
	}{
		{"8 1", 3, "node 8 is not a node of Q_3"},
		{"1 4", 3, "dimension 4"},
	} {
		l, err := ParseList(c.list)
		if err == nil {
			err = l.Check(c.n)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q on Q_%d: %v, want %q", c.list, c.n, err, c.want)
		}
	}
	for _, bad := range []string{"1", "1 2 3", "a 1", "1 0", "-1 2"} {
		if _, err := ParseList(bad); err == nil {
			t.Errorf("ParseList(%q): no error", bad)
		}
	}
	if l, err := ParseList(" ;\n# none"); err != nil || l != "" || l.Len() != 0 {
		t.Errorf("an empty list: %q, %v", l, err)
	}
}

// TestDraw: a draw sets one of q, k and a list, and fills the set it says.
func TestDraw(t *testing.T) {
	for _, c := range []struct {
		d    Draw
		want string
	}{
		{Draw{Q: 0.1, K: 2}, "set one of them"},
		{Draw{K: 25}, "k=25 failed edges: Q_3 has 24"},
		{Draw{List: "0 4"}, "dimension 4"},
	} {
		if err := c.d.Check(3); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.d, err, c.want)
		}
	}
	var s Set
	for _, c := range []struct {
		d      Draw
		failed int
	}{{Draw{}, 0}, {Draw{K: 5}, 5}, {Draw{Q: 1}, 24}, {Draw{List: "1 1; 3 2"}, 2}} {
		if err := c.d.Fill(&s, 3, testRand(1)); err != nil || s.Count() != c.failed || c.d.Faulty() != (c.failed > 0) {
			t.Errorf("%v: %d failed, %v", c.d, s.Count(), err)
		}
	}
}

// TestShare checks the share of failed edges on Q_3 (24 directed edges) for
// a count, a list and a probability.
func TestShare(t *testing.T) {
	for _, c := range []struct {
		k    int
		list List
		want float64
	}{
		{6, "", 0.25},
		{0, "0 1; 5 2; 7 3", 0.125},
		{0, "", 0.05},
	} {
		if got := Share(3, 0.05, c.k, c.list); got != c.want {
			t.Errorf("Share(3, 0.05, %d, %q) = %v, want %v", c.k, c.list, got, c.want)
		}
	}
}

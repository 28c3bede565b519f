package dataset

import "testing"

func TestColumnUnit(t *testing.T) {
	for _, c := range []struct{ table, column, want string }{
		{"trials", "T", "steps"},
		{"trials", "hops", "packet-hops"},
		{"trials", "d", "sub-steps"},
		{"trials", "trial", ""},
		{"trials", "n", ""}, // a grid column: no unit column
		{"packets", "delay", "steps"},
		{"messages", "at_dst", "copies"},
		{"nosuch", "T", ""},
	} {
		if got := ColumnUnit(c.table, c.column); got != c.want {
			t.Errorf("ColumnUnit(%s, %s) = %q, want %q", c.table, c.column, got, c.want)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimDisjoint checks the command-line contract of issue 12: sim with
// disjoint prints per trial T, T1, T2, hops, failed_edges, lost and
// messages, and with Valiant all-port on the same faults its lost.
func TestSimDisjoint(t *testing.T) {
	list := filepath.Join(t.TempDir(), "faults.txt")
	os.WriteFile(list, []byte("0 1\n3 2\n"), 0o644)
	for _, args := range [][]string{
		{"--router", "disjoint", "--n", "6", "--q", "0.1", "--trials", "3"},
		{"--router", "disjoint", "--n", "5", "--pieces", "2", "--pipelined", "--trim", "--trials", "2"},
		{"--router", "disjoint", "--n", "3", "--faults", list, "--trials", "2"},
	} {
		for _, r := range simRows(t, args...) {
			for _, k := range []string{"T", "T1", "T2", "hops", "failed_edges", "lost", "messages", "lost1", "moved"} {
				if _, ok := r[k].(float64); !ok {
					t.Errorf("sim %v: %s = %v", args, k, r[k])
				}
			}
			if r["router"] != "disjoint" || r["T"].(float64) < r["T1"].(float64) || r["lost"].(float64) > r["messages"].(float64) {
				t.Errorf("sim %v: %v", args, r)
			}
		}
	}
	r := simRows(t, "--router", "disjoint", "--n", "5", "--pieces", "2", "--pipelined", "--trim", "--trials", "1")[0]
	if r["pieces"] != 2.0 || r["pipelined"] != true || r["trim"] != true || r["messages"] != 32.0 {
		t.Errorf("flags not in the row: %v", r)
	}
	for _, r := range simRows(t, "--router", "valiant", "--port", "all", "--n", "6", "--q", "0.1", "--trials", "3") {
		if r["lost"] != r["dropped"] || r["messages"] != 64.0 || r["T1"] != nil {
			t.Errorf("valiant: lost %v, dropped %v, messages %v, T1 %v", r["lost"], r["dropped"], r["messages"], r["T1"])
		}
	}
}

// TestSimDisjointBadInput checks disjoint's bad input: exit status 2, one
// line, nothing on stdout.
func TestSimDisjointBadInput(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("0 1\n2 4\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--q", "1.5"}, "q=1.5 out of range [0, 1]"},
		{[]string{"--pieces", "0"}, "pieces=0 out of range"},
		{[]string{"--n", "5", "--pieces", "6"}, "pieces=6: a message travels as n=5 pieces"},
		{[]string{"--n", "3", "--faults", bad}, "bad.txt:2: dimension \"4\" is not a dimension of Q_3"},
		{[]string{"--n", "26"}, "n=26 above 25"},
		{[]string{"--port", "all"}, "disjoint runs single, not port=all"},
		{[]string{"--mu", "2"}, "needs mu=1"},
	} {
		args := append([]string{"sim", "--router", "disjoint"}, c.args...)
		code, stdout, stderr := cli(args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", args, code, stdout, stderr, c.want)
		}
	}
	code, _, stderr := cli("sim", "--router", "valiant", "--pieces", "2")
	if code != 2 || !strings.Contains(stderr, "valiant takes no pieces") {
		t.Errorf("valiant --pieces 2: exit %d, %q", code, stderr)
	}
}

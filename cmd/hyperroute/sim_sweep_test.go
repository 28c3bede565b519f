package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSimSweep runs issue 21's contract: lists and ranges run every point,
// the last parameter fastest, each JSON line carrying its parameters and
// the same rows as sim at that point alone.
func TestSimSweep(t *testing.T) {
	rows := simRows(t, "--n", "4,6:8:2", "--port", "single,all", "--trials", "2", "--workers", "1")
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%v/%v/%v", r["n"], r["port"], r["trial"]))
	}
	want := "4/single/0 4/single/1 4/all/0 4/all/1 6/single/0 6/single/1 6/all/0 6/all/1 8/single/0 8/single/1 8/all/0 8/all/1"
	if strings.Join(got, " ") != want {
		t.Errorf("sweep rows %q, want %q", got, want)
	}
	if one := simRows(t, "--n", "6", "--port", "all", "--trials", "2"); js(one) != js(rows[6:8]) {
		t.Errorf("the sweep's rows at n=6 all-port differ from sim's there:\n%s\n%s", js(rows[6:8]), js(one))
	}
	code, stdout, stderr := cli("sim", "--n", "4:5", "--q", "0,0.1", "--trials", "3")
	if lines := strings.Split(stdout, "\n"); code != 0 || len(lines) != 8 || !strings.HasPrefix(lines[0], "valiant single-port") ||
		!strings.Contains(lines[0], "4 points, 3 trials each") || !strings.Contains(lines[1], " n ") || !strings.Contains(lines[1], " q ") {
		t.Errorf("sim --n 4:5 --q 0,0.1: exit %d, %s%s", code, stdout, stderr)
	}
	for _, c := range []struct{ args, want string }{
		{"--n 1e1x", `invalid value "1e1x" for flag -n: n=1e1x: want an integer`},
		{"--n 4:2", "is empty"},
		{"--n 4,4", "listed twice"},
		{"--router disjoint --port single,all --n 4", "at disjoint n=4 all-port"},
	} {
		code, stdout, stderr := cli(append([]string{"sim", "--trials", "1"}, strings.Fields(c.args)...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("sim %s: exit %d, %q%q; want exit 2 and one line with %q", c.args, code, stdout, stderr, c.want)
		}
	}
	list := filepath.Join(t.TempDir(), "faults.txt")
	os.WriteFile(list, []byte("0 1\n"), 0o644)
	if code, _, stderr := cli("sim", "--n", "4,5", "--faults", list); code != 2 || !strings.Contains(stderr, "a fault list is of one cube, so one --n, not 4,5") {
		t.Errorf("sim --n 4,5 --faults: exit %d, %q", code, stderr)
	}
	if code, _, stderr := cli("sim", "--n", "1e1", "--trials", "1", "--jsonl"); code != 0 {
		t.Errorf("sim --n 1e1: exit %d: %s", code, stderr)
	}
}

// TestSimHelp checks the help: the usage line first, the numeric flags
// typed.
func TestSimHelp(t *testing.T) {
	code, _, stderr := cli("sim", "-h")
	if code != 0 || !strings.HasPrefix(stderr, "usage: hyperroute sim [flags]\nroute ") {
		t.Errorf("sim -h: exit %d, %q", code, stderr)
	}
	for _, want := range []string{"\n  -n int\n", "\n  -q number\n", "\n  -port name\n", "\n  -trim\n", "\n  -trials int\n"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("sim -h lacks %q", want)
		}
	}
	code, stdout, _ := cli("--version")
	if code != 0 || !regexp.MustCompile(`^hyperroute \S+ commit \S+`).MatchString(stdout) {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
}

// TestSimSummary checks what the summary says: every parameter not at its
// default, T in steps, the loss on a faulty cube, T_intact, d and the
// slowdown over detours, p99 only from 100 trials on, no packet-hops/s
// when nothing was routed.
func TestSimSummary(t *testing.T) {
	summary := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := cli(append([]string{"sim", "--workers", "1"}, args...)...)
		if code != 0 {
			t.Fatalf("sim %v: exit %d: %s", args, code, stderr)
		}
		return stdout
	}
	rows := simRows(t, "--n", "6", "--q", "0.05", "--trials", "20")
	var lost, msgs float64
	for _, r := range rows {
		lost, msgs = lost+r["lost"].(float64), msgs+r["messages"].(float64)
	}
	s := summary("--n", "6", "--q", "0.05", "--trials", "20")
	if want := fmt.Sprintf("lost %.0f of %.0f packets: loss per packet %.3g (95%% CI [", lost, msgs, lost/msgs); lost == 0 ||
		!strings.Contains(s, "mu=1 q=0.05 delivery=arrival, 20 trials\n") || !strings.Contains(s, want) || !strings.Contains(s, "T (steps)") ||
		!strings.Contains(s, "p99 left out") || strings.Contains(s, " p99 ") {
		t.Errorf("sim --q 0.05: want %q, the header naming q, T (steps) and no p99:\n%s", want, s)
	}
	if s := summary("--n", "4", "--trials", "100"); !strings.Contains(s, " p99 ") || strings.Contains(s, "left out") {
		t.Errorf("100 trials: no p99:\n%s", s)
	}
	s = summary("--router", "disjoint", "--n", "5", "--k", "20", "--pieces", "2", "--trials", "10")
	if !strings.Contains(s, "k=20 pieces=2 pipelined=false trim=false, 10 trials\n") || !strings.Contains(s, "k=20: 20.0 failed directed edges per trial of 160; lost ") ||
		!strings.Contains(s, "messages: loss per message ") {
		t.Errorf("disjoint with k=20:\n%s", s)
	}
	rows = simRows(t, "--n", "5", "--q", "0.03", "--detours", "optimal", "--delivery", "arrival", "--trials", "20")
	var T, ti, d float64
	for _, r := range rows {
		if r["ok"] == true {
			T, ti, d = T+r["T"].(float64), ti+r["T_intact"].(float64), max(d, r["d"].(float64))
		}
	}
	s = summary("--n", "5", "--q", "0.03", "--detours", "optimal", "--delivery", "arrival", "--trials", "20")
	if want := fmt.Sprintf("max %.0f; slowdown mean T / mean T_intact %.3f\n", d, T/ti); !strings.Contains(s, want) ||
		!strings.Contains(s, "detours=optimal confluent=edge delivery=arrival detour-queue=priority, 20 trials") {
		t.Errorf("over detours: want %q and the simulation's parameters:\n%s", want, s)
	}
	if s := summary("--router", "ecube", "--pattern", "identity", "--n", "4", "--trials", "2"); strings.Contains(s, "packet-hops") {
		t.Errorf("identity routes nothing, yet:\n%s", s)
	}
}

// TestRunNoHops checks that run's summary gives no packet-hops/s for an
// experiment that routes nothing (draw_only), and does for one that routes.
func TestRunNoHops(t *testing.T) {
	noBatchEnv(t)
	for spec, want := range map[string]bool{
		"name: draw\ngrid:\n  n: 4\n  router: ecube\n  q: 0.05\n  detours: heuristic\ndraw_only: true\ntrials: 3\nseed: 1\n": false,
		"name: route\ngrid:\n  n: 4\n  router: ecube\ntrials: 3\nseed: 1\n":                                                  true,
	} {
		code, _, stderr := cli("run", writeSpec(t, spec), "--out", t.TempDir(), "--workers", "1")
		if code != 0 || strings.Contains(stderr, "packet-hops/s") != want {
			t.Errorf("run %q: exit %d, packet-hops/s in %q: want %v", spec, code, stderr, want)
		}
	}
}

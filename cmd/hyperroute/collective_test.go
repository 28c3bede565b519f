package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/collectives"
)

// TestCollectiveJSONL: the command line of issue 14 prints one object with
// the keys of the contract, the values Measure gives.
func TestCollectiveJSONL(t *testing.T) {
	code, stdout, stderr := cli("collective", "--op", "aab", "--algo", "rowcol", "--topology", "torus", "--p", "16",
		"--port", "one", "--model", "sf", "--m", "4", "--ts", "10", "--tw", "2", "--th", "1", "--jsonl")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || strings.Count(stdout, "\n") != 1 {
		t.Fatalf("not one JSON object: %v\n%s", err, stdout)
	}
	// 2(t_s+t_h)(√p−1) + t_w·m·(p−1)
	want := map[string]any{"op": "aab", "algo": "rowcol", "topology": "torus", "p": 16.0, "rho": 6.0, "eta": 240.0,
		"time": 2*11*3 + 8*15.0, "ok": true, "closed": 2*11*3 + 8*15.0, "nodup": true, "noho": true}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	for _, k := range []string{"rho", "eta", "time", "ok", "bound_rho", "bound_eta", "algbw", "busbw"} {
		if _, ok := got[k]; !ok {
			t.Errorf("no key %s", k)
		}
	}
}

// TestCollectiveNulls: a run without closed form or busbw prints null.
func TestCollectiveNulls(t *testing.T) {
	code, stdout, _ := cli("collective", "--op", "prefix", "--algo", "dimex", "--p", "8", "--jsonl")
	if code != 0 || !strings.Contains(stdout, `"busbw":null`) {
		t.Fatalf("exit %d: %s", code, stdout)
	}
	code, stdout, _ = cli("collective", "--op", "mc", "--algo", "tree", "--p", "8", "--dests", "3,5", "--jsonl")
	if code != 0 || !strings.Contains(stdout, `"closed":null`) || !strings.Contains(stdout, `"bound_eta":2`) {
		t.Fatalf("exit %d: %s", code, stdout)
	}
}

// TestCollectiveSummary: without --jsonl, a readable summary.
func TestCollectiveSummary(t *testing.T) {
	code, stdout, _ := cli("collective", "--op", "oab", "--algo", "flooding", "--port", "all", "--p", "16")
	if code != 0 || !strings.Contains(stdout, "every node ends with what the operation defines") ||
		!strings.Contains(stdout, "η = 32 block-hops") || !strings.Contains(stdout, "NODUP false") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

// TestCollectiveBadInput: one line on stderr, exit 2, nothing on stdout.
func TestCollectiveBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"--op", "scan"},
		{"--algo", "magic"},
		{"--topology", "tree"},
		{"--p", "12"},
		{"--topology", "mesh", "--p", "8"},
		{"--op", "aab", "--algo", "dimex", "--topology", "ring", "--p", "8"},
		{"--op", "aas", "--algo", "ring", "--p", "16"},
		{"--ts", "-1"},
		{"--tw", "-0.1"},
		{"--th", "-3"},
		{"--tw", "NaN"},
		{"--m", "0"},
		{"--port", "two"},
		{"--model", "wh"},
		{"--startup", "never"},
		{"--op", "mc", "--algo", "tree", "--dests", "1,x"},
		{"--op", "mc", "--algo", "tree", "--dests", "0"},
		{"--op", "shift", "--algo", "gray", "--shift", "16"},
		{"--topology", "ring", "--p", "8", "--q", "0.1", "--detours", "optimal"},
		{"--op", "aab", "--algo", "dimex", "--q", "0.1", "--detours", "optimal"},
		{"--model", "ct", "--q", "0.1", "--detours", "optimal"},
		{"--q", "0.1"},
		{"--q", "0.1", "--detours", "best"},
		{"--q", "1.5", "--detours", "optimal"},
		{"--q", "x"},
		{"--op", "oab", "--algo", "flooding", "--port", "one"},
		{"--pieces", "3"},
		{"--root", "99"},
		{"extra"},
	} {
		code, stdout, stderr := cli(append([]string{"collective"}, args...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "hyperroute collective: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

// TestCollectiveFaulty: the command line of issue 19 adds failed_edges and
// gamma and times the broadcast over detours between the intact time and
// (γ + 2) times it; q = 0 prints what no --q prints, with the strategy
// given (which the intact cube does not use); --port one is single.
func TestCollectiveFaulty(t *testing.T) {
	args := []string{"collective", "--op", "oab", "--algo", "binomial", "--topology", "cube", "--p", "64", "--port", "all", "--seed", "3", "--jsonl"}
	_, intactOut, _ := cli(args...)
	for _, d := range []string{"optimal", "heuristic", "random"} {
		code, stdout, stderr := cli(append(args, "--q", "0.05", "--detours", d)...)
		var got, intact map[string]any
		if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v: %s%s", d, code, err, stdout, stderr)
		}
		json.Unmarshal([]byte(intactOut), &intact)
		gamma, _ := got["gamma"].(float64)
		time, base := got["time"].(float64), intact["time"].(float64)
		if got["failed_edges"].(float64) < 1 || gamma < 1 || got["ok"] != true || got["q"] != 0.05 || got["detours"] != d ||
			time < base || time > (gamma+2)*base || got["closed"] != time {
			t.Errorf("%s: %s", d, stdout)
		}
	}
	code, zero, _ := cli(append(args, "--q", "0", "--detours", "optimal")...)
	if code != 0 || strings.Replace(zero, `"detours":"optimal"`, `"detours":"none"`, 1) != intactOut || !strings.Contains(zero, `"gamma":null`) {
		t.Errorf("q = 0: exit %d\n%s\nwithout --q\n%s", code, zero, intactOut)
	}
	_, stdout, _ := cli("collective", "--port", "one", "--jsonl")
	if !strings.Contains(stdout, `"port":"single"`) {
		t.Errorf("--port one: %s", stdout)
	}
	_, stdout, _ = cli("collective", "--op", "shift", "--algo", "gray", "--shift", "5", "--jsonl")
	if !strings.Contains(stdout, `"shift":5,`) || !strings.Contains(stdout, `"ok":true`) {
		t.Errorf("--shift 5: %s", stdout)
	}
}

// TestCollectiveNoDetourSystem: a faulty cube on which a failed edge has no
// intact detour is a result: exit 0, the measures null, the summary says
// why.
func TestCollectiveNoDetourSystem(t *testing.T) {
	args := []string{"collective", "--op", "prefix", "--algo", "dimex", "--p", "8", "--q", "0.5", "--detours", "optimal", "--seed", "2"}
	code, stdout, stderr := cli(append(args, "--jsonl")...)
	if code != 0 || stderr != "" || !strings.Contains(stdout, `"gamma":null`) || !strings.Contains(stdout, `"time":null`) ||
		!strings.Contains(stdout, `"no_detour":true`) || !strings.Contains(stdout, `"error":"no complete detour system`) {
		t.Errorf("exit %d: %s%s", code, stdout, stderr)
	}
	code, stdout, _ = cli(args...)
	if code != 0 || !strings.Contains(stdout, "some failed edge has no intact detour: time unavailable") || strings.Contains(stdout, "steps") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

// TestListCollectives: list names every algorithm under its operation.
func TestListCollectives(t *testing.T) {
	_, stdout, _ := cli("list")
	_, section, ok := strings.Cut(stdout, "collective algorithms")
	if !ok {
		t.Fatalf("no collective algorithms in list:\n%s", stdout)
	}
	for _, op := range collectives.Ops {
		_, rest, ok := strings.Cut(section, "\n  "+op.String()+": ")
		if !ok {
			t.Fatalf("list lacks operation %v", op)
		}
		for _, name := range collectives.Names(op) {
			if !strings.Contains(rest, "\n    "+name+" ") {
				t.Errorf("list lacks %v %s", op, name)
			}
		}
	}
}

// TestCollectiveTrials: --trials runs the model's trials, a cube drawn per
// trial: the summary gives the mean with its interval, the intact cube and
// the slowdown, and the faulty bound (all-port) or none (single-port), never
// the intact lower bound; --jsonl prints a row per trial, the same for any
// number of workers.
func TestCollectiveTrials(t *testing.T) {
	args := []string{"collective", "--op", "oab", "--algo", "binomial", "--p", "64", "--q", "0.05", "--detours", "random", "--trials", "40"}
	code, all, errs := cli(append(args, "--port", "all")...)
	if code != 0 || !strings.Contains(all, "ρ = ") || !strings.Contains(all, " ± ") || !strings.Contains(all, "intact cube: 6 steps, slowdown") ||
		!strings.Contains(all, "(γ+2)·6 = ") || !strings.Contains(all, "above it in 0 trials") || strings.Contains(all, "lower bound") {
		t.Errorf("all-port: exit %d %s\n%s", code, errs, all)
	}
	code, single, _ := cli(append(args, "--port", "single")...)
	if code != 0 || !strings.Contains(single, "none: single-port has no step law") || strings.Contains(single, "lower bound 6") {
		t.Errorf("single-port: exit %d\n%s", code, single)
	}
	_, one, _ := cli(append(args, "--jsonl", "--workers", "1")...)
	_, two, _ := cli(append(args, "--jsonl", "--workers", "2")...)
	if one != two || strings.Count(one, "\n") != 40 || !strings.Contains(one, `"trial":39,`) {
		t.Errorf("--jsonl: %d lines, the same for 1 and 2 workers: %v", strings.Count(one, "\n"), one == two)
	}
	_, intact, _ := cli("collective", "--op", "oab", "--p", "64", "--trials", "5")
	if !strings.Contains(intact, "ρ = 6 steps, exact: the same in all 5 trials") || strings.Contains(intact, "[6, 6]") {
		t.Errorf("intact trials:\n%s", intact)
	}
}

// TestCollectiveDefaultAlgo: without --algo, the first algorithm of the
// operation that runs on the configuration's topology: on the default cube
// all-to-all broadcast runs by dimension exchange, not by the ring's.
func TestCollectiveDefaultAlgo(t *testing.T) {
	for op, want := range map[string]string{"aab": "aab by dimex on Q_4", "aas": "aas by dimex on Q_4", "oab": "oab by binomial on Q_4"} {
		code, out, errs := cli("collective", "--op", op)
		if code != 0 || !strings.HasPrefix(out, want) {
			t.Errorf("--op %s: exit %d %s\n%s", op, code, errs, out)
		}
	}
	if code, out, _ := cli("collective", "--op", "aab", "--topology", "ring"); code != 0 || !strings.HasPrefix(out, "aab by ring") {
		t.Errorf("--op aab --topology ring: exit %d\n%s", code, out)
	}
}

package main

import (
	"encoding/json"
	"math"
	"os/exec"
	"strings"
	"testing"
)

// TestLossCommand runs the binary on the command line at n = 8 and
// n = 16, for disjoint with and without pieces and for valiant: one JSON
// object with loss, se, trials and the exact bracket, the relative standard
// error asked for, the estimate within four standard errors of the bracket,
// and the same object for one worker and for three.
func TestLossCommand(t *testing.T) {
	bin := binary(t)
	for _, args := range [][]string{
		{"--router", "disjoint", "--n", "8", "--q", "0.02", "--rse", "0.1", "--seed", "5"},
		{"--router", "disjoint", "--n", "16", "--q", "0.01", "--pieces", "4", "--port", "single", "--rse", "0.1", "--seed", "5"},
		{"--router", "disjoint", "--n", "16", "--q", "0.01", "--rse", "0.05", "--seed", "5"},
		{"--router", "valiant", "--n", "16", "--q", "0.001", "--port", "all", "--rse", "0.1", "--seed", "5"},
	} {
		var outs []string
		for _, w := range []string{"1", "3"} {
			out, err := exec.Command(bin, append(append([]string{"loss"}, args...), "--jsonl", "--workers", w)...).Output()
			if err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			outs = append(outs, string(out))
		}
		if outs[0] != outs[1] {
			t.Errorf("%v: one worker\n%s three\n%s", args, outs[0], outs[1])
		}
		if strings.Count(outs[0], "\n") != 1 {
			t.Fatalf("%v: want one line, got %q", args, outs[0])
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(outs[0]), &r); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		for _, k := range []string{"loss", "se", "trials", "exact_lo", "exact_hi"} {
			if _, ok := r[k].(float64); !ok {
				t.Fatalf("%v: key %s is %v in %s", args, k, r[k], outs[0])
			}
		}
		loss, se, lo, hi := r["loss"].(float64), r["se"].(float64), r["exact_lo"].(float64), r["exact_hi"].(float64)
		if se <= 0 || se > r["rse"].(float64)*loss || loss < lo-4*se || loss > hi+4*se {
			t.Errorf("%v: %g ± %g, exact bracket [%g, %g]", args, loss, se, lo, hi)
		}
	}
}

// TestLossBadInput checks that bad input gets one line and exit 2.
func TestLossBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"--rse", "0"}, {"--rse", "1"}, {"--rse", "-0.5"}, {"--rse", "1.5"},
		{"--q", "-0.01"}, {"--q", "1.01"}, {"--q", "NaN"},
		{"--n", "8", "--pieces", "9"}, {"--pieces", "0"},
		{"--router", "ecube"}, {"--router", "nonsense"},
		{"--n", "0"}, {"--n", "28"}, {"--router", "valiant", "--n", "31"},
		{"--port", "all"}, {"--port", "three"}, {"--router", "valiant", "--pieces", "2"},
		{"--workers", "0"}, {"--n", "x"}, {"stray"},
		{"--max-trials", "255"}, {"--max-trials", "-1"}, {"--q", "1e-300"},
	} {
		code, out, errs := cli(append([]string{"loss"}, args...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "hyperroute loss: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	code, out, _ := cli("loss", "--n", "6", "--q", "0.1", "--rse", "0.2")
	if code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, "exact bracket") {
		t.Errorf("text output: exit %d, %q", code, out)
	}
}

// TestLossNearOne checks the case of a loss near 1 (Valiant,
// n = 10, q = 1: 1 − 2^−20) on the command line: the probability of
// delivery estimated, within four standard errors of 2^−20, the loss
// written as 1 − it; and --max-trials stopping a tiny rse, saying so.
func TestLossNearOne(t *testing.T) {
	code, out, errs := cli("loss", "--router", "valiant", "--n", "10", "--q", "1", "--jsonl")
	var r lossRow
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errs)
	}
	want := math.Pow(2, -20)
	if !r.Complement || math.Abs(r.Delivered-want) > 4*r.SE || r.Loss != 1-r.Delivered || r.ExactDeliveredLo != want {
		t.Errorf("%+v: want Pr(delivered) ≈ 2^−20 estimated", r)
	}
	_, out, _ = cli("loss", "--router", "valiant", "--n", "10", "--q", "1")
	if !strings.Contains(out, "Pr(message lost) = 1 − ") || !strings.Contains(out, "exact bracket [1 − 9.537e-07, 1 − 9.537e-07]") {
		t.Errorf("text: %s", out)
	}
	code, out, _ = cli("loss", "--n", "8", "--q", "0.01", "--rse", "1e-9", "--max-trials", "512", "--jsonl")
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || r.Converged || r.Trials != 512 {
		t.Errorf("--max-trials 512: exit %d, %s", code, out)
	}
	if _, out, _ = cli("loss", "--n", "8", "--q", "0.01", "--rse", "1e-9", "--max-trials", "512"); !strings.Contains(out, "stopped at --max-trials 512") {
		t.Errorf("--max-trials 512: %s", out)
	}
}

// TestLossSolve: loss --solve q --target P gives the q at which a message
// is lost with probability P: exact for Valiant's routing, for disjoint
// inside the exact bracket that bound mean-loss --solve q gives, with its
// interval; bad input is refused with exit 2.
func TestLossSolve(t *testing.T) {
	code, out, errs := cli("loss", "--router", "disjoint", "--n", "8", "--target", "0.01", "--solve", "q", "--jsonl")
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil {
		t.Fatalf("exit %d %s: %s", code, errs, out)
	}
	_, upper, _ := cli("bound", "mean-loss", "--n", "8", "--solve", "q", "--target", "0.01")
	_, lower, _ := cli("bound", "mean-loss", "--n", "8", "--solve", "q", "--target", "0.01", "--form", "lower")
	var u, l map[string]any
	json.Unmarshal([]byte(upper), &u)
	json.Unmarshal([]byte(lower), &l)
	if r["bracket_lo"] != u["q"] || r["bracket_hi"] != l["q"] || r["exact"] != false ||
		!(r["q_lo"].(float64) <= r["q"].(float64) && r["q"].(float64) <= r["q_hi"].(float64)) || !(u["q"].(float64) <= r["q_lo"].(float64)) {
		t.Errorf("disjoint: %v; bracket from bound: %v, %v", r, u["q"], l["q"])
	}
	if code, out, _ := cli("loss", "--router", "valiant", "--n", "8", "--target", "0.01", "--solve", "q"); code != 0 ||
		!strings.HasPrefix(out, "valiant n=8 m=1: Pr(message lost) = 0.01 at q = 0.001256, exact") {
		t.Errorf("valiant: exit %d %q", code, out)
	}
	for _, args := range [][]string{
		{"--solve", "q"}, {"--solve", "q", "--target", "1.5"}, {"--solve", "n", "--target", "0.1"},
		{"--solve", "q", "--target", "0.1", "--q", "0.2"}, {"--target", "0.1"},
	} {
		if code, _, errs := cli(append([]string{"loss", "--n", "6"}, args...)...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("loss %v: exit %d, %q", args, code, errs)
		}
	}
}

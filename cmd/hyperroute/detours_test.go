package main

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestDetoursCommand: per trial the keys of the command line, γ
// null exactly when not ok; the strategies see the same faulty cubes, and
// optimal γ ≤ heuristic γ ≤ random γ where all three are complete.
func TestDetoursCommand(t *testing.T) {
	rows := make(map[string][]map[string]any)
	for _, s := range []string{"heuristic", "optimal", "random"} {
		code, out, errs := cli("detours", "--n", "6", "--q", "0.12", "--strategy", s, "--trials", "60", "--seed", "3", "--jsonl")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", s, code, errs)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var r map[string]any
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"failed_edges", "no_detour", "ok", "gamma"} {
				if _, has := r[k]; !has {
					t.Fatalf("%s: no key %s in %s", s, k, line)
				}
			}
			if (r["gamma"] == nil) == r["ok"].(bool) {
				t.Fatalf("%s: γ %v with ok %v", s, r["gamma"], r["ok"])
			}
			rows[s] = append(rows[s], r)
		}
	}
	complete := 0
	for i, h := range rows["heuristic"] {
		o, r := rows["optimal"][i], rows["random"][i]
		if h["failed_edges"] != o["failed_edges"] || o["failed_edges"] != r["failed_edges"] || h["no_detour"] != o["no_detour"] {
			t.Fatalf("trial %d: the strategies saw other cubes: %v, %v, %v", i, h, o, r)
		}
		if o["ok"] != !o["no_detour"].(bool) {
			t.Fatalf("trial %d: optimal ok %v, no_detour %v", i, o["ok"], o["no_detour"])
		}
		if h["ok"].(bool) && r["ok"].(bool) {
			complete++
			if o["gamma"].(float64) > h["gamma"].(float64) || h["gamma"].(float64) > r["gamma"].(float64) {
				t.Fatalf("trial %d: γ optimal %v, heuristic %v, random %v", i, o["gamma"], h["gamma"], r["gamma"])
			}
		}
	}
	if complete == 0 || complete == len(rows["heuristic"]) {
		t.Errorf("%d of %d trials complete for heuristic and random: pick a q where some fail", complete, len(rows["heuristic"]))
	}
	code, out, _ := cli("detours", "--n", "6", "--q", "0.12", "--strategy", "optimal", "--trials", "20")
	if code != 0 || !strings.Contains(out, "complete detour system") {
		t.Errorf("summary: exit %d\n%s", code, out)
	}
}

func TestDetoursBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"--q", "1.5"},
		{"--q", "-0.1"},
		{"--strategy", "best"},
		{"--n", "1"},
		{"--n", "40"},
		{"--trials", "0"},
	} {
		code, out, errs := cli(append([]string{"detours"}, args...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestDetoursRowsUnchanged: detours, a view of the detours model now,
// prints the rows the command printed before it was one (SHA-256 of the
// output of the build at commit 5028082), but for the key of the strategy,
// detours since it is the parameter of every model on a cube.
func TestDetoursRowsUnchanged(t *testing.T) {
	for args, want := range map[string]string{
		"--n 6 --q 0.12 --strategy heuristic --trials 60 --seed 3": "1a2c78a9b3fde3af98b9740cd51eae1d9d547261b1225276e732949c1fbe37fe",
		"--n 7 --q 0.1 --strategy random --trials 40 --seed 2":     "502c6ae53c2284b81307974547ac1cc1b45099892edea7953fab22809524a0f1",
	} {
		code, out, errs := cli(append(append([]string{"detours"}, strings.Fields(args)...), "--jsonl")...)
		out = strings.ReplaceAll(out, `"detours":`, `"strategy":`)
		if got := fmt.Sprintf("%x", sha256.Sum256([]byte(out))); code != 0 || got != want {
			t.Errorf("detours %s: exit %d %s, output sha256 %s, want %s", args, code, errs, got, want)
		}
	}
}

// TestDetoursSweep: --strategy (and --detours) take a list, as sim's
// parameters do: one line per point, the strategies on the same cubes.
func TestDetoursSweep(t *testing.T) {
	code, out, errs := cli("detours", "--n", "6", "--q", "0.12", "--strategy", "heuristic,optimal,random", "--trials", "30", "--seed", "3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || !strings.Contains(lines[0], "detours") {
		t.Fatalf("exit %d %s:\n%s", code, errs, out)
	}
	failed := strings.Fields(lines[1])[4]
	for i, s := range []string{"heuristic", "optimal", "random"} {
		f := strings.Fields(lines[i+1])
		if f[2] != s || f[4] != failed || f[3] != "30" {
			t.Errorf("line %q: want %s, %s failed edges", lines[i+1], s, failed)
		}
	}
	_, one, _ := cli("detours", "--n", "6", "--q", "0.12", "--detours", "optimal", "--trials", "30", "--seed", "3", "--jsonl")
	_, all, _ := cli("detours", "--n", "6", "--q", "0.12", "--detours", "heuristic,optimal", "--trials", "30", "--seed", "3", "--jsonl")
	if !strings.HasSuffix(all, one) || strings.Count(all, "\n") != 60 {
		t.Errorf("the optimal rows of a sweep differ from its own run")
	}
}

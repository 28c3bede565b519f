package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/summary"
)

// TestSimOut: sim --out writes the run directory a spec's run writes —
// its trials those sim prints with --jsonl, trial for trial — then its
// summary; verify, summary and plot read it, a rerun skips it, another
// sim into it is refused, as is --out with several seeds.
func TestSimOut(t *testing.T) {
	noBatchEnv(t)
	out := t.TempDir()
	args := []string{"sim", "--n", "4,5", "--port", "single,all", "--trials", "6", "--workers", "2"}
	code, stdout, stderr := cli(append(args, "--out", out)...)
	if code != 0 || !strings.Contains(stdout, out+"/sim: 24 trials in 4 grid points") || !strings.Contains(stderr, "manifest") {
		t.Fatalf("sim --out: exit %d\n%s%s", code, stdout, stderr)
	}
	tbl, err := dataset.ReadDataset(out, "sim", "trials")
	if err != nil {
		t.Fatal(err)
	}
	seeds, _ := summary.Values([]arrow.Table{tbl}, "seed")
	ts, _ := dataset.Int64s(tbl, "T")
	tbl.Release()
	var written, printed []string
	for i := range ts {
		written = append(written, fmt.Sprint(seeds[i], ts[i]))
	}
	_, jsonl, _ := cli(append(args, "--jsonl")...)
	for _, line := range strings.Split(strings.TrimSpace(jsonl), "\n") {
		var r map[string]any
		dec := json.NewDecoder(strings.NewReader(line))
		dec.UseNumber() // seeds are 64-bit
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		printed = append(printed, fmt.Sprint(r["seed"], " ", r["T"]))
	}
	slices.Sort(written)
	slices.Sort(printed)
	if !slices.Equal(written, printed) || len(written) != 24 {
		t.Errorf("sim --out wrote %q, sim --jsonl printed %q", written, printed)
	}
	for _, c := range [][]string{{"verify", filepath.Join(out, "sim")}, {"summary", filepath.Join(out, "sim"), "--jsonl"},
		{"plot", filepath.Join(out, "sim"), "--x", "n", "--by", "port", "--out", filepath.Join(out, "p.png")}} {
		if code, _, stderr := cli(c...); code != 0 {
			t.Errorf("%v: exit %d: %s", c, code, stderr)
		}
	}
	if code, _, stderr := cli(append(args, "--out", out)...); code != 0 || !strings.Contains(stderr, "all 2 units complete") {
		t.Errorf("the same sim again: exit %d: %s", code, stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--n", "6", "--trials", "2", "--out", out}, "holds results of another run"},
		{[]string{"sim", "--n", "6", "--seed", "1:2", "--out", t.TempDir()}, "--out takes one --seed"},
		{[]string{"sim", "--n", "6", "--record", "trace", "--out", t.TempDir()}, "a trace is none"},
	} {
		if code, _, stderr := cli(c.args...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2, %q", c.args, code, stderr, c.want)
		}
	}
	rec := t.TempDir()
	list := filepath.Join(t.TempDir(), "faults.txt")
	os.WriteFile(list, []byte("0 1\n3 2\n"), 0o644)
	if code, _, stderr := cli("sim", "--router", "ecube", "--n", "3", "--faults", list, "--trials", "2", "--record", "trials,packets", "--out", rec); code != 0 {
		t.Fatalf("sim --record trials,packets --faults --out: %s", stderr)
	}
	if got := tableLines(t, rec, "sim", "packets"); len(got) != 2*8 {
		t.Errorf("packets: %d rows, want 16", len(got))
	}
	if got := tableLines(t, rec, "sim", "trials"); len(got) != 2 || !strings.Contains(got[0], "|0 1; 3 2|") {
		t.Errorf("trials %q: want the fault list's column", got)
	}
}

// TestSimTable: a sweep prints one line per point, after a line naming
// what the points have in common; --seed takes a list or a range, each
// seed a point whose line is that of sim at that seed alone.
func TestSimTable(t *testing.T) {
	code, out, stderr := cli("sim", "--n", "4:6", "--port", "single,all", "--trials", "10")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 9 || !strings.HasPrefix(lines[0], "valiant queue=priority pattern=random mu=1 delivery=arrival; 6 points, 10 trials each, seed 1") ||
		!strings.HasPrefix(strings.TrimSpace(lines[1]), "n    port  trials  mean T") {
		t.Fatalf("exit %d %s\n%s", code, stderr, out)
	}
	_, seeds, _ := cli("sim", "--n", "5", "--seed", "1:3", "--trials", "10")
	_, one, _ := cli("sim", "--n", "5", "--port", "single", "--seed", "2", "--trials", "10", "--jsonl")
	var ts []float64
	for _, line := range strings.Split(strings.TrimSpace(one), "\n") {
		var r map[string]any
		json.Unmarshal([]byte(line), &r)
		ts = append(ts, r["T"].(float64))
	}
	var sum float64
	for _, x := range ts {
		sum += x
	}
	got := strings.Split(strings.TrimSpace(seeds), "\n")
	if len(got) != 6 || !strings.Contains(got[0], "3 master seeds") || !strings.Contains(got[1], "master_seed") ||
		strings.Fields(got[3])[0] != "2" || strings.Fields(got[3])[2] != fmt.Sprintf("%.2f", sum/10) {
		t.Errorf("--seed 1:3: want seed 2's mean T %.2f\n%s", sum/10, seeds)
	}
	if rows := simRows(t, "--n", "4", "--seed", "5,7", "--trials", "2"); len(rows) != 4 || rows[0]["master_seed"] != 5.0 || rows[3]["master_seed"] != 7.0 {
		t.Errorf("--seed 5,7 --jsonl: %v", rows)
	}
	for _, bad := range []string{"3:1", "x", "1,1", "0:20000"} {
		if code, _, stderr := cli("sim", "--seed", bad); code != 2 || !strings.Contains(stderr, "seed") {
			t.Errorf("--seed %s: exit %d, %s", bad, code, stderr)
		}
	}
}

// TestSimFitsTheRun: what sim prints fits the router and the cube: over
// detours bitonic sort gives γ, its intact time and the slowdown, and no
// T/n; a sample whose values all agree is exact, not an interval of one
// number; a JSON line carries only the parameters of its router; every
// router's loss has its interval; when every packet is lost no trial is
// routed and there is no T.
func TestSimFitsTheRun(t *testing.T) {
	_, s, _ := cli("sim", "--router", "bitonic", "--port", "all", "--q", "0.05", "--detours", "heuristic", "--n", "6", "--trials", "5")
	for _, want := range []string{"detour systems: γ mean ", "intact cube: T = n(n+1)/2 = 21 steps; slowdown mean T / T_intact ",
		"all-port bound (γ+2)·n(n+1)/2 (Ch. III.1): T above it in 0 of 5 trials"} {
		if !strings.Contains(s, want) || strings.Contains(s, "T/n") {
			t.Errorf("bitonic over detours: want %q, no T/n:\n%s", want, s)
		}
	}
	if _, s, _ := cli("sim", "--router", "bitonic", "--n", "5", "--trials", "4"); !strings.Contains(s, "mean T 15 steps, exact: the same in all 4 trials") || strings.Contains(s, "[15") {
		t.Errorf("bitonic on the intact cube:\n%s", s)
	}
	for router, keys := range map[string][2][]string{
		"bitonic":  {{"n", "q", "detours"}, {"confluent", "delivery", "detour-queue", "reroute", "pieces", "pipelined", "trim"}},
		"valiant":  {{"delivery"}, {"confluent", "detour-queue", "reroute", "pieces"}},
		"disjoint": {{"pieces", "pipelined", "trim"}, {"delivery", "reroute"}},
	} {
		r := simRows(t, "--router", router, "--n", "4", "--trials", "1")[0]
		for _, k := range keys[0] {
			if _, ok := r[k]; !ok {
				t.Errorf("%s: no key %s in %v", router, k, r)
			}
		}
		for _, k := range keys[1] {
			if _, ok := r[k]; ok {
				t.Errorf("%s: key %s, which it does not take, in %v", router, k, r)
			}
		}
	}
	if _, s, _ := cli("sim", "--router", "valiant", "--n", "6", "--q", "0.02", "--trials", "30"); !strings.Contains(s, "packets: loss per packet ") || !strings.Contains(s, "(95% CI [") {
		t.Errorf("valiant's loss without its interval:\n%s", s)
	}
	_, s, _ = cli("sim", "--q", "1", "--n", "4", "--trials", "3")
	if !strings.Contains(s, "3 trials not routed: every packet was lost") || !strings.Contains(s, "no trial was routed") || strings.Contains(s, "mean T") {
		t.Errorf("sim --q 1:\n%s", s)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/experiments"
	"github.com/hyperroute/hyperroute/routers"
)

// simRows runs sim --jsonl and decodes its rows.
func simRows(t *testing.T, args ...string) []map[string]any {
	t.Helper()
	code, stdout, stderr := cli(append([]string{"sim", "--jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("sim %v: exit %d: %s", args, code, stderr)
	}
	var rows []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("sim %v: %q: %v", args, line, err)
		}
		rows = append(rows, r)
	}
	return rows
}

// TestSimJSONL checks the rows of sim --jsonl: one per trial, every
// parameter as set, the same rows for --perm as for --pattern and for any
// number of workers, and the faults counted.
func TestSimJSONL(t *testing.T) {
	rows := simRows(t, "--router", "ecube", "--n", "5", "--mu", "2", "--pattern", "transpose", "--port", "all",
		"--queue", "fifo", "--trials", "3", "--workers", "1")
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3", len(rows))
	}
	for i, r := range rows {
		for k, want := range map[string]any{"trial": float64(i), "router": "ecube", "n": 5.0, "mu": 2.0,
			"pattern": "transpose", "port": "all", "queue": "fifo", "q": 0.0, "k": 0.0, "failed_edges": 0.0, "dropped": 0.0} {
			if r[k] != want {
				t.Errorf("row %d: %s = %v, want %v", i, k, r[k], want)
			}
		}
		for _, k := range []string{"seed", "T", "hops", "max_queue"} {
			if _, ok := r[k]; !ok {
				t.Errorf("row %d has no %s", i, k)
			}
		}
	}
	a := simRows(t, "--pattern", "bitrev", "--n", "6", "--trials", "4", "--workers", "1")
	b := simRows(t, "--perm", "bitrev", "--n", "6", "--trials", "4", "--workers", "3")
	if js(a) != js(b) {
		t.Errorf("--pattern with 1 worker and --perm with 3 differ:\n%s\n%s", js(a), js(b))
	}
	for _, r := range simRows(t, "--router", "valiant", "--port", "all", "--n", "7", "--q", "0.1", "--trials", "5") {
		if r["failed_edges"].(float64) == 0 || r["dropped"].(float64) == 0 || r["q"] != 0.1 {
			t.Errorf("q = 0.1: %v", r)
		}
	}
	if r := simRows(t, "--router", "bitonic", "--n", "4", "--trials", "1")[0]; r["max_queue"] != nil || r["T"] != 10.0 {
		t.Errorf("bitonic: max_queue %v, T %v; want null and n(n+1)/2 = 10", r["max_queue"], r["T"])
	}
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestSimStream checks the trial streams of sim: by default those of the
// name "sim"; with --stream and --seed an experiment's, so that sim replays
// the trials a run of that experiment wrote, seed and T alike.
func TestSimStream(t *testing.T) {
	for i, r := range simRows(t, "--n", "4", "--trials", "3") {
		if want, _ := experiments.TrialSeed(1, "sim", "n=4/pattern=random/mu=1", i); r["seed"] != float64(want) {
			t.Errorf("trial %d: seed %v, want TrialSeed(1, sim, …) = %d", i, r["seed"], want)
		}
	}
	noBatchEnv(t)
	out := t.TempDir()
	if code, _, stderr := cli("run", writeSpec(t, smallSpec), "--out", out, "--workers", "1"); code != 0 {
		t.Fatalf("run: %s", stderr)
	}
	tbl, err := dataset.ReadDataset(out, "small", experiments.TableTrials)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	routers, _ := dataset.Strings(tbl, "router")
	ports, _ := dataset.Strings(tbl, "port")
	ns, _ := dataset.Int64s(tbl, "n")
	ts, _ := dataset.Int64s(tbl, "T")
	var want []int64
	for i := range ts {
		if routers[i] == "valiant" && ports[i] == "all" && ns[i] == 5 {
			want = append(want, ts[i])
		}
	}
	var got []int64
	for _, r := range simRows(t, "--stream", "small", "--seed", "3", "--router", "valiant", "--port", "all", "--n", "5", "--trials", "9") {
		got = append(got, int64(r["T"].(float64)))
	}
	if len(want) != 9 || !slices.Equal(got, want) {
		t.Errorf("sim --stream small --seed 3: T = %v; the run wrote %v", got, want)
	}
}

// TestSimFaultList routes on the edges of a fault list: every trial has
// them failed.
func TestSimFaultList(t *testing.T) {
	list := filepath.Join(t.TempDir(), "faults.txt")
	os.WriteFile(list, []byte("# three\n0 1\n1 1\n7 3\n"), 0o644)
	for _, r := range simRows(t, "--router", "ecube", "--n", "3", "--pattern", "complement", "--faults", list, "--trials", "2") {
		if r["failed_edges"] != 3.0 || r["dropped"].(float64) < 1 {
			t.Errorf("fault list of 3 edges: %v", r)
		}
	}
}

// TestSimBadInput checks that bad input gets exit status 2 and one line.
func TestSimBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("0 1\n9 1\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--q", "1.5"}, "q=1.5 out of range [0, 1]"},
		{[]string{"--q", "-0.1"}, "q=-0.1 out of range"},
		{[]string{"--q", "x"}, "q=x: want a number"},
		{[]string{"--n", "0"}, "n=0 out of range [1, 30]"},
		{[]string{"--n", "2.5"}, "n=2.5: want an integer"},
		{[]string{"--router", "foo"}, `unknown router "foo"`},
		{[]string{"--router", "bitonic", "--port", "all"}, "port=all only with failed edges"},
		{[]string{"--router", "bitonic", "--q", "0.1"}, "bitonic on a cube with failed edges sends over detours: needs detours"},
		{[]string{"--pattern", "foo"}, `unknown request pattern "foo"`},
		{[]string{"--mu", "0"}, "mu=0 out of range"},
		{[]string{"--q", "0.1", "--k", "3"}, "set one of them"},
		{[]string{"--delivery", "queue", "--port", "all"}, "delivery=queue delivers a packet by its node's one send of a step: single-port only"},
		{[]string{"--trials", "0"}, "trials=0"},
		{[]string{"--workers", "0"}, "workers=0"},
		{[]string{"--stream", "a/b"}, `stream "a/b": want letters`},
		{[]string{"--n", "3", "--faults", bad}, "bad.txt:2: node \"9\" is not a node of Q_3"},
		{[]string{"--faults", filepath.Join(dir, "none.txt")}, "no such file"},
	} {
		code, stdout, stderr := cli(append([]string{"sim"}, c.args...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("sim %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestSimOneTrial checks that sim prints "–" for the sd of one trial and
// no interval, which it has neither of, and numbers for more.
func TestSimOneTrial(t *testing.T) {
	for _, trials := range []int{1, 2, 5} {
		code, stdout, stderr := cli("sim", "--n", "5", "--trials", strconv.Itoa(trials), "--workers", "2")
		lines := strings.Split(stdout, "\n")
		if code != 0 || len(lines) != 6 || strings.Contains(stdout, "NaN") {
			t.Fatalf("sim --trials %d: exit %d\n%s%s", trials, code, stdout, stderr)
		}
		sd := strings.Fields(lines[3])[1]
		_, err := strconv.ParseFloat(sd, 64)
		if trials == 1 && (sd != "–" || !strings.Contains(lines[4], " steps (one trial), T/n ")) ||
			trials > 1 && (err != nil || !strings.Contains(lines[4], " steps (95% CI [")) {
			t.Errorf("sim --trials %d: sd %q, line %q", trials, sd, lines[4])
		}
	}
}

// simRecords runs sim --record and returns its lines by record kind.
func simRecords(t *testing.T, args ...string) map[string][]map[string]any {
	t.Helper()
	code, stdout, stderr := cli(append([]string{"sim"}, args...)...)
	if code != 0 {
		t.Fatalf("sim %v: exit %d: %s", args, code, stderr)
	}
	recs := make(map[string][]map[string]any)
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("sim %v: %q: %v", args, line, err)
		}
		kind, _ := r["record"].(string)
		recs[kind] = append(recs[kind], r)
	}
	return recs
}

// TestSimRecord checks what sim --record prints of each trial against the
// trial's row: a packets row per packet, the last arriving at T; loads and
// f(p,v) adding up to the hops; one trace line per send, the last in step
// T−1; the delay sequence's row of the same T. The lines are the same for
// any number of workers.
func TestSimRecord(t *testing.T) {
	const n, trials = 6, 3
	args := []string{"--router", "valiant", "--n", strconv.Itoa(n), "--trials", strconv.Itoa(trials),
		"--record", "trials,packets,loads,nodeloads,delayseq,trace"}
	recs := simRecords(t, append(args, "--workers", "1")...)
	if other := simRecords(t, append(args, "--workers", "2")...); js(other) != js(recs) {
		t.Errorf("--workers 1 and 2 print different records")
	}
	if len(recs["trials"]) != trials || len(recs["delayseq"]) != trials {
		t.Fatalf("%d trials rows and %d delayseq rows, want %d", len(recs["trials"]), len(recs["delayseq"]), trials)
	}
	type sums struct{ packets, lastArrival, loads, nodeLoads, sends, lastStep float64 }
	per := make([]sums, trials)
	for _, r := range recs["packets"] {
		s := &per[int(r["trial"].(float64))]
		s.packets++
		s.lastArrival = max(s.lastArrival, r["arrival"].(float64))
	}
	for _, r := range recs["loads"] {
		per[int(r["trial"].(float64))].loads += r["f_sum"].(float64)
	}
	for _, r := range recs["nodeloads"] {
		per[int(r["trial"].(float64))].nodeLoads += r["f"].(float64)
	}
	for _, r := range recs["trace"] {
		s := &per[int(r["trial"].(float64))]
		s.sends++
		s.lastStep = max(s.lastStep, r["t"].(float64))
	}
	for i, r := range recs["trials"] {
		T, hops := r["T"].(float64), r["hops"].(float64)
		want := sums{packets: 1 << n, lastArrival: T, loads: hops, nodeLoads: hops, sends: hops, lastStep: T - 1}
		if r["trial"] != float64(i) || per[i] != want {
			t.Errorf("trial %d: got %+v, want %+v", i, per[i], want)
		}
		if d := recs["delayseq"][i]; d["trial"] != float64(i) || d["T"] != T {
			t.Errorf("trial %d of T %v: delayseq row %v", i, T, d)
		}
	}
	// The trace alone, of every router: one line per send.
	for _, router := range []string{"ecube", "bitonic", "disjoint"} {
		r := simRecords(t, "--router", router, "--n", "4", "--trials", "1", "--record", "trace,trials")
		if hops := r["trials"][0]["hops"].(float64); float64(len(r["trace"])) != hops {
			t.Errorf("%s: %d trace lines, %v hops", router, len(r["trace"]), hops)
		}
	}
	// The messages of disjoint, one row per message.
	if got := len(simRecords(t, "--router", "disjoint", "--n", "4", "--trials", "1", "--record", "messages")["messages"]); got != 16 {
		t.Errorf("disjoint n=4: %d messages rows, want 16", got)
	}
}

// TestSimRecordBadInput checks that a record sim cannot write gets exit
// status 2, one line and nothing on stdout.
func TestSimRecordBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--record", "foo"}, `unknown record "foo"`},
		{[]string{"--record", "packets,"}, `unknown record ""`},
		{[]string{"--record", "delayseq", "--port", "all"}, "the delayseq table needs"},
		{[]string{"--record", "delayseq", "--delivery", "queue"}, "the delayseq table needs packets done on arrival"},
		{[]string{"--record", "delayseq", "--queue", "fifo"}, "the delayseq table needs"},
		{[]string{"--record", "delayseq", "--router", "bitonic"}, "the delayseq table needs"},
		{[]string{"--record", "packets", "--router", "disjoint"}, "disjoint sends copies"},
		{[]string{"--record", "trace", "--jsonl"}, "set one of them"},
		// Every trial's trace is kept: 10000 of n = 18 need terabytes.
		{[]string{"--n", "18", "--record", "trace", "--trials", "10000"}, "n=18, mu=1, 10000 trials at once, needs about"},
	} {
		code, stdout, stderr := cli(append([]string{"sim", "--n", "4", "--trials", "1"}, c.args...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("sim %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestRunMemory checks run --memory: a limit that holds one traced trial
// of n = 12 at a time but not two refuses two workers with exit status 2,
// and runs on one.
func TestRunMemory(t *testing.T) {
	noBatchEnv(t)
	spec := writeSpec(t, "name: mem\ngrid:\n  n: 12\n  router: valiant\ntrials: 2\nseed: 1\ntables: [trials, delayseq]\n")
	c := routers.Config{Router: "valiant", Port: routers.SinglePort, Pattern: "random", N: 12, Mu: 1, Record: engine.Record{Loads: true, Trace: true}}
	mib := strconv.FormatInt(c.MemoryBytes()>>20+1, 10) // one trial, not two
	code, _, stderr := cli("run", spec, "--out", t.TempDir(), "--workers", "2", "--memory", mib)
	if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "2 trials at once, needs about") {
		t.Errorf("run --workers 2 --memory %s: exit %d, %q", mib, code, stderr)
	}
	if code, _, stderr := cli("run", spec, "--out", t.TempDir(), "--workers", "1", "--memory", mib); code != 0 {
		t.Errorf("run --workers 1 --memory %s: exit %d, %q", mib, code, stderr)
	}
}

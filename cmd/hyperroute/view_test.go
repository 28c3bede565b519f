package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/view"
)

// pageData is what a page of hyperroute view embeds, as its script reads
// it.
type pageData struct {
	Title, Command string
	Panels         []pagePanel
}

type pagePanel struct {
	Title string
	Net   struct {
		Kind string
		N, P int
	}
	T        int
	Sends    []int32
	Queues   [][]int32
	Delay    *struct{ Seq [][3]int32 }
	Row      [][2]string
	Failed   [][2]uint32
	Detours  [][4]uint32
	Substeps int
	Stretch  int
}

// value returns the JSON text of the row's column name.
func (p pagePanel) value(name string) string {
	for _, c := range p.Row {
		if c[0] == name {
			return c[1]
		}
	}
	return ""
}

// sends returns the panel's sends as (t, packet, from, to, prio).
func (p pagePanel) sends() [][5]int32 {
	out := make([][5]int32, len(p.Sends)/5)
	for i := range out {
		copy(out[i][:], p.Sends[5*i:])
	}
	return out
}

// readPage reads the data embedded in the page file.
func readPage(t *testing.T, file string) pageData {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := bytes.Cut(b, []byte("const DATA = "))
	data, _, ok2 := bytes.Cut(after, []byte(";</script>"))
	if !ok || !ok2 {
		t.Fatalf("%s: no DATA in the page", file)
	}
	var p pageData
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return p
}

// writeView runs hyperroute view with args into a page in a temporary
// directory and returns the page's file and data.
func writeView(t *testing.T, args ...string) (string, pageData) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "page.html")
	if code, _, stderr := cli(append(append([]string{"view"}, args...), "--out", file)...); code != 0 {
		t.Fatalf("view %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	return file, readPage(t, file)
}

// recorded is one trial of hyperroute sim --record: its trace and its
// rows, each column's JSON text by name, per table.
type recorded struct {
	trace [][5]int32
	rows  map[string]map[string]string
}

// simRecord runs hyperroute sim --record kinds with args for trials
// 0 … trial and returns trial's records.
func simRecord(t *testing.T, trial int, kinds string, args ...string) recorded {
	t.Helper()
	code, stdout, stderr := cli(append([]string{"sim", "--trials", strconv.Itoa(trial + 1), "--workers", "1", "--record", kinds}, args...)...)
	if code != 0 {
		t.Fatalf("sim %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	out := recorded{rows: make(map[string]map[string]string)}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var line map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		if string(line["trial"]) != strconv.Itoa(trial) {
			continue
		}
		var kind string
		json.Unmarshal(line["record"], &kind)
		if kind == "trace" {
			var s [5]int32
			for i, k := range []string{"t", "packet", "from", "to", "prio"} {
				x, _ := strconv.Atoi(string(line[k]))
				s[i] = int32(x)
			}
			out.trace = append(out.trace, s)
			continue
		}
		row := make(map[string]string)
		for k, v := range line {
			if k != "record" {
				row[k] = string(v)
			}
		}
		out.rows[kind] = row
	}
	return out
}

// referenceQueues derives from a trace the packets waiting at each node and
// in each queue at the times 0 … T by the definition of the step model
// (docs/model.md, 0.2): a packet waits at a node from the time it is there
// (its start at its source) through the step it leaves it in. A queue is
// the node's (single-port, a butterfly node) or the out-link's (all-port).
func referenceQueues(trace [][5]int32, nodes, T int, allPort bool, start func(packet int32) int32) (perNode [][]int32, maxQueue int32) {
	perNode = make([][]int32, T+1)
	for t := range perNode {
		perNode[t] = make([]int32, nodes)
	}
	byPacket := make(map[int32][][5]int32)
	for _, s := range trace {
		byPacket[s[1]] = append(byPacket[s[1]], s)
	}
	perQueue := make(map[[3]int32]int32)
	for p, sends := range byPacket {
		at := start(p)
		for _, s := range sends {
			q := int32(0)
			if allPort {
				q = s[2] ^ s[3]
			}
			for t := at; t <= s[0]; t++ {
				perNode[t][s[2]]++
				k := [3]int32{t, s[2], q}
				perQueue[k]++
				maxQueue = max(maxQueue, perQueue[k])
			}
			at = s[0] + 1
		}
	}
	return perNode, maxQueue
}

// TestViewMatchesSim checks that every number a page shows of a routing
// trial is hyperroute sim's: the trials row, the trace send by send, and
// the queue lengths at every step, which must equal those derived from
// sim's trace and whose largest per queue is the row's max_queue; where
// the router runs the priority rule single-port, the delay sequence is
// the delayseq table's.
func TestViewMatchesSim(t *testing.T) {
	cases := []struct {
		name   string
		trial  int
		delay  bool
		args   []string
		queues bool
	}{
		{"valiant", 0, true, []string{"--router", "valiant", "--n", "4", "--seed", "7"}, true},
		{"valiant all-port", 3, false, []string{"--router", "valiant", "--n", "4", "--port", "all", "--seed", "7"}, true},
		{"valiant n=6, 384 packets", 1, true, []string{"--router", "valiant", "--n", "6", "--mu", "6", "--seed", "2"}, true},
		{"ecube transpose", 0, true, []string{"--router", "ecube", "--pattern", "transpose", "--n", "5"}, true},
		{"valiant losing packets", 2, false, []string{"--router", "valiant", "--n", "4", "--q", "0.08", "--seed", "3"}, true},
		{"adaptive-valiant", 0, false, []string{"--router", "adaptive-valiant", "--n", "4", "--q", "0.1", "--seed", "4"}, true},
		{"disjoint", 1, false, []string{"--router", "disjoint", "--n", "3", "--seed", "5"}, true},
		{"bitonic", 0, false, []string{"--router", "bitonic", "--n", "3"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			kinds := "trials,trace"
			if tc.delay {
				kinds += ",delayseq"
			}
			rec := simRecord(t, tc.trial, kinds, tc.args...)
			_, page := writeView(t, append(tc.args, "--trial", strconv.Itoa(tc.trial))...)
			if len(page.Panels) != 1 {
				t.Fatalf("%d panels, want 1", len(page.Panels))
			}
			p := page.Panels[0]
			row := rec.rows["trials"]
			if got := strconv.Itoa(p.T); got != row["T"] {
				t.Errorf("page T = %s, sim's row %s", got, row["T"])
			}
			if len(p.Row) != len(row) {
				t.Errorf("page row has %d columns, sim's %d", len(p.Row), len(row))
			}
			for _, c := range p.Row {
				if row[c[0]] != c[1] {
					t.Errorf("row %s = %s on the page, %s in sim's", c[0], c[1], row[c[0]])
				}
			}
			if !slices.Equal(p.sends(), rec.trace) {
				t.Fatalf("page sends differ from sim's trace: %d against %d sends", len(p.sends()), len(rec.trace))
			}
			if !tc.queues {
				if p.Queues != nil {
					t.Errorf("page shows queues for %s", tc.name)
				}
				return
			}
			start := func(int32) int32 { return 0 }
			if p.Net.Kind == "butterfly" {
				t1, _ := strconv.Atoi(row["T1"])
				start = func(id int32) int32 { return int32(t1) * int32(btoi(int(id) >= p.Net.P)) }
			}
			want, maxQ := referenceQueues(rec.trace, p.Net.P, p.T, p.value("port") == `"all"` && p.Net.Kind == "cube", start)
			for step := range want {
				if step >= len(p.Queues) || !slices.Equal(p.Queues[step], want[step]) {
					t.Fatalf("queues at t=%d: page %v, from sim's trace %v", step, p.Queues[min(step, len(p.Queues)-1)], want[step])
				}
			}
			if got := strconv.Itoa(int(maxQ)); got != row["max_queue"] {
				t.Errorf("largest queue from the trace %s, sim's max_queue %s", got, row["max_queue"])
			}
			if tc.delay {
				ds := rec.rows["delayseq"]
				if p.Delay == nil || strconv.Itoa(len(p.Delay.Seq)) != ds["d_len"] {
					t.Errorf("page's delay sequence %v, sim's d_len %s", p.Delay, ds["d_len"])
				}
			}
		})
	}
}

// TestViewIntactFaulty checks the pages of the cube over detours: the
// faulty panel is the trial of sim (its row), the intact panel routes the
// same instance in T_intact, and each sends exactly its hops.
func TestViewIntactFaulty(t *testing.T) {
	args := []string{"--router", "valiant", "--n", "4", "--q", "0.05", "--detours", "optimal", "--seed", "11"}
	rec := simRecord(t, 3, "trials", args...)
	_, page := writeView(t, append(args, "--trial", "3", "--compare", "intact")...)
	if len(page.Panels) != 2 {
		t.Fatalf("%d panels, want 2", len(page.Panels))
	}
	intact, faulty := page.Panels[0], page.Panels[1]
	row := rec.rows["trials"]
	for _, c := range faulty.Row {
		if row[c[0]] != c[1] {
			t.Errorf("faulty row %s = %s on the page, %s in sim's", c[0], c[1], row[c[0]])
		}
	}
	if got := strconv.Itoa(intact.T); got != row["T_intact"] || row["failed_edges"] == "0" {
		t.Errorf("intact T = %s, the faulty trial's T_intact %s (%s failed edges)", got, row["T_intact"], row["failed_edges"])
	}
	if len(faulty.Failed) == 0 || len(faulty.Detours) != len(faulty.Failed) || faulty.Substeps < 3 || intact.Stretch != faulty.Substeps {
		t.Errorf("faulty panel: %d failed edges, %d detours, d = %d; the intact panel's steps take %d", len(faulty.Failed), len(faulty.Detours), faulty.Substeps, intact.Stretch)
	}
	for _, p := range page.Panels {
		if got := strconv.Itoa(len(p.Sends) / 5); got != p.value("hops") {
			t.Errorf("%s: %s sends, hops %s", p.Title, got, p.value("hops"))
		}
	}
}

// TestViewCollective checks that a collective's page holds the row of
// hyperroute collective --jsonl and a send per hop, the run's ρ steps
// long.
func TestViewCollective(t *testing.T) {
	for _, args := range [][]string{
		{"--op", "aab", "--algo", "dimex", "--topology", "cube", "--p", "16", "--port", "all"},
		{"--op", "oas", "--topology", "ring", "--p", "8"},
		{"--op", "oas", "--algo", "tree", "--topology", "mesh", "--p", "16", "--port", "all"},
		{"--op", "aab", "--algo", "rowcol", "--topology", "torus", "--p", "16"},
		{"--op", "oab", "--algo", "binomial", "--topology", "cube", "--p", "16", "--port", "all", "--q", "0.1", "--detours", "optimal", "--seed", "3"},
	} {
		t.Run(strings.Join(args[:6], " "), func(t *testing.T) {
			code, stdout, stderr := cli(append([]string{"collective", "--jsonl"}, args...)...)
			if code != 0 {
				t.Fatalf("collective: exit %d: %s", code, stderr)
			}
			var row map[string]json.RawMessage
			if err := json.Unmarshal([]byte(stdout), &row); err != nil {
				t.Fatal(err)
			}
			_, page := writeView(t, args...)
			p := page.Panels[0]
			for _, c := range p.Row {
				if string(row[c[0]]) != c[1] {
					t.Errorf("row %s = %s on the page, %s in collective's", c[0], c[1], row[c[0]])
				}
			}
			if len(p.Row) != len(row) {
				t.Errorf("page row has %d columns, collective's %d", len(p.Row), len(row))
			}
			if got := strconv.Itoa(p.T); got != string(row["rho"]) {
				t.Errorf("page T = %s, rho %s", got, row["rho"])
			}
			if got := strconv.Itoa(len(p.Sends) / 5); got != string(row["hops"]) {
				t.Errorf("%s sends, hops %s", got, row["hops"])
			}
			if (string(row["q"]) != "" && string(row["q"]) != "0") != (len(p.Failed) > 0) {
				t.Errorf("q = %s, %d failed edges drawn", row["q"], len(p.Failed))
			}
		})
	}
}

// bem1Spec runs trials 0 … 11 of valiant-tail's grid points at n = 4 and
// 5: trial 10 at n = 4 is the paper run's (the streams depend on the
// experiment's name, seed, point and trial only), where all-port is
// slower than single-port (remark Bem 1).
const bem1Spec = `name: valiant-tail
grid:
  n: [4, 5]
  router: valiant
  port: [single, all]
  pattern: random
trials: 12
seed: 1988
tables: [trials]
`

// TestViewRecorded replays trials of a run directory: Bem 1's
// counterexample side by side, checked against the stored rows, and a
// replay from another stream, which the check refuses.
func TestViewRecorded(t *testing.T) {
	noBatchEnv(t)
	dir := t.TempDir()
	if code, _, stderr := cli("run", writeSpec(t, bem1Spec), "--out", dir, "--workers", "1"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	exp := filepath.Join(dir, "valiant-tail")
	file := filepath.Join(t.TempDir(), "bem1.html")
	code, stdout, stderr := cli("view", exp, "--trial", "10", "--n", "4", "--compare", "port=single,all", "--out", file)
	if code != 0 {
		t.Fatalf("view: exit %d: %s", code, stderr)
	}
	page := readPage(t, file)
	if len(page.Panels) != 2 || page.Panels[0].T != 6 || page.Panels[1].T != 7 {
		t.Fatalf("Bem 1: T = %v, want single-port 6 and all-port 7\n%s", page.Panels, stdout)
	}
	if !strings.Contains(stdout, "single-port queue=priority pattern=random mu=1 delivery=arrival · trial 10: T = 6") ||
		!strings.Contains(stdout, "all-port queue=priority pattern=random mu=1 delivery=arrival · trial 10: T = 7") {
		t.Errorf("stdout does not say T = 6 and 7:\n%s", stdout)
	}
	_, fresh := writeView(t, "--router", "valiant", "--n", "4", "--seed", "1988", "--stream", "valiant-tail", "--trial", "10", "--compare", "port=single,all")
	for i := range 2 {
		if !slices.Equal(fresh.Panels[i].Sends, page.Panels[i].Sends) {
			t.Errorf("panel %d: the fresh run's sends differ from the recorded trial's", i)
		}
	}

	run, err := view.OpenRun(dir, "valiant-tail")
	if err != nil {
		t.Fatal(err)
	}
	pts := run.Points(map[string]string{"n": "5", "port": "all"})
	if len(pts) != 1 {
		t.Fatalf("%d points at n=5, port=all", len(pts))
	}
	tr, err := run.Trial(pts[0], 4)
	if err != nil {
		t.Fatal(err)
	}
	p, err := view.Route(tr)
	if err != nil {
		t.Fatal(err)
	}
	if err := run.Check(p, tr); err != nil {
		t.Errorf("the replay of trial 4: %v", err)
	}
	tr.Stream = "sim"
	if p, err = view.Route(tr); err != nil {
		t.Fatal(err)
	}
	if err := run.Check(p, tr); !errors.Is(err, view.ErrDiffers) {
		t.Errorf("a replay from another stream: %v, want %v", err, view.ErrDiffers)
	}
}

// TestViewBadInput checks that what the page cannot show is refused in one
// line with exit status 2.
func TestViewBadInput(t *testing.T) {
	noBatchEnv(t)
	dir := t.TempDir()
	if code, _, stderr := cli("run", writeSpec(t, bem1Spec), "--out", dir, "--workers", "1"); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	exp := filepath.Join(dir, "valiant-tail")
	out := filepath.Join(t.TempDir(), "x.html")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--router", "valiant", "--n", "7"}, "n ≤ 6"},
		{[]string{"--router", "valiant", "--n", "4,5"}, "one configuration"},
		{[]string{"--router", "valiant", "--n", "4", "--compare", "q=0,0.1"}, "makes the instance"},
		{[]string{"--router", "valiant", "--n", "4", "--compare", "port=single"}, "PARAM=A,B"},
		{[]string{"--router", "valiant", "--n", "4", "--compare", "intact"}, "failed edges"},
		{[]string{"--router", "disjoint", "--n", "3", "--pipelined"}, "pipelined"},
		{[]string{"--router", "valiant", "--n", "4", "--trial", "-1"}, "trial"},
		{[]string{"--op", "oab", "--topology", "cube", "--p", "128"}, "at most 64 nodes"},
		{[]string{exp, "--trial", "10"}, "choose one with --n (4, 5), --port (single, all)"},
		{[]string{exp, "--trial", "12", "--n", "4", "--port", "all"}, "trials 0 … 11"},
		{[]string{exp, "--trial", "1", "--n", "6", "--port", "all"}, "no grid point"},
		{[]string{exp, "--trial", "1", "--n", "4", "--port", "all", "--seed", "2"}, "its own spec and seed"},
		{[]string{filepath.Join(dir, "nothing"), "--trial", "1"}, "manifest.json"},
	} {
		code, _, stderr := cli(append(append([]string{"view"}, tc.args...), "--out", out)...)
		lines := strings.Count(strings.TrimSpace(stderr), "\n") + 1
		if code != 2 || !strings.Contains(stderr, tc.want) || lines != 1 {
			t.Errorf("view %s: exit %d, %d lines %q; want exit 2, one line with %q", strings.Join(tc.args, " "), code, lines, stderr, tc.want)
		}
	}
	if code, _, stderr := cli("view", "--router", "valiant", "--n", "4"); code != 2 || !strings.Contains(stderr, "--out") {
		t.Errorf("view without --out: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused page was written: %v", err)
	}
}

// TestViewREADME runs README.md's command for Bem 1's counterexample and
// checks the numbers the README says it prints.
func TestViewREADME(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	_, cmd, ok := strings.Cut(readme, "bin/hyperroute view --router valiant --n 4 --seed 1988 ")
	cmd, _, _ = strings.Cut(cmd, "\n")
	if !ok || !strings.Contains(readme, "The second and third commands print `T = 6` for single-port and `T = 7` for all-port.") {
		t.Fatal("README.md no longer shows Bem 1's command and its T = 6 and 7")
	}
	args := append([]string{"view", "--router", "valiant", "--n", "4", "--seed", "1988"}, strings.Fields(cmd)...)
	i := slices.Index(args, "--out")
	args[i+1] = filepath.Join(t.TempDir(), filepath.Base(args[i+1]))
	code, stdout, stderr := cli(args...)
	if code != 0 || !strings.Contains(stdout, "single-port queue=priority pattern=random mu=1 delivery=arrival · trial 10: T = 6") ||
		!strings.Contains(stdout, "all-port queue=priority pattern=random mu=1 delivery=arrival · trial 10: T = 7") {
		t.Errorf("%s: exit %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
	}
}

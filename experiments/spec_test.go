package experiments

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

const validSpec = `name: t
grid:
  n: [3, 4]
  router: [ecube, valiant]
trials: 4
seed: 7
`

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"unknown key", validSpec + "trails: 5\n", "x.yaml:7: trails: unknown key (want name, description, model, grid,"},
		{"unknown grid key", "name: t\ngrid:\n  n: 4\n  router: ecube\n  nn: 4\ntrials: 4\nseed: 7\n", "x.yaml:5: grid.nn: unknown key"},
		{"wrong type", strings.Replace(validSpec, "trials: 4", "trials: many", 1), `x.yaml:5: trials: want an integer, got string "many"`},
		{"float", strings.Replace(validSpec, "trials: 4", "trials: 4.5", 1), "x.yaml:5: trials: want an integer, got number 4.5"},
		{"list element type", strings.Replace(validSpec, "[3, 4]", "[3, x]", 1), `x.yaml:3: grid.n: want an integer, got string "x"`},
		{"grid not a mapping", "name: t\ngrid: [4]\ntrials: 4\nseed: 7\n", "x.yaml:2: grid: want a mapping, got a list"},
		{"n=31", strings.Replace(validSpec, "[3, 4]", "[3,\n    31]", 1), "x.yaml:4: grid.n: 31 out of range [1, 30]"},
		{"octal n", strings.Replace(validSpec, "[3, 4]", "[3, 010]", 1), "x.yaml:3: grid.n: 010: an integer with a leading zero reads as octal"},
		{"octal trials", strings.Replace(validSpec, "trials: 4", "trials: 0o10", 1), "x.yaml:5: trials: 0o10: an integer with a leading zero reads as octal"},
		{"octal seed", strings.Replace(validSpec, "seed: 7", "seed: -07", 1), "x.yaml:6: seed: -07: an integer with a leading zero"},
		{"partition by q", validSpec + "partition: [q]\n", `x.yaml:7: partition: partition key "q": a number axis cannot name a directory`},
		{"n range to 31", strings.Replace(validSpec, "[3, 4]", "{from: 3, to: 31}", 1), "x.yaml:3: grid.n: 31 out of range [1, 30]"},
		{"n=0", strings.Replace(validSpec, "[3, 4]", "0", 1), "x.yaml:3: grid.n: 0 out of range [1, 30]"},
		{"empty range", strings.Replace(validSpec, "[3, 4]", "{from: 5, to: 4}", 1), "x.yaml:3: grid.n: range from 5 to 4 is empty"},
		{"range without to", strings.Replace(validSpec, "[3, 4]", "{from: 5}", 1), "x.yaml:3: grid.n.to: missing"},
		{"step 0", strings.Replace(validSpec, "[3, 4]", "{from: 3, to: 5, step: 0}", 1), "x.yaml:3: grid.n.step: 0 out of range"},
		{"n twice", strings.Replace(validSpec, "[3, 4]", "[3, 3]", 1), "x.yaml:3: grid.n: 3 listed twice"},
		{"empty list", strings.Replace(validSpec, "[3, 4]", "[]", 1), "x.yaml:3: grid.n: empty list"},
		{"mu out of range", strings.Replace(validSpec, "grid:\n", "grid:\n  mu: [1, 0]\n", 1), "x.yaml:3: grid.mu: 0 out of range [1, 65536]"},
		{"mu too large", strings.Replace(validSpec, "grid:\n", "grid:\n  mu: 70000\n", 1), "x.yaml:3: grid.mu: 70000 out of range [1, 65536]"},
		{"unknown queue", strings.Replace(validSpec, "grid:\n", "grid:\n  queue: [priority, lifo]\n", 1), `x.yaml:3: grid.queue: unknown queue discipline "lifo"`},
		{"unknown port", strings.Replace(validSpec, "grid:\n", "grid:\n  port: three\n", 1), `x.yaml:3: grid.port: unknown port model "three"`},
		{"unknown pattern", strings.Replace(validSpec, "grid:\n", "grid:\n  pattern: [bitrev, tornado]\n", 1), `x.yaml:3: grid.pattern: unknown request pattern "tornado"`},
		{"unknown router", strings.Replace(validSpec, "[ecube, valiant]", "[ecube,\n    dor]", 1), `x.yaml:5: grid.router: unknown router "dor"`},
		{"missing name", strings.Replace(validSpec, "name: t\n", "", 1), "x.yaml:1: name: missing"},
		{"bad name", strings.Replace(validSpec, "name: t", "name: ../t", 1), `x.yaml:1: name: "../t": want letters`},
		{"name not a string", strings.Replace(validSpec, "name: t", "name: [t]", 1), "x.yaml:1: name: want a string, got a list"},
		{"missing seed", strings.Replace(validSpec, "seed: 7\n", "", 1), "x.yaml:1: seed: missing"},
		{"negative seed", strings.Replace(validSpec, "seed: 7", "seed: -1", 1), "x.yaml:6: seed: -1 out of range [0, 18446744073709551615]"},
		{"trials 0", strings.Replace(validSpec, "trials: 4", "trials: 0", 1), "x.yaml:5: trials: 0 out of range [1, 2147483647]"},
		{"empty grid", strings.Replace(validSpec, "grid:\n  n: [3, 4]\n  router: [ecube, valiant]\n", "grid: {}\n", 1), "x.yaml:2: grid: empty grid"},
		{"null grid", strings.Replace(validSpec, "grid:\n  n: [3, 4]\n  router: [ecube, valiant]\n", "grid:\n", 1), "x.yaml:2: grid: want a mapping, got null"},
		{"grid without router", strings.Replace(validSpec, "  router: [ecube, valiant]\n", "", 1), "x.yaml:3: grid.router: missing"},
		{"bad partition key", validSpec + "partition: [n, m]\n", `x.yaml:7: partition: unknown partition key "m"`},
		{"unknown table", validSpec + "tables: [trials, delays]\n", `x.yaml:7: tables: unknown table "delays"`},
		{"repeated key", validSpec + "trials: 5\n", "x.yaml:7: trials: repeated (first at line 5)"},
		{"packet_trials without packets", validSpec + "packet_trials: 3\n", "x.yaml:7: packet_trials: set, but tables do not include packets"},
		{"node_trials without nodeloads", validSpec + "node_trials: 3\n", "x.yaml:7: node_trials: set, but tables do not include nodeloads"},
		{"bitonic with mu 2", strings.Replace(validSpec, "[ecube, valiant]", "[bitonic]\n  mu: [1, 2]", 1),
			"x.yaml:2: grid: n=3 mu=2 router=bitonic: bitonic routes permutations: needs mu=1, not mu=2"},
		{"delayseq all-port", validSpec + "tables: [delayseq]\nprofiles:\n  paper:\n    grid:\n      port: all\n",
			"x.yaml:10: profiles.paper.grid: n=3 router=ecube port=all: the delayseq table needs a router with delay sequences (ecube, valiant) in the single-port model"},
		{"delayseq fifo", strings.Replace(validSpec, "grid:\n", "grid:\n  queue: fifo\n", 1) + "tables: [delayseq]\n",
			"x.yaml:2: grid: n=3 router=ecube queue=fifo: the delayseq table needs"},
		{"delayseq bitonic", strings.Replace(validSpec, "[ecube, valiant]", "bitonic", 1) + "tables: [trials, delayseq]\n",
			"x.yaml:2: grid: n=3 router=bitonic: the delayseq table needs"},
		{"all skipped", strings.Replace(validSpec, "[ecube, valiant]", "bitonic\n  queue: fifo", 1) + "skip_invalid: true\n",
			"x.yaml:2: grid: all 2 points skipped: bitonic runs queue=priority, not queue=fifo"},
		{"skip_invalid not bool", validSpec + "skip_invalid: yes please\n", `x.yaml:7: skip_invalid: want true or false, got string "yes please"`},
		{"draw_only without detours", validSpec + "draw_only: true\n",
			"x.yaml:2: grid: n=3 router=ecube: draw only: measures the detour system, needs detours"},
		{"draw_only not bool", validSpec + "draw_only: 1\n", `x.yaml:7: draw_only: want true or false`},
		{"too many points", strings.Replace(validSpec, "[3, 4]", "{from: 1, to: 30}\n  mu: {from: 1, to: 400}", 1), "x.yaml:2: grid: 24000 points, more than 10000"},
		{"profile unknown key", validSpec + "profiles:\n  paper:\n    trails: 5000\n", "x.yaml:9: profiles.paper.trails: unknown key (want trials, shards, packet_trials, node_trials, rse, grid)"},
		{"profile n=31", validSpec + "profiles:\n  paper:\n    grid:\n      n: {from: 4, to: 31}\n", "x.yaml:10: profiles.paper.grid.n: 31 out of range [1, 30]"},
		{"profile invalid point", validSpec + "profiles:\n  paper:\n    grid:\n      router: bitonic\n      queue: fifo\n",
			"x.yaml:9: profiles.paper.grid: n=3 router=bitonic queue=fifo: bitonic"},
		{"profile packet_trials", validSpec + "profiles:\n  paper:\n    packet_trials: 5\n", "x.yaml:9: profiles.paper.packet_trials: set, but tables do not include packets"},
		{"empty profile", validSpec + "profiles:\n  paper: {}\n", "x.yaml:8: profiles.paper: empty profile"},
		{"yaml syntax", "name: t\ngrid: [\n", "x.yaml:2: YAML: did not find expected node content"},
		{"two documents", validSpec + "---\nname: u\n", "x.yaml:7: more than one YAML document"},
		{"empty", "", "x.yaml:1: empty spec"},
		{"not a mapping", "- name: t\n", "x.yaml:1: want a mapping, got a list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tc.text))
			if err == nil {
				t.Fatalf("no error for\n%s", tc.text)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error\n%v\nwant prefix\n%s", err, tc.want)
			}
			var se *SpecError
			if !errors.As(err, &se) {
				t.Errorf("error %v is not a *SpecError", err)
			}
		})
	}
}

func TestParseGrid(t *testing.T) {
	text := `name: g
description: ranges, defaults and skipped points
grid:
  n: {from: 3, to: 7, step: 2}
  mu: 1
  router: [valiant, bitonic]
  queue: [priority, fifo]
trials: 10
seed: 18446744073709551615
tables: [trials, loads]
partition: [n, router]
skip_invalid: true
`
	s, err := Parse("g.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if s.Seed != 1<<64-1 || s.Trials != 10 || s.Description != "ranges, defaults and skipped points" || s.Text != text {
		t.Errorf("spec = %+v", s)
	}
	if !slices.Equal(s.Grid.Values("n"), []string{"3", "5", "7"}) || !slices.Equal(s.Grid.Values("pattern"), []string{"random"}) ||
		!slices.Equal(s.Grid.Values("port"), []string{"single"}) {
		t.Errorf("grid = %+v", s.Grid)
	}
	// Per n: valiant priority, valiant fifo, bitonic priority; bitonic fifo skipped.
	var got []string
	for i, p := range s.Points() {
		if p.Index != i || p.Key != p.Routing().InstanceKey() || p.Routing().Record.Packets {
			t.Errorf("point %d = %+v", i, p)
		}
		got = append(got, p.Value("n")+" "+p.Routing().Router+" "+p.Routing().Queue.String())
	}
	want := []string{
		"3 valiant priority", "3 valiant fifo", "3 bitonic priority",
		"5 valiant priority", "5 valiant fifo", "5 bitonic priority",
		"7 valiant priority", "7 valiant fifo", "7 bitonic priority",
	}
	if !slices.Equal(got, want) {
		t.Errorf("points = %q\nwant %q", got, want)
	}
	if len(s.Skipped()) != 3 || s.Skipped()[0].Point.Routing().Queue != engine.FIFO {
		t.Errorf("skipped = %v", s.Skipped())
	}
	var units []string
	for _, u := range s.Units() {
		units = append(units, u.String()+":"+string(rune('0'+len(u.Points))))
	}
	if want := []string{"n=3/router=valiant:2", "n=3/router=bitonic:1", "n=5/router=valiant:2",
		"n=5/router=bitonic:1", "n=7/router=valiant:2", "n=7/router=bitonic:1"}; !slices.Equal(units, want) {
		t.Errorf("units = %q, want %q", units, want)
	}
}

func TestWithProfile(t *testing.T) {
	s, err := Parse("x.yaml", []byte(validSpec+`tables: [trials, packets]
packet_trials: 2
profiles:
  paper:
    trials: 5000
    packet_trials: 100
    grid:
      n: {from: 3, to: 6}
  wide:
    grid:
      port: [single, all]
`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.WithProfile("paper")
	if err != nil {
		t.Fatal(err)
	}
	if p.Profile != "paper" || p.Trials != 5000 || p.PacketTrials != 100 || !slices.Equal(p.Grid.Values("n"), []string{"3", "4", "5", "6"}) ||
		!slices.Equal(p.Grid.Values("router"), []string{"ecube", "valiant"}) || len(p.Points()) != 8 {
		t.Errorf("paper = %+v", p)
	}
	if s.Trials != 4 || len(s.Points()) != 4 || s.Profile != "" {
		t.Errorf("WithProfile changed the spec: %+v", s)
	}
	w, err := s.WithProfile("wide")
	if err != nil {
		t.Fatal(err)
	}
	if w.Trials != 4 || len(w.Points()) != 8 {
		t.Errorf("wide = %+v", w)
	}
	if _, err := s.WithProfile("nope"); err == nil || !strings.Contains(err.Error(), "want paper, wide") {
		t.Errorf("unknown profile: %v", err)
	}
	if k, err := s.WithTrials(9); err != nil || k.Trials != 9 || s.Trials != 4 {
		t.Errorf("WithTrials(9) = %+v, %v", k, err)
	}
	if _, err := s.WithTrials(0); err == nil {
		t.Error("WithTrials(0): no error")
	}
}

// TestEmbeddedSpecs checks the shipped experiments: each parses, is named
// after its file, and its paper profile runs thousands of seeds at every
// grid point of the small default, so that a paper figure shows at least
// what the default's shows.
func TestEmbeddedSpecs(t *testing.T) {
	want := []string{"adaptive-baselines", "butterfly-loads", "butterfly-tail", "collectives-bounds", "collectives-scale", "collectives-size",
		"delay-sequences", "detour-existence", "faulty-bitonic", "faulty-valiant", "matching",
		"priority-load", "queue-disciplines", "relations", "replication-loss", "replication-rare", "routing-compare", "valiant-tail"}
	if !slices.Equal(Names(), want) {
		t.Fatalf("Names() = %q, want %q", Names(), want)
	}
	for _, name := range Names() {
		s, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Name != name || s.Description == "" || s.File != "experiments/"+name+".yaml" {
			t.Errorf("%s: name %q, file %q, description %q", name, s.Name, s.File, s.Description)
		}
		if s.once() {
			continue // one run per point, no trials
		}
		p, err := s.WithProfile("paper")
		if err != nil {
			t.Fatal(err)
		}
		if p.Trials < 1000 || p.Trials < 10*s.Trials {
			t.Errorf("%s: paper profile runs %d trials per point, default %d", name, p.Trials, s.Trials)
		}
		paper := make(map[string]bool)
		for _, q := range p.Points() {
			paper[q.String()] = true
		}
		for _, q := range s.Points() {
			if !paper[q.String()] {
				t.Errorf("%s: the paper profile leaves out the default's point %s", name, q)
			}
		}
	}
	for name, table := range map[string]string{"valiant-tail": TablePackets, "priority-load": TableLoads, "delay-sequences": TableDelaySeq,
		"replication-loss": TableMessages, "butterfly-loads": TableLoadCounts} {
		s, _ := Lookup(name)
		if !slices.Contains(s.Tables, table) {
			t.Errorf("%s records %v, want %s too", name, s.Tables, table)
		}
	}
	if _, err := Lookup("../spec_test"); err == nil {
		t.Error("Lookup of a path: no error")
	}
}

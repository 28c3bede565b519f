package routers

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

var updateSim = flag.Bool("update", false, "rewrite testdata/simulate/*.txt from the code under test")

// simCase is a regression instance of the simulation: its description, the
// instance and the model.
type simCase struct {
	about string
	in    simInstance
	m     simModel
}

// render runs c and writes it as its testdata file: the instance, the
// model, the outcome, and the traces of the intact and the faulty run
// (step, packet, from, to, priority per send).
func (c simCase) render() (string, error) {
	out, err := c.in.run(c.m)
	if err != nil {
		return "", err
	}
	f := c.in.y.Faults
	empty, _ := faults.New(f.N)
	intact, err := simInstance{faults.NewSystem(empty), c.in.dst, c.in.via}.run(c.m)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\nn %d\ndetours%s", c.about, f.N, c.in.detours())
	fmt.Fprintf(&b, "\ndst%s\nvia%s\n", nums(c.in.dst), nums(c.in.via))
	fmt.Fprintf(&b, "model %s\n", c.m)
	fmt.Fprintf(&b, "T %d\nT_intact %d\nd %d\nlockstep %v\nbroken %d %d\n",
		out.res.T, out.tIntact, out.d, out.lockstep, out.broken, out.brokenAt)
	for _, run := range []struct {
		name  string
		trace []engine.Send
	}{{"intact", intact.res.Trace}, {"faulty", out.res.Trace}} {
		fmt.Fprintf(&b, "trace %s: step packet from to prio\n", run.name)
		for _, s := range run.trace {
			fmt.Fprintf(&b, "%d %d %d %d %d\n", s.T, s.Packet, s.From, s.To, s.Prio)
		}
	}
	return b.String(), nil
}

// detours lists the failed edges and their detours as v-d-i.
func (in simInstance) detours() string {
	s := ""
	in.y.Faults.Each(func(v uint32, d int) {
		u, _ := in.y.Detour(v, d)
		s += fmt.Sprintf(" %d-%d-%d", v, d, u.I)
	})
	return s
}

func nums(xs []uint32) string {
	if xs == nil {
		return " -"
	}
	s := ""
	for _, x := range xs {
		s += " " + strconv.Itoa(int(x))
	}
	return s
}

// simCases are the smallest instances the search (TestSearch with
// -search) found that break a relation, and the thesis' model on the
// smallest of them, where it holds. Q_3 with the failed edges 0→1 and 3→1,
// both detoured over 5→1 (d = 3), and e-cube routing 0→3, 1→0, 3→1 is the
// smallest instance on which lockstep breaks: packets 0 (for 3, over 1)
// and 3 (for 1) meet at 5 in the same sub-step.
var simCases = []struct {
	file, about string
	n           int
	detours     [][3]int // v, d, i
	dst, via    []uint32
	m           simModel
}{
	{"q2-thesis", "the thesis' model: lockstep, 𝒯 = d·(T−1)+1 = 4 < d·T = 6", 2, [][3]int{{0, 1, 2}},
		[]uint32{1, 0, 2, 3}, nil, simModel{edge: true, queue: true}},
	{"q3-thesis", "the thesis' model on the instance below: lockstep, 𝒯 = d·(T−1)+1 = 10", 3, [][3]int{{0, 1, 3}, {3, 2, 3}},
		[]uint32{3, 0, 2, 1, 4, 5, 6, 7}, nil, simModel{edge: true, queue: true}},
	{"q3-queue-fifo", "FIFO at 5 sends packet 0 before packet 3 (a tie by id), which is first at 1 by priority: lockstep breaks, 𝒯 = 7 ≤ d·(T−1) = 9", 3, [][3]int{{0, 1, 3}, {3, 2, 3}},
		[]uint32{3, 0, 2, 1, 4, 5, 6, 7}, nil, simModel{edge: true, queue: true, fifo: true}},
	{"q3-arrival-priority", "arrival rule: packet 3, done at 1 and so not in 1's queue on the intact cube, goes first at 5 with its delivery priority 0: 𝒯 = 7 > d·T = 6", 3, [][3]int{{0, 1, 3}, {3, 2, 3}},
		[]uint32{3, 0, 2, 1, 4, 5, 6, 7}, nil, simModel{edge: true}},
	{"q3-arrival-priority-node", "the same under the node-confluent queues: 𝒯 = 7 > d·T = 6", 3, [][3]int{{0, 1, 3}, {3, 2, 3}},
		[]uint32{3, 0, 2, 1, 4, 5, 6, 7}, nil, simModel{}},
	{"q3-arrival-fifo-late", "arrival rule, FIFO at 5 sends packet 0 first (a tie by id): every send of every packet keeps its schedule, but packet 3 arrives at 6, after d·1 = 3: lockstep breaks by the arrival alone, 𝒯 = 6 = d·T", 3, [][3]int{{0, 1, 3}, {3, 2, 3}},
		[]uint32{3, 0, 2, 1, 4, 5, 6, 7}, nil, simModel{edge: true, fifo: true}},
	{"q3-arrival-fifo", "arrival rule, FIFO: 𝒯 = 7 > d·T = 6", 3, [][3]int{{0, 2, 3}, {3, 1, 3}},
		[]uint32{2, 1, 3, 0, 4, 5, 6, 7}, nil, simModel{edge: true, fifo: true}},
	{"q3-queue-fifo-above", "queue rule, FIFO, Valiant: 𝒯 = 19 > d·T = 18", 3, [][3]int{{1, 3, 1}, {5, 2, 3}, {6, 1, 3}},
		[]uint32{7, 1, 0, 3, 4, 6, 2, 5}, []uint32{3, 0, 1, 2, 4, 7, 5, 3}, simModel{edge: true, queue: true, fifo: true}},
	{"q3-arrival-priority-low", "arrival rule, Valiant: 𝒯 = 15 = d·(T−1)", 3, [][3]int{{0, 2, 1}, {2, 1, 3}, {3, 3, 1}, {4, 1, 3}, {5, 2, 1}, {6, 3, 1}, {7, 2, 3}},
		[]uint32{7, 2, 0, 3, 5, 6, 4, 1}, []uint32{4, 5, 3, 5, 7, 0, 6, 2}, simModel{edge: true}},
}

// TestRegressions reruns simCases: outcome and traces must be as recorded
// in testdata/simulate (-update rewrites them).
func TestRegressions(t *testing.T) {
	for _, c := range simCases {
		f, _ := faults.New(c.n)
		y := faults.NewSystem(f)
		for _, u := range c.detours {
			f.Fail(uint32(u[0]), u[1])
			y.Choose(uint32(u[0]), u[1], u[2])
		}
		got, err := simCase{c.about, simInstance{y, c.dst, c.via}, c.m}.render()
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		file := filepath.Join("testdata", "simulate", c.file+".txt")
		if *updateSim {
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s: outcome or trace changed:\n%s", file, firstDiff(string(want), got))
		}
	}
}

// firstDiff shows the first line in which want and got differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, w[i], g[i])
		}
	}
	return fmt.Sprintf("want %d lines, got %d", len(w), len(g))
}

package routers

import (
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestSupports checks that every router refuses the configurations it
// does not run, bitonic above all: it has no queues, so it must not write
// rows labelled all-port, FIFO or μ = 2.
func TestSupports(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string // "" if supported
	}{
		{Config{Router: "bitonic", Port: AllPort, Mu: 1}, "port=all only with failed edges"},
		{Config{Router: "bitonic", Queue: engine.FIFO, Mu: 1}, "bitonic runs queue=priority, not queue=fifo"},
		{Config{Router: "bitonic", Mu: 2}, "bitonic routes permutations: needs mu=1, not mu=2"},
		{Config{Router: "bitonic", Mu: 1}, ""},
		{Config{Router: "valiant", Port: AllPort, Queue: engine.Farthest, Mu: 4}, ""},
		{Config{Router: "ecube", Port: AllPort, Queue: engine.Random, Mu: 3}, ""},
	} {
		c.cfg.N, c.cfg.Pattern = 4, "random"
		err := c.cfg.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: %v, want it supported", c.cfg, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: error %v, want %q", c.cfg, err, c.want)
		}
	}
	if _, err := Lookup("butterfly"); err == nil || !strings.Contains(err.Error(), "want ecube, valiant, bitonic") {
		t.Errorf("unknown router: error %v", err)
	}
}

// TestRegistry checks what every registered router declares: a name, a
// doc line, a priority range above n, and the port models and disciplines
// it runs, of which it routes a small instance under each.
func TestRegistry(t *testing.T) {
	for _, k := range Registry {
		if k.Name == "" || k.Doc == "" || k.New == nil || k.Prios(5) <= 5 || len(k.Ports) == 0 || len(k.Disciplines) == 0 {
			t.Errorf("%s: incomplete registry entry", k.Name)
			continue
		}
		for _, port := range k.Ports {
			for _, q := range k.Disciplines {
				cfg := Config{Router: k.Name, Port: port, Queue: q, N: 5, Pattern: "random", Mu: 1,
					Record: engine.Record{Packets: true}}
				var s Sim
				res, err := s.Trial(cfg, testRand(1))
				if err != nil {
					t.Errorf("%s %v %v: %v", k.Name, port, q, err)
					continue
				}
				for id, a := range res.Arrival {
					if a < 0 {
						t.Errorf("%s %v %v: packet %d not delivered", k.Name, port, q, id)
					}
				}
			}
		}
	}
}

// TestMeasures checks that a router's measure is reported where it is set
// and only there.
func TestMeasures(t *testing.T) {
	saved := Measures
	defer func() { Measures = saved }()
	Measures = append(slices.Clip(saved), Measure{Name: "test_a", Type: Int}, Measure{Name: "test_b", Type: Bool})
	r, err := newResult(&engine.Result{T: 7}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Set("test_b", 1)
	a, aok := r.Measured(len(saved))
	b, bok := r.Measured(len(saved) + 1)
	if aok || !bok || b != 1 || r.T != 7 {
		t.Errorf("test_a %v %v, test_b %v %v, T %d; want test_a unset, test_b 1", a, aok, b, bok, r.T)
	}
}

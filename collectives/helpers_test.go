package collectives

import (
	"testing"

	"github.com/hyperroute/hyperroute/topology"
)

// configs returns every valid configuration of every algorithm on the
// sizes ps, every port model, model and start-up rule, with uneven costs
// (t_s = 7, t_w = 3, t_h = 2, m = 5) so that no term hides another.
func configs(ps []int) []Config {
	var cs []Config
	for _, a := range Registry {
		for _, k := range a.Topologies {
			for _, p := range ps {
				for _, port := range a.Ports {
					for _, m := range a.Models {
						for _, st := range []Startup{PerMessage, PerHop} {
							c := Config{Op: a.Op, Algo: a.Name, Topology: k, P: p, Port: port, Model: m, Startup: st,
								M: 5, Ts: 7, Tw: 3, Th: 2, Shift: max(1, p/3), Seed: uint64(p)}
							if a.Pieces {
								c.M = 720720 // lcm(1 … 16): pieces of whole words
							}
							if m == CT && st == PerHop {
								continue // cut-through has one start-up per message
							}
							if c.Validate() == nil {
								cs = append(cs, c)
							}
						}
					}
				}
			}
		}
	}
	return cs
}

// upTo returns 2 … n.
func upTo(n int) []int {
	var ps []int
	for p := 2; p <= n; p++ {
		ps = append(ps, p)
	}
	return ps
}

// run runs c and fails the test on an error.
func run(t *testing.T, c Config) Result {
	t.Helper()
	r, err := Run(c)
	if err != nil {
		t.Fatalf("%s: %v", describe(c), err)
	}
	return r
}

func describe(c Config) string {
	net, _ := topology.New(c.Topology, c.P)
	return c.Op.String() + " " + c.Algo + " on " + net.String() + " " + c.Port.String() + "-port " + c.Model.String() + " start-up per " + c.Startup.String()
}

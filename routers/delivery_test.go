package routers

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestIntactDelivery: on the intact cube e-cube and Valiant routing honour
// both delivery rules, and each is the rule under which the simulation of
// Ch. III.2 times its intact run (T_intact): for random μ-bounded requests
// on Q_3 … Q_6 the intact run's T under a rule is the simulation's T_intact
// under it, the arrival rule by the fused step, the queue rule by the
// general step. Under the queue rule every packet is delivered once, by one
// send within its destination, after the hops of its route, and T is at
// least the arrival rule's.
func TestIntactDelivery(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 2))
	var sim simulation
	var w waypoints
	var e engine.Engine
	runs := 0
	for n := 3; n <= 6; n++ {
		for _, mu := range []int{1, 2} {
			for _, valiant := range []bool{false, true} {
				for range 6 {
					in := randomRequest(n, mu, 2, valiant, rng)
					router := "ecube"
					if valiant {
						router = "valiant"
					}
					d := &Drawn{Via: in.via}
					d.Req.N, d.Req.Mu, d.Req.Dst = n, mu, in.dst
					var tArrival int
					for _, rule := range []string{"arrival", "queue"} {
						out, err := sim.simulate(&e, in.legs(), in.y, true, rule == "queue", false, 2*n+1)
						if err != nil {
							t.Fatal(err)
						}
						c := with(Config{Router: router, Port: SinglePort, Queue: engine.Priority, N: n, Mu: mu, Pattern: "random"}, delivery, rule)
						e = engine.Engine{Record: engine.Record{Arrivals: true}}
						fused := e.Fused(&waypoints{Legs: in.legs(), port: SinglePort, queue: rule == "queue"})
						res, err := w.Route(&e, d, c)
						if err != nil {
							t.Fatal(err)
						}
						runs++
						var route int64
						for id, dst := range in.dst {
							via := dst
							if valiant {
								via = in.via[id]
							}
							src := uint32(id / mu)
							route += int64(bits.OnesCount32(src^via) + bits.OnesCount32(via^dst))
						}
						moved, _ := res.Measured(2)
						switch {
						case res.T != out.tIntact:
							t.Fatalf("%s n=%d μ=%d %s: T = %d, the simulation's T_intact %d", router, n, mu, rule, res.T, out.tIntact)
						case fused != (rule == "arrival"):
							t.Fatalf("%s %s: fused step %v", router, rule, fused)
						case rule == "queue" && (res.Hops != route+int64(len(in.dst)) || int64(moved) != route || res.T < tArrival):
							t.Fatalf("%s n=%d %s: %d hops, %v moved, routes %d; T %d, arrival rule %d", router, n, rule, res.Hops, moved, route, res.T, tArrival)
						case rule == "arrival" && (res.Hops != route || int64(moved) != route):
							t.Fatalf("%s n=%d %s: %d hops, routes %d", router, n, rule, res.Hops, route)
						}
						for id, a := range res.Arrival {
							if a <= 0 && (rule == "queue" || uint32(id/mu) != in.dst[id]) {
								t.Fatalf("%s %s: packet %d arrives at %d", router, rule, id, a)
							}
						}
						tArrival = res.T
					}
				}
			}
		}
	}
	if runs != 4*2*2*6*2 {
		t.Fatalf("%d runs", runs)
	}
	c := with(Config{Router: "valiant", Port: AllPort, Queue: engine.Priority, N: 4, Mu: 1, Pattern: "random"}, delivery, "queue")
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "single-port only") {
		t.Errorf("all-port, delivery queue: %v", err)
	}
}

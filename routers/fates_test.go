package routers

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

// TestFatesMatchSimulation draws random instances on faulty cubes and
// checks that a clockless trial (Fates) gives what the step simulation of
// the same instance gives: per message the copies that reached y and z
// (disjoint), and per trial the messages, lost, lost1, moved, hops, dropped
// and held. Disjoint at n = 2 … 6 and 8 with pieces m = 1 … n in steps of
// max(1, n/3), sequential
// and pipelined, full and trimmed routes; valiant and ecube single- and
// all-port; q from 0.02 to 0.4, so that both phases lose copies.
func TestFatesMatchSimulation(t *testing.T) {
	var cfgs []Config
	for _, n := range []int{2, 3, 4, 5, 6, 8} {
		for _, q := range []float64{0.02, 0.15, 0.4} {
			for m := 1; m <= n; m += max(1, n/3) {
				for _, pipe := range []bool{false, true} {
					for _, cut := range []bool{false, true} {
						cfgs = append(cfgs, with(Config{Router: "disjoint", N: n, Q: q}, pieces, m, pipelined, pipe, trim, cut))
					}
				}
			}
			for _, r := range []string{"valiant", "ecube"} {
				for _, p := range []Port{SinglePort, AllPort} {
					cfgs = append(cfgs, Config{Router: r, Port: p, N: n, Q: q})
				}
			}
		}
	}
	var s, clockless Sim
	measures := []string{"messages", "lost", "lost1", "moved"}
	for _, c := range cfgs {
		c.Pattern, c.Mu, c.Record = "random", 1, recordPackets
		for seed := range uint64(4) {
			name := fmt.Sprintf("%s n=%d q=%v m=%s pipelined=%v trim=%v port=%v seed=%d", c.Router, c.N, c.Q, pieces.Get(c), pipelined.Get(c), trim.Get(c), c.Port, seed)
			sim, err := s.Trial(c, testRand(seed))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			cc := c
			cc.Clockless = true
			got, err := clockless.Trial(cc, testRand(seed))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got.Hops != sim.Hops || got.Dropped != sim.Dropped || got.Held != sim.Held {
				t.Errorf("%s: hops, dropped, held %d %d %d without the clock, %d %d %d simulated", name,
					got.Hops, got.Dropped, got.Held, sim.Hops, sim.Dropped, sim.Held)
			}
			for _, m := range measures {
				i := slices.IndexFunc(Measures, func(x Measure) bool { return x.Name == m })
				a, aok := got.Measured(i)
				b, bok := sim.Measured(i)
				if aok != bok || aok && a != b && !(math.IsNaN(a) && math.IsNaN(b)) {
					t.Errorf("%s: %s %v (%v) without the clock, %v (%v) simulated", name, m, a, aok, b, bok)
				}
			}
			if got.Arrival != nil {
				for i, a := range sim.Arrival {
					if (a >= 0) != (got.Arrival[i] == 0) || got.Arrival[i] != 0 && got.Arrival[i] != -1 {
						t.Fatalf("%s: packet %d arrives at %d simulated, %d without the clock", name, i, a, got.Arrival[i])
					}
				}
			} else if c.Router != "disjoint" {
				t.Errorf("%s: no arrivals without the clock", name)
			}
			if !slices.Equal(got.Copies, sim.Copies) {
				t.Errorf("%s: copies per message\n%v without the clock,\n%v simulated", name, got.Copies, sim.Copies)
			}
		}
	}
}

// TestFatesRefuse checks that Fates and a clockless configuration refuse
// the routers whose routes are not fixed in advance, and routes over
// detours.
func TestFatesRefuse(t *testing.T) {
	for _, c := range []Config{
		{Router: "adaptive-ecube", Pattern: "random", Mu: 1, N: 3, Q: 0.1},
		{Router: "valiant", Pattern: "random", Mu: 1, N: 3, Q: 0.1, Detours: "heuristic"},
		{Router: "disjoint", Pattern: "random", Mu: 1, N: 3, Q: 0.1, Record: engine.Record{Loads: true}},
		{Router: "valiant", Pattern: "random", Mu: 1, N: 3, Q: 0.1, Record: engine.Record{Trace: true}},
	} {
		if _, err := Fates(&Drawn{}, c); err == nil {
			t.Errorf("%+v: Fates accepted it", c)
		}
		if c.Clockless = true; c.Validate() == nil {
			t.Errorf("%+v: Validate accepted it", c)
		}
		if c.Clockless = false; c.Validate() != nil {
			t.Errorf("%+v: Validate refused it with the clock: %v", c, c.Validate())
		}
	}
}

// TestEdgesMatchFates checks the edges that PhaseEdges and ValiantEdges
// give a message against Fates on random faulty instances: per message of
// disjoint, the copies whose edges are all intact are those that reached y
// (and, if y forwarded, z); for valiant, the packets with a failed edge on
// their way are the packets lost.
func TestEdgesMatchFates(t *testing.T) {
	intact := func(f *faults.Set, paths [][]uint64) (n int) {
		for _, p := range paths {
			if !slices.ContainsFunc(p, func(e uint64) bool { return f.FailedDim(uint32(e/uint64(f.N)), int(e%uint64(f.N))+1) }) {
				n++
			}
		}
		return n
	}
	var s Sim
	for n := 2; n <= 7; n++ {
		for seed := range uint64(3) {
			c := with(Config{Router: "disjoint", Pattern: "random", Mu: 1, N: n, Q: 0.1, Record: recordPackets}, pieces, 1+int(seed)%n)
			if err := s.Draw(c, testRand(seed)); err != nil {
				t.Fatal(err)
			}
			res, err := Fates(&s.Drawn, c)
			if err != nil {
				t.Fatal(err)
			}
			var paths [][]uint64
			for m, cp := range res.Copies {
				y, z := s.Via[m], s.Req.Dst[m]
				paths = PhaseEdges(n, uint32(m), y, paths)
				atVia, atDst := intact(&s.Faults, paths), 0
				if atVia >= pieces.Int(c) {
					paths = PhaseEdges(n, y, z, paths)
					atDst = intact(&s.Faults, paths)
				}
				if int(cp.AtVia) != atVia || int(cp.AtDst) != atDst {
					t.Errorf("n=%d seed=%d, message %d→%d→%d: edges give %d, %d copies, Fates %+v", n, seed, m, y, z, atVia, atDst, cp)
				}
			}
			c = with(c, pieces, 1)
			c.Router = "valiant"
			if err := s.Draw(c, testRand(seed)); err != nil {
				t.Fatal(err)
			}
			if res, err = Fates(&s.Drawn, c); err != nil {
				t.Fatal(err)
			}
			lost := 0
			for p, z := range s.Req.Dst {
				if intact(&s.Faults, [][]uint64{ValiantEdges(n, uint32(p), s.Via[p], z, nil)}) == 0 {
					lost++
				}
			}
			if lost != res.Dropped {
				t.Errorf("n=%d seed=%d: valiant edges lose %d packets, Fates %d", n, seed, lost, res.Dropped)
			}
		}
	}
}

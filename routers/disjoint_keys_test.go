package routers

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
)

// TestDisjointKeys routes disjoint without faults, phases one after the
// other or pipelined, by the engine's fused step (bflyKeys, bothKeys) and
// by the general step (recording packets, which the fused step does not)
// for n = 1 … 12 and 15, full and trimmed routes, one and two pieces, and
// demands the same T, T1,
// T2, packet-hops, cube hops, largest queue, sends per priority and per
// step and arrival time of every copy; and the arrivals, T, T1 and T2 of the
// literal butterfly (bfReference).
func TestDisjointKeys(t *testing.T) {
	ns := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15}
	for i, n := range ns {
		for _, cut := range []bool{false, true} {
			for _, m := range []int{1, 2} {
				for _, pip := range []bool{false, true} {
					if m > n || n == 15 && (cut || m > 1) {
						continue
					}
					cfg := with(Config{Router: "disjoint", Pattern: "random", N: n, Mu: 1}, trim, cut, pieces, m, pipelined, pip)
					name := fmt.Sprintf("n=%d/trim=%v/pieces=%d/pipelined=%v", n, cut, m, pip)
					run := func(rec engine.Record) (*Result, *Sim) {
						cfg.Record = rec
						s := new(Sim)
						if err := s.Draw(cfg, testRand(uint64(i))); err != nil {
							t.Fatal(err)
						}
						res, err := s.Route(cfg, nil)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						return res, s
					}
					got, s := run(engine.Record{Arrivals: true, Steps: true})
					want, g := run(engine.Record{Packets: true, Steps: true})
					if !s.eng.Fused(&s.instances["disjoint"].(*disjoint).bf) || g.eng.Fused(&g.instances["disjoint"].(*disjoint).bf) {
						t.Fatalf("%s: not run by the fused step, or the reference run by it", name)
					}
					for _, m := range []string{"T1", "T2", "moved", "lost"} {
						if a, b := measuredFloat(got, m), measuredFloat(want, m); a != b {
							t.Fatalf("%s: %s = %v, general step %v", name, m, a, b)
						}
					}
					if got.T != want.T || got.Hops != want.Hops || got.MaxQueue != want.MaxQueue ||
						!slices.Equal(got.PrioLoads, want.PrioLoads) || !slices.Equal(got.Sends, want.Sends) || !slices.Equal(got.Arrival, want.Arrival) {
						t.Fatalf("%s: fused T=%d hops=%d max queue=%d loads %v; general T=%d hops=%d max queue=%d loads %v (or sends per step or arrivals differ)",
							name, got.T, got.Hops, got.MaxQueue, got.PrioLoads, want.T, want.Hops, want.MaxQueue, want.PrioLoads)
					}
					if n > 10 {
						continue
					}
					ref := bfReference(&s.Req, s.Via, nil, engine.Priority, m, pip, cut)
					if got.T != ref.T || measuredInt(got, "T1") != ref.T1 || measuredInt(got, "T2") != ref.T2 || int(got.Hops) != ref.hops {
						t.Fatalf("%s: T=%d, T1=%d, T2=%d, hops %d; reference %d, %d, %d, %d", name, got.T,
							measuredInt(got, "T1"), measuredInt(got, "T2"), got.Hops, ref.T, ref.T1, ref.T2, ref.hops)
					}
					for id, a := range ref.arrival {
						if int(got.Arrival[id]) != a {
							t.Fatalf("%s: copy %d arrives at %d, reference %d", name, id, got.Arrival[id], a)
						}
					}
				}
			}
		}
	}
}

// TestHopperAll moves random copies of BF_n one hop by hopper.all (on
// amd64 the assembly) and by allGo, some with hops left and some at their
// last hop, and demands the same keys, nodes and count kept.
func TestHopperAll(t *testing.T) {
	rng := testRand(3)
	for _, n := range []uint32{1, 2, 5, 14, 16, MaxDisjointDim} {
		b := &bfly{n: n}
		h := b.hopper()
		for trial := range 50 {
			m := rng.IntN(300)
			keys, at := make([]uint64, m), make([]uint32, m)
			for i := range keys {
				// Hops left: 1 … n+1 below a stop bit, and the id and
				// priority above them.
				left := 1 + rng.IntN(int(n)+1)
				hops := uint64(1)<<left | rng.Uint64()&(1<<left-1)
				keys[i] = rng.Uint64()>>(engine.KeyPrioBits+n+2)<<(n+2) | hops | uint64(rng.IntN(2*int(n)))<<engine.KeyPrioShift
				at[i] = uint32(rng.IntN(int(n) << n))
			}
			gk, ga := slices.Clone(keys), slices.Clone(at)
			kept, gkept := h.all(keys, at), h.allGo(gk, ga)
			if kept != gkept || !slices.Equal(keys[:kept], gk[:kept]) || !slices.Equal(at[:kept], ga[:kept]) {
				t.Fatalf("n=%d trial %d: kept %d, Go %d (or keys or nodes differ)", n, trial, kept, gkept)
			}
		}
	}
}

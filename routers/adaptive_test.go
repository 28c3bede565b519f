package routers

import (
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

var recordTrace = engine.Record{Arrivals: true, Packets: true, Trace: true}

// faultDistances returns the hop distances between all nodes of the faulty
// cube f by Floyd–Warshall over its intact directed edges, −1 for none.
func faultDistances(f *faults.Set) [][]int {
	nodes, inf := 1<<f.N, 1<<30
	dist := make([][]int, nodes)
	for u := range dist {
		dist[u] = make([]int, nodes)
		for w := range dist[u] {
			switch {
			case u == w:
				dist[u][w] = 0
			case bits.OnesCount(uint(u^w)) == 1 && !f.Failed(uint32(u), uint32(w)):
				dist[u][w] = 1
			default:
				dist[u][w] = inf
			}
		}
	}
	for k := range nodes {
		for u := range nodes {
			for w := range nodes {
				dist[u][w] = min(dist[u][w], dist[u][k]+dist[k][w])
			}
		}
	}
	for u := range dist {
		for w := range dist[u] {
			if dist[u][w] == inf {
				dist[u][w] = -1
			}
		}
	}
	return dist
}

// checkAdaptive replays every packet of an adaptive run traced in res on
// its e-cube legs and checks that it left each leg only at a failed edge,
// where it took an intact 3-detour of that edge (reroute=detour) or a path
// as long as the shortest intact one to the edge's far end (shortest), that
// it was lost exactly when there was no such way, that it arrived once at
// its destination otherwise, that no send crossed a failed edge, and that
// no node sent twice in a step (single-port) or twice on one link.
func checkAdaptive(s *Sim, c Config, res *Result) error {
	n, f := c.N, &s.Faults
	if !c.Faulty() {
		f, _ = faults.New(n)
	}
	dist := faultDistances(f)
	np := s.Req.Packets()
	walks := make([][]engine.Send, np)
	type port struct {
		t        int32
		from, to uint32
	}
	used := map[port]bool{}
	for _, h := range res.Trace {
		walks[h.Packet] = append(walks[h.Packet], h)
		if f.Failed(h.From, h.To) {
			return fmt.Errorf("packet %d sent over failed edge %d→%d in step %d", h.Packet, h.From, h.To, h.T)
		}
		k := port{h.T, h.From, h.To}
		if c.Port == SinglePort {
			k.to = 0
		}
		if used[k] {
			return fmt.Errorf("step %d: node %d sends twice (%v)", h.T, h.From, c.Port)
		}
		used[k] = true
	}
	lost := 0
	for id := range np {
		walk, src, dst := walks[id], s.Req.Src(id), s.Req.Dst[id]
		tgt, ph := dst, 1
		if len(s.Via) > 0 {
			tgt, ph = s.Via[id], 0
		}
		at, i, stuck := src, 0, false
		for !stuck {
			if at == tgt {
				if ph == 0 {
					tgt, ph = dst, 1
					continue
				}
				break
			}
			b := bits.TrailingZeros32(at ^ tgt)
			w, prio := at^1<<b, uint8(b+1+ph*n*min(len(s.Via), 1))
			way := 1
			switch {
			case !f.FailedDim(at, b+1):
			case c.reroute() == "shortest":
				way = dist[at][w]
			case f.HasDetour(at, b+1):
				way = 3
			default:
				way = -1
			}
			if way < 0 {
				stuck = true
				break
			}
			if i+way > len(walk) {
				return fmt.Errorf("packet %d at %d: walk %v ends before passing %d→%d (%d hops)", id, at, walk, at, w, way)
			}
			seg := walk[i : i+way]
			for j, h := range seg {
				if h.From != at || bits.OnesCount32(h.From^h.To) != 1 || h.Prio != prio || (j > 0 && h.T <= seg[j-1].T) {
					return fmt.Errorf("packet %d: hop %+v is not the next of its way %d→%d (prio %d)", id, h, at, w, prio)
				}
				at = h.To
			}
			if at != w {
				return fmt.Errorf("packet %d: way %v past %d→%d ends at %d", id, seg, seg[0].From, w, at)
			}
			if way == 3 && seg[0].From^seg[0].To != seg[2].From^seg[2].To {
				return fmt.Errorf("packet %d: %v is no 3-detour", id, seg)
			}
			i += way
		}
		if i != len(walk) {
			return fmt.Errorf("packet %d: %d hops beyond its route: %v", id, len(walk)-i, walk[i:])
		}
		switch arr := res.Arrival[id]; {
		case stuck:
			lost++
			if arr != -1 {
				return fmt.Errorf("packet %d has no way on at %d but arrived at %d", id, at, arr)
			}
		case len(walk) == 0:
			if arr != 0 {
				return fmt.Errorf("packet %d at its destination arrives at %d", id, arr)
			}
		case arr != walk[len(walk)-1].T+1:
			return fmt.Errorf("packet %d: arrival %d, last hop in step %d", id, arr, walk[len(walk)-1].T)
		}
	}
	if v, _ := res.Measured(measureIndex("lost")); int(v) != lost || res.Dropped+res.Held != lost {
		return fmt.Errorf("lost = %v, dropped + held = %d + %d, replay finds %d", v, res.Dropped, res.Held, lost)
	}
	return nil
}

func measureIndex(name string) int {
	return slices.IndexFunc(Measures, func(m Measure) bool { return m.Name == name })
}

// faultSets returns every set of at most two failed directed edges of Q_n.
func faultSets(n int) []*faults.Set {
	edges := n << n
	var sets []*faults.Set
	for a := -1; a < edges; a++ {
		for b := a; b < edges; b++ {
			if b == a && a >= 0 {
				continue
			}
			f, _ := faults.New(n)
			for _, e := range []int{a, b} {
				if e >= 0 {
					f.Fail(uint32(e/n), e%n+1)
				}
			}
			sets = append(sets, f)
		}
	}
	return sets
}

// TestAdaptiveExhaustive routes every permutation of Q_2 and a few of Q_3
// on every cube with at most two failed edges, by both routers, both
// reroute rules and both port models, and replays every packet.
func TestAdaptiveExhaustive(t *testing.T) {
	for _, n := range []int{2, 3} {
		var perms [][]uint32
		if n == 2 {
			permutations(4, func(p []uint32) { perms = append(perms, slices.Clone(p)) })
		} else {
			for seed := range uint64(4) {
				p := make([]uint32, 8)
				for i, v := range testRand(seed).Perm(8) {
					p[i] = uint32(v)
				}
				perms = append(perms, p)
			}
		}
		lost := 0
		for _, f := range faultSets(n) {
			for _, router := range []string{"adaptive", "adaptive-valiant"} {
				for _, reroute := range rerouteNames {
					for _, port := range []Port{SinglePort, AllPort} {
						c := Config{Router: router, Reroute: reroute, Port: port, Pattern: "random", N: n, Mu: 1, FaultList: f, Record: recordTrace}
						if err := c.Validate(); err != nil {
							t.Fatal(err)
						}
						for pi, perm := range perms {
							var s Sim
							rng := testRand(uint64(pi))
							if err := s.Draw(c, rng); err != nil {
								t.Fatal(err)
							}
							copy(s.Req.Dst, perm)
							res, err := s.Route(c, rng)
							if err != nil {
								t.Fatalf("n=%d %s %s %v faults %v perm %v: %v", n, router, reroute, port, f, perm, err)
							}
							if err := checkAdaptive(&s, c, res); err != nil {
								t.Fatalf("n=%d %s %s %v faults %v perm %v via %v: %v", n, router, reroute, port, f, perm, s.Via, err)
							}
							lost += res.Dropped + res.Held
						}
					}
				}
			}
		}
		// Two failed edges out of one node of Q_2 strand its packets, so
		// the check of lost packets has something to check; in Q_3 a second
		// failed edge breaks at most one of the two detours of the first,
		// so nothing is lost.
		if (n == 2) != (lost > 0) {
			t.Errorf("n=%d: %d packets lost", n, lost)
		}
	}
}

// TestAdaptiveIntactIsOblivious: on an intact cube adaptive routes as
// ecube and adaptive-valiant as valiant, hop for hop.
func TestAdaptiveIntactIsOblivious(t *testing.T) {
	pairs := [][2]string{{"adaptive", "ecube"}, {"adaptive-valiant", "valiant"}}
	for _, pair := range pairs {
		for _, port := range []Port{SinglePort, AllPort} {
			for _, q := range []engine.Discipline{engine.Priority, engine.FIFO} {
				for seed := range uint64(5) {
					var got, want *Result
					for i, router := range pair {
						c := Config{Router: router, Port: port, Queue: q, Pattern: "random", N: 7, Mu: 2, Record: engine.Record{Arrivals: true, Packets: true}}
						var s Sim
						res, err := s.Trial(c, testRand(seed))
						if err != nil {
							t.Fatal(err)
						}
						if i == 0 {
							got = res
						} else {
							want = res
						}
					}
					name := fmt.Sprintf("%s/%v/%v/seed=%d", pair[0], port, q, seed)
					if got.T != want.T || got.Hops != want.Hops || got.MaxQueue != want.MaxQueue ||
						!slices.Equal(got.Arrival, want.Arrival) || !slices.Equal(got.PacketHops, want.PacketHops) {
						t.Errorf("%s: T %d hops %d max queue %d, %s: T %d hops %d max queue %d (or arrivals differ)",
							name, got.T, got.Hops, got.MaxQueue, pair[1], want.T, want.Hops, want.MaxQueue)
					}
				}
			}
		}
	}
}

// TestAdaptiveRandomFaults replays adaptive runs on random faulty cubes of
// Q_5 and Q_6, up to q where packets get stranded.
func TestAdaptiveRandomFaults(t *testing.T) {
	for _, router := range []string{"adaptive", "adaptive-valiant"} {
		for _, reroute := range rerouteNames {
			for _, q := range []float64{0.05, 0.2, 0.5} {
				for _, n := range []int{5, 6} {
					for seed := range uint64(4) {
						c := Config{Router: router, Reroute: reroute, Pattern: "random", N: n, Mu: 1, Q: q, Record: recordTrace}
						var s Sim
						res, err := s.Trial(c, testRand(seed))
						if err != nil {
							t.Fatalf("%s %s q=%v n=%d seed %d: %v", router, reroute, q, n, seed, err)
						}
						if err := checkAdaptive(&s, c, res); err != nil {
							t.Fatalf("%s %s q=%v n=%d seed %d: %v", router, reroute, q, n, seed, err)
						}
					}
				}
			}
		}
	}
}

// TestAdaptiveReproducible: one seed gives one run, random detours and all.
func TestAdaptiveReproducible(t *testing.T) {
	for _, reroute := range rerouteNames {
		c := Config{Router: "adaptive-valiant", Reroute: reroute, Pattern: "random", N: 8, Mu: 1, Q: 0.1, Record: engine.Record{Arrivals: true}}
		var s, u Sim
		a, err := s.Trial(c, testRand(3))
		if err != nil {
			t.Fatal(err)
		}
		b, err := u.Trial(c, testRand(3))
		if err != nil {
			t.Fatal(err)
		}
		if a.T != b.T || a.Hops != b.Hops || !slices.Equal(a.Arrival, b.Arrival) {
			t.Errorf("%s: two runs of one seed differ: T %d, %d; hops %d, %d", reroute, a.T, b.T, a.Hops, b.Hops)
		}
	}
}

// BenchmarkAdaptive routes random permutations on cubes with q = 0.05 by
// adaptive-valiant, including the per-trial search for the ways past the
// failed edges.
func BenchmarkAdaptive(b *testing.B) {
	for _, reroute := range rerouteNames {
		for _, n := range []int{10, 14} {
			b.Run(fmt.Sprintf("%s/n=%d", reroute, n), func(b *testing.B) {
				benchRoute(b, Config{Router: "adaptive-valiant", Reroute: reroute, Pattern: "random", N: n, Mu: 1, Q: 0.05})
			})
		}
	}
}

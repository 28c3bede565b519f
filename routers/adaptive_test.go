package routers

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/faults/faultstest"
	"github.com/hyperroute/hyperroute/hypercube"
)

// distance is the length of a shortest path from s to z over the intact
// edges of f, −1 if there is none (a plain breadth-first search).
func distance(f *faults.Set, s, z uint32) int {
	dist := make([]int, 1<<f.N)
	for i := range dist {
		dist[i] = -1
	}
	dist[s] = 0
	queue := []uint32{s}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for d := 1; d <= f.N; d++ {
			if w := hypercube.Neighbor(u, d); dist[w] < 0 && !f.FailedDim(u, d) {
				dist[w] = dist[u] + 1
				queue = append(queue, w)
			}
		}
	}
	return dist[z]
}

// checkAdaptiveRun verifies a run of an adaptive router recorded with
// Packets and Trace on the faulty cube f: no send over a failed edge, none
// that is not a cube edge or not from where the packet is, at most one
// send per node (single-port) or per link (all-port) per step; every
// packet follows its e-cube legs, going around each failed edge on them by
// an intact 3-detour U^i (reroute detour) or by a path as long as the
// shortest intact one (reroute shortest), and is delivered exactly once,
// or is lost exactly where the next edge has failed and has no such way
// around; T, hops, lost and rerouted agree with the trace.
func checkAdaptiveRun(req *hypercube.Request, via []uint32, f *faults.Set, c Config, res *Result) error {
	np := req.Packets()
	seq := make([][]uint32, np)
	last := make([]int32, np)
	for id := range np {
		seq[id], last[id] = []uint32{req.Src(id)}, -1
	}
	type use struct {
		t    int32
		from uint32
		dim  int
	}
	used := map[use]bool{}
	for _, s := range res.Trace {
		p := s.Packet
		if bits.OnesCount32(s.From^s.To) != 1 {
			return fmt.Errorf("step %d: packet %d sent %d→%d, not a cube edge", s.T, p, s.From, s.To)
		}
		if f.Failed(s.From, s.To) {
			return fmt.Errorf("step %d: packet %d sent over the failed edge %d→%d", s.T, p, s.From, s.To)
		}
		if at := seq[p][len(seq[p])-1]; at != s.From || s.T <= last[p] {
			return fmt.Errorf("step %d: packet %d sent from %d, but it is at %d since step %d", s.T, p, s.From, at, last[p])
		}
		u := use{s.T, s.From, 0}
		if c.Port == AllPort {
			u.dim = bits.TrailingZeros32(s.From^s.To) + 1
		}
		if used[u] {
			return fmt.Errorf("step %d: node %d sends twice (%v)", s.T, s.From, c.Port)
		}
		used[u] = true
		seq[p] = append(seq[p], s.To)
		last[p] = s.T
	}
	var lost, rerouted, T, base, hops int
	for id := range np {
		legs := []uint32{req.Dst[id]}
		if via != nil {
			legs = []uint32{via[id], req.Dst[id]}
		}
		if res.Arrival[id] >= 0 {
			base += bits.OnesCount32(req.Src(id)^legs[0]) + bits.OnesCount32(legs[0]^req.Dst[id])
			hops += len(seq[id]) - 1
		}
		gone, around, err := followLegs(seq[id], legs, f, reroute.Get(c))
		if err != nil {
			return fmt.Errorf("packet %d (route %v, legs %v): %w", id, seq[id], legs, err)
		}
		arrival := last[id] + 1
		if gone {
			lost++
			arrival = -1
		}
		if around {
			rerouted++
		}
		if res.Arrival[id] != arrival {
			return fmt.Errorf("packet %d: arrival %d, trace says %d", id, res.Arrival[id], arrival)
		}
		if int(res.PacketHops[id]) != len(seq[id])-1 {
			return fmt.Errorf("packet %d: %d hops, trace says %d", id, res.PacketHops[id], len(seq[id])-1)
		}
		if !gone {
			T = max(T, int(arrival))
		}
	}
	if res.T != T || res.Hops != int64(len(res.Trace)) {
		return fmt.Errorf("T %d, hops %d; trace says %d, %d", res.T, res.Hops, T, len(res.Trace))
	}
	if l := measuredInt(res, "lost"); l != lost || res.Dropped+res.Held != lost {
		return fmt.Errorf("lost %d, dropped %d + held %d; trace says %d", l, res.Dropped, res.Held, lost)
	}
	if r := measuredInt(res, "rerouted"); r != rerouted {
		return fmt.Errorf("rerouted %d, trace says %d", r, rerouted)
	}
	if s, ok := measured(res, "stretch"); base > 0 && (!ok || s != float64(hops)/float64(base)) || base == 0 && ok {
		return fmt.Errorf("stretch %v (reported %v), trace says %d/%d", s, ok, hops, base)
	}
	return nil
}

// followLegs checks that the nodes seq a packet visited follow e-cube
// along legs on f, around each failed edge as reroute says, and reports
// whether the packet was lost and whether it went around a failed edge.
func followLegs(seq []uint32, legs []uint32, f *faults.Set, reroute string) (lost, around bool, err error) {
	i := 0
	for _, w := range legs {
		for pos := seq[i]; pos != w; pos = seq[i] {
			d := bits.TrailingZeros32(pos^w) + 1
			next := hypercube.Neighbor(pos, d)
			l := 1
			if f.FailedDim(pos, d) {
				if reroute == "detour" && f.HasDetour(pos, d) {
					l = 3
				} else if reroute == "shortest" {
					l = distance(f, pos, next)
				} else {
					l = -1
				}
				if l < 0 {
					if i != len(seq)-1 {
						return false, false, fmt.Errorf("moved on from %d, whose edge in dimension %d has no way around", pos, d)
					}
					return true, around, nil
				}
				around = true
			}
			if i+l >= len(seq) || seq[i+l] != next {
				return false, false, fmt.Errorf("from %d not in %d hops to %d", pos, l, next)
			}
			if l == 3 && reroute == "detour" && seq[i+1]^seq[i+2] != pos^next {
				return false, false, fmt.Errorf("%d → %d is no 3-detour", pos, next)
			}
			i += l
		}
	}
	if i != len(seq)-1 {
		return false, false, fmt.Errorf("went on past its destination")
	}
	return false, around, nil
}

// TestAdaptiveExhaustive routes both adaptive routers, both reroutes, both
// port models and two disciplines on Q_2 and Q_3 under every set of at most
// two failed edges, several random permutations each, and checks every run
// (checkAdaptiveRun).
func TestAdaptiveExhaustive(t *testing.T) {
	var sim Sim
	sets, routed := 0, map[string]int{}
	for n := 2; n <= 3; n++ {
		faultstest.EachSet(n, 2, func(f *faults.Set) {
			sets++
			for _, router := range []string{"adaptive-ecube", "adaptive-valiant"} {
				for _, how := range Reroutes {
					for _, port := range []Port{SinglePort, AllPort} {
						for _, disc := range []engine.Discipline{engine.Priority, engine.FIFO} {
							for seed := range uint64(3) {
								c := with(Config{Router: router, Pattern: "random", N: n, Mu: 1, Port: port, Queue: disc,
									Record: engine.Record{Packets: true, Trace: true}}, reroute, how)
								if f.Count() > 0 {
									c.FaultList = faults.ListOf(f)
								}
								res, err := sim.Trial(c, testRand(seed))
								if err != nil {
									t.Fatalf("%+v, faults %v: %v", c, f, err)
								}
								if err := checkAdaptiveRun(&sim.Req, via(&sim), f, c, res); err != nil {
									t.Fatalf("%s %s %v %v seed %d, faults %v: %v", router, how, port, disc, seed, f, err)
								}
								if measuredInt(res, "lost") > 0 {
									routed[how+" lost"]++
								}
								if measuredInt(res, "rerouted") > 0 {
									routed[how+" rerouted"]++
								}
							}
						}
					}
				}
			}
		})
	}
	// 1 + 8 + 28 sets on Q_2, 1 + 24 + 276 on Q_3.
	if sets != 338 {
		t.Errorf("%d fault sets, want 338", sets)
	}
	// With two failed edges a Q_2 edge can lose both its detours and
	// every way around, so runs of both kinds occur.
	for _, k := range []string{"detour lost", "detour rerouted", "shortest lost", "shortest rerouted"} {
		if routed[k] == 0 {
			t.Errorf("no run with %s", k)
		}
	}
}

// TestAdaptiveIntactIsOblivious checks that without faults the adaptive
// routers route exactly as ecube and valiant on the same instance: the
// same T, hops, largest queue and arrival of every packet, under every
// port model and discipline, stretch 1 and nothing rerouted or lost.
func TestAdaptiveIntactIsOblivious(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for _, pair := range [][2]string{{"ecube", "adaptive-ecube"}, {"valiant", "adaptive-valiant"}} {
			for _, port := range []Port{SinglePort, AllPort} {
				for _, disc := range allDisciplines {
					for _, mu := range []int{1, 2} {
						var got [2]*Result
						for i, router := range pair {
							var sim Sim
							c := Config{Router: router, Pattern: "random", N: n, Mu: mu, Port: port, Queue: disc,
								Record: engine.Record{Arrivals: true}}
							if i == 1 {
								c = with(c, reroute, "shortest")
							}
							res, err := sim.Trial(c, testRand(uint64(n)))
							if err != nil {
								t.Fatal(err)
							}
							got[i] = res
						}
						o, a := got[0], got[1]
						name := fmt.Sprintf("%s n=%d mu=%d %v %v", pair[1], n, mu, port, disc)
						if o.T != a.T || o.Hops != a.Hops || o.MaxQueue != a.MaxQueue || !slices.Equal(o.Arrival, a.Arrival) {
							t.Fatalf("%s: T %d hops %d max queue %d; %s: %d %d %d", name, a.T, a.Hops, a.MaxQueue, pair[0], o.T, o.Hops, o.MaxQueue)
						}
						if s, ok := measured(a, "stretch"); o.Hops > 0 && (!ok || s != 1) || measuredInt(a, "rerouted") != 0 || measuredInt(a, "lost") != 0 {
							t.Fatalf("%s: stretch %v, rerouted %d, lost %d without faults", name, s, measuredInt(a, "rerouted"), measuredInt(a, "lost"))
						}
					}
				}
			}
		}
	}
}

// TestAdaptiveRandomFaults checks runs of both adaptive routers, both
// reroutes and port models and every discipline on Q_4 … Q_7 with edges
// failing with probability up to 0.3 (checkAdaptiveRun).
func TestAdaptiveRandomFaults(t *testing.T) {
	var sim Sim
	for n := 4; n <= 7; n++ {
		for _, q := range []float64{0.02, 0.1, 0.3} {
			for _, router := range []string{"adaptive-ecube", "adaptive-valiant"} {
				for _, how := range Reroutes {
					for _, port := range []Port{SinglePort, AllPort} {
						for _, disc := range allDisciplines {
							c := with(Config{Router: router, Pattern: "random", N: n, Mu: 2, Port: port, Queue: disc, Q: q,
								Record: engine.Record{Packets: true, Trace: true}}, reroute, how)
							res, err := sim.Trial(c, testRand(uint64(n)))
							if err != nil {
								t.Fatalf("%+v: %v", c, err)
							}
							if err := checkAdaptiveRun(&sim.Req, via(&sim), &sim.Faults, c, res); err != nil {
								t.Fatalf("%s %s n=%d q=%v %v %v: %v", router, how, n, q, port, disc, err)
							}
						}
					}
				}
			}
		}
	}
}

// TestAdaptiveDetourUniform checks that a packet at a failed edge takes
// each of its intact 3-detours equally often: on Q_4 with the edge 0 –1→ 1
// failed (detours U^2, U^3, U^4), and with 0 –2→ 2 failed too (U^3, U^4
// only), by a chi-square test at level 1e-6 over the first hop of packet
// 0, sent from node 0 to a destination across dimension 1.
func TestAdaptiveDetourUniform(t *testing.T) {
	for _, c := range []struct {
		failed []int // dimensions of the failed edges at node 0
		crit   float64
	}{
		{[]int{1}, 27.63},    // χ²(2) at 1e-6
		{[]int{1, 2}, 23.93}, // χ²(1) at 1e-6
	} {
		f, _ := faults.New(4)
		for _, d := range c.failed {
			f.Fail(0, d)
		}
		var sim Sim
		count := map[int]int{}
		trials := 0
		for seed := range uint64(6000) {
			cfg := Config{Router: "adaptive-ecube", Pattern: "random", N: 4, Mu: 1, FaultList: faults.ListOf(f), Record: engine.Record{Trace: true}}
			res, err := sim.Trial(cfg, testRand(seed))
			if err != nil {
				t.Fatal(err)
			}
			if sim.Req.Dst[0]&1 == 0 {
				continue
			}
			trials++
			for _, s := range res.Trace {
				if s.Packet == 0 {
					count[bits.TrailingZeros32(s.From^s.To)+1]++
					break
				}
			}
		}
		intact := 3 - (len(c.failed) - 1)
		if len(count) != intact {
			t.Fatalf("failed %v: first hops %v, want %d detours", c.failed, count, intact)
		}
		chi2 := 0.0
		for i, k := range count {
			if slices.Contains(c.failed, i) {
				t.Fatalf("failed %v: detour U^%d taken", c.failed, i)
			}
			e := float64(trials) / float64(intact)
			chi2 += (float64(k) - e) * (float64(k) - e) / e
		}
		if chi2 > c.crit {
			t.Errorf("failed %v: detours %v of %d, χ² = %.1f > %.1f", c.failed, count, trials, chi2, c.crit)
		}
	}
}

// TestAdaptivePairedWithOblivious checks on the same instances that a
// packet goes around a failed edge exactly when the oblivious router loses
// it: where the adaptive router loses nothing, its rerouted equals the
// lost of ecube (valiant).
func TestAdaptivePairedWithOblivious(t *testing.T) {
	var sim Sim
	compared := 0
	for n := 5; n <= 8; n++ {
		for _, q := range []float64{0.01, 0.05, 0.15} {
			for _, pair := range [][2]string{{"ecube", "adaptive-ecube"}, {"valiant", "adaptive-valiant"}} {
				for _, how := range Reroutes {
					for seed := range uint64(5) {
						var got [2]*Result
						for i, router := range pair {
							c := Config{Router: router, Pattern: "random", N: n, Mu: 1, Q: q}
							if i == 1 {
								c = with(c, reroute, how)
							}
							res, err := sim.Trial(c, testRand(seed))
							if err != nil {
								t.Fatal(err)
							}
							got[i] = res
						}
						if measuredInt(got[1], "lost") > 0 {
							continue
						}
						compared++
						if r, l := measuredInt(got[1], "rerouted"), measuredInt(got[0], "lost"); r != l {
							t.Errorf("%s n=%d q=%v seed %d: rerouted %d, %s lost %d", pair[1], n, q, seed, r, pair[0], l)
						}
					}
				}
			}
		}
	}
	if compared < 200 {
		t.Errorf("only %d instances without losses", compared)
	}
}

// TestAdaptiveStretch checks that the detours add 2q hops per hop: every
// edge of an e-cube route fails independently with probability q and costs
// 2 more hops (an intact 3-detour all but surely exists at n = 8; the few
// trials with a lost packet are left out). The mean over trials of the
// extra hops per fault-free hop must lie within 5 standard errors of 2q.
func TestAdaptiveStretch(t *testing.T) {
	var sim Sim
	for _, q := range []float64{0.02, 0.1} {
		for _, router := range []string{"adaptive-ecube", "adaptive-valiant"} {
			const trials = 400
			var sum, sum2 float64
			lossy := 0
			for seed := range uint64(trials) {
				res, err := sim.Trial(Config{Router: router, Pattern: "random", N: 8, Mu: 1, Q: q}, testRand(seed))
				if err != nil {
					t.Fatal(err)
				}
				if measuredInt(res, "lost") > 0 {
					lossy++ // its lost packets' routes would be left out
					continue
				}
				s, _ := measured(res, "stretch")
				sum, sum2 = sum+s-1, sum2+(s-1)*(s-1)
			}
			if lossy > trials/20 {
				t.Fatalf("%s q=%v: %d trials with lost packets", router, q, lossy)
			}
			k := float64(trials - lossy)
			mean := sum / k
			se := math.Sqrt((sum2/k - mean*mean) / (k - 1))
			if math.Abs(mean-2*q) > 5*se {
				t.Errorf("%s q=%v: stretch − 1 = %.5f ± %.5f, want 2q = %v", router, q, mean, se, 2*q)
			}
		}
	}
}

// remainProbe asks its router, after every move, how many hops each
// waiting packet still has to go.
type remainProbe struct {
	*adaptive
	said []remainSaid
	done []int32
}

type remainSaid struct {
	id                  uint32
	done, remain, extra int32
}

func (p *remainProbe) Start(first int, batch []engine.Move) {
	p.adaptive.Start(first, batch)
	p.ask(batch)
}

func (p *remainProbe) Send(batch []engine.Move) {
	p.adaptive.Send(batch)
	for i := range batch {
		p.done[batch[i].ID]++
	}
	p.ask(batch)
}

func (p *remainProbe) ask(batch []engine.Move) {
	for i := range batch {
		if m := &batch[i]; m.Fate == engine.Waiting {
			p.said = append(p.said, remainSaid{m.ID, p.done[m.ID], int32(p.Remain(&m.Packet, m.To)), p.extra[m.ID]})
		}
	}
}

// TestAdaptiveRemain checks that Remain, which the farthest discipline
// reads, says the hops a packet still goes but for the detours it has not
// yet begun, on a detour too.
func TestAdaptiveRemain(t *testing.T) {
	var sim Sim
	for _, router := range []string{"adaptive-ecube", "adaptive-valiant"} {
		for _, how := range Reroutes {
			c := with(Config{Router: router, Pattern: "random", N: 7, Mu: 1, Q: 0.1}, reroute, how)
			if err := sim.Draw(c, testRand(3)); err != nil {
				t.Fatal(err)
			}
			e := engine.Engine{Record: engine.Record{Packets: true}, Rand: testRand(4)}
			p := &remainProbe{adaptive: new(adaptive), done: make([]int32, sim.Req.Packets())}
			p.reset(&e, &sim.Drawn, c)
			res, err := e.Run(p, c.Prios())
			if err != nil {
				t.Fatal(err)
			}
			detours := 0
			for _, s := range p.said {
				if res.Arrival[s.id] < 0 {
					continue
				}
				ahead := p.extra[s.id] - s.extra // hops of the detours it has not yet begun
				if want := res.PacketHops[s.id] - s.done - ahead; s.remain != want {
					t.Fatalf("%s %s: packet %d after %d hops: remain %d, goes %d more, %d of them on detours ahead", router, how, s.id, s.done, s.remain, want+ahead, ahead)
				}
				if p.end[s.id] > 0 {
					detours++
				}
			}
			if detours == 0 {
				t.Errorf("%s %s: no packet on a detour", router, how)
			}
		}
	}
}

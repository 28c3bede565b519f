package routers

import (
	"fmt"
	"testing"

	"github.com/hyperroute/hyperroute/butterfly"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
)

// disjointCases are the configurations the fast router is checked in
// against the literal butterfly: n = 1 … 8, with and without faults,
// sequential and pipelined, full and trimmed routes, replication and two
// pieces, priority and fifo queues.
func disjointCases() []Config {
	var cases []Config
	for n := 1; n <= 8; n++ {
		patterns := []string{"random"}
		if n <= 5 {
			patterns = append(patterns, "complement", "identity")
		}
		for _, pattern := range patterns {
			for _, q := range []float64{0, 0.03, 0.15} {
				for _, pipe := range []bool{false, true} {
					for _, cut := range []bool{false, true} {
						for _, m := range []int{1, 2} {
							for _, disc := range []engine.Discipline{engine.Priority, engine.FIFO} {
								if m > n || (n == 8 && disc == engine.FIFO) {
									continue
								}
								cases = append(cases, with(Config{Router: "disjoint", Pattern: pattern, N: n, Mu: 1, Queue: disc, Q: q},
									pieces, m, pipelined, pipe, trim, cut))
							}
						}
					}
				}
			}
		}
	}
	return cases
}

// TestDisjointMatchesReference routes every case on the engine and on the
// literal butterfly (bfReference) and demands the same T, T1, T2,
// packet-hops and losses, the same arrival time (or loss) of every copy and
// the same copies of every message at y and z, and that the run keeps the
// invariants of checkDisjointRun.
func TestDisjointMatchesReference(t *testing.T) {
	for i, cfg := range disjointCases() {
		cfg.Record = engine.Record{Packets: true, Trace: true}
		name := fmt.Sprintf("n=%d/%s/q=%v/pipelined=%v/trim=%v/pieces=%d/%v", cfg.N, cfg.Pattern, cfg.Q, pipelined.Get(cfg), trim.Get(cfg), pieces.Int(cfg), cfg.Queue)
		if err := cfg.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var s Sim
		res, err := s.Trial(cfg, testRand(uint64(i)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var f *faults.Set
		if cfg.Faulty() {
			f = &s.Faults
		}
		if err := checkDisjointRun(&s.Req, s.Via, f, cfg, res); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ref := bfReference(&s.Req, s.Via, f, cfg.Queue, pieces.Int(cfg), pipelined.Bool(cfg), trim.Bool(cfg))
		if err := sameAsBfReference(res, ref); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// recordPackets records what checks of copies per message need.
var recordPackets = engine.Record{Packets: true}

// TestSendFollowsBeta checks bfly.Send against the routes of package
// butterfly: for every s, z and d of BF_n, n ≤ 6, in either phase, a copy
// that starts at (d, s) for z and is sent until it arrives visits the
// nodes of β^d (butterfly.Net.Beta), or of β^d trimmed, with its priority
// rising by one per hop.
func TestSendFollowsBeta(t *testing.T) {
	for n := 1; n <= 6; n++ {
		net := butterfly.Net{N: n}
		for _, trim := range []bool{false, true} {
			b := bfly{n: uint32(n), trim: trim}
			for s := range uint32(1) << n {
				for z := range uint32(1) << n {
					for d := 1; d <= n; d++ {
						r := net.Beta(d, s, z)
						if trim {
							r = r.Trim()
						}
						want := net.Walk(butterfly.Node{L: d, V: s}, r)
						for _, off := range []int{0, n + 1} {
							m := engine.Move{Packet: engine.Packet{Via: s, Dst: z, Prio: uint8(off), Phase: uint8(d - 1)}}
							for hop := 1; hop < len(want); hop++ {
								batch := []engine.Move{m}
								b.Send(batch)
								m = batch[0]
								w := want[hop]
								arrived := hop == len(want)-1
								if m.To != net.ID(w) || m.Via != w.V || int(m.Phase) != w.L-1 || int(m.Prio) != off+hop || (m.Fate == engine.Delivered) != arrived {
									t.Fatalf("BF_%d, trim=%v, β^%d(%d → %d), priority +%d: hop %d to %v, fate %v, priority %d; want %v, arrived %v",
										n, trim, d, s, z, off, hop, net.Node(m.To), m.Fate, m.Prio, w, arrived)
								}
							}
						}
					}
				}
			}
		}
	}
}

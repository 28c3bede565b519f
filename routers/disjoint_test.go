package routers

import (
	"fmt"
	"testing"

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
				for _, pipelined := range []bool{false, true} {
					for _, trim := range []bool{false, true} {
						for _, pieces := range []int{1, 2} {
							for _, disc := range []engine.Discipline{engine.Priority, engine.FIFO} {
								if pieces > n || (n == 8 && disc == engine.FIFO) {
									continue
								}
								cases = append(cases, Config{Router: "disjoint", Pattern: pattern, N: n, Mu: 1, Queue: disc,
									Q: q, Pieces: pieces, Pipelined: pipelined, Trim: trim})
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
		name := fmt.Sprintf("n=%d/%s/q=%v/pipelined=%v/trim=%v/pieces=%d/%v", cfg.N, cfg.Pattern, cfg.Q, cfg.Pipelined, cfg.Trim, cfg.Pieces, cfg.Queue)
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
		ref := bfReference(&s.Req, s.Via, f, cfg.Queue, cfg.pieces(), cfg.Pipelined, cfg.Trim)
		if err := sameAsBfReference(res, ref); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
}

// recordPackets records what checks of copies per message need.
var recordPackets = engine.Record{Packets: true}

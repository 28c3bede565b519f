package experiments

import (
	"testing"

	"github.com/hyperroute/hyperroute/routers"
)

// TestTablesTogether records every set of the routing tables at once, for
// routers that record each of them, and checks that each table gets the
// rows it gets alone: what one table keeps of a trial must not depend on
// which others are recorded (nodeloads with loadcounts divided by zero).
func TestTablesTogether(t *testing.T) {
	rowsOf := func(t *testing.T, c routers.Config, names []string) map[string]int64 {
		rec, err := TrialRecord(names, c)
		if err != nil {
			return nil
		}
		c.Record = rec
		rng, seed := TrialRand(1, "together", c.InstanceKey(), 0)
		sim := new(routers.Sim)
		res, err := sim.Trial(c, rng)
		if err != nil {
			t.Fatal(err)
		}
		batches, err := TrialRows(names, sim, c, res, 0, seed)
		if err != nil {
			t.Fatalf("%v: %v", names, err)
		}
		rows := make(map[string]int64)
		for i, bs := range batches {
			for _, b := range bs {
				rows[names[i]] += b.NumRows()
				b.Release()
			}
		}
		return rows
	}
	for _, router := range []string{"valiant", "ecube", "disjoint", "bitonic"} {
		c := routers.Defaults()
		c.Router, c.N, c.Q = router, 4, 0.05
		if router == "bitonic" {
			c.Detours = "heuristic"
		}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		alone := make(map[string]int64)
		for _, name := range Tables {
			if rows := rowsOf(t, c, []string{name}); rows != nil {
				alone[name] = rows[name]
			}
		}
		sets := 0
		for set := 1; set < 1<<len(Tables); set++ {
			var names []string
			for i, name := range Tables {
				if set>>i&1 == 1 {
					names = append(names, name)
				}
			}
			rows := rowsOf(t, c, names)
			if rows == nil {
				continue
			}
			sets++
			for _, name := range names {
				if rows[name] != alone[name] {
					t.Errorf("%s, tables %v: %d rows of %s, %d alone", router, names, rows[name], name, alone[name])
				}
			}
		}
		if sets < 7 {
			t.Errorf("%s: only %d sets of tables recorded", router, sets)
		}
	}
}

package experiments

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// clocklessSpec is a small replication-loss: n copies and pieces on
// disjoint paths against single-copy Valiant, both tables.
const clocklessSpec = `name: cl
grid:
  n: [4, 5]
  router: [disjoint, valiant]
  port: [single, all]
  pieces: [1, 2]
  q: [0.05, 0.3]
  pattern: random
skip_invalid: true
trials: 6
seed: 7
tables: [trials, messages]
packet_trials: 3
`

// TestClocklessRows runs the same spec with and without the clock: the
// messages tables must be equal, and the trials tables equal but for the
// timing columns (T, max_queue, T1, T2), which the clockless run leaves 0
// or null. A clockless spec refuses the tables that need the clock.
func TestClocklessRows(t *testing.T) {
	clocked, clockless := t.TempDir(), t.TempDir()
	run(t, mustParse(t, clocklessSpec), clocked, 2, Shard{0, 1})
	run(t, mustParse(t, clocklessSpec+"clockless: true\n"), clockless, 2, Shard{0, 1})
	timing := []string{"T", "max_queue", "T1", "T2"}
	for _, table := range []string{TableTrials, TableMessages} {
		cols, want := readRows(t, clocked, "cl", table)
		_, got := readRows(t, clockless, "cl", table)
		if len(got) != len(want) || len(want) == 0 {
			t.Fatalf("%s: %d rows without the clock, %d with it", table, len(got), len(want))
		}
		lost := 0
		for i := range want {
			for _, c := range cols {
				switch {
				case slices.Contains(timing, c) && got[i][c] != nil && fmt.Sprint(got[i][c]) != "0":
					t.Fatalf("%s row %d: %s = %v without the clock", table, i, c, got[i][c])
				case !slices.Contains(timing, c) && fmt.Sprint(got[i][c]) != fmt.Sprint(want[i][c]):
					t.Fatalf("%s row %d: %s = %v without the clock, %v with it", table, i, c, got[i][c], want[i][c])
				}
			}
			if table == TableTrials && fmt.Sprint(want[i]["lost"]) != "0" {
				lost++
			}
		}
		if table == TableTrials && lost == 0 {
			t.Fatalf("no trial lost a message: the comparison shows nothing")
		}
	}
	for _, tables := range []string{"[trials, packets]", "[trials, loads]"} {
		text := strings.Replace(clocklessSpec, "[trials, messages]", tables, 1) + "clockless: true\n"
		text = strings.Replace(text, "packet_trials: 3\n", "", 1)
		if _, err := Parse("x.yaml", []byte(text)); err == nil || !strings.Contains(err.Error(), "clockless") {
			t.Errorf("tables %s: clockless spec accepted (%v)", tables, err)
		}
	}
}

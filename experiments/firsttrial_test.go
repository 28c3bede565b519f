package experiments

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

const extendSpec = `name: extend
grid:
  n: [3, 4]
  router: [ecube, valiant]
trials: 6
seed: 11
tables: [trials, packets, loads]
packet_trials: 4
`

// TestFirstTrial extends a finished run: trials 0 … 2 and then trials
// 3 … 5 (--first-trial 3) into another directory hold, row for row, the
// rows of a run of trials 0 … 5; the extension verifies; and a run from
// another first trial is refused in a directory of the first.
func TestFirstTrial(t *testing.T) {
	full := mustParse(t, extendSpec)
	head, err := full.WithTrials(3)
	if err != nil {
		t.Fatal(err)
	}
	tail, err := head.WithFirstTrial(3)
	if err != nil {
		t.Fatal(err)
	}
	dirFull, dirHead, dirTail := t.TempDir(), t.TempDir(), t.TempDir()
	run(t, full, dirFull, 2, Unsharded)
	run(t, head, dirHead, 2, Unsharded)
	run(t, tail, dirTail, 2, Unsharded)
	for _, table := range full.Tables {
		_, want := readRows(t, dirFull, "extend", table)
		_, a := readRows(t, dirHead, "extend", table)
		_, b := readRows(t, dirTail, "extend", table)
		if got, want := sortedRows(append(a, b...)), sortedRows(want); !slices.Equal(got, want) {
			t.Errorf("%s: trials 0-2 and 3-5 hold %d rows, trials 0-5 %d, or other rows", table, len(got), len(want))
		}
	}
	rep, err := Verify(dirTail, "extend")
	if err != nil || len(rep.Problems) != 0 {
		t.Errorf("verify the extension: %v %+v", err, rep.Problems)
	}
	r := &Runner{Spec: tail, Dir: dirHead, Workers: 1, Shard: Unsharded}
	if err := r.Prepare(); err == nil || !strings.Contains(err.Error(), "trials from 0, want from 3") {
		t.Errorf("trials from 3 into a run from 0: %v", err)
	}
	if _, err := full.WithFirstTrial(MaxTrials); err == nil {
		t.Error("first trial beyond the largest trial number accepted")
	}
}

// sortedRows formats rows and sorts them, to compare row sets.
func sortedRows(rows []row) []string {
	s := make([]string, len(rows))
	for i, r := range rows {
		s[i] = fmt.Sprint(r)
	}
	slices.Sort(s)
	return s
}

package experiments

import (
	"slices"
	"testing"

	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/faults"
)

// TestMatchingRounds: on Q_3 with 0 –1→ 1 and 0 –2→ 2 failed, the
// matching gives 0 –2→ 2 its detour U^3 in its first round (the rounds of
// dimension 2 try 3, then 1) and 0 –1→ 1, whose U^2 starts on the failed
// 0→2, its U^3 in its second round: after round 1 one failed edge is
// pending and one middle edge reserved, after round 2 none and two.
func TestMatchingRounds(t *testing.T) {
	s, _ := faults.New(3)
	s.Fail(0, 1)
	s.Fail(0, 2)
	y := faults.NewSystem(s)
	detours.Heuristic(y)
	pending, reserved := matchingRounds(y)
	if !slices.Equal(pending, []int64{1, 0}) || !slices.Equal(reserved, []int64{1, 2}) {
		t.Errorf("pending %v, reserved %v; want [1 0], [1 2]", pending, reserved)
	}
	// 4 –1→ 5 fails too: 0 –1→ 1 loses U^3 (its middle edge) and is never
	// matched; 4 –1→ 5 takes U^2, 4→6→7→5, in round 1.
	s.Fail(4, 1)
	detours.Heuristic(y)
	if pending, reserved = matchingRounds(y); !slices.Equal(pending, []int64{1, 1}) || !slices.Equal(reserved, []int64{2, 2}) {
		t.Errorf("with 4 –1→ 5 failed: pending %v, reserved %v; want [1 1], [2 2]", pending, reserved)
	}
}

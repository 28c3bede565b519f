package bounds

import (
	"math"
	"strings"
	"testing"
)

// TestBoundChapterII checks the Chapter II kinds against closed forms
// computed here: Theorem II.1, 2(nq)^n, 2(2nq)^n, Theorem II.2's q, the
// product form of a phase's loss for replication, the bracket's ends from
// two phases, and Valiant's single copy.
func TestChapterII(t *testing.T) {
	ln := math.Log
	fail := func(l int, q float64) float64 { return 1 - math.Pow(1-q, float64(l)) }
	// n = 8, k = 3, q = 0.05: 3 paths of length 3, 5 of length 5.
	pA := math.Pow(fail(3, 0.05), 3) * math.Pow(fail(5, 0.05), 5)
	// k = 0: 8 paths of length 2.
	pB := math.Pow(fail(2, 0.05), 8)
	rate := func(c float64) float64 { return math.Min(c/2, c*ln(c)-c+1) }
	cases := []struct {
		args []string
		log  float64
	}{
		{[]string{"theorem-ii1", "--n", "20", "--c", "8"}, ln(4.0/3*20) + 20*ln(6) - rate(8)*20},
		{[]string{"theorem-ii1", "--n", "20", "--t", "1922"}, ln(4.0/3*20) + 20*ln(6) - rate(8)*20},
		{[]string{"theorem-ii1", "--n", "20", "--c", "1"}, 0},
		{[]string{"message-loss", "--n", "10", "--q", "0.01"}, ln(2) + 10*ln(0.1)},
		{[]string{"any-message-loss", "--n", "10", "--q", "0.01"}, ln(2) + 10*ln(0.2)},
		{[]string{"theorem-ii2", "--n", "10", "--S", "1"}, -ln(20) - 1},
		{[]string{"phase-loss", "--n", "8", "--k", "3", "--q", "0.05"}, ln(pA)},
		{[]string{"phase-loss", "--n", "8", "--k", "3", "--q", "0.05", "--m", "8"},
			ln(1 - math.Pow(1-fail(3, 0.05), 3)*math.Pow(1-fail(5, 0.05), 5))},
		{[]string{"loss-bracket", "--n", "8", "--k", "3", "--k2", "0", "--q", "0.05"}, ln(pA + pB - pA*pB)},
		{[]string{"loss-bracket", "--n", "8", "--k", "3", "--k2", "0", "--q", "0.05", "--form", "lower"}, ln(math.Max(pA, pB))},
		{[]string{"valiant-loss", "--n", "10", "--q", "0.01"}, ln(1 - math.Pow(0.995, 20))},
	}
	for _, c := range cases {
		if lv := logValue(t, c.args); math.Abs(lv-c.log) > 1e-10*math.Max(1, math.Abs(c.log)) {
			t.Errorf("%v: log_value %.17g, want %.17g", c.args, lv, c.log)
		}
	}
	if lv := logValue(t, []string{"phase-loss", "--n", "8", "--k", "3", "--q", "0"}); !math.IsInf(lv, -1) {
		t.Errorf("q = 0: log_value %v, want null", lv)
	}
}

// TestChapterIIErrors checks that bad values of the Chapter II kinds are
// errors that name them.
func TestChapterIIErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"phase-loss", "--n", "8", "--k", "9", "--q", "0.1"}, "k=9"},
		{[]string{"phase-loss", "--n", "8", "--k", "3", "--q", "1.5"}, "q=1.5"},
		{[]string{"phase-loss", "--n", "8", "--k", "3", "--q", "0.1", "--m", "9"}, "m=9"},
		{[]string{"phase-loss", "--n", "8", "--k", "3", "--q", "0.1", "--m", "1.5"}, "m=1.5"},
		{[]string{"phase-loss", "--n", "8", "--q", "0.1"}, "needs k"},
		{[]string{"loss-bracket", "--n", "8", "--k", "3", "--k2", "2", "--q", "0.1", "--form", "phase"}, `form="phase"`},
		{[]string{"message-loss", "--n", "31", "--q", "0.1"}, "n=31"},
		{[]string{"message-loss", "--n", "8", "--q", "0.1", "--k", "2"}, "takes no k"},
		{[]string{"theorem-ii1", "--n", "8"}, "needs c or t"},
		{[]string{"theorem-ii1", "--n", "8", "--t", "2"}, "t=2"},
		{[]string{"theorem-ii2", "--n", "8", "--S", "NaN"}, "S=NaN"},
	} {
		if _, err := Eval(query(t, c.args[0], c.args[1:]...)); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%v: error %v, want one with %q", c.args, err, c.msg)
		}
	}
}

package faultstest

import (
	"testing"

	"github.com/hyperroute/hyperroute/faults"
)

// TestEachSetAndSystem counts the fault sets of Q_3 with at most two
// failed edges (1 + 24 + 276) and checks every system EachSystem gives
// against a count of the intact detours of each failed edge.
func TestEachSetAndSystem(t *testing.T) {
	sets := 0
	EachSet(3, 2, func(f *faults.Set) {
		sets++
		want := 1
		f.Each(func(v uint32, d int) {
			k := 0
			for i := 1; i <= f.N; i++ {
				if i != d && f.Intact(faults.Detour{V: v, D: d, I: i}) {
					k++
				}
			}
			want *= k
		})
		got := 0
		EachSystem(f, func(y *faults.System) {
			got++
			if !y.Complete() || y.Check(f.Count()) != nil {
				t.Fatalf("%v: an incomplete or broken system", f)
			}
		})
		if got != want {
			t.Fatalf("%v: %d systems, want %d", f, got, want)
		}
	})
	if sets != 301 {
		t.Errorf("%d fault sets, want 301", sets)
	}
}

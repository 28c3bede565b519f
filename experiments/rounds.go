package experiments

import (
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/hyperroute/hyperroute/faults"
)

// matchingRounds returns, per round k = 1 … n−1 of the thesis' parallel
// matching (detours heuristic, Ch. III.1), the failed edges still without
// a detour after round k and the intact edges taken as middle edges by
// then, summed over the dimensions, from the system y it chose: the failed
// edge v –d→ of dimension d took its detour U^i in round
// ((i − d − 1) mod n) + 1, and its middle edge with it.
func matchingRounds(y *faults.System) (pending, reserved []int64) {
	f := y.Faults
	n := f.N
	byRound := make([]int64, n) // detours taken in round k, by k
	var failed int64
	f.Each(func(v uint32, d int) {
		failed++
		if u, ok := y.Detour(v, d); ok {
			byRound[((u.I-d-1)%n+n)%n+1]++
		}
	})
	pending, reserved = make([]int64, n-1), make([]int64, n-1)
	var taken int64
	for k := 1; k < n; k++ {
		taken += byRound[k]
		pending[k-1], reserved[k-1] = failed-taken, taken
	}
	return pending, reserved
}

// roundRows appends one row per round of the heuristic matching: the
// failed and intact edges of the cube, the failed ones still without a
// detour and the intact ones reserved after the round.
func roundRows(b *array.RecordBuilder, p *Point, trial int, o *outcome) {
	if o.rounds == nil {
		return
	}
	k := len(o.rounds.pending)
	appendGrid(b, p, k)
	i32 := func(i int) *array.Int32Builder { return b.Field(g + i).(*array.Int32Builder) }
	i64 := func(i int) *array.Int64Builder { return b.Field(g + i).(*array.Int64Builder) }
	edges := int64(p.Routing().N) << p.Routing().N
	for r := range k {
		i32(0).Append(int32(trial))
		i32(1).Append(int32(r + 1))
		i64(2).Append(o.failed)
		i64(3).Append(o.rounds.pending[r])
		i64(4).Append(edges - o.failed)
		i64(5).Append(o.rounds.reserved[r])
	}
}

// rounds is a trial's rows of the rounds table.
type rounds struct{ pending, reserved []int64 }

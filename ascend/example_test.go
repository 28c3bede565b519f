package ascend_test

import (
	"fmt"

	"github.com/hyperroute/hyperroute/ascend"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/messages"
)

// The thesis' example on Q_4 (Ch. III.1, Figs. 3 and 4): the edges 0→2,
// 9→11 and 5→7 of dimension 2 have failed. Over the 3-conjunct system of
// Fig. 3 (all three detours through the middle edge 1→3) each of the three
// steps over dimension 2 takes 3 + 2 units; over the 1-conjunct system of
// Fig. 4, 1 + 2. The other seven steps take one unit each.
func Example() {
	f, _ := faults.New(4)
	for _, v := range []uint32{0, 9, 5} {
		f.Fail(v, 2)
	}
	dst := []uint32{7, 12, 3, 0, 15, 9, 1, 4, 10, 2, 14, 5, 8, 13, 6, 11}
	var e engine.Engine
	var r ascend.Runner
	for _, via := range [][3]int{{1, 4, 3}, {3, 4, 4}} {
		y := faults.NewSystem(f)
		for j, v := range []uint32{0, 9, 5} {
			y.Choose(v, 2, via[j])
		}
		p := ascend.NewSort(4, dst)
		res, err := r.Run(&e, p, y, messages.AllPort)
		if err != nil {
			fmt.Println(err)
			return
		}
		_, gamma := y.Gamma()
		fmt.Printf("γ = %d: steps %v, T = %d, sorted: %v\n", gamma, res.StepTimes, res.T, p.Sorted() == nil)
	}
	// Output:
	// γ = 3: steps [1 5 1 1 5 1 1 1 5 1], T = 22, sorted: true
	// γ = 1: steps [1 3 1 1 3 1 1 1 3 1], T = 16, sorted: true
}

package delayseq

import (
	"fmt"
	"math/bits"

	"github.com/hyperroute/hyperroute/engine"
)

// Upfal returns the delay sequence of thesis Lemma I.2 [Schömer 1988],
// Upfal's form of d with one node per priority: w_p for p = 1 … L is v_1
// for p ≤ p_1, v_i for p_{i−1} < p ≤ p_i, and v_l for p ≥ p_l. w[p−1] is
// w_p. d must be non-empty, its priorities at most L.
func (d Seq) Upfal(L int) []uint32 {
	w := make([]uint32, L)
	i := 0
	for p := 1; p <= L; p++ {
		for i < len(d)-1 && p > int(d[i].Prio) {
			i++
		}
		w[p-1] = d[i].Node
	}
	return w
}

// CheckUpfal verifies the shape Lemma I.2 gives w on Q_n: each w_{p−1} is
// w_p or a neighbour of it.
func CheckUpfal(w []uint32) error {
	for p := 1; p < len(w); p++ {
		if bits.OnesCount32(w[p-1]^w[p]) > 1 {
			return fmt.Errorf("delayseq: w_%d = %d is neither w_%d = %d nor a neighbour", p, w[p-1], p+1, w[p])
		}
	}
	return nil
}

// UpfalLoad returns Σ_{p=1}^{L} f(p, w_p) in the run res, which Lemma I.2
// says is at least T.
func UpfalLoad(res *engine.Result, w []uint32) int64 {
	var sum int64
	for i, v := range w {
		sum += int64(res.Loads[(i+1)*res.LoadNodes+int(v)])
	}
	return sum
}

// Naive returns the first bound of thesis Ch. I.2 on the run time T of
// res: for the packet π that arrives last (the smallest id of those that
// arrive at T), Σ_j Σ_{p ≤ p_π(u_j)} f(p, u_j) over the nodes u_j it leaves,
// each with the priority it leaves with — the packets that can hold it up
// at each node of its route. The run must be recorded with
// Record{Loads: true, Trace: true}; 0 for T = 0.
func Naive(res *engine.Result) int64 {
	if res.T == 0 {
		return 0
	}
	last := int32(-1)
	for _, s := range res.Trace {
		if s.T == int32(res.T)-1 && (last < 0 || s.Packet < last) {
			last = s.Packet
		}
	}
	var sum int64
	for _, s := range res.Trace {
		if s.Packet != last {
			continue
		}
		for p := 0; p <= int(s.Prio); p++ {
			sum += int64(res.Loads[p*res.LoadNodes+int(s.From)])
		}
	}
	return sum
}

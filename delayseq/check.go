package delayseq

import (
	"errors"
	"fmt"

	"github.com/hyperroute/hyperroute/engine"
)

// Check verifies that d is a critical delay sequence of the run res, step by
// step as the proof of thesis Lemma I.1 argues, from the trace and the f(p,v)
// table (a run recorded with Record{Loads: true, Trace: true}):
//
//   - shape: 1 ≤ p_1 < … < p_l, the nodes exist, and each v_{i−1} ≠ v_i sent
//     v_i a packet of priority p_{i−1};
//   - times: t_i is the step of v_i's last send of priority p_i, and
//     t_l = T−1;
//   - the invariant: v_i sends and receives no packet of priority < p_i
//     after step t_{i−1} (none at all for i = 1);
//   - the counting steps t_1 ≤ f(p_1,v_1) − 1 and t_i − t_{i−1} ≤ f(p_i,v_i),
//     which need the priority rule;
//   - and so the lemma: T ≤ Σ_i f(p_i, v_i).
//
// It returns the first violation found, or nil. A run with T = 0 has only
// the empty sequence.
func (d Seq) Check(res *engine.Result) error {
	if res.T == 0 {
		if len(d) != 0 {
			return fmt.Errorf("delayseq: a delay sequence of length %d for a run with T = 0", len(d))
		}
		return nil
	}
	if len(d) == 0 {
		return fmt.Errorf("delayseq: empty delay sequence for a run with T = %d", res.T)
	}
	if res.LoadNodes == 0 || len(res.Trace) == 0 {
		return errors.New("delayseq: checking a delay sequence needs a run recorded with Record{Loads: true, Trace: true}")
	}
	if err := d.checkShape(res); err != nil {
		return err
	}
	if err := d.checkTrace(res); err != nil {
		return err
	}
	f := func(i int) int64 { return d[i : i+1].Load(res) }
	if t1 := int64(d[0].T); t1 > f(0)-1 {
		return fmt.Errorf("delayseq: t_1 = %d > f(p_1,v_1) − 1 = %d", t1, f(0)-1)
	}
	for i := 1; i < len(d); i++ {
		if gap := int64(d[i].T - d[i-1].T); gap > f(i) {
			return fmt.Errorf("delayseq: step %d: t_i − t_{i−1} = %d > f(p_i,v_i) = %d", i+1, gap, f(i))
		}
	}
	if load := d.Load(res); int64(res.T) > load {
		return fmt.Errorf("delayseq: T = %d > Σ f(p_i,v_i) = %d (Lemma I.1)", res.T, load)
	}
	return nil
}

// checkShape checks priorities, node ids and t_l.
func (d Seq) checkShape(res *engine.Result) error {
	prios := len(res.Loads) / res.LoadNodes
	for i, s := range d {
		if int(s.Node) >= res.LoadNodes || s.Prio < 1 || int(s.Prio) >= prios {
			return fmt.Errorf("delayseq: step %d: (v,p) = (%d,%d) outside %d nodes and priorities 1…%d",
				i+1, s.Node, s.Prio, res.LoadNodes, prios-1)
		}
		if i > 0 && s.Prio <= d[i-1].Prio {
			return fmt.Errorf("delayseq: step %d: priority %d not above %d", i+1, s.Prio, d[i-1].Prio)
		}
	}
	if l := d[len(d)-1]; int(l.T) != res.T-1 {
		return fmt.Errorf("delayseq: t_l = %d, want T−1 = %d", l.T, res.T-1)
	}
	return nil
}

// checkTrace checks the edges, the times t_i and the invariant against the
// trace in one pass, and reports a violation in that order.
func (d Seq) checkTrace(res *engine.Result) error {
	last := make([]int32, len(d))
	edge := make([]bool, len(d))
	for i := range last {
		last[i] = -1
	}
	var broken error // first violation of the invariant
	for _, s := range res.Trace {
		for i, step := range d {
			lo := int32(-1) // t_{i−1}, or −1 before v_1
			if i > 0 {
				lo = d[i-1].T
				if s.From == d[i-1].Node && s.To == step.Node && s.Prio == d[i-1].Prio {
					edge[i] = true
				}
			}
			if s.From == step.Node && s.Prio == step.Prio {
				last[i] = max(last[i], s.T)
			}
			if broken != nil || s.Prio >= step.Prio || s.T <= lo {
				continue
			}
			switch step.Node {
			case s.From:
				broken = fmt.Errorf("delayseq: step %d: v_i = %d sends priority %d < p_i = %d in step %d > t_{i−1} = %d",
					i+1, step.Node, s.Prio, step.Prio, s.T, lo)
			case s.To:
				broken = fmt.Errorf("delayseq: step %d: v_i = %d receives priority %d < p_i = %d from %d in step %d > t_{i−1} = %d",
					i+1, step.Node, s.Prio, step.Prio, s.From, s.T, lo)
			}
		}
	}
	for i := 1; i < len(d); i++ {
		if d[i-1].Node != d[i].Node && !edge[i] {
			return fmt.Errorf("delayseq: step %d: %d never sent %d a packet of priority %d",
				i+1, d[i-1].Node, d[i].Node, d[i-1].Prio)
		}
	}
	for i, step := range d {
		if last[i] != step.T {
			return fmt.Errorf("delayseq: step %d: t_i = %d, but v_i = %d sent its last packet of priority %d in step %d",
				i+1, step.T, step.Node, step.Prio, last[i])
		}
	}
	return broken
}

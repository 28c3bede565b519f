package delayseq

import (
	"fmt"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/hypercube"
)

// Step is one element (v_i, p_i) of a delay sequence: node v_i, priority
// p_i, and T = t_i, the step in which v_i sent its last packet of priority
// p_i (−1 in a fixed sequence, which is chosen before any run).
type Step struct {
	Node uint32
	Prio uint8
	T    int32
}

// Seq is a delay sequence D = ((v_1,p_1), …, (v_l,p_l)) of thesis
// Lemma I.1 [Schömer 1988], in order of increasing priority.
type Seq []Step

// Critical extracts the critical delay sequence of a run on Q_n
// by the inductive rule in the proof of thesis Lemma I.1. The run must be
// recorded with Record{Trace: true} in the single-port model; for the
// lemma's bound T ≤ Σ_i f(p_i, v_i) to hold the queues must also follow the
// priority rule (Discipline Priority).
//
// The sequence is built backwards. (v_l, p_l, t_l) is a node that sends in
// step T−1, the priority of that packet, and T−1. Given (v_i, p_i, t_i):
//
//   - t' is the step in which v_i sent its last packet of priority < p_i,
//     and p' that packet's priority;
//   - v is a predecessor of v_i among the last to send v_i a packet of
//     priority < p_i (its priority when it left v), p that packet's priority,
//     and t the step in which v sent its last packet of priority p;
//   - t_{i−1} = max(t, t'), and (v_{i−1}, p_{i−1}) = (v, p) if t' ≤ t, else
//     (v_i, p').
//
// A term that does not exist counts as −∞: with no packet of priority < p_i
// sent by v_i the step is (v, p), with none sent to v_i it is (v_i, p'), and
// the sequence ends at v_1 when neither exists. The thesis' closing remark
// stops as soon as v_1 itself sends no packet of priority
// < p_1; that is not enough for its bound t_1 ≤ f(p_1, v_1) − 1, since a
// predecessor may still deliver the packets of priority p_1 late.
//
// Where the thesis leaves a choice, the smallest node id is taken: for v_l
// among the nodes sending in step T−1, and for v among the predecessors whose
// last send of priority < p_i to v_i came in the latest step. (In the
// single-port model each node sends at most one packet per step, so every
// other term is unique.)
//
// A run with T = 0 has the empty sequence.
func Critical(res *engine.Result, n int) (Seq, error) {
	if n < 1 || n > hypercube.MaxDim {
		return nil, fmt.Errorf("delayseq: a delay sequence on Q_%d: n must be in 1…%d", n, hypercube.MaxDim)
	}
	if res.T == 0 {
		return nil, nil
	}
	idx, err := indexSends(res.Trace, 1<<n)
	if err != nil {
		return nil, err
	}
	cur, ok := idx.lastStep(int32(res.T - 1))
	if !ok {
		return nil, fmt.Errorf("delayseq: no send in step T−1 = %d (record with Record{Trace: true})", res.T-1)
	}
	d := Seq{cur}
	for {
		own, hasOwn := idx.lastFrom(cur.Node, func(p uint8) bool { return p < cur.Prio })
		in, hasIn := idx.lastInto(cur.Node, cur.Prio)
		if !hasOwn && !hasIn {
			break
		}
		next := Step{Node: cur.Node, Prio: own.Prio, T: own.T}
		if hasIn {
			// in itself is a send of v with priority p, so last exists.
			last, _ := idx.lastFrom(in.From, func(p uint8) bool { return p == in.Prio })
			if !hasOwn || own.T <= last.T {
				next = Step{Node: in.From, Prio: in.Prio, T: last.T}
			}
		}
		d = append(d, next)
		cur = next
	}
	slices.Reverse(d)
	return d, nil
}

// Load returns Σ_i f(p_i, v_i), the bound of Lemma I.1 on T, from the f(p,v)
// table of res; it needs a run recorded with Record{Loads: true}.
func (d Seq) Load(res *engine.Result) int64 {
	var sum int64
	for _, s := range d {
		sum += int64(res.Loads[int(s.Prio)*res.LoadNodes+int(s.Node)])
	}
	return sum
}

// sendIndex lists the sends of a trace by sender and by receiver, each list
// in step order.
type sendIndex struct {
	trace   []engine.Send
	fromOff []int32 // sends from node v: from[fromOff[v]:fromOff[v+1]]
	from    []int32
	intoOff []int32 // sends to node v: into[intoOff[v]:intoOff[v+1]]
	into    []int32
}

// indexSends indexes trace, checking that it is in step order, that every
// node is below nodes and that no node sends twice in one step (the
// single-port model of Lemma I.1).
func indexSends(trace []engine.Send, nodes int) (*sendIndex, error) {
	idx := &sendIndex{
		trace:   trace,
		fromOff: make([]int32, nodes+1),
		intoOff: make([]int32, nodes+1),
		from:    make([]int32, len(trace)),
		into:    make([]int32, len(trace)),
	}
	for i, s := range trace {
		if int64(s.From) >= int64(nodes) || int64(s.To) >= int64(nodes) {
			return nil, fmt.Errorf("delayseq: send %d→%d in step %d: node outside the %d nodes", s.From, s.To, s.T, nodes)
		}
		if i > 0 && s.T < trace[i-1].T {
			return nil, fmt.Errorf("delayseq: trace not in step order at send %d", i)
		}
		idx.fromOff[s.From+1]++
		idx.intoOff[s.To+1]++
	}
	for v := range nodes {
		idx.fromOff[v+1] += idx.fromOff[v]
		idx.intoOff[v+1] += idx.intoOff[v]
	}
	fromNext := slices.Clone(idx.fromOff[:nodes])
	intoNext := slices.Clone(idx.intoOff[:nodes])
	for i, s := range trace {
		if k := fromNext[s.From]; k > idx.fromOff[s.From] && trace[idx.from[k-1]].T == s.T {
			return nil, fmt.Errorf("delayseq: node %d sends twice in step %d; Lemma I.1 needs the single-port model", s.From, s.T)
		}
		idx.from[fromNext[s.From]] = int32(i)
		fromNext[s.From]++
		idx.into[intoNext[s.To]] = int32(i)
		intoNext[s.To]++
	}
	return idx, nil
}

// lastStep returns the step of the sequence's end: the sender with the
// smallest id among the sends in step t, its priority, and t.
func (idx *sendIndex) lastStep(t int32) (Step, bool) {
	best, ok := Step{}, false
	for i := len(idx.trace) - 1; i >= 0 && idx.trace[i].T >= t; i-- {
		if s := idx.trace[i]; s.T == t && (!ok || s.From < best.Node) {
			best, ok = Step{Node: s.From, Prio: s.Prio, T: t}, true
		}
	}
	return best, ok
}

// lastFrom returns the last send of node v whose priority satisfies keep.
func (idx *sendIndex) lastFrom(v uint32, keep func(uint8) bool) (engine.Send, bool) {
	for k := idx.fromOff[v+1] - 1; k >= idx.fromOff[v]; k-- {
		if s := idx.trace[idx.from[k]]; keep(s.Prio) {
			return s, true
		}
	}
	return engine.Send{}, false
}

// lastInto returns the send to node v of priority below prio in the latest
// step, from the predecessor with the smallest id if several sent in that
// step.
func (idx *sendIndex) lastInto(v uint32, prio uint8) (engine.Send, bool) {
	best, ok := engine.Send{}, false
	for k := idx.intoOff[v+1] - 1; k >= idx.intoOff[v]; k-- {
		s := idx.trace[idx.into[k]]
		if ok && s.T < best.T {
			break
		}
		if s.Prio < prio && (!ok || s.From < best.From) {
			best, ok = s, true
		}
	}
	return best, ok
}

package delayseq

import "github.com/hyperroute/hyperroute/engine"

// Canonical returns the fixed delay sequence the harness measures for
// thesis Lemmas I.5 and I.6 [Schömer 1988]: the e-cube walk 0 → 2^n−1 → 0 on Q_n with one
// hop per priority. It has length 2n, priorities p_i = i, v_1 = 0 and
//
//	v_{i+1} = v_i with dimension d(p_i) flipped,  d(p) = p for p ≤ n, p − n otherwise,
//
// so each v_i is the predecessor of v_{i+1} that sends it packets of
// priority p_i, as in Lemma I.3's count of the possible sequences. It is
// chosen before any randomness, uses every priority (so Σ_i E f(p_i,v_i) = n
// exactly for a permutation, Lemma I.4, and Σ_π E x(π) ≤ n is tight in the
// proof of Lemma I.5), and follows e-cube routes, so packets can stay on it
// for many steps — the case Lemma I.6 bounds. Every T is −1.
func Canonical(n int) Seq {
	d := make(Seq, 2*n)
	var v uint32
	for i := range d {
		p := i + 1
		d[i] = Step{Node: v, Prio: uint8(p), T: -1}
		v ^= 1 << ((p - 1) % n)
	}
	return d
}

// SumXH returns Σ_π x(π) and Σ_π h(π) for the delay sequence d in the run
// res (thesis proof of Theorem I.1): h(π) is the number of
// indices i such that packet π leaves v_i with priority p_i, and x(π) is 1
// if h(π) ≥ 1. Σ_π h(π) = Σ_i f(p_i, v_i). The run must be recorded with
// Record{Trace: true}, and the priorities of d must strictly increase.
func SumXH(res *engine.Result, d Seq) (sumX, sumH int64) {
	// Priorities strictly increase along d, so a send matches at most the
	// one step of its priority.
	at := make(map[uint8]uint32, len(d))
	for _, step := range d {
		at[step.Prio] = step.Node
	}
	met := make(map[int32]bool)
	for _, s := range res.Trace {
		if v, ok := at[s.Prio]; !ok || v != s.From {
			continue
		}
		sumH++
		if !met[s.Packet] {
			met[s.Packet] = true
			sumX++
		}
	}
	return sumX, sumH
}

// Package delayseq is the delay-sequence analysis of thesis Ch. I.2–I.3
// [Schömer 1988] (docs/model.md, "Delay sequences") on a recorded run of the
// engine: a run's critical delay sequence, which bounds its time by
// Lemma I.1, and the fixed sequence whose loads Lemmas I.5 and I.6 bound.
//
// Route with engine.Record{Loads: true, Trace: true}, single-port, under the
// priority rule (engine.Priority); then Critical builds D by the rule in
// the proof of Lemma I.1, Seq.Check verifies the proof's steps and
// T ≤ Σ f(p_i,v_i) on the run, Seq.Load is Σ f(p_i,v_i), and SumXH counts
// Σx and Σh for any sequence, such as Canonical, the fixed sequence
// measured for Lemmas I.5 and I.6. The trace costs 20 bytes per
// packet-hop; Loads 4 bytes per node and priority.
package delayseq

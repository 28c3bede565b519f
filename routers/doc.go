// Package routers holds the routers of the thesis [Schömer 1988] that run on
// the step simulator of package engine, the registry that names them, and
// the analysis of Chapter I that works on recorded runs: greedy e-cube
// routing (Ch. I.1), bitonic-sort routing (Ch. I.1, after Batcher 1968) and
// Valiant's two-phase routing (Ch. I.3, after Valiant and Brebner 1981),
// and, as the baselines of Ch. III, routers that know the faults of the cube
// and go around them without coordination: e-cube and Valiant rerouting
// each packet on its own, and safety levels (after Wu 1997).
// docs/model.md describes each of them.
//
// # Registry
//
// Every router is a Kind in Registry: its name and one line of doc, the port
// models and queue disciplines it runs under, whether it routes permutations
// only, its priority range, what a trial draws beyond the request, and a
// constructor of the Instance that routes one worker's trials. A Config
// names a router and the rest of a configuration; Sim draws and routes its
// trials. Adding a router is its own file, with its Kind, and one line in
// Registry.
//
// # Port models
//
// A router maps the port model onto the engine's queues: single-port is one
// queue per node, all-port one queue per out-link (the queue of dimension d
// is d−1).
//
// # Delay sequences
//
// The analysis of thesis Ch. I.2–I.3 (docs/model.md, "Delay sequences")
// runs on a recorded run. Route with Record{Loads: true, Trace: true},
// single-port, Discipline Priority; then CriticalDelaySequence builds D by
// the rule in the proof of Lemma I.1, DelaySeq.Check verifies the proof's
// steps and T ≤ Σ f(p_i,v_i) on the run, DelaySeq.Load is Σ f(p_i,v_i), and
// SumXH counts Σx and Σh for any sequence, such as CanonicalDelaySeq, the
// fixed sequence measured for Lemmas I.5 and I.6. The trace costs 20 bytes
// per packet-hop; Loads 4 bytes per node and priority.
package routers

// Package routers holds the routers of the thesis [Schömer 1988] that run on
// the step simulator of package engine and the registry that names them:
// greedy e-cube routing (Ch. I.1), bitonic-sort routing (Ch. I.1, after
// Batcher 1968) and Valiant's two-phase routing (Ch. I.3, after Valiant and
// Brebner 1981), n copies or pieces of a message on disjoint paths through
// the butterfly (Ch. II), e-cube and Valiant on a faulty cube over
// confluent detour systems (Ch. III.2), and, as the baselines of Ch. III,
// routers that know the faults of the cube and go around them without
// coordination: e-cube and Valiant rerouting each packet on its own, and
// safety levels (after Wu 1997). docs/model.md describes each of them;
// package delayseq analyses their recorded runs.
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
// # Parameters
//
// Params are the parameters every router takes (n, μ, pattern, port,
// queue, faults, detours) and then those of the routers' own: a router
// declares each in its file with Own and lists it in its Kind's Params
// (disjoint's pieces, pipelined and trim; the simulation's confluent,
// delivery and detour-queue; the adaptive routers' reroute), reads it with
// Param.Int, Bool or Get, and the Registry line makes it a grid axis of
// experiment specs, a flag of hyperroute sim and a column of the tables. A
// router that does not take a parameter runs only at its default.
//
// # Port models
//
// A router maps the port model onto the engine's queues: single-port is one
// queue per node, all-port one queue per out-link (the queue of dimension d
// is d−1).

package routers

// Package collectives simulates collective communication — broadcast,
// multicast, scatter, gather, all-to-all broadcast and scatter, reduce,
// all-reduce, prefix sum and the circular shift — on the rings, meshes,
// tori and hypercubes of package topology, on the one step simulator of
// package engine, and checks every run against what the operation defines,
// against lower bounds and against the closed forms of the literature
// (docs/model.md, "Collective communication"; [Grama et al. 2003, ch. 4;
// Johnsson & Ho 1989; McKinley et al. 1994]).
//
// # Programs
//
// An algorithm (Registry) builds a program: a list of messages, each with a
// source, a path of links (by default the dimension-ordered shortest route
// of package topology), a content and the messages it waits for, which must
// have arrived at its source first. The runner of package messages runs it:
// every message is one packet of the engine that waits at its source until
// those messages have arrived, then crosses one link per step. A node sends
// its waiting messages in the order they were built.
//
// Blocks (a node's data of M words, or a piece of a broadcast message) are
// copied by broadcasts and move by personalized operations; a message may
// carry several (combining). Reductions carry partial sums of random 64-bit
// values, exact modulo 2^64, with the set of nodes summed in them. A
// message takes its content from its source when it leaves; the run fails
// if the source does not hold it, and at the end every node must hold
// exactly what the operation defines (Result.OK).
//
// # Port models
//
// Single-port: a node sends at most one message per step (one engine queue
// per node). All-port: one message per out-link per step (one queue per
// link). Links are directed, so both directions of a link carry a message
// in the same step (full duplex). Receiving is not limited; Result.RecvMax
// reports the most messages a node received in one step.
//
// # Cost models
//
// Store-and-forward (sf): time runs in the engine's steps; a step lasts as
// long as its slowest hop, and a hop of a message of w words costs
// w·t_w + t_h, plus t_s at the message's first hop (Startup PerMessage, the
// per-message formula t_s + (w·t_w + t_h)·l) or at every hop (PerHop, the
// convention of texts that count every store-and-forward hop as a message
// to a neighbour). The time is the sum over steps; Rho is the number of
// steps.
//
// Cut-through (ct): an algorithm with messages of more than one hop gives
// each message a round; a round lasts t_s + w·t_w + t_h·l of its slowest
// message, and the time is the sum over rounds; Rho is the number of
// rounds. A run checks that every round is contention-free: its paths use
// each directed link at most once, each message waits only for messages of
// earlier rounds, and under single-port every node sends and receives at most
// one message in it. The engine still carries every message hop by hop, for
// the data and the checks. For algorithms whose messages all go one hop the
// two models coincide.
//
// # A faulty cube
//
// With Faults (MeasureFaulty) the cube's directed edges fail with
// probability q and a strategy of package detours gives every failed edge
// a detour of length 3 [Schömer 1988, Ch. III.1]. Then the ASCEND/DESCEND
// collectives (Sweeps: oab binomial, reduce binomial, prefix dimex) run as
// the programs of package ascend, which send the algorithms' messages step
// for step, each word over a failed edge along its detour. All-port a step
// takes γ_s + 2 units when a sender's edge has failed (γ_s the most of
// its detours sharing a middle edge), else 1; single-port is measured.
// Time counts a unit as a step of the intact cube, t_s + m·t_w + t_h.
//
// # Measures
//
// Rho counts steps or rounds; RhoM counts each of them as many times as its
// largest message has blocks (the steps of the non-combining model, in
// which the lower bounds are stated); Eta is the work in block-hops, every
// hop of a message counted once per block. NoDup says that no node received
// a block it held or a partial sum with a contributor it had summed; NoHO
// that no node received a block or partial sum that came from itself.
package collectives

// Package messages runs programs of messages on the step simulator of
// package engine: the one runner of the collective algorithms (package
// collectives) and of the ASCEND/DESCEND algorithms on a faulty cube over
// detours (package ascend, [Schömer 1988, Ch. III.1]).
//
// A Program is a set of messages on a network of package topology. Every
// message is one engine packet: it starts at its source, crosses one link
// of its route per step and arrives at the route's last node. It leaves
// its source only once the messages it waits for (After) have arrived
// there and, in a program with rounds, once every message of the earlier
// rounds has arrived (a barrier). Single-port a node sends one message per
// step (one engine queue per node); all-port one per out-link (one queue
// per link, the link's port). Messages that want the same queue at once go
// by the engine's priority rule, ties to the smaller id.
//
// An Observer is told every hop once its fate is final and the end of
// every round: what the messages carry and what a step costs are the
// observer's business, not the runner's.
package messages

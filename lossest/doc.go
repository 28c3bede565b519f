// Package lossest estimates the probability that a message is lost when
// every directed edge of Q_n fails independently with probability q
// [Schömer 1988, Ch. II.5], for router disjoint (n copies, or n pieces of
// which any m rebuild the message [Rabin 1989], on the disjoint paths of
// each phase) and for single-copy Valiant routing, down to 1e-15 and far
// below with a stated standard error.
//
// A trial draws one message (its source, intermediate and destination)
// and adds the exact probability, over the faults, that it is lost on its
// routes, which are the routers' own (routers.PhaseEdges,
// routers.ValiantEdges): conditional Monte Carlo, no fault is drawn and no
// rare event need be hit. The two distances of the message are drawn from a
// defensive mixture that favours the distances where losses live, and
// weighted back (importance sampling, weights ≤ 4). docs/model.md, II.5,
// "Rare losses measured", states the estimator and its variance.
package lossest

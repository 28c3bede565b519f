// Package detours chooses detour systems on a faulty cube [Schömer 1988,
// Ch. III.1]: for every failed edge v –d→ w one of its detours U^i of
// length 3 (faults.Detour), so that no intact edge is the middle edge of
// too many of them. A Strategy fills a faults.System; three are
// registered:
//
//   - heuristic: the thesis' parallel matching, dimension after dimension;
//     in round k every failed edge of dimension d still without a detour
//     tries U^i for the k-th dimension i after d (cyclically) and takes it
//     if it is intact and its middle edge is free. It may fail; when it
//     succeeds the system is 1-conjunct.
//   - optimal: the smallest γ of every dimension, by a b-matching of failed
//     edges to intact middle edges with augmenting paths, raising the
//     capacity b until every failed edge that has an intact detour has one.
//   - random: every failed edge takes a uniformly random intact detour, the
//     uncoordinated baseline.
//
// A system is complete when every failed edge has a detour; no strategy
// can complete one in which some failed edge has no intact detour
// (faults.Set.Stranded).
package detours

// Package confluent is the confluent detour systems of [Schömer 1988,
// Ch. III.2]: a detour of length 3 for every failed edge of a faulty cube,
// each of its hops crossed in a fixed sub-step of a round of D sub-steps (D
// the dilation), such that detours meeting at a sub-step agree on
// everything before it or everything after it.
//
// Two properties, each with its construction from a complete γ-conjunct
// system (faults.System) and a checker that tests the definition itself:
//
//   - edge-confluent (ψ, Theorem III.2): detours that cross the same edge in
//     the same sub-step agree before or after it. Edge builds the thesis'
//     ψ of dilation γ + 2: the j-th detour (in edge index order) through an
//     intact middle edge crosses its first edge in sub-step 0, the middle
//     edge in sub-step j and its last edge in sub-step γ + 1.
//   - node-confluent (φ, Theorem III.1): detours that leave the same node in
//     the same sub-step agree before or after it. The thesis gives no
//     construction (its Fig. 7 shows the dilation may grow with n); Node
//     assigns sub-steps greedily, in edge index order, the smallest that
//     keep the system node-confluent. MinNode finds the least dilation by
//     branch and bound (small systems), NodeLowerBound bounds it from
//     below, and Hub is a 1-conjunct family whose least dilation is
//     2n + 1 (the thesis' Fig. 7 claim).
//
// A system holds the detours only; an intact edge is crossed in sub-step 0.
package confluent

// Package faults is static faults on the directed edges of the hypercube
// Q_n [Schömer 1988, Ch. II.5 and III]: every edge v→w fails or not before
// routing starts and stays so; v→w and w→v fail independently. A Set is the
// failed edges of one cube, drawn at random (each edge fails with
// probability q, or exactly k edges fail) or read from a fault list
// (Parse). docs/model.md, "Faulty cubes", describes the model.
package faults

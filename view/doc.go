// Package view writes one self-contained HTML page that plays a recorded
// run step by step: its scripts, style and data inline, no server, no
// network. The page draws the network (Q_n for n ≤ 6 laid out so that
// dimensions read, the wrapped butterfly BF_n of Chapter II, the ring,
// mesh and torus of the collectives), the packets sent in every step over
// the links they cross, the queue lengths at every node, failed edges and
// their detours (Chapter III), and for a run of the priority rule its
// critical delay sequence of Lemma I.1 [Schömer 1988]; two runs of the
// same instance play side by side, stepping together.
//
// Everything it shows comes from the engine's trace of the run (Record
// Trace: every send, as hyperroute sim --record trace prints it), the
// router's drawn instance and the trials row the Parquet tables hold for
// the trial (experiments.TrialRows), or for a collective the row of
// hyperroute collective (collectives.Row): the queue lengths are derived
// from the trace (Waiting), not kept by the engine.
package view

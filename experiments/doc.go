// Package experiments implements spec-driven Monte Carlo experiments: an
// experiment is described once in a spec file (a parameter grid, trials per
// grid point, a master seed, the tables to record), run over many seeds on
// all cores or sharded over many machines, and left behind as Parquet tables
// with provenance (package dataset).
//
// # Models
//
// A spec measures one Model, named by its model key: routing (package
// routers, Chapters I–III, the default), collectives (package
// collectives) or detours (detour systems on faulty cubes, Ch. III.1).
// A model owns its parameters (package param), how a trial at a grid point
// runs (Worker) and its tables; models register by name (Register). Spec,
// Runner, Merge and Verify are the one runner for every model.
//
// # Spec files
//
// A spec is YAML, parsed strictly by Parse: an unknown key, a value of the
// wrong type or out of range is an error naming the file, line and key. The
// specs of the thesis [Schömer 1988] (Chapters I to III, docs/model.md) and
// of collective communication are embedded (Names, Lookup), so they run by
// name from anywhere; Load also reads a spec from a file. See README.md in
// this directory for the format.
//
// # Trials and seeds
//
// The grid expands to points (Spec.Points), each a Config of the model.
// Trial t of a point draws from TrialRand(seed, spec name, Config.Key(), t).
// The routing model's key (routers.Config.InstanceKey) leaves out router,
// port model and queue discipline, so points
// that differ only in those route the same requests and intermediates trial
// by trial (paired comparisons); the spec name makes the trials of two
// experiments independent. Nothing depends on the number of workers or on
// the shard split: shard i of k runs the trials t with t mod k = i, or, for
// a model whose points run once (Model.Once, or a spec of one trial of a
// model whose trials are optional), the points numbered i mod k.
//
// # Units
//
// The points are grouped into partitions by the spec's partition keys
// (default n). A unit is one partition in one shard; the Runner runs its
// trials on all workers and, once every trial is done, writes one Parquet
// file per table, rows ordered by (point index, trial), with
// dataset.WritePartition: the partition columns are left out of the file,
// their values being in its directory names. A rerun skips the units whose
// files are complete, and sets aside and redoes those with a damaged file
// (Runner.Damaged). Merge checks that every shard of every partition is
// present and whole and writes the manifest. Verify checks every file of a
// run against the manifest and the spec.
package experiments

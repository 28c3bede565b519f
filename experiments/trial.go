package experiments

import (
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/routers"
)

// outcome returns what trial t of c, run by sim with result res, leaves for
// the spec's tables. It drops from res the trace and the f(p,v) table
// once the tables need them no more, as the runner keeps res until its
// rows are collected, in trial order.
func (s *Spec) outcome(sim *routers.Sim, c routers.Config, res *routers.Result, trial int, seed uint64) (outcome, error) {
	o := outcome{trial: trial, seed: seed, res: res, nodeLoads: s.nodeLoads(trial)}
	if c.Faulty() {
		o.failed = int64(sim.Faults.Count())
	}
	if s.has(TableLoadCounts) {
		o.loads = loadCounts(&res.Result)
	}
	if s.has(TableRounds) && c.Detours == "heuristic" {
		pending, reserved := matchingRounds(sim.System)
		o.rounds = &rounds{pending, reserved}
	}
	if s.has(TableDelaySeq) {
		seq, err := delaySeqs(&res.Result, c.N)
		if err != nil {
			return o, err
		}
		o.seq = seq
	}
	res.Trace = nil
	if !o.nodeLoads {
		res.Loads, res.LoadNodes = nil, 0
	}
	if c.Record.Packets {
		o.dst = slices.Clone(sim.Req.Dst)
		if len(sim.Via) > 0 {
			o.via = slices.Clone(sim.Via)
		}
	}
	return o, nil
}

// TrialRecord returns what a trial of c must record for the named tables,
// which are tables of Tables, or why they cannot be recorded at c.
func TrialRecord(names []string, c routers.Config) (engine.Record, error) {
	if err := checkTables(names, c); err != nil {
		return engine.Record{}, err
	}
	s := Spec{Tables: names}
	return s.record(0), nil
}

// TrialRows returns the rows of the named tables for trial t of c, run by
// sim with c.Record from TrialRecord and result res: the rows that a run of
// a spec recording these tables writes for the trial, as batches per table
// (the caller releases them). It drops the trace and, unless the nodeloads
// table holds it, f(p,v) from res.
func TrialRows(names []string, sim *routers.Sim, c routers.Config, res *routers.Result, trial int, seed uint64) ([][]arrow.RecordBatch, error) {
	s := Spec{Tables: names}
	o, err := s.outcome(sim, c, res, trial, seed)
	if err != nil {
		return nil, err
	}
	m, _ := LookupModel(RoutingModel)
	jobs := []job{{&Point{Config: &routingConfig{c}, Key: c.InstanceKey(), model: m}, trial}}
	rows := make([][]arrow.RecordBatch, len(names))
	for i, t := range names {
		rows[i], _ = build(m.table(t), jobs, []any{&o})
	}
	return rows, nil
}

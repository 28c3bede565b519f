package routers

import (
	"fmt"
	"math"
	"slices"

	"github.com/hyperroute/hyperroute/engine"
)

// Measures are the numbers some routers report per trial beyond the
// engine's (T, hops, the largest queue, the packets lost). Every one is a
// nullable column of the trials table and a key of hyperroute sim --jsonl,
// null for the routers that do not report it.
var Measures = []Measure{
	{Name: "messages", Doc: "messages routed (for single-copy routers: packets)", Type: Int},
	{Name: "lost", Doc: "messages lost on failed edges (adaptive routers: no intact way past one)", Type: Int},
	{Name: "moved", Doc: "data sent over cube links, in message lengths", Type: Float},
	{Name: "T1", Doc: "steps of phase 1, until every phase-1 copy has arrived or been lost", Type: Int},
	{Name: "T2", Doc: "steps of phase 2, each message's copies counted from their start", Type: Int},
	{Name: "lost1", Doc: "messages lost in phase 1: their intermediate got too few pieces to forward", Type: Int},
	{Name: "no_detour", Doc: "some failed edge has no intact detour (routers over detours)", Type: Bool},
	{Name: "ok", Doc: "the detour strategy found a detour for every failed edge; if not, the trial is not routed", Type: Bool},
	{Name: "gamma", Doc: "the detour system's largest middle load γ, when ok", Type: Int},
	{Name: "T_intact", Doc: "time of the same instance on the intact cube, same delivery rule (simulation of Ch. III.2; bitonic over detours: n(n+1)/2)", Type: Int},
	{Name: "d", Doc: "dilation of the confluent detour system: sub-steps per simulated step", Type: Int},
	{Name: "lockstep", Doc: "every packet kept its intact schedule: its sends from queue 0 in steps d·t, its arrival in (d·(a−1), d·a]", Type: Bool},
	{Name: "monotone", Doc: "every send of the faulty run left from a queue served in its sub-step, so that a queue only gains packets between its sub-steps (the relations after Lemma III.1 in Ch. III.2)", Type: Bool},
	{Name: "excess", Doc: "T − d·T_intact: above 0 beyond d·T, 0 at d·T, −d at d·(T_intact−1)", Type: Int},
	{Name: "rerouted", Doc: "packets that went around a failed edge on their own (adaptive routers)", Type: Int},
	{Name: "stretch", Doc: "hops of the delivered packets over the lengths of their fault-free routes (adaptive routers)", Type: Float},
	{Name: "max_step", Doc: "time of the slowest compare-exchange step on a faulty cube (bitonic over detours)", Type: Int},
	{Name: "over_steps", Doc: "compare-exchange steps that took more than γ + 2 (bitonic over detours)", Type: Int},
}

// Measure is a per-trial number of some routers.
type Measure struct {
	Name, Doc string
	Type      ParamType // Int, Float or Bool
}

// Result is the outcome of one trial: the engine's, and the router's
// measures.
type Result struct {
	engine.Result
	// Copies is, with Record.Packets, what became of each message of a
	// router that sends it as several copies or pieces; nil otherwise.
	Copies   []Copies
	measured []float64 // by index of Measures, NaN if not reported
}

// Copies counts the copies (or pieces) of one message that reached its
// intermediate and its destination.
type Copies struct {
	AtVia, AtDst uint8
}

// newResult wraps the engine's result res, err with no measures reported.
func newResult(res *engine.Result, err error) (*Result, error) {
	if err != nil {
		return nil, err
	}
	r := &Result{Result: *res}
	r.measured = make([]float64, len(Measures))
	for i := range r.measured {
		r.measured[i] = math.NaN()
	}
	return r, nil
}

// Set reports measure name as v (a Bool as 0 or 1).
func (r *Result) Set(name string, v float64) {
	i := slices.IndexFunc(Measures, func(m Measure) bool { return m.Name == name })
	if i < 0 {
		panic(fmt.Sprintf("routers: no measure %q", name))
	}
	r.measured[i] = v
}

// Measured returns measure i of Measures and whether the router reported
// it.
func (r *Result) Measured(i int) (float64, bool) {
	v := r.measured[i]
	return v, !math.IsNaN(v)
}

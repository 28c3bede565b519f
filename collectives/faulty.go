package collectives

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/hyperroute/hyperroute/ascend"
	"github.com/hyperroute/hyperroute/detours"
	"github.com/hyperroute/hyperroute/engine"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/topology"
)

// Faults makes the cube of a run faulty [Schömer 1988, Ch. III.1]: its
// directed edges fail as Draw says (probability q, exactly k, or a fault
// list), drawn per run, and the strategy Detours of package detours gives
// every failed edge a detour of length 3. A Draw without faults is the
// intact cube, whatever Detours says.
type Faults struct {
	faults.Draw
	Detours string // a strategy of package detours, or "" or detours.None
}

// strategy is the name of the detour strategy, detours.None for none.
func (f Faults) strategy() string {
	if f.Detours == "" {
		return detours.None
	}
	return f.Detours
}

// Faulty is what a run on a faulty cube adds to its row.
type Faulty struct {
	Failed   int  // failed edges
	NoDetour bool // some failed edge has no intact detour
	// Gamma is the largest number of detours that share a middle edge,
	// −1 if the strategy left a failed edge without a detour: then
	// nothing ran and the row's measures are unavailable.
	Gamma   int
	MaxStep int // the slowest step, in units
	// LawBound is (γ + 2) units per step of the program, the bound the
	// all-port step law gives for the system's γ; −1 single-port, which
	// has no step law.
	LawBound int
	strategy string
}

// Unavailable says why nothing ran: some failed edge has no intact detour,
// or the strategy left one without a detour; "" if the system is complete.
func (f *Faulty) Unavailable() string {
	switch {
	case f.Gamma >= 0:
		return ""
	case f.NoDetour:
		return "no complete detour system: some failed edge has no intact detour"
	}
	return fmt.Sprintf("no complete detour system: %s left a failed edge without a detour", f.strategy)
}

// sweep is a collective that runs over detours as an ASCEND/DESCEND
// program of package ascend, with the check of its result; on the intact
// cube the program sends the messages of the algorithm's program, step
// for step.
type sweep struct {
	op    Op
	algo  string
	build func(n int, root uint32, x []uint64) (ascend.Program, func() error)
}

var sweeps = []sweep{
	{OAB, "binomial", func(n int, root uint32, x []uint64) (ascend.Program, func() error) {
		p := ascend.NewBroadcast(n, root, x[root])
		return p, func() error {
			if v := slices.IndexFunc(p.Val, func(w uint64) bool { return w != x[root] }); v >= 0 {
				return fmt.Errorf("node %d ends with %#x, not the root's %#x", v, p.Val[v], x[root])
			}
			return nil
		}
	}},
	{Reduce, "binomial", func(n int, root uint32, x []uint64) (ascend.Program, func() error) {
		p := ascend.NewReduce(n, root, slices.Clone(x))
		return p, func() error {
			if sum := prefixSum(x, len(x)); p.Val[root] != sum {
				return fmt.Errorf("the root ends with %#x, not the sum %#x", p.Val[root], sum)
			}
			return nil
		}
	}},
	{Prefix, "dimex", func(n int, _ uint32, x []uint64) (ascend.Program, func() error) {
		p := ascend.NewPrefix(n, x)
		return p, func() error {
			for v := range x {
				if want := prefixSum(x, v+1); p.Sum[v] != want {
					return fmt.Errorf("node %d ends with %#x, not the sum %#x of nodes 0 … %d", v, p.Sum[v], want, v)
				}
			}
			return nil
		}
	}},
}

func prefixSum(x []uint64, k int) (sum uint64) {
	for _, v := range x[:k] {
		sum += v
	}
	return sum
}

// Sweeps lists the operations and algorithms that run over detours.
func Sweeps() []string {
	s := make([]string, len(sweeps))
	for i, w := range sweeps {
		s[i] = w.op.String() + " " + w.algo
	}
	return s
}

// Validate reports why c does not run on the faulty cube of f, or nil:
// with failed edges only the cube, store-and-forward, the algorithms of
// Sweeps and a detour strategy of package detours.
func (f Faults) Validate(c Config) error {
	if d := f.strategy(); d != detours.None {
		if _, err := detours.Lookup(d); err != nil {
			return err
		}
	}
	if !f.Faulty() {
		return f.Draw.Check(0)
	}
	switch {
	case c.Topology != topology.Cube:
		return fmt.Errorf("%v: edges fail and detours run on the cube only (Chapter III), not on a %v", f.Draw, c.Topology)
	case f.strategy() == detours.None:
		return fmt.Errorf("%v: a faulty cube needs a detour system (detours %s)", f.Draw, strings.Join(detours.Names(), ", "))
	case c.Model != SF:
		return fmt.Errorf("%v: over detours a word goes hop by hop, store-and-forward: model sf, not %v", f.Draw, c.Model)
	case f.sweep(c) == nil:
		return fmt.Errorf("%v: over detours run the ASCEND/DESCEND collectives %s only, not %v %s", f.Draw, strings.Join(Sweeps(), ", "), c.Op, c.Algo)
	}
	return f.Draw.Check(log2(c.P))
}

// Bytes estimates the memory a run of c on the faulty cube of f holds
// beyond MemoryBytes: the fault set and the detour system its strategy
// chooses (detours.Strategy.Bytes), and per node the engine's state of
// the sweep; 0 on the intact cube.
func (f Faults) Bytes(c Config) int64 {
	s, err := detours.Lookup(f.strategy())
	if !f.Faulty() || err != nil || c.Topology != topology.Cube {
		return 0
	}
	n := log2(c.P)
	edges := float64(n) * float64(c.P)
	q := f.Q
	switch {
	case f.K > 0:
		q = float64(f.K) / edges
	case f.List != "":
		q = float64(f.List.Len()) / edges
	}
	return s.Bytes(n, q) + int64(c.P)*bytesPerNode
}

func (Faults) sweep(c Config) *sweep {
	i := slices.IndexFunc(sweeps, func(w sweep) bool { return w.op == c.Op && w.algo == c.Algo })
	if i < 0 {
		return nil
	}
	return &sweeps[i]
}

// MeasureFaulty runs c on the cube whose faults f draws from rng, then its
// strategy chooses detours with rng, and compares it: Measure if f draws
// no faults. Every word of a step whose edge has failed goes over its
// detour (package ascend); a step then takes γ_s + 2 units all-port,
// where γ_s is the most of the step's detours that share a middle edge,
// else 1 (single-port as measured). Rho is the run's units, and Time
// prices each unit as a step of the intact cube, t_s + m·t_w + t_h; the
// closed form is the all-port step law [Schömer 1988, Ch. III.1], and the
// bound is the law's for the system's γ, (γ + 2) units per step, all-port
// only (Faulty.LawBound): the intact cube's lower bounds are left out.
// NoDup, NoHO and Relays are the algorithm's on the intact cube (the same
// messages between the same nodes). If the strategy leaves a failed edge
// without a detour, the row has the faults and nothing measured (OK false,
// Err why).
func MeasureFaulty(c Config, f Faults, rng *rand.Rand) (Row, error) {
	if err := f.Validate(c); err != nil {
		return Row{}, err
	}
	row, err := Measure(c)
	row.Faults = f
	if err != nil || !f.Faulty() {
		return row, err
	}
	y, complete, err := DetourSystem(c, f, rng)
	if err != nil {
		return Row{}, err
	}
	return overDetours(row, f, y, complete)
}

// DetourSystem returns the faulty cube of f for c, drawn from rng, and the
// detour system its strategy chooses with rng: what MeasureFaulty runs
// over; complete says that every failed edge has a detour. f must draw
// failed edges.
func DetourSystem(c Config, f Faults, rng *rand.Rand) (y *faults.System, complete bool, err error) {
	set := new(faults.Set)
	if err := f.Fill(set, log2(c.P), rng); err != nil {
		return nil, false, err
	}
	y = faults.NewSystem(set)
	strategy, err := detours.Lookup(f.strategy())
	if err != nil {
		return nil, false, err
	}
	return y, strategy.Choose(y, rng), nil
}

// MeasureOver runs c over the detour system y of the faulty cube of f,
// complete or not, and compares it, as MeasureFaulty does once it has drawn
// them (DetourSystem).
func MeasureOver(c Config, f Faults, y *faults.System, complete bool) (Row, error) {
	if err := f.Validate(c); err != nil {
		return Row{}, err
	}
	row, err := Measure(c)
	if err != nil {
		return Row{}, err
	}
	return overDetours(row, f, y, complete)
}

// overDetours completes row, Measure's of the intact cube, by running its
// configuration over the detour system y, complete or not.
func overDetours(row Row, f Faults, y *faults.System, complete bool) (Row, error) {
	c := row.Config
	fy := &Faulty{Failed: y.Faults.Count(), NoDetour: y.Faults.Stranded() > 0, Gamma: -1, LawBound: -1, strategy: f.strategy()}
	row.Faults, row.Faulty = f, fy
	if !complete {
		row.OK, row.Err = false, errors.New(fy.Unavailable())
		return row, nil
	}
	_, fy.Gamma = y.Gamma()
	prog, check := f.sweep(c).build(y.Faults.N, uint32(c.Root), values(c))
	e := engine.Engine{Record: engine.Record{Trace: c.KeepTrace}}
	var r ascend.Runner
	res, err := r.Run(&e, prog, y, c.Port)
	if err != nil {
		return Row{}, fmt.Errorf("%v %s over detours: %w", c.Op, c.Algo, err)
	}
	unit := c.Ts + float64(c.M)*c.Tw + c.Th
	row.Rho, row.RhoM, row.Eta, row.Hops = res.T, float64(res.T), float64(res.Hops), res.Hops
	row.Time, row.RecvMax, fy.MaxStep = float64(res.T)*unit, res.RecvMax, res.MaxStep()
	row.Trace = res.Trace
	row.Err = check()
	row.OK = row.Err == nil
	row.Closed, row.ClosedRef = math.NaN(), ""
	row.Bound = Bound{Steps: -1, Rho: math.NaN(), Eta: math.NaN()}
	if c.Port == AllPort {
		fy.LawBound = (fy.Gamma + 2) * prog.Steps()
		law := 0
		for _, t := range ascend.StepTimes(prog, y) {
			law += int(t)
		}
		row.Closed, row.ClosedRef = float64(law)*unit, "Schömer 1988, Ch. III.1 (step law)"
	}
	row.AlgBW, row.BusBW = Bandwidth(c, row.Time)
	return row, nil
}

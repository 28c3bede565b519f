package collectives

import (
	"math"
	"slices"
	"strings"
)

// Row is one run of a configuration with what it is compared with: the
// lower bound, the closed form (NaN if none) and the nccl-tests
// bandwidths; Faults is how its cube's edges fail, and Faulty what a run
// on a faulty cube measured (MeasureFaulty), nil on the intact cube.
type Row struct {
	Config
	Result
	Bound        Bound // Steps −1 and the others NaN for none
	Closed       float64
	ClosedRef    string
	AlgBW, BusBW float64
	Faults       Faults
	Faulty       *Faulty
	// Trial is the trial of an experiment the run was (0 for a single
	// run), its row's trial.
	Trial int
}

// Measure runs c and compares it.
func Measure(c Config) (Row, error) {
	r, err := Run(c)
	if err != nil {
		return Row{}, err
	}
	row := Row{Config: c, Result: r, Bound: LowerBound(c)}
	row.Pieces = pieces(c)
	row.Closed, row.ClosedRef, _ = Closed(c)
	row.AlgBW, row.BusBW = Bandwidth(c, r.Time)
	return row, nil
}

// Column is one named value of a row, a column of the collectives table
// and a key of hyperroute collective --jsonl. Values are string, int,
// uint64, float64 or bool; a Nullable column's value may be none (Null),
// its Value then a zero of its type.
type Column struct {
	Name     string
	Value    any
	Nullable bool
	Null     bool
}

// Columns returns the row's values in output order: the configuration,
// its faults, what a faulty cube had, what was measured, the bound, the
// closed form and the bandwidths. A bound the row does not have is none,
// as are the measures that a faulty cube without a complete detour system
// leaves unavailable.
func (r Row) Columns() []Column {
	errText := ""
	if r.Err != nil {
		errText = r.Err.Error()
	}
	cols := r.columns(errText)
	f := r.Faulty
	if f == nil {
		f = &Faulty{Gamma: -1, LawBound: -1}
	} else if f.Gamma < 0 {
		for i := range cols {
			if name := cols[i].Name; !strings.HasPrefix(name, "bound_") && name != "error" && !slices.Contains(config, name) {
				cols[i].Null = true
			}
		}
	}
	for i := range cols {
		switch x := cols[i].Value.(type) {
		case int:
			cols[i].Null = cols[i].Null || cols[i].Name == "bound_steps" && x < 0
		case float64:
			cols[i].Null = cols[i].Null || cols[i].Nullable && math.IsNaN(x)
		}
	}
	at := slices.IndexFunc(cols, func(c Column) bool { return c.Name == "trial" }) + 1
	return slices.Insert(cols, at, Column{Name: "q", Value: r.Faults.Q}, Column{Name: "k", Value: r.Faults.K},
		Column{Name: "faults", Value: string(r.Faults.List)}, Column{Name: "detours", Value: r.Faults.strategy()},
		Column{Name: "failed_edges", Value: f.Failed}, Column{Name: "no_detour", Value: f.NoDetour},
		Column{Name: "gamma", Value: max(f.Gamma, 0), Nullable: true, Null: f.Gamma < 0},
		Column{Name: "max_step", Value: f.MaxStep, Nullable: true, Null: f.Gamma < 0},
		Column{Name: "law_bound", Value: max(f.LawBound, 0), Nullable: true, Null: f.LawBound < 0})
}

// config names the columns of the configuration.
var config = []string{"op", "algo", "topology", "p", "port", "model", "startup", "m", "ts", "tw", "th", "root", "dests", "shift", "pieces", "seed", "trial"}

func (r Row) columns(errText string) []Column {
	return []Column{
		{"op", r.Op.String(), false, false}, {"algo", r.Algo, false, false}, {"topology", r.Topology.String(), false, false}, {"p", r.P, false, false},
		{"port", r.Port.String(), false, false}, {"model", r.Model.String(), false, false}, {"startup", r.Startup.String(), false, false},
		{"m", r.M, false, false}, {"ts", r.Ts, false, false}, {"tw", r.Tw, false, false}, {"th", r.Th, false, false}, {"root", r.Root, false, false}, {"dests", FormatDests(r.Dests), false, false}, {"shift", r.Shift, false, false}, {"pieces", r.Pieces, false, false}, {"seed", r.Seed, false, false}, {"trial", r.Trial, false, false},
		{"rho", r.Rho, true, false}, {"rho_m", r.RhoM, true, false}, {"eta", r.Eta, true, false}, {"hops", int(r.Hops), true, false}, {"messages", r.Messages, true, false},
		{"time", r.Time, true, false}, {"ok", r.OK, false, false}, {"nodup", r.NoDup, true, false}, {"noho", r.NoHO, true, false}, {"recv_max", r.RecvMax, true, false}, {"relays", r.Relays, true, false},
		{"bound_steps", r.Bound.Steps, true, false}, {"bound_rho", r.Bound.Rho, true, false}, {"bound_eta", r.Bound.Eta, true, false},
		{"closed", r.Closed, true, false}, {"closed_ref", r.ClosedRef, false, false}, {"algbw", r.AlgBW, true, false}, {"busbw", r.BusBW, true, false}, {"error", errText, false, false},
	}
}

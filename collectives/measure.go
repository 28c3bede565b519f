package collectives

import (
	"slices"
	"strings"
)

// Row is one run of a configuration with what it is compared with: the
// lower bound, the closed form (NaN if none) and the nccl-tests
// bandwidths; Faulty is set for a run on a faulty cube (MeasureFaulty).
type Row struct {
	Config
	Result
	Bound        Bound
	Closed       float64
	ClosedRef    string
	AlgBW, BusBW float64
	Faulty       *Faulty
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
// uint64, float64 or bool; a Nullable column's NaN is none (null).
type Column struct {
	Name     string
	Value    any
	Nullable bool
}

// Columns returns the row's values in output order: the configuration,
// on a faulty cube the faults, what was measured, the bound, the closed
// form and the bandwidths. Measures that a faulty cube without a complete
// detour system leaves unavailable are nil.
func (r Row) Columns() []Column {
	errText := ""
	if r.Err != nil {
		errText = r.Err.Error()
	}
	cols := r.columns(errText)
	f := r.Faulty
	if f == nil {
		return cols
	}
	var gamma, maxStep any = f.Gamma, f.MaxStep
	if f.Gamma < 0 {
		gamma, maxStep = nil, nil
		for i := range cols {
			if name := cols[i].Name; !strings.HasPrefix(name, "bound_") && name != "error" && !slices.Contains(config, name) {
				cols[i].Value = nil
			}
		}
	}
	at := slices.IndexFunc(cols, func(c Column) bool { return c.Name == "seed" }) + 1
	return slices.Insert(cols, at, Column{"q", f.Q, false}, Column{"detours", f.Detours, false},
		Column{"failed_edges", f.Failed, false}, Column{"no_detour", f.NoDetour, false},
		Column{"gamma", gamma, true}, Column{"max_step", maxStep, true})
}

// config names the columns of the configuration.
var config = []string{"op", "algo", "topology", "p", "port", "model", "startup", "m", "ts", "tw", "th", "root", "shift", "pieces", "seed"}

func (r Row) columns(errText string) []Column {
	return []Column{
		{"op", r.Op.String(), false}, {"algo", r.Algo, false}, {"topology", r.Topology.String(), false}, {"p", r.P, false},
		{"port", r.Port.String(), false}, {"model", r.Model.String(), false}, {"startup", r.Startup.String(), false},
		{"m", r.M, false}, {"ts", r.Ts, false}, {"tw", r.Tw, false}, {"th", r.Th, false}, {"root", r.Root, false}, {"shift", r.Shift, false}, {"pieces", r.Pieces, false}, {"seed", r.Seed, false},
		{"rho", r.Rho, false}, {"rho_m", r.RhoM, false}, {"eta", r.Eta, false}, {"hops", int(r.Hops), false}, {"messages", r.Messages, false},
		{"time", r.Time, false}, {"ok", r.OK, false}, {"nodup", r.NoDup, false}, {"noho", r.NoHO, false}, {"recv_max", r.RecvMax, false}, {"relays", r.Relays, false},
		{"bound_steps", r.Bound.Steps, false}, {"bound_rho", r.Bound.Rho, true}, {"bound_eta", r.Bound.Eta, false},
		{"closed", r.Closed, true}, {"closed_ref", r.ClosedRef, false}, {"algbw", r.AlgBW, false}, {"busbw", r.BusBW, true}, {"error", errText, false},
	}
}

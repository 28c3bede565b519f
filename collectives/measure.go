package collectives

// Row is one run of a configuration with what it is compared with: the
// lower bound, the closed form (NaN if none) and the nccl-tests
// bandwidths.
type Row struct {
	Config
	Result
	Bound        Bound
	Closed       float64
	ClosedRef    string
	AlgBW, BusBW float64
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
// uint64, float64 (NaN: none) or bool.
type Column struct {
	Name  string
	Value any
}

// Columns returns the row's values in output order: the configuration,
// what was measured, the bound, the closed form and the bandwidths.
func (r Row) Columns() []Column {
	errText := ""
	if r.Err != nil {
		errText = r.Err.Error()
	}
	return []Column{
		{"op", r.Op.String()}, {"algo", r.Algo}, {"topology", r.Topology.String()}, {"p", r.P},
		{"port", r.Port.String()}, {"model", r.Model.String()}, {"startup", r.Startup.String()},
		{"m", r.M}, {"ts", r.Ts}, {"tw", r.Tw}, {"th", r.Th}, {"root", r.Root}, {"q", r.Q}, {"pieces", r.Pieces}, {"seed", r.Seed},
		{"rho", r.Rho}, {"rho_m", r.RhoM}, {"eta", r.Eta}, {"hops", int(r.Hops)}, {"messages", r.Messages},
		{"time", r.Time}, {"ok", r.OK}, {"nodup", r.NoDup}, {"noho", r.NoHO}, {"recv_max", r.RecvMax}, {"relays", r.Relays},
		{"bound_steps", r.Bound.Steps}, {"bound_rho", r.Bound.Rho}, {"bound_eta", r.Bound.Eta},
		{"closed", r.Closed}, {"closed_ref", r.ClosedRef}, {"algbw", r.AlgBW}, {"busbw", r.BusBW}, {"error", errText},
	}
}

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

package stats

// Interval is a closed confidence interval [Lo, Hi].
type Interval struct {
	Lo, Hi float64
}

// Contains reports whether Lo ≤ x ≤ Hi.
func (iv Interval) Contains(x float64) bool {
	return iv.Lo <= x && x <= iv.Hi
}

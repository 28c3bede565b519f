package stats

// Hoeffding is Hoeffding's comparison of N independent Poisson trials (each
// with its own success probability q_i) with Bin(N, q̄), where q̄ is the mean
// success probability [Hoeffding 1956], the thesis' "Satz von Hoeffding"
// [Schömer 1988, Ch. I.3]. For the number of successes Z,
//
//	Pr(Z ≥ m) ≤ B(m, N, q̄)   for m ≥ N·q̄ + 1.
//
// The condition matters: for q = (0.9, 0), Pr(Z ≥ 1) = 0.9 > B(1, 2, 0.45).
// Below it the trivial bound 1 is reported.
type Hoeffding struct {
	N    int     // number of trials
	QBar float64 // mean success probability (1/N)·Σ q_i
}

// Tail returns Hoeffding's bound on Pr(Z ≥ m).
func (h Hoeffding) Tail(m int) float64 {
	if !h.applies(m) {
		return 1
	}
	return BinomTail(m, h.N, h.QBar)
}

// LogTail returns the natural logarithm of Tail.
func (h Hoeffding) LogTail(m int) float64 {
	if !h.applies(m) {
		return 0
	}
	return LogBinomTail(m, h.N, h.QBar)
}

// applies reports whether m ≥ N·q̄ + 1.
func (h Hoeffding) applies(m int) bool {
	return float64(m) >= float64(h.N)*h.QBar+1
}

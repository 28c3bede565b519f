package stats

import (
	"cmp"
	"slices"
)

// CCDF returns the empirical complementary distribution function of sample
// with the "≥" convention of the thesis' tail bounds [Schömer 1988]:
//
//	tail[i] = Pr(X ≥ values[i]) = |{j : sample[j] ≥ values[i]}| / len(sample),
//
// at each distinct value, values in increasing order, so tail[0] = 1 and
// tail decreases to 1/len(sample) at least. Plotted as steps on a log axis it
// is directly comparable with B(m, N, q) and the other bounds. The sample is
// not modified. CCDF panics if sample holds a NaN.
func CCDF[T cmp.Ordered](sample []T) (values []T, tail []float64) {
	sorted := slices.Clone(sample)
	slices.Sort(sorted)
	n := float64(len(sorted))
	for i, x := range sorted {
		if x != x {
			panic("stats: NaN in sample")
		}
		if i > 0 && sorted[i-1] == x {
			continue
		}
		values = append(values, x)
		tail = append(tail, float64(len(sorted)-i)/n)
	}
	return values, tail
}

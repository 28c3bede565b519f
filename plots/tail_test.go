package plots

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTTailSeries checks what t-tail plots against the Parquet rows: per
// port and n a step graph of Pr(T/n ≥ x) whose corners lie at the
// measured T/n, from level 1 at the smallest to the share of the largest,
// every level the share of the trials at or beyond its x or beyond it;
// and that the notes name the n the legend leaves out.
func TestTTailSeries(t *testing.T) {
	dir := t.TempDir()
	writeDataset(t, dir)
	o, err := TTail(dir, filepath.Join(dir, "figures"))
	if err != nil {
		t.Fatal(err)
	}
	rows := parquetRows(t, dir, "valiant-tail", "trials")
	checked := 0
	for _, port := range []string{"single", "all"} {
		for _, n := range []int{4, 5, 6} {
			var xs []float64
			for _, r := range rows {
				if r.has("port", port) && r.num["n"] == float64(n) {
					xs = append(xs, r.num["T"]/float64(n))
				}
			}
			s := seriesNamed(t, o, port+"-port, measured", fmt.Sprintf("n = %d", n))
			share := func(holds func(x float64) bool) float64 {
				k := 0
				for _, x := range xs {
					if holds(x) {
						k++
					}
				}
				return float64(k) / float64(len(xs))
			}
			if first, last := s.XYs[0], s.XYs[len(s.XYs)-1]; first.X != slices.Min(xs) || first.Y != 1 ||
				last.X != slices.Max(xs) || !near(last.Y, share(func(x float64) bool { return x >= last.X })) {
				t.Errorf("%s n=%d: from %v to %v, want from (%v, 1) to the share at %v", port, n, first, last, slices.Min(xs), slices.Max(xs))
			}
			for _, p := range s.XYs {
				ge := share(func(x float64) bool { return x >= p.X })
				gt := share(func(x float64) bool { return x > p.X })
				if !slices.Contains(xs, p.X) || !near(p.Y, ge) && !near(p.Y, gt) {
					t.Errorf("%s n=%d: corner %v, want a measured T/n at level %v or %v", port, n, p, ge, gt)
				}
				checked++
			}
		}
	}
	if checked < 20 {
		t.Errorf("%d corners checked", checked)
	}
	if got := unlisted([]int{4, 5, 6, 7, 8, 9, 10, 11, 12}, legendNs([]int{4, 5, 6, 7, 8, 9, 10, 11, 12})); got != "n = 7, 11" {
		t.Errorf("unlisted = %q, want n = 7, 11", got)
	}
	if !slices.ContainsFunc(o.Notes, func(s string) bool { return strings.HasPrefix(s, "Theorem I.1 bound: 1 below T/n = 69.4") }) {
		t.Errorf("notes %q do not place the bound", o.Notes)
	}
}

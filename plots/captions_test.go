package plots

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestThresholdNotes checks the numbers replication-threshold's notes
// give against the Parquet rows of a small run: per n the q at which the
// fraction of messages n copies lose, pooled over the trials of each q,
// crosses 1%, interpolated log–log.
func TestThresholdNotes(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, chapterIISpecs[2])
	var draw func(dir, out string) (Output, error)
	for _, f := range Figures {
		if f.Name == "replication-threshold" {
			draw = f.Draw
		}
	}
	o, err := draw(dir, filepath.Join(dir, "figures"))
	if err != nil {
		t.Fatal(err)
	}
	rows := parquetRows(t, dir, "replication-loss", "trials")
	for _, n := range []float64{4, 6} {
		of := func(r pqRow) bool {
			return r.num["n"] == n && r.has("router", "disjoint") && r.num["pieces"] == 1 && r.num["pipelined"] == 0 && r.num["trim"] == 0
		}
		q := func(r pqRow) float64 { return r.num["q"] }
		lost := meansBy(rows, of, q, func(r pqRow) float64 { return r.num["lost"] })
		msgs := meansBy(rows, of, q, func(r pqRow) float64 { return r.num["messages"] })
		qs := slices.Sorted(func(yield func(float64) bool) {
			for x := range lost {
				if !yield(x) {
					return
				}
			}
		})
		var rates []float64
		for _, x := range qs {
			rates = append(rates, lost[x]/msgs[x])
		}
		at, ok := crossing(qs, rates, lossLevel)
		if !ok {
			t.Fatalf("n=%v: no crossing of 1%% in %v", n, rates)
		}
		want := fmt.Sprintf("n=%v: 1%% of messages lost at q = %.3f measured", n, at)
		if !slices.ContainsFunc(o.Notes, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("notes %q lack %q", o.Notes, want)
		}
	}
}

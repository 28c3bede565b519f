package plots

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hyperroute/hyperroute/stats"
)

// drawNamed draws the figure of Figures named name from dir, as
// hyperroute figures does, notes included.
func drawNamed(t *testing.T, name, dir string) Output {
	t.Helper()
	for _, f := range Figures {
		if f.Name == name {
			o, err := f.Draw(dir, filepath.Join(dir, "figures"))
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
	}
	t.Fatalf("no figure %q", name)
	return Output{}
}

// wantNote fails unless some note of o contains want.
func wantNote(t *testing.T, o Output, want string) {
	t.Helper()
	if !slices.ContainsFunc(o.Notes, func(s string) bool { return strings.Contains(s, want) }) {
		t.Errorf("notes %q lack %q", o.Notes, want)
	}
}

// TestButterflyNotes checks the notes of butterfly-time and butterfly-tail
// against the rows of a small butterfly-tail run: at the largest n the
// mean T/n of each series, n copies in turn over one Valiant copy
// all-port, and the largest T/n of n copies in turn.
func TestButterflyNotes(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, chapterIISpecs[0])
	rows := parquetRows(t, dir, "butterfly-tail", "trials")
	series := []struct {
		name, router, port string
		pipelined, trim    float64
	}{
		{"n copies, phases in turn", "disjoint", "single", 0, 0},
		{"n copies, pipelined", "disjoint", "single", 1, 0},
		{"n copies, trimmed", "disjoint", "single", 0, 1},
		{"n copies, pipelined, trimmed", "disjoint", "single", 1, 1},
		{"1 copy, Valiant all-port", "valiant", "all", 0, 0},
		{"1 copy, Valiant single-port", "valiant", "single", 0, 0},
	}
	mean := map[string]float64{}
	largest := 0.0
	for _, s := range series {
		of := func(r pqRow) bool {
			return r.has("router", s.router, "port", s.port) && r.num["pipelined"] == s.pipelined && r.num["trim"] == s.trim
		}
		m := meansBy(rows, of, func(r pqRow) float64 { return r.num["n"] }, func(r pqRow) float64 { return r.num["T"] / r.num["n"] })
		mean[s.name] = m[5]
		if s.name == series[0].name {
			for _, r := range rows {
				if of(r) {
					largest = math.Max(largest, r.num["T"]/r.num["n"])
				}
			}
		}
	}
	o := drawNamed(t, "butterfly-time", dir)
	for _, s := range series {
		wantNote(t, o, fmt.Sprintf("%s %.2f", s.name, mean[s.name]))
	}
	wantNote(t, o, fmt.Sprintf("take %.2f times as long", mean[series[0].name]/mean[series[4].name]))
	o = drawNamed(t, "butterfly-tail", dir)
	wantNote(t, o, fmt.Sprintf("largest measured T/n = %.2f", largest))
}

// TestReplicationLossNotes checks the notes of replication-loss against
// the rows of a small run: per n and series, the messages lost pooled per
// q, in how many 95% Clopper–Pearson intervals the exact curves lie, and
// the gap of 2(nq)^n over the exact loss at each q of the grid where
// 2(nq)^n < 1.
func TestReplicationLossNotes(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, chapterIISpecs[2])
	rows := parquetRows(t, dir, "replication-loss", "trials")
	o := drawNamed(t, "replication-loss", dir)
	for _, n := range []int{4, 6} {
		for _, m := range []int{1, 2, n / 2} {
			of := func(r pqRow) bool {
				return r.num["n"] == float64(n) && r.has("router", "disjoint") && r.num["pieces"] == float64(m) && r.num["pipelined"] == 0 && r.num["trim"] == 0
			}
			q := func(r pqRow) float64 { return r.num["q"] }
			lost := meansBy(rows, of, q, func(r pqRow) float64 { return r.num["lost"] })
			msgs := meansBy(rows, of, q, func(r pqRow) float64 { return r.num["messages"] })
			drawn, inHi, inLo := 0, 0, 0
			var gaps []string
			for _, x := range slices.Sorted(mapKeys(lost)) {
				if bound := 2 * math.Pow(float64(n)*x, float64(n)); bound < 1 {
					_, hi0 := stats.MeanMessageLoss(n, 1, x)
					gaps = append(gaps, fmt.Sprintf("%.1f at q=%v", math.Log10(bound/hi0), x))
				}
				if lost[x] == 0 {
					continue
				}
				// Means over the same number of trials: their ratio is the pooled rate.
				k, all := int(math.Round(lost[x]*60)), int(math.Round(msgs[x]*60))
				iv := stats.ClopperPearson(k, all, 0.95)
				lo, hi := stats.MeanMessageLoss(n, m, x)
				drawn++
				if iv.Lo <= hi && hi <= iv.Hi {
					inHi++
				}
				if iv.Lo <= lo && lo <= iv.Hi {
					inLo++
				}
			}
			name := "n copies"
			if m > 1 {
				name = fmt.Sprintf("m = %d of n pieces", m)
			}
			if m == 1 {
				wantNote(t, o, fmt.Sprintf("n=%d: 2(nq)^n over the exact loss of n copies, orders of magnitude: %s", n, strings.Join(gaps, ", ")))
			}
			if drawn > 0 {
				wantNote(t, o, fmt.Sprintf("n=%d, %s: the 95%% intervals of the %d points with a loss hold the exact upper end in %d, the lower end in %d", n, name, drawn, inHi, inLo))
			}
		}
	}
}

// mapKeys returns the keys of m.
func mapKeys(m map[float64]float64) func(func(float64) bool) {
	return func(yield func(float64) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestReplicationRareNotes checks the notes of replication-rare against
// the rows of a small run: per n the number of estimates and the farthest
// one outside its bracket in standard errors, the bound over n copies'
// exact loss where the bound is below 1, and the q at which m = 2 of n
// pieces is estimated above the bound.
func TestReplicationRareNotes(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, rareSpec)
	rows := parquetRows(t, dir, "replication-rare", "estimates")
	o := drawNamed(t, "replication-rare", dir)
	for _, n := range []float64{8, 10} {
		count, far := 0, 0.0
		var ratios []string
		var above []float64
		for _, r := range rows {
			if r.num["n"] != n {
				continue
			}
			count++
			loss, se := r.num["loss"], r.num["se"]
			far = math.Max(far, math.Max(r.num["exact_lo"]-loss, loss-r.num["exact_hi"])/se)
			bound := 2 * math.Pow(n*r.num["q"], n)
			if r.has("router", "disjoint") && r.num["pieces"] == 1 && bound < 1 {
				ratios = append(ratios, fmt.Sprintf("%.3g at q=%v", bound/r.num["exact_hi"], r.num["q"]))
			}
			if r.has("router", "disjoint") && r.num["pieces"] == 2 && loss > bound {
				above = append(above, r.num["q"])
			}
		}
		slices.Sort(above)
		wantNote(t, o, fmt.Sprintf("n=%v: %d estimates, the farthest %.2f standard errors outside", n, count, math.Max(far, 0)))
		if len(ratios) == 0 {
			t.Fatalf("n=%v: the bound is 1 at every q", n)
		}
		wantNote(t, o, fmt.Sprintf("n=%v: 2(nq)^n over the exact loss of n copies: %s", n, strings.Join(ratios, ", ")))
		if len(above) > 0 {
			wantNote(t, o, fmt.Sprintf("n=%v: m = 2 of n pieces is lost more often than 2(nq)^n at q = %v", n, above))
		}
	}
}

// TestDetourNotes checks the notes of detour-existence, matching and
// faulty-bitonic against the rows of small runs: per n and q the rate of
// trials with a failed edge without a detour and the bound over it; per n
// the range of (n/5)(10q)^n over the heuristic's failure rate, and at the
// largest n each strategy's mean γ and shares of γ at the largest q; per
// n, port and strategy the slowest steps against γ + 2, and the mean of T
// over (γ+2)·n(n+1)/2 at each q.
func TestDetourNotes(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, detourSpecs...)
	qOf := func(r pqRow) float64 { return r.num["q"] }

	rows := parquetRows(t, dir, "detour-existence", "trials")
	o := drawNamed(t, "detour-existence", dir)
	for _, n := range []float64{4, 6} {
		rate := meansBy(rows, func(r pqRow) bool { return r.num["n"] == n }, qOf, func(r pqRow) float64 { return r.num["no_detour"] })
		var parts []string
		for _, q := range slices.Sorted(mapKeys(rate)) {
			bound := math.Min(1, n*math.Pow(2, n)*q*math.Pow(3*q, n-1))
			part := fmt.Sprintf("q=%v: %.3g of 100 (bound %.3g", q, rate[q], bound)
			if rate[q] > 0 {
				part += fmt.Sprintf(", %.2f times the rate", bound/rate[q])
			}
			parts = append(parts, part+")")
		}
		wantNote(t, o, fmt.Sprintf("n=%v, trials with a failed edge without a detour: %s", n, strings.Join(parts, "; ")))
	}

	rows = parquetRows(t, dir, "matching", "trials")
	o = drawNamed(t, "matching", dir)
	for _, n := range []float64{4, 6} {
		fails := meansBy(rows, func(r pqRow) bool { return r.num["n"] == n && r.has("detours", "heuristic") }, qOf, func(r pqRow) float64 { return 1 - r.num["ok"] })
		lo, hi := math.Inf(1), 0.0
		for q, f := range fails {
			if f > 0 && q <= 0.1 {
				b := stats.MatchingFailureBound(int(n), q) / f
				lo, hi = math.Min(lo, b), math.Max(hi, b)
			}
		}
		if hi == 0 {
			continue
		}
		wantNote(t, o, fmt.Sprintf("n=%v: (n/5)(10q)^n is %.2f to %.2f times", n, lo, hi))
	}
	for _, s := range []string{"optimal", "heuristic", "random"} {
		of := func(r pqRow) bool { return r.num["n"] == 6 && r.has("detours", s) && r.num["ok"] == 1 }
		mean := meansBy(rows, of, qOf, func(r pqRow) float64 { return r.num["gamma"] })
		counts, all := map[float64]int{}, 0
		for _, r := range rows {
			if of(r) && r.num["q"] == 0.1 {
				counts[r.num["gamma"]]++
				all++
			}
		}
		var shares []string
		for _, g := range slices.Sorted(func(yield func(float64) bool) {
			for g := range counts {
				if !yield(g) {
					return
				}
			}
		}) {
			shares = append(shares, fmt.Sprintf("γ=%v in %.3g%%", g, 100*float64(counts[g])/float64(all)))
		}
		wantNote(t, o, fmt.Sprintf("n=6, %s: mean γ of complete systems %.2f at q=0.02, %.2f at q=0.1 (%s)", s, mean[0.02], mean[0.1], strings.Join(shares, ", ")))
	}

	rows = parquetRows(t, dir, "faulty-bitonic", "trials")
	o = drawNamed(t, "faulty-bitonic", dir)
	for _, n := range []float64{4, 5} {
		for _, port := range []string{"single", "all"} {
			for _, s := range []string{"heuristic", "random"} {
				of := func(r pqRow) bool {
					return r.num["n"] == n && r.has("port", port, "detours", s) && r.num["gamma"] > 0 && r.num["max_step"] > 0
				}
				on, above, below, most := 0, 0, 0, 0.0
				for _, r := range rows {
					if !of(r) {
						continue
					}
					d := r.num["max_step"] - r.num["gamma"] - 2
					switch {
					case d == 0:
						on++
					case d > 0:
						above++
						most = math.Max(most, d)
					default:
						below++
					}
				}
				wantNote(t, o, fmt.Sprintf("n=%v, %s-port, %s: slowest step = γ+2 in %d trials, above in %d (by at most %v), below in %d", n, port, s, on, above, most, below))
				if n != 5 {
					continue
				}
				ratio := meansBy(rows, of, qOf, func(r pqRow) float64 { return r.num["T"] / ((r.num["gamma"] + 2) * 15) })
				wantNote(t, o, fmt.Sprintf("n=5, %s, %s-port: mean T / ((γ+2)·n(n+1)/2) %.3f at q=0.05, %.3f at q=0.1", s, port, ratio[0.05], ratio[0.1]))
			}
		}
	}
}

// TestClosedFormNotes checks the note of the collectives figures: on
// small runs, the rows with a closed form counted from the Parquet rows,
// all equal to it; and on rows made up, one time off its closed form
// counted and named.
func TestClosedFormNotes(t *testing.T) {
	dir := t.TempDir()
	writeCollectives(t, dir)
	for _, exp := range []string{"collectives-size", "collectives-scale"} {
		with := 0
		for _, r := range parquetRows(t, dir, exp, "collectives") {
			if _, ok := r.num["closed"]; ok && !math.IsNaN(r.num["closed"]) {
				with++
			}
		}
		if with == 0 {
			t.Fatalf("%s: no row with a closed form", exp)
		}
		wantNote(t, drawNamed(t, exp+"-<op>", dir), fmt.Sprintf("equals the closed form in %d of the %d rows with one", with, with))
	}
	rows := []collRow{
		{op: "oab", algo: "binomial", time: 12, closed: 12},
		{op: "oab", algo: "binomial", time: 13, closed: 12},
		{op: "aas", algo: "dimex", time: 5, closed: math.NaN()},
		{op: "aas", algo: "dimex", time: 7, closed: 7},
	}
	got := closedFormCounts(rows)
	want := "the simulated time equals the closed form in 2 of the 3 rows with one; it differs for oab binomial"
	if len(got) != 1 || got[0] != want {
		t.Errorf("notes %q, want %q", got, want)
	}
}

// TestHubGreedyDilations checks what the caption of thesis-fig7 says of
// the greedy node-confluent dilation over the n the figure draws: about
// c = 0 it equals the least, 2n + 1; about c = 2^n − 1 it is 2n + 2.
func TestHubGreedyDilations(t *testing.T) {
	rows, err := hubDilations(10)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Zero != 2*r.N+1 || r.Ones != 2*r.N+2 {
			t.Errorf("n = %d: greedy %d about 0 and %d about 2^n−1, want %d and %d", r.N, r.Zero, r.Ones, 2*r.N+1, 2*r.N+2)
		}
	}
	if len(rows) != 8 {
		t.Errorf("%d rows, want n = 3 … 10", len(rows))
	}
}

// TestThresholdCaptionFormulas checks what the caption of
// replication-threshold says of the curves that are formulas, for
// n = 3 … 16: the q at which 2(nq)^n = 1% lies below the exact q of n
// copies (the bracket's upper end), Theorem II.2's q below that, and one
// copy's exact q more than a factor 10 below the exact q of n copies.
func TestThresholdCaptionFormulas(t *testing.T) {
	for n := 3; n <= 16; n++ {
		exact := stats.InvertQ(func(q float64) float64 { _, h := stats.MeanMessageLoss(n, 1, q); return h }, lossLevel)
		bound := math.Pow(lossLevel/2, 1/float64(n)) / float64(n)
		theorem := stats.TheoremII2MaxQ(n, -math.Log(lossLevel/2)/float64(n))
		one := stats.InvertQ(func(q float64) float64 { return stats.ValiantLoss(n, q) }, lossLevel)
		if !(theorem < bound && bound < exact && 10*one < exact) {
			t.Errorf("n=%d: Theorem II.2 %v, bound %v, exact %v, one copy %v", n, theorem, bound, exact, one)
		}
	}
}

// TestButterflyLoadsNote checks the note of butterfly-loads on a small
// run: at the largest n, the number of priorities tested and the smallest
// of their p-values (loadLawTests, tested on its own in TestLoadLawTests),
// alone and times that number.
func TestButterflyLoadsNote(t *testing.T) {
	dir := t.TempDir()
	runSpecs(t, dir, chapterIISpecs[1])
	rows, err := readLoadCounts(dir, "butterfly-loads")
	if err != nil {
		t.Fatal(err)
	}
	rows = slices.DeleteFunc(rows, func(r loadCount) bool { return r.N != 5 })
	tests := loadLawTests(rows, 5)
	least := slices.MinFunc(tests, func(a, b lawTest) int { return cmp.Compare(a.PValue, b.PValue) })
	want := fmt.Sprintf("n=5: f(p, w) against Bin(N, 1/N) at %d priorities, smallest p-value %.3g (p=%d), times %d: %.3g",
		len(tests), least.PValue, least.P, len(tests), math.Min(least.PValue*float64(len(tests)), 1))
	wantNote(t, drawNamed(t, "butterfly-loads", dir), want)
}

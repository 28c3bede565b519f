package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"gonum.org/v1/gonum/floats"

	"github.com/hyperroute/hyperroute/dataset"
)

// writeTrials writes a trials part with the grid columns and T for the
// given rows (port, trim, T) under dir/exp/trials/n=<n>/part-<shard>.parquet,
// as the runner does: n only in the directory name.
func writeTrials(t *testing.T, dir, exp, shard string, n int32, ports []string, trims []bool, ts []int32) {
	t.Helper()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "router", Type: arrow.BinaryTypes.String},
		{Name: "port", Type: arrow.BinaryTypes.String},
		{Name: "queue", Type: arrow.BinaryTypes.String},
		{Name: "pattern", Type: arrow.BinaryTypes.String},
		{Name: "n", Type: arrow.PrimitiveTypes.Int32},
		{Name: "mu", Type: arrow.PrimitiveTypes.Int32},
		{Name: "trim", Type: arrow.FixedWidthTypes.Boolean},
		{Name: "T", Type: arrow.PrimitiveTypes.Int32},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	for i, T := range ts {
		b.Field(0).(*array.StringBuilder).Append("valiant")
		b.Field(1).(*array.StringBuilder).Append(ports[i])
		b.Field(2).(*array.StringBuilder).Append("priority")
		b.Field(3).(*array.StringBuilder).Append("random")
		b.Field(4).(*array.Int32Builder).Append(n)
		b.Field(5).(*array.Int32Builder).Append(1)
		b.Field(6).(*array.BooleanBuilder).Append(trims[i])
		b.Field(7).(*array.Int32Builder).Append(T)
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	p := dataset.Part{Dir: dir, Experiment: exp, Table: "trials",
		Keys: []dataset.KV{{Key: "n", Value: strconv.Itoa(int(n))}}, Shard: shard}
	if err := dataset.WritePartition(p.Path(), p.Keys, schema, []arrow.RecordBatch{rec}, nil); err != nil {
		t.Fatal(err)
	}
}

// TestSummary summarises four grid points, two of which differ only in
// trim, a parameter beyond the first six.
func TestSummary(t *testing.T) {
	dir := t.TempDir()
	// n=4 in two shards; n=5 in one. Grid points (all,4), (single,4),
	// (single,4,trim), (single,5).
	writeTrials(t, dir, "e", "0-of-2", 4, []string{"single", "all", "single", "single"}, []bool{false, false, false, true}, []int32{7, 5, 9, 3})
	writeTrials(t, dir, "e", "1-of-2", 4, []string{"single", "all"}, []bool{false, false}, []int32{8, 6})
	writeTrials(t, dir, "e", "0-of-1", 5, []string{"single"}, []bool{false}, []int32{11})

	// Without a manifest the run is incomplete.
	if code, _, errs := cli("summary", filepath.Join(dir, "e")); code != 2 || !strings.Contains(errs, "/e is incomplete: 1 of an unknown number of units") {
		t.Errorf("without --partial: exit %d: %s", code, errs)
	}
	code, out, errs := cli("summary", filepath.Join(dir, "e"), "--jsonl", "--partial")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	type point struct {
		Router, Port, Queue, Pattern string
		N, Mu                        int
		Trim                         bool
		Trials                       int
		MeanT                        float64  `json:"mean_T"`
		SdT                          float64  `json:"sd_T"`
		MinT                         int      `json:"min_T"`
		MaxT                         int      `json:"max_T"`
		MedianT                      float64  `json:"median_T"`
		P90T                         float64  `json:"p90_T"`
		P99T                         float64  `json:"p99_T"`
		Routed                       int      `json:"routed"`
		CILo                         *float64 `json:"ci_lo_T"`
		CIHi                         *float64 `json:"ci_hi_T"`
	}
	// Quantiles of type 7: of 7, 8, 9 at 0.9 8 + 0.8, at 0.99 8 + 0.98.
	want := []point{
		{"valiant", "all", "priority", "random", 4, 1, false, 2, 5.5, math.Sqrt(0.5), 5, 6, 5.5, 5.9, 5.99, 0, nil, nil},
		{"valiant", "single", "priority", "random", 4, 1, false, 3, 8, 1, 7, 9, 8, 8.8, 8.98, 0, nil, nil},
		{"valiant", "single", "priority", "random", 4, 1, true, 1, 3, 0, 3, 3, 3, 3, 3, 0, nil, nil},
		{"valiant", "single", "priority", "random", 5, 1, false, 1, 11, 0, 11, 11, 11, 11, 11, 0, nil, nil},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, line := range lines {
		var got point
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("line %d: %v: %s", i, err, line)
		}
		if math.Abs(got.SdT-want[i].SdT) > 1e-15 {
			t.Errorf("line %d: sd_T %v, want %v", i, got.SdT, want[i].SdT)
		}
		got.SdT = want[i].SdT
		if math.Abs(got.P90T-want[i].P90T)+math.Abs(got.P99T-want[i].P99T) > 1e-12 {
			t.Errorf("line %d: p90 %v, p99 %v, want %v, %v", i, got.P90T, got.P99T, want[i].P90T, want[i].P99T)
		}
		got.P90T, got.P99T = want[i].P90T, want[i].P99T
		// The mean's interval: none for one trial (or all equal), else
		// about the mean.
		if (got.CILo == nil) != (got.Trials == 1) || got.CILo != nil && !(*got.CILo < got.MeanT && got.MeanT < *got.CIHi) {
			t.Errorf("line %d: interval %v, %v of %+v", i, got.CILo, got.CIHi, got)
		}
		if got.Routed != got.Trials {
			t.Errorf("line %d: %d of %d trials routed", i, got.Routed, got.Trials)
		}
		got.CILo, got.CIHi, got.Routed = nil, nil, 0
		if got != want[i] {
			t.Errorf("line %d: %+v, want %+v", i, got, want[i])
		}
	}

	code, out, _ = cli("summary", filepath.Join(dir, "e"), "--partial")
	if code != 0 || !strings.Contains(out, "7 trials in 4 grid points") || !strings.Contains(out, "trim") {
		t.Errorf("table form: exit %d\n%s", code, out)
	}
	if code, _, errs := cli("summary"); code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("no argument: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := cli("summary", filepath.Join(dir, "missing")); code != 2 {
		t.Errorf("missing experiment: exit %d, want 2", code)
	}
}

// TestSummaryPool pools a run and its extension (run --first-trial): the
// pooled summary is that of all their trials; it refuses runs that
// overlap or are of another experiment, exit 2 and one line.
func TestSummaryPool(t *testing.T) {
	noBatchEnv(t)
	spec := writeSpec(t, smallSpec)
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	for _, run := range [][]string{{"--out", a}, {"--out", b, "--first-trial", "9"}, {"--out", c, "--first-trial", "5"}} {
		if code, _, stderr := cli(append([]string{"run", spec, "--workers", "1"}, run...)...); code != 0 {
			t.Fatalf("run %v: %s", run, stderr)
		}
	}
	code, out, stderr := cli("summary", filepath.Join(a, "small"), filepath.Join(b, "small"), "--jsonl")
	if code != 0 {
		t.Fatalf("summary of two runs: exit %d: %s", code, stderr)
	}
	// n=5 all-port valiant: 18 trials, T as the two tables hold them.
	var ts []float64
	for _, dir := range []string{a, b} {
		tbl, err := dataset.ReadDataset(dir, "small", "trials")
		if err != nil {
			t.Fatal(err)
		}
		ns, _ := dataset.Int64s(tbl, "n")
		rs, _ := dataset.Strings(tbl, "router")
		ps, _ := dataset.Strings(tbl, "port")
		tt, _ := dataset.Int64s(tbl, "T")
		for i := range tt {
			if ns[i] == 5 && rs[i] == "valiant" && ps[i] == "all" {
				ts = append(ts, float64(tt[i]))
			}
		}
		tbl.Release()
	}
	slices.Sort(ts)
	var found bool
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		if r["n"] == 5.0 && r["router"] == "valiant" && r["port"] == "all" {
			found = true
			mean := floats.Sum(ts) / float64(len(ts))
			if r["trials"] != 18.0 || len(ts) != 18 || math.Abs(r["mean_T"].(float64)-mean) > 1e-12 || r["max_T"] != ts[17] ||
				math.Abs(r["median_T"].(float64)-(ts[8]+ts[9])/2) > 1e-12 {
				t.Errorf("pooled n=5: %v; want 18 trials of mean %v, max %v over %v", r, mean, ts[17], ts)
			}
		}
	}
	if !found {
		t.Errorf("no n=5 point in:\n%s", out)
	}
	other := writeSpec(t, strings.Replace(smallSpec, "name: small", "name: other", 1))
	if code, _, stderr := cli("run", other, "--out", c, "--workers", "1"); code != 0 {
		t.Fatal(stderr)
	}
	for _, c := range []struct {
		dirs []string
		want string
	}{
		{[]string{filepath.Join(a, "small"), filepath.Join(c, "small")}, "overlap"},
		{[]string{filepath.Join(a, "small"), filepath.Join(a, "small")}, "overlap"},
		{[]string{filepath.Join(a, "small"), filepath.Join(c, "other")}, "runs of different experiments"},
	} {
		code, stdout, stderr := cli(append([]string{"summary"}, c.dirs...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("summary %v: exit %d, %q%q; want exit 2 and one line with %q", c.dirs, code, stdout, stderr, c.want)
		}
	}
}

// TestSummaryFitsTheRun: a summary shows what its run measured: the loss,
// with its interval over the trials and in packets or messages as the
// router sends them, only at points with failed edges, and no loss columns
// for an intact run; for the collectives model the time, exact where every
// trial agrees, and the slowdown against the intact cube; for detour draws
// how often a system was complete, and no T.
func TestSummaryFitsTheRun(t *testing.T) {
	noBatchEnv(t)
	out := t.TempDir()
	for _, spec := range []string{
		"name: lossy\ngrid:\n  n: 5\n  router: [valiant, disjoint]\n  q: [0, 0.1]\ntrials: 20\nseed: 1\n",
		"name: intact\ngrid:\n  n: [4, 5]\n  router: valiant\ntrials: 20\nseed: 1\n",
		"name: coll\nmodel: collectives\ntrials: 30\nseed: 1\ngrid:\n  op: oab\n  algo: binomial\n  p: 32\n  port: all\n  q: [0, 0.05]\n  detours: optimal\n",
		"name: draws\nmodel: detours\ntrials: 30\nseed: 1\ngrid:\n  n: 6\n  q: 0.1\n  detours: [heuristic, random]\n",
	} {
		if code, _, stderr := cli("run", writeSpec(t, spec), "--out", out, "--workers", "2"); code != 0 {
			t.Fatalf("run %q: %s", spec, stderr)
		}
	}
	summary := func(exp string) (string, []map[string]any) {
		_, table, _ := cli("summary", filepath.Join(out, exp))
		_, jsonl, stderr := cli("summary", filepath.Join(out, exp), "--jsonl")
		var rows []map[string]any
		for _, line := range strings.Split(strings.TrimSpace(jsonl), "\n") {
			var r map[string]any
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%s: %v: %q %s", exp, err, line, stderr)
			}
			rows = append(rows, r)
		}
		return table, rows
	}
	table, rows := summary("lossy")
	lines := strings.Split(table, "\n")
	if !strings.Contains(lines[1], "  lost  ") || !strings.Contains(table, " messages ") || !strings.Contains(table, " packets ") {
		t.Errorf("lossy: no loss columns in packets and messages:\n%s", table)
	}
	for _, r := range rows {
		faulty := r["q"] == 0.1
		if (r["lost"] != nil) != faulty || (r["loss_lo"] != nil) != faulty || faulty && !(r["loss_lo"].(float64) <= r["loss"].(float64)) {
			t.Errorf("lossy: %v", r)
		}
		if unit := map[string]string{"valiant": "packets", "disjoint": "messages"}[r["router"].(string)]; r["unit"] != unit {
			t.Errorf("lossy: %s counts %v", r["router"], r["unit"])
		}
	}
	table, rows = summary("intact")
	if strings.Contains(table, "lost") || strings.Contains(table, "messages") || rows[0]["lost"] != nil || rows[0]["unit"] != nil {
		t.Errorf("intact run with loss columns:\n%s%v", table, rows[0])
	}
	table, rows = summary("coll")
	if !strings.Contains(table, "mean time") || !strings.Contains(table, "exact") || !strings.Contains(table, "slowdown") ||
		rows[0]["slowdown"] != nil || !(rows[1]["slowdown"].(float64) > 1) || rows[1]["mean_time"].(float64)/rows[0]["mean_time"].(float64) != rows[1]["slowdown"] {
		t.Errorf("collectives over detours:\n%s%v", table, rows)
	}
	table, rows = summary("draws")
	if !strings.Contains(table, "complete") || strings.Contains(table, "mean T") || rows[0]["share_ok"] == nil || rows[0]["trials"] != 30.0 {
		t.Errorf("detour draws:\n%s%v", table, rows)
	}
}

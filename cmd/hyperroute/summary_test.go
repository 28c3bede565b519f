package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/hyperroute/hyperroute/results"
)

// writeTrials writes a trials part with the grid columns and T for the
// given rows (port, n, T) under dir/exp/trials/n=<n>/part-<shard>.parquet,
// as the runner does: n only in the directory name.
func writeTrials(t *testing.T, dir, exp, shard string, n int32, ports []string, ts []int32) {
	t.Helper()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "router", Type: arrow.BinaryTypes.String},
		{Name: "port", Type: arrow.BinaryTypes.String},
		{Name: "queue", Type: arrow.BinaryTypes.String},
		{Name: "pattern", Type: arrow.BinaryTypes.String},
		{Name: "n", Type: arrow.PrimitiveTypes.Int32},
		{Name: "mu", Type: arrow.PrimitiveTypes.Int32},
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
		b.Field(6).(*array.Int32Builder).Append(T)
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	p := results.Part{Dir: dir, Experiment: exp, Table: "trials",
		Keys: []results.KV{{Key: "n", Value: strconv.Itoa(int(n))}}, Shard: shard}
	if err := results.WritePartition(p.Path(), p.Keys, schema, []arrow.RecordBatch{rec}, nil); err != nil {
		t.Fatal(err)
	}
}

func TestSummary(t *testing.T) {
	dir := t.TempDir()
	// n=4 in two shards; n=5 in one. Grid points (all,4), (single,4),
	// (single,5).
	writeTrials(t, dir, "e", "0-of-2", 4, []string{"single", "all", "single"}, []int32{7, 5, 9})
	writeTrials(t, dir, "e", "1-of-2", 4, []string{"single", "all"}, []int32{8, 6})
	writeTrials(t, dir, "e", "0-of-1", 5, []string{"single"}, []int32{11})

	code, out, errs := cli("summary", filepath.Join(dir, "e"), "--jsonl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []summaryRow{
		{Router: "valiant", Port: "all", Queue: "priority", Pattern: "random", N: 4, Mu: 1, Trials: 2, MeanT: 5.5, SdT: math.Sqrt(0.5), MinT: 5, MaxT: 6},
		{Router: "valiant", Port: "single", Queue: "priority", Pattern: "random", N: 4, Mu: 1, Trials: 3, MeanT: 8, SdT: 1, MinT: 7, MaxT: 9},
		{Router: "valiant", Port: "single", Queue: "priority", Pattern: "random", N: 5, Mu: 1, Trials: 1, MeanT: 11, SdT: 0, MinT: 11, MaxT: 11},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, line := range lines {
		var got summaryRow
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatal(err)
		}
		if math.Abs(got.SdT-want[i].SdT) > 1e-15 {
			t.Errorf("line %d: sd_T %v, want %v", i, got.SdT, want[i].SdT)
		}
		got.SdT = want[i].SdT
		if got.Router != want[i].Router || got.Port != want[i].Port || got.N != want[i].N || got.Mu != want[i].Mu ||
			got.Trials != want[i].Trials || got.MeanT != want[i].MeanT || got.MinT != want[i].MinT || got.MaxT != want[i].MaxT {
			t.Errorf("line %d: %+v, want %+v", i, got, want[i])
		}
	}

	code, out, _ = cli("summary", filepath.Join(dir, "e"))
	if code != 0 || !strings.Contains(out, "6 trials in 3 grid points") {
		t.Errorf("table form: exit %d\n%s", code, out)
	}
	if code, _, errs := cli("summary"); code != 2 || strings.Count(errs, "\n") != 1 {
		t.Errorf("no argument: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := cli("summary", filepath.Join(dir, "missing")); code != 1 {
		t.Errorf("missing experiment: exit %d, want 1", code)
	}
}

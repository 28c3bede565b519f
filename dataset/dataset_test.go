package dataset

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// writeDataset writes table "delays" of experiment "e" under dir with
// partitions n=4, n=8, n=16 (and router=e<n>) and two shards each; shard i of
// partition n has 10*len(n)+i rows. It returns the total row count.
func writeDataset(t *testing.T, dir string) int64 {
	t.Helper()
	var total int64
	for _, n := range []string{"16", "4", "8"} {
		for i := range 2 {
			p := Part{Dir: dir, Experiment: "e", Table: "delays",
				Keys: []KV{{"n", n}, {"router", "e" + n}}, Shard: ShardName(i, 2)}
			rows := int64(len(n)*10 + i)
			meta := map[string]string{MetaExperiment: "e", MetaShard: p.Shard}
			err := WriteParquet(p.Path(), sampleSchema, []arrow.RecordBatch{sampleBatch(0, rows)}, meta)
			if err != nil {
				t.Fatal(err)
			}
			total += rows
		}
	}
	// Files readers must ignore.
	for _, name := range []string{"n=4/router=e4/.part-0-of-2.parquet.123.tmp", "_SUCCESS", "_tmp/part-x.parquet", "n=4/router=e4/notes.txt"} {
		path := filepath.Join(dir, "e", "delays", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("junk"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return total
}

func TestReadDataset(t *testing.T) {
	dir := t.TempDir()
	total := writeDataset(t, dir)
	tbl, err := ReadPartial(dir, "e", "delays")
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()

	if tbl.NumRows() != total {
		t.Errorf("rows = %d, want %d", tbl.NumRows(), total)
	}
	sc := tbl.Schema()
	nf := len(sampleSchema.Fields())
	if int(tbl.NumCols()) != nf+2 {
		t.Fatalf("schema = %s, want %d columns", sc, nf+2)
	}
	if f := sc.Field(nf); f.Name != "n" || f.Type.ID() != arrow.INT64 {
		t.Errorf("partition column = %s, want n: int64", f)
	}
	if f := sc.Field(nf + 1); f.Name != "router" || f.Type.ID() != arrow.STRING {
		t.Errorf("partition column = %s, want router: utf8", f)
	}
	if v, _ := sc.Metadata().GetValue(MetaExperiment); v != "e" {
		t.Errorf("common metadata %s = %q, want %q", MetaExperiment, v, "e")
	}
	if _, ok := sc.Metadata().GetValue(MetaShard); ok {
		t.Errorf("metadata keeps %s, which differs between parts", MetaShard)
	}

	// Partitions in numeric order, each n repeated for its rows.
	var ns []int64
	for _, c := range tbl.Column(nf).Data().Chunks() {
		ns = append(ns, c.(*array.Int64).Int64Values()...)
	}
	want := slices.Concat(
		slices.Repeat([]int64{4}, 10+11),
		slices.Repeat([]int64{8}, 10+11),
		slices.Repeat([]int64{16}, 20+21))
	if !slices.Equal(ns, want) {
		t.Errorf("n column = %v, want %v", ns, want)
	}
}

func TestReadDatasetErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadDataset(dir, "e", "delays"); err == nil {
		t.Error("missing dataset: no error")
	}
	if err := os.MkdirAll(filepath.Join(dir, "e", "delays", "_x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadDataset(dir, "e", "delays"); err == nil {
		t.Error("empty dataset: no error")
	}
	p := Part{Dir: dir, Experiment: "e", Table: "delays", Keys: []KV{{"n", "4"}}, Shard: "0-of-1"}
	if err := WriteParquet(p.Path(), sampleSchema, []arrow.RecordBatch{sampleBatch(0, 2)}, nil); err != nil {
		t.Fatal(err)
	}
	other := arrow.NewSchema([]arrow.Field{{Name: "z", Type: arrow.PrimitiveTypes.Int64}}, nil)
	p.Keys[0].Value = "8"
	if err := WriteParquet(p.Path(), other, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPartial(dir, "e", "delays"); err == nil {
		t.Error("mixed schemas: no error")
	}
}

func TestScan(t *testing.T) {
	dir := t.TempDir()
	total := writeDataset(t, dir)
	files, err := Scan(dir, "e")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 6 {
		t.Fatalf("Scan found %d files, want 6", len(files))
	}
	f := files[0]
	if f.Table != "delays" || f.Path != "delays/n=4/router=e4/part-0-of-2.parquet" ||
		f.Partition() != "delays/n=4/router=e4" || f.Shard != "0-of-2" || f.Rows != 10 ||
		f.Meta[MetaShard] != "0-of-2" || !slices.Equal(f.Keys, []KV{{"n", "4"}, {"router", "e4"}}) {
		t.Errorf("files[0] = %+v", f)
	}
	sum := Summarize(files)
	if len(sum) != 1 || sum["delays"].Rows != total || len(sum["delays"].Files) != 6 {
		t.Errorf("Summarize = %+v, want 6 files and %d rows", sum, total)
	}
}

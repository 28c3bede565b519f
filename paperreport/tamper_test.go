package paperreport

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/hyperroute/hyperroute/dataset"
)

// reseal rewrites every part file of DIR/experiment/table with the int32
// column col replaced by change(row's n, value), seals each file anew and
// records its size and SHA-256 in the manifest: the copy reads as a run
// that measured those values.
func reseal(t *testing.T, dir, experiment, table, col string, change func(n int, v int32) int32) {
	t.Helper()
	m, err := dataset.ReadManifest(dir, experiment)
	if err != nil {
		t.Fatal(err)
	}
	files := m.Tables[table].Files
	for i, f := range files {
		path := filepath.Join(dir, experiment, filepath.FromSlash(f.Path))
		tbl, meta, err := dataset.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		keys, err := dataset.Partition(meta)
		if err != nil {
			t.Fatal(err)
		}
		ns, err := dataset.Int64s(tbl, "n")
		if err != nil {
			t.Fatal(err)
		}
		vals, err := dataset.Int64s(tbl, col)
		if err != nil {
			t.Fatal(err)
		}
		b := array.NewInt32Builder(memory.DefaultAllocator)
		for j, v := range vals {
			b.Append(change(int(ns[j]), int32(v)))
		}
		idx := tbl.Schema().FieldIndices(col)[0]
		cols := make([]arrow.Array, tbl.NumCols())
		for c := range cols {
			chunks := tbl.Column(c).Data().Chunks()
			if len(chunks) != 1 {
				t.Fatalf("%s: column %d has %d chunks", path, c, len(chunks))
			}
			cols[c] = chunks[0]
		}
		cols[idx] = b.NewArray()
		rec := array.NewRecordBatch(tbl.Schema(), cols, tbl.NumRows())
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if err := dataset.WritePartition(path, keys, tbl.Schema(), []arrow.RecordBatch{rec}, meta); err != nil {
			t.Fatal(err)
		}
		got, err := dataset.CheckFile(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		files[i].Bytes, files[i].SHA256 = got.Bytes, got.SHA256
	}
	if err := dataset.WriteManifest(dir, experiment, m); err != nil {
		t.Fatal(err)
	}
}

// TestTamperedFiles: valiant-tail's files rewritten with T = 200n in every
// row, sealed and listed in the manifest as a run would have written them,
// contradict Satz I.1; untouched, Satz I.1 holds (loosely).
func TestTamperedFiles(t *testing.T) {
	dir := copyExperiment(t, "valiant-tail", false)
	if v := byID(t, "Satz I.1").Judge(dir); v.Kind != Loose {
		t.Fatalf("the copy as it is: %s (%s), want holds, loose", v.Kind, v.Why)
	}
	reseal(t, dir, "valiant-tail", "trials", "T", func(n int, _ int32) int32 { return int32(200 * n) })
	v := byID(t, "Satz I.1").Judge(dir)
	if v.Kind != Contradicted {
		t.Errorf("T = 200n: %s (%s), want contradicted", v.Kind, v.Why)
	}
}

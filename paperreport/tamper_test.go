package paperreport

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/hyperroute/hyperroute/dataset"
	"github.com/hyperroute/hyperroute/summary"
)

// row reads the numeric columns of one row of a part file by name.
type row func(col string) float64

// reseal rewrites every part file of DIR/experiment/table with the numeric
// column col replaced by change(r, value) for each row r, seals each file
// anew and records its size and SHA-256 in the manifest: the copy reads as
// a run that measured those values.
func reseal(t *testing.T, dir, experiment, table, col string, change func(r row, v float64) float64) {
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
		cols := make([]arrow.Array, tbl.NumCols())
		byName := map[string]arrow.Array{}
		for c := range cols {
			chunks := tbl.Column(c).Data().Chunks()
			if len(chunks) != 1 {
				t.Fatalf("%s: column %d has %d chunks", path, c, len(chunks))
			}
			cols[c] = chunks[0]
			byName[tbl.Schema().Field(c).Name] = chunks[0]
		}
		idx := tbl.Schema().FieldIndices(col)
		if len(idx) != 1 {
			t.Fatalf("%s: no column %q", path, col)
		}
		old := cols[idx[0]]
		b := array.NewBuilder(memory.DefaultAllocator, old.DataType())
		for j := range old.Len() {
			r := func(name string) float64 {
				a, ok := byName[name]
				if !ok {
					t.Fatalf("%s: no column %q", path, name)
				}
				v, _ := summary.Number(a.GetOneForMarshal(j))
				return v
			}
			v, _ := summary.Number(old.GetOneForMarshal(j))
			switch b := b.(type) {
			case *array.Int32Builder:
				b.Append(int32(change(r, v)))
			case *array.Int64Builder:
				b.Append(int64(change(r, v)))
			case *array.Float64Builder:
				b.Append(change(r, v))
			case *array.BooleanBuilder:
				b.Append(change(r, v) != 0)
			default:
				t.Fatalf("%s: column %q of type %v", path, col, old.DataType())
			}
		}
		cols[idx[0]] = b.NewArray()
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

// TestTamperedFiles: for every verdict class, a statement judged so on a
// copy of the tiny results is judged otherwise once one column of its
// experiment's files is rewritten, sealed and listed in the manifest as a
// run would have written them; and a file whose checksum the manifest
// does not vouch for is not measured.
func TestTamperedFiles(t *testing.T) {
	cases := []struct {
		was            Kind
		id, experiment string
		table, col     string
		change         func(r row, v float64) float64
		want           Kind
	}{
		{Holds, "Ch. I.1, BITONIC-SORT", "routing-compare", "trials", "T", func(_ row, v float64) float64 { return v + 1 }, Contradicted},
		{Loose, "Satz II.2, proof", "replication-rare", "estimates", "loss", func(_ row, v float64) float64 { return 0.5 }, Contradicted},
		{Vacuous, "Satz I.1", "valiant-tail", "trials", "T", func(r row, _ float64) float64 { return 200 * r("n") }, Contradicted},
		{Weak, "Ch. III.1, detours", "detour-existence", "trials", "no_detour", func(row, float64) float64 { return 1 }, Contradicted},
		{Contradicted, "Bem 1", "valiant-tail", "trials", "T", func(row, float64) float64 { return 1 }, Holds},
		{Outside, "Bem (III.1), single-port", "faulty-bitonic", "trials", "over_steps", func(row, float64) float64 { return 1 }, Contradicted},
		{Corrected, "Ch. III.2, d·T = 𝒯", "faulty-valiant", "trials", "T", func(r row, _ float64) float64 { return r("d") * r("T_intact") }, Holds},
	}
	seen := map[Kind]bool{}
	for _, c := range cases {
		t.Run(c.was.String(), func(t *testing.T) {
			seen[c.was] = true
			dir := copyExperiment(t, c.experiment, false)
			if v := byID(t, c.id).Judge(dir); v.Kind != c.was {
				t.Fatalf("%s, the copy as it is: %s (%s), want %s", c.id, v.Kind, v.Why, c.was)
			}
			reseal(t, dir, c.experiment, c.table, c.col, c.change)
			if v := byID(t, c.id).Judge(dir); v.Kind != c.want {
				t.Errorf("%s, %s rewritten: %s (%s), want %s", c.id, c.col, v.Kind, v.Why, c.want)
			}
		})
	}
	// Not measured: a resealed file that the manifest does not vouch for.
	dir := copyExperiment(t, "valiant-tail", false)
	reseal(t, dir, "valiant-tail", "trials", "T", func(_ row, v float64) float64 { return v })
	m, err := dataset.ReadManifest(dir, "valiant-tail")
	if err != nil {
		t.Fatal(err)
	}
	f := &m.Tables["trials"].Files[0]
	f.SHA256 = otherFirstDigit(f.SHA256)
	if err := dataset.WriteManifest(dir, "valiant-tail", m); err != nil {
		t.Fatal(err)
	}
	if v := byID(t, "Satz I.1").Judge(dir); v.Kind != NotMeasured {
		t.Errorf("a file the manifest does not vouch for: %s (%s), want not measured", v.Kind, v.Why)
	}
	seen[NotMeasured] = true
	for _, k := range Kinds {
		if !seen[k] {
			t.Errorf("no tampering test for the class %s", k)
		}
	}
}

// otherFirstDigit returns the hex digest sum with its first digit changed.
func otherFirstDigit(sum string) string {
	if sum[0] == '0' {
		return "1" + sum[1:]
	}
	return "0" + sum[1:]
}

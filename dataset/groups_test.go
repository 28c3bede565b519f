package dataset

import (
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// texts returns the values of a column as text.
func texts(col *arrow.Column) []string {
	var out []string
	for _, c := range col.Data().Chunks() {
		for i := range c.Len() {
			out = append(out, c.ValueStr(i))
		}
	}
	return out
}

// sameAsRead checks that ReadGroups hands over, column by column, the rows
// of ReadPartial, with the same types, and returns the row groups seen.
func sameAsRead(t *testing.T, dir, table string) int {
	t.Helper()
	want, err := ReadPartial(dir, "e", table)
	if err != nil {
		t.Fatal(err)
	}
	defer want.Release()
	got := map[string][]string{}
	groups := 0
	err = ReadGroups(dir, "e", table, true, func(g *Group) error {
		groups++
		for _, f := range want.Schema().Fields() {
			col, err := g.Column(f.Name)
			if err != nil {
				return err
			}
			if col.NumRows() != int64(g.Rows()) || !arrow.TypeEqual(col.Schema().Field(0).Type, f.Type) {
				t.Errorf("%s: %d rows of %s, want %d of %s", f.Name, col.NumRows(), col.Schema().Field(0).Type, g.Rows(), f.Type)
			}
			got[f.Name] = append(got[f.Name], texts(col.Column(0))...)
		}
		if g.Has("nonesuch") {
			t.Error("Has(nonesuch) = true")
		}
		if _, err := g.Column("nonesuch"); err == nil {
			t.Error("Column(nonesuch): no error")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range want.Schema().Fields() {
		if w, g := strings.Join(texts(want.Column(i)), " "), strings.Join(got[f.Name], " "); w != g {
			t.Errorf("column %s:\n got %s\nwant %s", f.Name, g, w)
		}
	}
	return groups
}

func TestReadGroups(t *testing.T) {
	// Partition columns put back, two row groups per file.
	hive := t.TempDir()
	for _, n := range []int32{16, 4} {
		for _, port := range []string{"single", "all"} {
			keys := []KV{{"n", strconv.Itoa(int(n))}, {"port", port}}
			a, b := gridBatch("valiant", port, n, 1, 0, 3), gridBatch("valiant", port, n, 1, 3, 4)
			p := Part{Dir: hive, Experiment: "e", Table: "trials", Keys: keys, Shard: "0-of-1"}
			if err := WritePartition(p.Path(), keys, gridSchema, []arrow.RecordBatch{a, b}, map[string]string{MetaExperiment: "e"}); err != nil {
				t.Fatal(err)
			}
			a.Release()
			b.Release()
		}
	}
	if groups := sameAsRead(t, hive, "trials"); groups != 8 {
		t.Errorf("%d row groups, want 8", groups)
	}

	// A complete run: every row group knows the table's rows.
	run := t.TempDir()
	writeRun(t, run, 1, 4, 8)
	writeManifestOfFiles(t, run)
	seen := 0
	err := ReadGroups(run, "e", "trials", false, func(g *Group) error {
		seen += g.Rows()
		if g.TableRows() != 20 {
			t.Errorf("%s: TableRows() = %d, want 20", g.Path(), g.TableRows())
		}
		return nil
	})
	if err != nil || seen != 20 {
		t.Errorf("complete run: %d rows, %v; want 20", seen, err)
	}

	// Hive keys that no file holds: int64 n, string router.
	keysOnly := t.TempDir()
	writeDataset(t, keysOnly)
	sameAsRead(t, keysOnly, "delays")

	// Without --partial, an incomplete run is refused as by ReadDataset.
	if err := ReadGroups(keysOnly, "e", "delays", false, func(*Group) error { return nil }); err == nil {
		t.Error("incomplete run: no error")
	}
	// Files of other columns are an error.
	other := arrow.NewSchema([]arrow.Field{{Name: "z", Type: arrow.PrimitiveTypes.Int64}}, nil)
	p := Part{Dir: keysOnly, Experiment: "e", Table: "delays", Keys: []KV{{"n", "32"}, {"router", "e32"}}, Shard: "0-of-1"}
	if err := WriteParquet(p.Path(), other, nil, map[string]string{MetaExperiment: "e", MetaShard: p.Shard}); err != nil {
		t.Fatal(err)
	}
	err = ReadGroups(keysOnly, "e", "delays", true, func(g *Group) error {
		if g.TableRows() != -1 {
			t.Errorf("no manifest: TableRows() = %d, want -1", g.TableRows())
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "n=32/router=e32/part-0-of-1.parquet differs") {
		t.Errorf("mixed schemas: %v", err)
	}
}

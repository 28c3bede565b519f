package experiments

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/hyperroute/hyperroute/dataset"
)

// TestVerifyClean checks that runs of every table, every router and
// several shards verify: each file holds the rows the spec gives it
// (wantRows), with the columns of its table.
func TestVerifyClean(t *testing.T) {
	ds := mustParse(t, `name: ds
grid:
  n: [3, 4]
  mu: [1, 2]
  router: [ecube, valiant]
trials: 5
seed: 5
tables: [trials, delayseq]
`)
	for _, tc := range []struct {
		spec   *Spec
		shards int
	}{{mustParse(t, mcSpec), 1}, {mustParse(t, mcSpec), 3}, {ds, 1}, {mustParse(t, repairSpec), 4}} {
		dir := t.TempDir()
		var rows int64
		for i := range tc.shards {
			for _, n := range run(t, tc.spec, dir, 2, Shard{i, tc.shards}).Rows {
				rows += n
			}
		}
		if tc.shards > 1 {
			if _, err := Merge(dir, tc.spec.Name); err != nil {
				t.Fatal(err)
			}
		}
		rep, err := Verify(dir, tc.spec.Name)
		want := len(tc.spec.Units()) * len(tc.spec.Tables) * tc.shards
		if err != nil || len(rep.Problems) != 0 || rep.Files != want || rep.Want != want || rep.Rows != rows ||
			rep.Shards != tc.shards || len(rep.Aside) != 0 {
			t.Errorf("%s in %d shards: %+v, %v; want %d files and %d rows", tc.spec.Name, tc.shards, rep, err, want, rows)
		}
	}
}

// rewrite writes the part file at path anew, as the runner would with its
// row count, from what f makes of its record batches (the table as
// ReadFile returns it) and edit, if not nil, of its metadata.
func rewrite(t *testing.T, path string, f func([]arrow.RecordBatch) []arrow.RecordBatch, edit func(map[string]string)) {
	t.Helper()
	tbl, meta, err := dataset.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	tr := array.NewTableReader(tbl, -1)
	defer tr.Release()
	var recs []arrow.RecordBatch
	for tr.Next() {
		tr.RecordBatch().Retain()
		defer tr.RecordBatch().Release()
		recs = append(recs, tr.RecordBatch())
	}
	recs = f(recs)
	var n int64
	for _, r := range recs {
		n += r.NumRows()
	}
	meta[dataset.MetaRows] = strconv.FormatInt(n, 10)
	if edit != nil {
		edit(meta)
	}
	keys, err := dataset.Partition(meta)
	if err != nil {
		t.Fatal(err)
	}
	schema := arrow.NewSchema(recs[0].Schema().Fields(), nil)
	if err := dataset.WritePartition(path, keys, schema, recs, meta); err != nil {
		t.Fatal(err)
	}
}

// bless rewrites the manifest of experiment e in dir to list its files as
// they are.
func bless(t *testing.T, dir, e string) {
	t.Helper()
	m, err := dataset.ReadManifest(dir, e)
	if err != nil {
		t.Fatal(err)
	}
	files, err := dataset.Scan(dir, e)
	if err != nil {
		t.Fatal(err)
	}
	m.Tables = dataset.Summarize(files)
	if err := dataset.WriteManifest(dir, e, m); err != nil {
		t.Fatal(err)
	}
}

// editManifest rewrites the manifest of experiment r in dir as f changes
// its JSON.
func editManifest(t *testing.T, dir string, f func(m map[string]any)) {
	t.Helper()
	path := filepath.Join(dir, "r", dataset.ManifestName)
	var m map[string]any
	if err := json.Unmarshal(mustRead(t, path), &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, mustRead(t, src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyProblems changes a finished run in ways that keep every file
// whole, and checks that Verify reports exactly the problems each makes,
// by path.
// trialsColumns and trialsT are the number of columns of a trials table
// and the index of its column T.
var trialsColumns, trialsT = len(tables[TableTrials].schema.Fields()), tables[TableTrials].schema.FieldIndices("T")[0]

func TestVerifyProblems(t *testing.T) {
	s := mustParse(t, repairSpec)
	clean, other := t.TempDir(), t.TempDir()
	run(t, s, clean, 2, Unsharded)
	run(t, mustParse(t, strings.Replace(repairSpec, "seed: 19", "seed: 20", 1)), other, 2, Unsharded)
	units := s.Units()
	trials3, trials4 := s.Part("", TableTrials, units[0], Unsharded).Rel(), s.Part("", TableTrials, units[1], Unsharded).Rel()
	tablesOf := func(m map[string]any) map[string]any { return m["tables"].(map[string]any) }
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, dir string)
		// bless writes a manifest that lists the files as they are after
		// the change, which Merge must refuse to write.
		bless bool
		want  map[string][]string
	}{
		{"a row short", func(t *testing.T, dir string) {
			rewrite(t, s.Part(dir, TableTrials, units[1], Unsharded).Path(), func(recs []arrow.RecordBatch) []arrow.RecordBatch {
				last := len(recs) - 1
				recs[last] = recs[last].NewSlice(0, recs[last].NumRows()-1)
				return recs
			}, nil)
		}, true, map[string][]string{trials4: {"23 rows, the spec gives unit n=4 of trials in shard 0/1 24"}}},
		{"a column short", func(t *testing.T, dir string) {
			rewrite(t, s.Part(dir, TableTrials, units[1], Unsharded).Path(), func(recs []arrow.RecordBatch) []arrow.RecordBatch {
				for i, r := range recs {
					k := len(r.Columns()) - 1
					recs[i] = array.NewRecordBatch(arrow.NewSchema(r.Schema().Fields()[:k], nil), r.Columns()[:k], r.NumRows())
				}
				return recs
			}, nil)
		}, true, map[string][]string{trials4: {fmt.Sprintf("%d columns, the spec's table has %d", trialsColumns-1, trialsColumns)}}},
		{"a column renamed", func(t *testing.T, dir string) {
			rewrite(t, s.Part(dir, TableTrials, units[1], Unsharded).Path(), func(recs []arrow.RecordBatch) []arrow.RecordBatch {
				for i, r := range recs {
					fields := r.Schema().Fields()
					fields[trialsT].Name = "t"
					recs[i] = array.NewRecordBatch(arrow.NewSchema(fields, nil), r.Columns(), r.NumRows())
				}
				return recs
			}, nil)
		}, true, map[string][]string{trials4: {fmt.Sprintf("column %d is t int32 (nullable false), the spec's table has T int32 (nullable false)", trialsT)}}},
		{"a unit twice", func(t *testing.T, dir string) {
			copyFile(t, filepath.Join(dir, "r", trials3), filepath.Join(dir, "r", "trials", "n=%33", "part-0-of-1.parquet"))
		}, false, map[string][]string{"trials/n=%33/part-0-of-1.parquet": {"not in manifest.json", "the same unit and shard as " + trials3 + ": a unit twice"}}},
		{"another shard count", func(t *testing.T, dir string) {
			copyFile(t, filepath.Join(dir, "r", trials3), filepath.Join(dir, "r", "trials", "n=3", "part-0-of-2.parquet"))
		}, false, map[string][]string{"trials/n=3/part-0-of-2.parquet": {`damaged: misplaced: it records table "trials", partition "n=3" and shard "0-of-1"`}}},
		{"another run's file", func(t *testing.T, dir string) {
			copyFile(t, filepath.Join(other, "r", trials3), filepath.Join(dir, "r", trials3))
		}, false, map[string][]string{trials3: {"manifest.json records", "written by another run: spec sha256"}}},
		{"another harness", func(t *testing.T, dir string) {
			rewrite(t, s.Part(dir, TableTrials, units[0], Unsharded).Path(), func(recs []arrow.RecordBatch) []arrow.RecordBatch { return recs },
				func(meta map[string]string) { meta[dataset.MetaCommit] = "0123abc" })
		}, false, map[string][]string{trials3: {"manifest.json records", "(commit 0123abc, build "}}},
		{"in another's place", func(t *testing.T, dir string) {
			copyFile(t, filepath.Join(dir, "r", trials3), filepath.Join(dir, "r", trials4))
		}, false, map[string][]string{trials4: {`damaged: misplaced: it records table "trials", partition "n=3" and shard "0-of-1"; its path says table "trials", partition "n=4"`}}},
		{"manifest of format 1", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) {
				m["format"] = 1
				for _, tb := range tablesOf(m) {
					for _, f := range tb.(map[string]any)["files"].([]any) {
						delete(f.(map[string]any), "bytes")
						delete(f.(map[string]any), "sha256")
					}
				}
			})
		}, false, map[string][]string{"manifest.json": {"format 1 records no sizes or SHA-256"}}},
		{"manifest rows", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) {
				tb := tablesOf(m)["loads"].(map[string]any)
				tb["rows"] = tb["rows"].(float64) + 1
			})
		}, false, map[string][]string{"manifest.json": {"table loads has"}}},
		{"manifest lists more", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) {
				tb := tablesOf(m)["trials"].(map[string]any)
				tb["files"] = append(tb["files"].([]any), map[string]any{"path": "trials/n=9/part-0-of-1.parquet", "rows": 0, "bytes": 100,
					"sha256": strings.Repeat("0", 64)})
			})
		}, false, map[string][]string{"trials/n=9/part-0-of-1.parquet": {"listed in manifest.json, not found"}}},
		{"manifest lists less", func(t *testing.T, dir string) {
			editManifest(t, dir, func(m map[string]any) {
				tb := tablesOf(m)["trials"].(map[string]any)
				files := tb["files"].([]any)
				tb["rows"] = tb["rows"].(float64) - files[1].(map[string]any)["rows"].(float64)
				tb["files"] = append(files[:1], files[2:]...)
			})
		}, false, map[string][]string{trials4: {"not in manifest.json"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			copyDir(t, clean, dir)
			tc.change(t, dir)
			if tc.bless {
				if _, err := Merge(dir, "r"); err == nil {
					t.Error("Merge wrote a manifest")
				}
				bless(t, dir, "r")
			}
			rep, err := Verify(dir, "r")
			if err != nil {
				t.Fatal(err)
			}
			got := make(map[string][]string)
			for _, p := range rep.Problems {
				got[p.Path] = append(got[p.Path], p.What)
			}
			if len(got) != len(tc.want) {
				t.Errorf("problems %q, want %q", got, tc.want)
			}
			for path, whats := range tc.want {
				if len(got[path]) != len(whats) {
					t.Errorf("%s: problems %q, want %q", path, got[path], whats)
					continue
				}
				for i, w := range whats {
					if !strings.Contains(got[path][i], w) {
						t.Errorf("%s: problem %q, want %q", path, got[path][i], w)
					}
				}
			}
		})
	}
}

// TestVerifyNoRun checks a directory whose only file is damaged: nothing
// says which run it is, and Verify says so, naming the file.
func TestVerifyNoRun(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r", "trials", "n=3", "part-0-of-1.parquet")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(dir, "r")
	want := []Problem{
		{"", "neither the manifest nor a part file can say which run this is"},
		{"manifest.json", "missing; the end of an unsharded run, or hyperroute merge, writes it"},
		{"trials/n=3/part-0-of-1.parquet", "damaged: not a whole Parquet file (7 bytes, no footer at the end)"},
	}
	if err != nil || !slices.Equal(rep.Problems, want) || rep.Files != 1 || rep.Repair != "" {
		t.Errorf("Verify: %+v, %v; want problems %q", rep, err, want)
	}
}

func TestVerifyBadInput(t *testing.T) {
	dir := t.TempDir()
	run(t, mustParse(t, repairSpec), dir, 1, Unsharded)
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, exp, want string }{
		{dir, "nope", "no such run directory"},
		{filepath.Join(dir, "r"), dataset.ManifestName, "is not a directory"},
		{dir, "empty", "is not an experiment directory"},
		{filepath.Dir(dir), filepath.Base(dir), "is not an experiment directory"},
	} {
		if _, err := Verify(tc.dir, tc.exp); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Verify(%s, %s): %v, want %q", tc.dir, tc.exp, err, tc.want)
		}
	}
}

// TestVerifyOlderFile checks a file as older builds wrote it: all columns,
// no table, partition or SHA-256 of its data in its metadata. With a
// manifest that records its SHA-256 it verifies; without, it can be
// checked against nothing, and Verify says so.
func TestVerifyOlderFile(t *testing.T) {
	s := mustParse(t, repairSpec)
	dir := t.TempDir()
	run(t, s, dir, 2, Unsharded)
	part := s.Part(dir, TableTrials, s.Units()[1], Unsharded)
	tbl, meta, err := dataset.ReadFile(part.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{dataset.MetaDataSHA256, dataset.MetaFooterSHA256, dataset.MetaTable, dataset.MetaPartition, dataset.MetaPartitionColumns} {
		delete(meta, k)
	}
	md := arrow.MetadataFrom(meta)
	schema := arrow.NewSchema(tbl.Schema().Fields(), &md)
	f, err := os.Create(part.Path())
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(schema, f, nil, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err == nil {
		err = w.WriteTable(tbl, tbl.NumRows())
	}
	if err == nil {
		err = w.Close()
	}
	tbl.Release()
	if err != nil {
		t.Fatal(err)
	}
	bless(t, dir, "r")
	if rep, err := Verify(dir, "r"); err != nil || len(rep.Problems) != 0 {
		t.Errorf("with the manifest: %+v, %v", rep.Problems, err)
	}
	if err := os.Remove(filepath.Join(dir, "r", dataset.ManifestName)); err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(dir, "r")
	if err != nil || len(rep.Problems) != 3 || rep.Problems[1].Path != part.Rel() ||
		!strings.Contains(rep.Problems[1].What, "can be checked against nothing") ||
		!strings.Contains(rep.Problems[2].What, "records no SHA-256 of its footer") {
		t.Errorf("without the manifest: %+v, %v", rep.Problems, err)
	}
}

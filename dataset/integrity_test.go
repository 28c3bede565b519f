package dataset

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// dataEnd returns where the footer of the Parquet file b starts, from the
// footer length before the closing "PAR1" (the format's definition).
func dataEnd(t *testing.T, b []byte) int {
	t.Helper()
	if len(b) < 12 || string(b[len(b)-4:]) != "PAR1" {
		t.Fatalf("not a Parquet file: %d bytes", len(b))
	}
	return len(b) - 8 - int(binary.LittleEndian.Uint32(b[len(b)-8:]))
}

// TestDataSHA256 checks that every file records the SHA-256 of its bytes
// before the footer, computed here from the file alone, once, also when
// the metadata given holds a stale one, and for a file without rows.
func TestDataSHA256(t *testing.T) {
	dir := t.TempDir()
	stale := maps.Clone(sampleMeta)
	stale[MetaDataSHA256] = strings.Repeat("0", 64)
	keys := []KV{{"n", "8"}, {"port", "all"}}
	for name, write := range map[string]func(string) error{
		"WriteParquet": func(p string) error {
			return WriteParquet(p, sampleSchema, []arrow.RecordBatch{sampleBatch(0, 6), sampleBatch(6, 4)}, sampleMeta)
		},
		"WritePartition": func(p string) error {
			return WritePartition(p, keys, gridSchema, []arrow.RecordBatch{gridBatch("valiant", "all", 8, 2, 0, 10)}, stale)
		},
		"no rows": func(p string) error { return WriteParquet(p, sampleSchema, nil, nil) },
	} {
		path := filepath.Join(dir, name+".parquet")
		if err := write(path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b[:dataEnd(t, b)])
		r, err := file.OpenParquetFile(path, false)
		if err != nil {
			t.Fatal(err)
		}
		kv := r.MetaData().KeyValueMetadata()
		r.Close()
		var got []string
		for i, k := range kv.Keys() {
			if k == MetaDataSHA256 {
				got = append(got, kv.Values()[i])
			}
		}
		if want := hex.EncodeToString(sum[:]); !slices.Equal(got, []string{want}) {
			t.Errorf("%s: %s = %q, want once %s", name, MetaDataSHA256, got, want)
		}
	}
}

// damages are ways a part file gets damaged: each returns the damaged
// bytes of a file and a part of the reason inspect gives.
var damages = []struct {
	name   string
	damage func(t *testing.T, b []byte) []byte
	reason string
}{
	{"truncated", func(_ *testing.T, b []byte) []byte { return b[:100] }, "not a whole Parquet file (100 bytes"},
	{"empty", func(_ *testing.T, b []byte) []byte { return nil }, "not a whole Parquet file (0 bytes"},
	{"garbage", func(_ *testing.T, b []byte) []byte { return bytes.Repeat([]byte("garbage!"), len(b)/8) }, "not a whole Parquet file"},
	{"byte in the data", func(t *testing.T, b []byte) []byte {
		b[dataEnd(t, b)/2] ^= 0x10
		return b
	}, "its data do not match the SHA-256 it records"},
	{"byte of the spec", func(t *testing.T, b []byte) []byte {
		i := bytes.LastIndex(b, []byte("bitonic-q8\nn:"))
		if i < dataEnd(t, b) {
			t.Fatal("spec text not in the footer")
		}
		b[i] ^= 0x01
		return b
	}, "its footer does not match the SHA-256 it records"},
	{"footer length", func(t *testing.T, b []byte) []byte {
		b[len(b)-6] ^= 0x01 // 65536 bytes more: longer than the file
		return b
	}, "not a whole Parquet file"},
	{"footer", func(t *testing.T, b []byte) []byte {
		end := dataEnd(t, b)
		copy(b[end:], bytes.Repeat([]byte{0xff}, 16))
		return b
	}, "its footer does not match the SHA-256 it records"},
	{"footer SHA-256 entry", func(t *testing.T, b []byte) []byte {
		i := bytes.LastIndex(b, []byte(MetaFooterSHA256))
		b[i+3] ^= 0x01
		b[i+5] ^= 0x01 // two bytes off: no longer found, the file seems older
		copy(b[dataEnd(t, b):], bytes.Repeat([]byte{0xff}, 16))
		return b
	}, "its footer does not parse"},
}

// TestDamage damages one part file of a dataset in each way of damages:
// Scan lists it with a *DamageError naming it, ReadFile, CheckFile and
// ReadDataset refuse it, naming it, and the other files are whole.
func TestDamage(t *testing.T) {
	for _, d := range damages {
		t.Run(d.name, func(t *testing.T) {
			dir := t.TempDir()
			writeDataset(t, dir)
			p := Part{Dir: dir, Experiment: "e", Table: "delays", Keys: []KV{{"n", "8"}, {"router", "e8"}}, Shard: "1-of-2"}
			meta := maps.Clone(sampleMeta)
			meta[MetaSpecSHA256] = SpecDigest(meta[MetaSpec])
			if err := WriteParquet(p.Path(), sampleSchema, []arrow.RecordBatch{sampleBatch(0, 10)}, meta); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(p.Path())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p.Path(), d.damage(t, b), 0o644); err != nil {
				t.Fatal(err)
			}

			files, err := Scan(dir, "e")
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				var de *DamageError
				isDamaged := errors.As(f.Err, &de)
				if f.Path != p.Rel() {
					if f.Err != nil {
						t.Errorf("Scan: whole file %s: %v", f.Path, f.Err)
					}
					continue
				}
				if !isDamaged || de.Path != p.Rel() || !strings.Contains(de.Reason, d.reason) {
					t.Errorf("Scan: %s: Err = %v, want a DamageError naming it: %s", f.Path, f.Err, d.reason)
				}
			}
			for name, read := range map[string]func() error{
				"ReadFile":    func() error { _, _, err := ReadFile(p.Path()); return err },
				"CheckFile":   func() error { _, err := CheckFile(p.Path(), nil); return err },
				"ReadPartial": func() error { _, err := ReadPartial(dir, "e", "delays"); return err },
			} {
				err := read()
				var de *DamageError
				if !errors.As(err, &de) || de.Path != p.Path() || !strings.Contains(err.Error(), p.Path()+" is damaged: "+d.reason) {
					t.Errorf("%s: %v, want a DamageError naming %s: %s", name, err, p.Path(), d.reason)
				}
			}
		})
	}
}

// TestScanSums checks the size and SHA-256 Scan gives each file against
// the file's bytes, and that Summarize passes them on.
func TestScanSums(t *testing.T) {
	dir := t.TempDir()
	writeDataset(t, dir)
	files, err := Scan(dir, "e")
	if err != nil {
		t.Fatal(err)
	}
	sum := Summarize(files)["delays"]
	for i, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, "e", filepath.FromSlash(f.Path)))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(b)
		want := FileSummary{Path: f.Path, Rows: f.Rows, Bytes: int64(len(b)), SHA256: hex.EncodeToString(h[:])}
		if f.Err != nil || f.Summary() != want || sum.Files[i] != want {
			t.Errorf("%s: %+v (Err %v), summary %+v; want %+v", f.Path, f.Summary(), f.Err, sum.Files[i], want)
		}
	}
}

func TestFileSummaryCheck(t *testing.T) {
	want := FileSummary{Path: "t/part-0-of-1.parquet", Rows: 10, Bytes: 900, SHA256: strings.Repeat("ab", 32)}
	old := want // format 1: no size nor SHA-256
	old.Bytes, old.SHA256 = 0, ""
	for _, tc := range []struct {
		name      string
		entry     FileSummary
		got       func(*FileSummary)
		wantError string
	}{
		{"same", want, func(*FileSummary) {}, ""},
		{"size", want, func(f *FileSummary) { f.Bytes = 100 }, "it has 100 bytes, manifest.json records 900"},
		{"SHA-256", want, func(f *FileSummary) { f.SHA256 = strings.Repeat("ac", 32) }, "its SHA-256 differs from the one manifest.json records"},
		{"rows", want, func(f *FileSummary) { f.Rows = 11 }, "it has 11 rows, manifest.json records 10"},
		{"format 1, same rows", old, func(f *FileSummary) { f.SHA256 = "" }, ""},
		{"format 1, rows", old, func(f *FileSummary) { f.Rows = 9 }, "it has 9 rows, manifest.json records 10"},
	} {
		got := want
		got.Path = "DIR/e/" + want.Path
		tc.got(&got)
		err := tc.entry.Check(got)
		var de *DamageError
		if tc.wantError == "" && err != nil || tc.wantError != "" && (!errors.As(err, &de) || de.Path != got.Path || de.Reason != tc.wantError) {
			t.Errorf("%s: Check = %v, want %q", tc.name, err, tc.wantError)
		}
	}
}

// TestReadDatasetManifest checks that with a manifest ReadDataset reads
// exactly the files it lists, as it records them.
func TestReadDatasetManifest(t *testing.T) {
	p := Part{Experiment: "e", Table: "delays", Keys: []KV{{"n", "8"}, {"router", "e8"}}, Shard: "1-of-2"}
	extra := Part{Experiment: "e", Table: "delays", Keys: []KV{{"n", "32"}, {"router", "e32"}}, Shard: "0-of-2"}
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, dir string)
		want   string
	}{
		{"as listed", func(*testing.T, string) {}, ""},
		{"rewritten", func(t *testing.T, dir string) {
			p.Dir = dir
			// The same size and rows, another experiment name.
			meta := map[string]string{MetaExperiment: "f", MetaShard: p.Shard}
			if err := WriteParquet(p.Path(), sampleSchema, []arrow.RecordBatch{sampleBatch(0, 11)}, meta); err != nil {
				t.Fatal(err)
			}
		}, "/e/delays/n=8/router=e8/part-1-of-2.parquet is damaged: its SHA-256 differs from the one manifest.json records"},
		{"removed", func(t *testing.T, dir string) {
			p.Dir = dir
			if err := os.Remove(p.Path()); err != nil {
				t.Fatal(err)
			}
		}, "/e/manifest.json lists files that are missing: delays/n=8/router=e8/part-1-of-2.parquet"},
		{"added", func(t *testing.T, dir string) {
			extra.Dir = dir
			if err := WriteParquet(extra.Path(), sampleSchema, []arrow.RecordBatch{sampleBatch(0, 3)}, nil); err != nil {
				t.Fatal(err)
			}
		}, "/e/delays/n=32/router=e32/part-0-of-2.parquet is not in /"},
	} {
		dir := t.TempDir()
		writeDataset(t, dir)
		writeManifestOfFiles(t, dir)
		tc.change(t, dir)
		tbl, err := ReadDataset(dir, "e", "delays")
		if err == nil {
			tbl.Release()
		}
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: ReadDataset: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestSetAside checks that SetAside keeps every damaged copy, under names
// that Scan and ReadDataset skip.
func TestSetAside(t *testing.T) {
	dir := t.TempDir()
	writeDataset(t, dir)
	p := Part{Dir: dir, Experiment: "e", Table: "delays", Keys: []KV{{"n", "8"}, {"router", "e8"}}, Shard: "1-of-2"}
	var asides []string
	for i, content := range []string{"first", "second"} {
		if err := os.WriteFile(p.Path(), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		aside, err := SetAside(p.Path())
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"_part-1-of-2.parquet.damaged", "_part-1-of-2.parquet.2.damaged"}[i]
		if b, err := os.ReadFile(aside); err != nil || string(b) != content || aside != filepath.Join(filepath.Dir(p.Path()), want) {
			t.Errorf("SetAside = %s holding %q (%v), want %s holding %q", aside, b, err, want, content)
		}
		if _, err := os.Stat(p.Path()); !os.IsNotExist(err) {
			t.Errorf("%s still there: %v", p.Path(), err)
		}
		asides = append(asides, aside)
	}
	files, err := Scan(dir, "e")
	if err != nil || len(files) != 5 {
		t.Errorf("Scan: %d files, %v; want the 5 others", len(files), err)
	}
	if tbl, err := ReadPartial(dir, "e", "delays"); err != nil {
		t.Errorf("ReadDataset: %v", err)
	} else {
		tbl.Release()
	}
}

// TestRecordsOtherRows checks that a file whose metadata records another
// row count than its footer is damaged.
func TestRecordsOtherRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e", "delays", "part-0-of-1.parquet")
	meta := maps.Clone(sampleMeta) // records 10 rows
	if err := WriteParquet(path, sampleSchema, []arrow.RecordBatch{sampleBatch(0, 9)}, meta); err != nil {
		t.Fatal(err)
	}
	_, err := CheckFile(path, nil)
	var de *DamageError
	if !errors.As(err, &de) || de.Reason != "it records 10 rows (hyperroute.rows), its footer 9" {
		t.Errorf("CheckFile: %v", err)
	}
}

// TestRecordsOtherSpec checks that a file whose spec is not the one its
// digest names is damaged, though its footer is as written.
func TestRecordsOtherSpec(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e", "delays", "part-0-of-1.parquet")
	meta := maps.Clone(sampleMeta)
	meta[MetaSpecSHA256] = SpecDigest(meta[MetaSpec] + " ")
	if err := WriteParquet(path, sampleSchema, []arrow.RecordBatch{sampleBatch(0, 10)}, meta); err != nil {
		t.Fatal(err)
	}
	_, err := CheckFile(path, nil)
	var de *DamageError
	if !errors.As(err, &de) || !strings.Contains(de.Reason, "its spec does not match the digest it records") {
		t.Errorf("CheckFile: %v", err)
	}
}

// writeManifestOfFiles writes the manifest of the files of experiment e
// in dir, as a complete run's.
func writeManifestOfFiles(t *testing.T, dir string) {
	t.Helper()
	files, err := Scan(dir, "e")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ManifestFromMeta(files[0].Meta)
	if err != nil {
		t.Fatal(err)
	}
	m.Tables = Summarize(files)
	if err := WriteManifest(dir, "e", m); err != nil {
		t.Fatal(err)
	}
}

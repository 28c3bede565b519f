package dataset

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// TestFooterBitFlips flips a bit of each byte of the footer of a small part
// file (bit i mod 8 of byte i), in turn: every reader finds the file damaged, names it and does not panic
// (a panic fails the test), and Complete says it is not.
func TestFooterBitFlips(t *testing.T) {
	dir := t.TempDir()
	p := Part{Dir: dir, Experiment: "e", Table: "grid", Keys: []KV{{"n", "8"}}, Shard: "0-of-1"}
	meta := maps.Clone(sampleMeta)
	meta[MetaSpecSHA256] = SpecDigest(meta[MetaSpec])
	if err := WritePartition(p.Path(), p.Keys, gridSchema, []arrow.RecordBatch{gridBatch("valiant", "all", 8, 2, 0, 10)}, meta); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(p.Path())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadFile(p.Path()); err != nil {
		t.Fatalf("the file as written: %v", err)
	}
	b := make([]byte, len(good))
	for i := dataEnd(t, good); i < len(good); i++ {
		bit := i % 8
		copy(b, good)
		b[i] ^= 1 << bit
		if err := os.WriteFile(p.Path(), b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadFile(p.Path())
		var de *DamageError
		if !errors.As(err, &de) || de.Path != p.Path() {
			t.Fatalf("byte %d of %d, bit %d: ReadFile: %v, want a DamageError naming the file", i, len(b), bit, err)
		}
		if Complete(p.Path()) {
			t.Fatalf("byte %d, bit %d: Complete", i, bit)
		}
	}
}

// TestUnsealedFile checks that a file that records no SHA-256 of its
// footer (as older builds wrote) is read only where a manifest vouches for
// it, and that a panic of the Parquet reader on its footer is damage.
func TestUnsealedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "e", "delays", "part-0-of-1.parquet")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	md := arrow.MetadataFrom(sampleMeta)
	schema := arrow.NewSchema(sampleSchema.Fields(), &md)
	fw, err := pqarrow.NewFileWriter(schema, f, parquet.NewWriterProperties(), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := fw.Write(sampleBatch(0, 10)); err != nil {
		t.Fatal(err)
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	var de *DamageError
	if _, _, err := ReadFile(path); !errors.As(err, &de) {
		t.Errorf("ReadFile without a manifest: %v, want a DamageError", err)
	}
	s, err := inspect(path)
	if err != nil {
		t.Fatal(err)
	}
	want := s.summary("delays/part-0-of-1.parquet")
	tbl, _, err := readFile(path, &want)
	if err != nil {
		t.Fatalf("readFile vouched for: %v", err)
	}
	tbl.Release()
	if want.SHA256[0] == '0' {
		want.SHA256 = "1" + want.SHA256[1:]
	} else {
		want.SHA256 = "0" + want.SHA256[1:]
	}
	if _, _, err := readFile(path, &want); !errors.As(err, &de) {
		t.Errorf("readFile vouched for by another SHA-256: %v, want a DamageError", err)
	}
	err = protect(func() error { panic("invalid logical type") })
	if err == nil || err.Error() != "the Parquet reader failed (invalid logical type)" {
		t.Errorf("protect: %v", err)
	}
}

// FuzzPartFile reads damaged part files: whatever the bytes, the readers
// return, without a panic, either the table of a file that is whole or a
// *DamageError naming the file.
func FuzzPartFile(f *testing.F) {
	dir := f.TempDir()
	p := Part{Dir: dir, Experiment: "e", Table: "grid", Keys: []KV{{"n", "8"}}, Shard: "0-of-1"}
	meta := maps.Clone(sampleMeta)
	if err := WritePartition(p.Path(), p.Keys, gridSchema, []arrow.RecordBatch{gridBatch("valiant", "all", 8, 2, 0, 10)}, meta); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(p.Path())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), "part-0-of-1.parquet")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		Complete(path)
		tbl, _, err := ReadFile(path)
		var de *DamageError
		switch {
		case err == nil:
			tbl.Release()
		case !errors.As(err, &de) || de.Path != path:
			t.Fatalf("ReadFile: %v, want a DamageError naming the file", err)
		}
	})
}

package dataset

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// The streaming writer must write the very bytes that the writer before
// it wrote from all batches at once: legacyWritePartition is that writer
// (WritePartition and writeParquet of commit 3e64849), kept as the
// reference.
func TestPartWriterSameBytes(t *testing.T) {
	dir := t.TempDir()
	keys := []KV{{"n", "8"}, {"port", "all"}, {"load", "0.5"}}
	cases := []struct {
		name   string
		schema *arrow.Schema
		keys   []KV
		recs   []arrow.RecordBatch
	}{
		{"partitioned", gridSchema, keys, []arrow.RecordBatch{
			gridBatch("valiant", "all", 8, 2, 0, 5), gridBatch("valiant", "all", 8, 2, 5, 1), gridBatch("valiant", "all", 8, 2, 6, 3000)}},
		{"no batches", gridSchema, keys, nil},
		{"unpartitioned, nested", sampleSchema, nil, []arrow.RecordBatch{sampleBatch(0, 7), sampleBatch(7, 100)}},
	}
	for _, c := range cases {
		meta := maps.Clone(sampleMeta)
		var rows int64
		for _, rec := range c.recs {
			rows += rec.NumRows()
		}
		meta[MetaRows] = strconv.FormatInt(rows, 10)
		meta[MetaTable] = "trials" // its columns documented from SCHEMA.md
		old, streamed := filepath.Join(dir, c.name+".old"), filepath.Join(dir, c.name+".new")
		if err := legacyWritePartition(old, c.keys, c.schema, c.recs, meta); err != nil {
			t.Fatal(err)
		}
		w, err := CreatePart(streamed, c.keys, c.schema)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range c.recs {
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(meta); err != nil {
			t.Fatal(err)
		}
		a, _ := os.ReadFile(old)
		b, _ := os.ReadFile(streamed)
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: streamed file (%d bytes) differs from the previous writer's (%d bytes)", c.name, len(b), len(a))
		}
		// CheckFile reads row group by row group what readFile reads whole.
		chk, err := CheckFile(streamed, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		whole, _, err := readFile(streamed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := whole.Schema(); chk.Rows != rows || whole.NumRows() != rows ||
			!chk.Schema.Equal(want) || chk.Schema.Metadata().String() != want.Metadata().String() {
			t.Errorf("%s: CheckFile found %d rows of %v, want %d rows of %v", c.name, chk.Rows, chk.Schema, rows, want)
		}
		whole.Release()
	}
}

// Until Close nothing is at the path, only a temporary file; Abort and a
// failed Write remove it.
func TestPartWriterAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t", "n=8", "part-0-of-1.parquet")
	keys := []KV{{"n", "8"}}
	temps := func() []string {
		m, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp"))
		return m
	}
	open := func() *PartWriter {
		w, err := CreatePart(path, keys, gridSchema)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(gridBatch("valiant", "all", 8, 1, 0, 10)); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Fatalf("a file is at the path before Close: %v", err)
		}
		if len(temps()) != 1 {
			t.Fatalf("temporary files %q, want one", temps())
		}
		return w
	}
	open().Abort()
	if len(temps()) != 0 {
		t.Errorf("Abort left %q", temps())
	}
	w := open()
	if err := w.Write(gridBatch("valiant", "all", 9, 1, 0, 1)); err == nil || !strings.Contains(err.Error(), `partition column "n"`) {
		t.Errorf("a batch of another partition: error %v", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) || len(temps()) != 0 {
		t.Errorf("a failed Write left the file (%v) or temporary files %q", err, temps())
	}
	w = open()
	meta := maps.Clone(sampleMeta)
	delete(meta, MetaRows)
	if err := w.Close(meta); err != nil {
		t.Fatal(err)
	}
	if len(temps()) != 0 {
		t.Errorf("Close left %q", temps())
	}
	if _, err := CheckFile(path, nil); err != nil {
		t.Error(err)
	}
	if err := w.Write(gridBatch("valiant", "all", 8, 1, 0, 1)); err == nil {
		t.Error("Write after Close: no error")
	}
}

// legacyWritePartition is WritePartition as it was before the streaming
// writer.
func legacyWritePartition(path string, keys []KV, schema *arrow.Schema, recs []arrow.RecordBatch, meta map[string]string) error {
	fail := func(err error) error { return fmt.Errorf("results: write %s: %w", path, err) }
	var cols []PartitionColumn
	for _, kv := range keys {
		idx := schema.FieldIndices(kv.Key)
		if len(idx) == 0 {
			continue
		}
		f := schema.Field(idx[0])
		cols = append(cols, PartitionColumn{Name: f.Name, Type: f.Type.String(), Index: idx[0], Nullable: f.Nullable})
	}
	slices.SortFunc(cols, func(a, b PartitionColumn) int { return a.Index - b.Index })
	md, err := mergeMeta(schema.Metadata(), meta)
	if err != nil {
		return fail(err)
	}
	m := make(map[string]string, md.Len()+2)
	for i, k := range md.Keys() {
		m[k] = md.Values()[i]
	}
	if len(keys) > 0 {
		m[MetaPartition] = partitionPath(keys)
	}
	if len(cols) > 0 {
		b, err := json.Marshal(cols)
		if err != nil {
			return fail(err)
		}
		m[MetaPartitionColumns] = string(b)
	}
	drop := make([]bool, schema.NumFields())
	for _, c := range cols {
		drop[c.Index] = true
	}
	var fields []arrow.Field
	for i, f := range schema.Fields() {
		if !drop[i] {
			fields = append(fields, f)
		}
	}
	fileSchema := arrow.NewSchemaWithEndian(fields, nil, schema.Endianness())
	fileRecs := make([]arrow.RecordBatch, len(recs))
	for j, rec := range recs {
		var arrs []arrow.Array
		for i, a := range rec.Columns() {
			if !drop[i] {
				arrs = append(arrs, a)
			}
		}
		fileRecs[j] = array.NewRecordBatch(fileSchema, arrs, rec.NumRows())
		defer fileRecs[j].Release()
	}
	md = arrow.MetadataFrom(m)
	fileSchema = arrow.NewSchemaWithEndian(fileSchema.Fields(), &md, fileSchema.Endianness())
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd))
	arrProps := pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema())
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := bufio.NewWriter(f)
	data := sha256.New()
	if i := md.FindKey(MetaTable); i >= 0 {
		fileSchema = documented(md.Values()[i], fileSchema)
	}
	fw, err := pqarrow.NewFileWriter(fileSchema, io.MultiWriter(bw, data), props, arrProps)
	if err != nil {
		return err
	}
	for _, rec := range fileRecs {
		rec = array.NewRecordBatch(fileSchema, rec.Columns(), rec.NumRows())
		defer rec.Release()
		if err := fw.Write(rec); err != nil {
			return err
		}
	}
	if err := fw.AppendKeyValueMetadata(MetaDataSHA256, hex.EncodeToString(data.Sum(nil))); err != nil {
		return err
	}
	if err := fw.AppendKeyValueMetadata(MetaFooterSHA256, string(footerDigits)); err != nil {
		return err
	}
	if err := fw.Close(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return sealFooter(f)
}

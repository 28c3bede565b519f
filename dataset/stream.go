package dataset

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// parquetWriter writes a Parquet file row group by row group to a
// temporary file ".<base>.*.tmp" next to its path, which close renames
// into place once the file is complete; until then nothing is at the
// path. The file is the one writeParquet writes of the same batches.
type parquetWriter struct {
	path   string
	schema *arrow.Schema // of the file, its metadata left to close
	props  *parquet.WriterProperties
	f      *os.File
	bw     *bufio.Writer
	data   hash.Hash // of the bytes before the footer
	fw     *pqarrow.FileWriter
}

// writerProps are the properties of every file written.
func writerProps() *parquet.WriterProperties {
	return parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd))
}

// createParquet starts a file of the given schema at path, creating
// missing parent directories.
func createParquet(path string, schema *arrow.Schema) (*parquetWriter, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	w := &parquetWriter{
		path:   path,
		schema: arrow.NewSchemaWithEndian(schema.Fields(), nil, schema.Endianness()),
		props:  writerProps(),
		f:      f,
		// bufio.Writer is no io.Closer, so pqarrow.FileWriter, which
		// closes its sink, leaves f open for Sync.
		bw:   bufio.NewWriterSize(f, 64<<10),
		data: sha256.New(),
	}
	// The key/value metadata, and the Arrow schema stored with them, go
	// into the footer: close adds them.
	w.fw, err = pqarrow.NewFileWriter(w.schema, io.MultiWriter(w.bw, w.data), w.props, pqarrow.NewArrowWriterProperties())
	if err != nil {
		w.abort()
		return nil, err
	}
	return w, nil
}

// write writes rec as one row group; on error the file is removed.
func (w *parquetWriter) write(rec arrow.RecordBatch) error {
	if err := w.fw.Write(rec); err != nil {
		w.abort()
		return err
	}
	return nil
}

// close writes the footer, with md as key/value metadata and as the
// metadata of the Arrow schema stored (its columns documented from
// SCHEMA.md), MetaDataSHA256 of the bytes before it and MetaFooterSHA256
// of the footer (sealFooter), then syncs the file and renames it into place. On error the
// file is removed.
func (w *parquetWriter) close(md arrow.Metadata) (err error) {
	defer func() {
		if err != nil {
			w.abort()
		}
	}()
	stored := arrow.NewSchemaWithEndian(w.schema.Fields(), &md, w.schema.Endianness())
	if i := md.FindKey(MetaTable); i >= 0 {
		stored = documented(md.Values()[i], stored)
	}
	kv, err := footerMeta(stored, w.props)
	if err != nil {
		return err
	}
	// Every write ended its row group, so all that passed data so far is
	// the part before the footer.
	for i, k := range kv.Keys() {
		if err := w.fw.AppendKeyValueMetadata(k, kv.Values()[i]); err != nil {
			return err
		}
	}
	if err := w.fw.AppendKeyValueMetadata(MetaDataSHA256, hex.EncodeToString(w.data.Sum(nil))); err != nil {
		return err
	}
	if err := w.fw.AppendKeyValueMetadata(MetaFooterSHA256, string(footerDigits)); err != nil {
		return err
	}
	if err := w.fw.Close(); err != nil {
		return err
	}
	if err := w.bw.Flush(); err != nil {
		return err
	}
	if err := sealFooter(w.f); err != nil {
		return err
	}
	if err := w.f.Chmod(0o644); err != nil {
		return err
	}
	if err := w.f.Sync(); err != nil {
		return err
	}
	if err := w.f.Close(); err != nil {
		return err
	}
	if err := os.Rename(w.f.Name(), w.path); err != nil {
		return err
	}
	syncDir(filepath.Dir(w.path))
	return nil
}

// abort removes the temporary file.
func (w *parquetWriter) abort() {
	w.f.Close()
	os.Remove(w.f.Name())
}

// footerMeta returns the key/value metadata that pqarrow.NewFileWriter
// puts in the footer of a file of schema, its Arrow schema stored:
// schema's metadata, then the schema itself. They are read back from an
// empty file, as the stored schema is pqarrow's normalized form.
func footerMeta(schema *arrow.Schema, props *parquet.WriterProperties) (metadata.KeyValueMetadata, error) {
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(schema, &buf, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	r, err := file.NewParquetReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("footer metadata: %w", err)
	}
	defer r.Close()
	return r.MetaData().KeyValueMetadata(), nil
}

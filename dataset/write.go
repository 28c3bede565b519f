package dataset

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// WriteParquet writes the record batches, all of the given schema, to a
// zstd-compressed Parquet file at path, one row group per batch. The Arrow
// schema is stored in the file, and meta, merged over the schema's own
// metadata, becomes both the footer key/value metadata and the Arrow schema
// metadata.
//
// The write is atomic: the data go to a temporary file named ".<base>.*.tmp"
// in the same directory, which is synced and renamed to path. Missing parent
// directories are created. On error no file is left behind and an existing
// file at path is unchanged.
//
// The file holds every column of schema; WritePartition writes the part
// file of a hive partition, without the partition columns. The metadata
// keys MetaPartition and MetaPartitionColumns, which only WritePartition
// sets, are refused here.
func WriteParquet(path string, schema *arrow.Schema, recs []arrow.RecordBatch, meta map[string]string) error {
	md, err := mergeMeta(schema.Metadata(), meta)
	if err == nil {
		for _, k := range []string{MetaPartition, MetaPartitionColumns} {
			if md.FindKey(k) >= 0 {
				err = fmt.Errorf("metadata key %q is set by WritePartition", k)
			}
		}
	}
	if err != nil {
		return fmt.Errorf("dataset: write %s: %w", path, err)
	}
	return writeParquet(path, schema, recs, md)
}

// writeParquet writes the file of WriteParquet with md as its key/value
// metadata, to which it adds MetaDataSHA256 and MetaFooterSHA256.
func writeParquet(path string, schema *arrow.Schema, recs []arrow.RecordBatch, md arrow.Metadata) error {
	w, err := createParquet(path, schema)
	if err == nil {
		for _, rec := range recs {
			if err = w.write(rec); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = w.close(md)
	}
	if err != nil {
		return fmt.Errorf("dataset: write %s: %w", path, err)
	}
	return nil
}

// mergeMeta returns base with the entries of over added or replaced, in key
// order, without MetaDataSHA256 and MetaFooterSHA256: writeParquet sets
// them, for the file it writes.
func mergeMeta(base arrow.Metadata, over map[string]string) (arrow.Metadata, error) {
	m := make(map[string]string, base.Len()+len(over))
	for i, k := range base.Keys() {
		m[k] = base.Values()[i]
	}
	for k, v := range over {
		if strings.HasPrefix(k, "ARROW:") {
			return arrow.Metadata{}, fmt.Errorf("metadata key %q is reserved", k)
		}
		m[k] = v
	}
	delete(m, MetaDataSHA256)
	delete(m, MetaFooterSHA256)
	return arrow.MetadataFrom(m), nil
}

// writeAtomic calls write on a buffered temporary file next to path, then
// seal on the file written, if not nil, then syncs it and renames it to
// path. On error or panic the temporary file is removed.
func writeAtomic(path string, write func(io.Writer) error, seal func(*os.File) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		r := recover()
		if err != nil || r != nil {
			f.Close()
			os.Remove(f.Name())
		}
		if r != nil {
			panic(r)
		}
	}()
	// bufio.Writer is no io.Closer, so writers that close their sink
	// (pqarrow.FileWriter does) leave f open for Sync.
	bw := bufio.NewWriterSize(f, 64<<10)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if seal != nil {
		if err = seal(f); err != nil {
			return err
		}
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable where the file system allows it.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}

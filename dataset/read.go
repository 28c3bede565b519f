package dataset

import (
	"context"
	"fmt"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// arrowSchemaKey is the footer key under which Arrow writers store the
// serialized Arrow schema.
const arrowSchemaKey = "ARROW:schema"

// Complete reports whether path holds a whole Parquet file: it exists, its
// footer parses and matches the SHA-256 it records, if it records one. It
// reads only the footer; Scan and ReadFile read the whole file.
func Complete(path string) bool {
	f, err := OpenRegular(path)
	if err != nil {
		return false
	}
	defer f.Close()
	_, err = readFooter(f, path)
	return err == nil
}

// ReadFile reads the Parquet file at path into a table, and returns it with
// the file's key/value metadata (without the stored Arrow schema), which is
// also the table's schema metadata. The partition columns that
// WritePartition left out of the file are put back, at their positions and
// with their types, from the partition the metadata records, so the table
// is the one written (see MetaPartitionColumns). The file is checked first
// against what it records of itself (see Scan); a damaged file, or one
// written before files recorded the SHA-256 of their footer, is a
// *DamageError.
func ReadFile(path string) (arrow.Table, map[string]string, error) {
	tbl, s, err := readFile(path, nil)
	if err != nil {
		return nil, nil, err
	}
	return tbl, s.meta, nil
}

// readFile is ReadFile, returning what inspect found.
func readFile(path string, want *FileSummary) (arrow.Table, fileSum, error) {
	s, err := inspectVouched(path, want)
	if err != nil {
		return nil, fileSum{}, err
	}
	tbl, err := readTable(path, s)
	if err != nil {
		return nil, fileSum{}, err
	}
	return tbl, s, nil
}

// inspectVouched is inspect for a file to be given to the Parquet reader:
// only one whose bytes are known to be those written passes, one whose
// footer records its SHA-256, or, for a file of an older build, one whose
// SHA-256 is that of want (a manifest's entry), if not nil.
func inspectVouched(path string, want *FileSummary) (fileSum, error) {
	s, err := inspect(path)
	if err != nil {
		return fileSum{}, err
	}
	if !s.footer.vouched && (want == nil || want.SHA256 == "" || want.SHA256 != s.sha256) {
		return fileSum{}, &DamageError{Path: path, Reason: fmt.Sprintf(
			"it records no SHA-256 of its footer (%s; an older build wrote it) and no manifest vouches for it", MetaFooterSHA256)}
	}
	return s, nil
}

// readTable reads the whole Parquet file at path, which inspectVouched
// found to be s, with its partition columns put back.
func readTable(path string, s fileSum) (tbl arrow.Table, err error) {
	err = readBatches(path, s, true, func(full arrow.Table) error {
		tbl = withMeta(full, s.meta)
		return nil
	})
	return tbl, err
}

// readGroupByGroup reads the Parquet file at path, which inspectVouched
// found to be s, as readTable does, but holds one row group at a time; it
// returns the rows and the schema readTable's table would have.
func readGroupByGroup(path string, s fileSum) (rows int64, schema *arrow.Schema, err error) {
	err = readBatches(path, s, false, func(full arrow.Table) error {
		rows, schema = rows+full.NumRows(), full.Schema()
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	md := arrow.MetadataFrom(s.meta)
	return rows, arrow.NewSchemaWithEndian(schema.Fields(), &md, schema.Endianness()), nil
}

// readBatches reads the Parquet file at path, which inspectVouched found
// to be s, whole or one row group at a time (once, without rows, if it
// has none), and passes each batch with its partition columns put back to
// use, which must not keep it past its call without retaining it.
func readBatches(path string, s fileSum, whole bool, use func(arrow.Table) error) error {
	f, err := openPart(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var fr *pqarrow.FileReader
	if err := protect(func() (err error) { fr, err = openParquet(f, s); return err }); err != nil {
		return &DamageError{Path: path, Reason: fmt.Sprintf("it cannot be read: %v", err)}
	}
	md := fr.ParquetReader().MetaData()
	cols := make([]int, md.Schema.NumColumns())
	for i := range cols {
		cols[i] = i
	}
	groups := make([]int, md.NumRowGroups())
	for i := range groups {
		groups[i] = i
	}
	batches := [][]int{groups}
	if !whole && len(groups) > 0 {
		batches = batches[:0]
		for i := range groups {
			batches = append(batches, groups[i:i+1])
		}
	}
	for _, b := range batches {
		var rows int64
		for _, g := range b {
			rows += md.RowGroups[g].GetNumRows()
		}
		var tbl arrow.Table
		if err := protect(func() (err error) {
			tbl, err = fr.ReadRowGroups(context.Background(), cols, b)
			return err
		}); err != nil {
			return &DamageError{Path: path, Reason: fmt.Sprintf("it cannot be read: %v", err)}
		}
		full, err := restorePartition(tbl, rows, s.meta)
		tbl.Release()
		if err != nil {
			return fmt.Errorf("dataset: read %s: %w", path, err)
		}
		err = use(full)
		full.Release()
		if err != nil {
			return err
		}
	}
	return nil
}

// openParquet returns an Arrow reader of f, whose footer is that of s.
func openParquet(f *os.File, s fileSum) (*pqarrow.FileReader, error) {
	r, err := file.NewParquetReader(f, file.WithMetadata(s.footer.meta))
	if err != nil {
		return nil, err
	}
	return pqarrow.NewFileReader(r, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
}

// withMeta returns tbl with meta as its schema metadata. (pqarrow's
// FileReader.ReadTable drops the schema metadata.)
func withMeta(tbl arrow.Table, meta map[string]string) arrow.Table {
	md := arrow.MetadataFrom(meta)
	sc := tbl.Schema()
	cols := make([]arrow.Column, tbl.NumCols())
	for i := range cols {
		cols[i] = *tbl.Column(i)
	}
	return array.NewTable(arrow.NewSchemaWithEndian(sc.Fields(), &md, sc.Endianness()), cols, tbl.NumRows())
}

// metaMap returns kv as a map, without the stored Arrow schema.
func metaMap(kv metadata.KeyValueMetadata) map[string]string {
	m := make(map[string]string, kv.Len())
	for i, k := range kv.Keys() {
		if k != arrowSchemaKey {
			m[k] = kv.Values()[i]
		}
	}
	return m
}

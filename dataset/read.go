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
	f, err := os.Open(path)
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
func readTable(path string, s fileSum) (arrow.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	defer f.Close()
	var tbl arrow.Table
	err = protect(func() error {
		fr, err := openParquet(f, s)
		if err != nil {
			return err
		}
		tbl, err = fr.ReadTable(context.Background())
		return err
	})
	if err != nil {
		return nil, &DamageError{Path: path, Reason: fmt.Sprintf("it cannot be read: %v", err)}
	}
	defer tbl.Release()
	full, err := restorePartition(tbl, s.rows, s.meta)
	if err != nil {
		return nil, fmt.Errorf("dataset: read %s: %w", path, err)
	}
	defer full.Release()
	return withMeta(full, s.meta), nil
}

// readGroupByGroup reads the Parquet file at path, which inspectVouched
// found to be s, as readTable does, but holds one row group at a time; it
// returns the rows and the schema readTable's table would have.
func readGroupByGroup(path string, s fileSum) (rows int64, schema *arrow.Schema, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, fmt.Errorf("dataset: %w", err)
	}
	defer f.Close()
	var fr *pqarrow.FileReader
	if err := protect(func() (err error) { fr, err = openParquet(f, s); return err }); err != nil {
		return 0, nil, &DamageError{Path: path, Reason: fmt.Sprintf("it cannot be read: %v", err)}
	}
	cols := make([]int, fr.ParquetReader().MetaData().Schema.NumColumns())
	for i := range cols {
		cols[i] = i
	}
	// A file without row groups is read once, for its schema.
	groups := fr.ParquetReader().NumRowGroups()
	for i := range max(groups, 1) {
		rg := []int{}
		if groups > 0 {
			rg = []int{i}
		}
		var tbl arrow.Table
		if err := protect(func() (err error) {
			tbl, err = fr.ReadRowGroups(context.Background(), cols, rg)
			return err
		}); err != nil {
			return 0, nil, &DamageError{Path: path, Reason: fmt.Sprintf("it cannot be read: %v", err)}
		}
		full, err := restorePartition(tbl, tbl.NumRows(), s.meta)
		tbl.Release()
		if err != nil {
			return 0, nil, fmt.Errorf("dataset: read %s: %w", path, err)
		}
		rows, schema = rows+full.NumRows(), full.Schema()
		full.Release()
	}
	md := arrow.MetadataFrom(s.meta)
	return rows, arrow.NewSchemaWithEndian(schema.Fields(), &md, schema.Endianness()), nil
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

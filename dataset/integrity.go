package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
)

// A DamageError reports a damaged part file: not a whole Parquet file, not
// what it records of itself (its rows, the SHA-256 of its data, the digest
// of its spec), or not what the manifest records of it.
type DamageError struct {
	Path   string
	Reason string
}

func (e *DamageError) Error() string { return e.Path + " is damaged: " + e.Reason }

// fileSum is what inspect finds in a part file.
type fileSum struct {
	bytes  int64
	sha256 string // hex, of the whole file
	rows   int64  // as the footer says
	meta   map[string]string
	footer footer
}

// summary returns s as the manifest records a file at path.
func (s fileSum) summary(path string) FileSummary {
	return FileSummary{Path: path, Rows: s.rows, Bytes: s.bytes, SHA256: s.sha256}
}

// inspect reads the part file at path to its end once, for its size and
// SHA-256, and checks it against what it records of itself: a footer that
// parses and matches its SHA-256 (readFooter), and the keys MetaDataSHA256,
// MetaRows and MetaSpecSHA256 where present. A file that fails is a
// *DamageError; other errors are I/O.
func inspect(path string) (fileSum, error) {
	f, err := openPart(path)
	if err != nil {
		return fileSum{}, err
	}
	defer f.Close()
	ft, err := readFooter(f, path)
	if err != nil {
		return fileSum{}, err
	}
	bad := func(format string, a ...any) (fileSum, error) {
		return fileSum{}, &DamageError{Path: path, Reason: fmt.Sprintf(format, a...)}
	}
	whole, data := sha256.New(), sha256.New()
	if _, err := io.Copy(io.MultiWriter(whole, data), io.NewSectionReader(f, 0, ft.dataEnd)); err != nil {
		return fileSum{}, fmt.Errorf("dataset: %w", err)
	}
	if _, err := io.Copy(whole, io.NewSectionReader(f, ft.dataEnd, ft.size-ft.dataEnd)); err != nil {
		return fileSum{}, fmt.Errorf("dataset: %w", err)
	}
	s := fileSum{bytes: ft.size, sha256: hex.EncodeToString(whole.Sum(nil)), rows: ft.meta.NumRows,
		meta: metaMap(ft.meta.KeyValueMetadata()), footer: ft}
	if v, ok := s.meta[MetaDataSHA256]; ok && v != hex.EncodeToString(data.Sum(nil)) {
		return bad("its data do not match the SHA-256 it records (%s)", MetaDataSHA256)
	}
	if v, ok := s.meta[MetaRows]; ok && v != strconv.FormatInt(s.rows, 10) {
		return bad("it records %s rows (%s), its footer %d", v, MetaRows, s.rows)
	}
	if digest := s.meta[MetaSpecSHA256]; digest != "" && SpecDigest(s.meta[MetaSpec]) != digest {
		return bad("its spec does not match the digest it records (%s)", MetaSpecSHA256)
	}
	return s, nil
}

// FileCheck is what CheckFile found in a part file.
type FileCheck struct {
	Bytes  int64
	SHA256 string // hex, of the whole file
	Rows   int64  // rows read
	// Schema is that of the table as ReadFile returns it: the partition
	// columns put back, the key/value metadata as its metadata.
	Schema *arrow.Schema
}

// CheckFile reads the part file at path completely, one row group at a
// time: it checks the file against what it records of itself, as Scan
// does, and reads every row, as ReadFile does. want, if not nil, is the manifest's entry for the file,
// which vouches for a file of an older build (see ReadFile). A damaged file
// is a *DamageError.
func CheckFile(path string, want *FileSummary) (FileCheck, error) {
	s, err := inspectVouched(path, want)
	if err != nil {
		return FileCheck{}, err
	}
	rows, schema, err := readGroupByGroup(path, s)
	if err != nil {
		return FileCheck{}, err
	}
	return FileCheck{Bytes: s.bytes, SHA256: s.sha256, Rows: rows, Schema: schema}, nil
}

// Check returns a *DamageError naming got.Path unless got, a file as it is
// now, has the rows, size and SHA-256 that s, the manifest's entry for it,
// records. (A manifest of format 1 records no size nor SHA-256.)
func (s FileSummary) Check(got FileSummary) error {
	reason := ""
	switch {
	case s.SHA256 != "" && got.Bytes != s.Bytes:
		reason = fmt.Sprintf("it has %d bytes, %s records %d", got.Bytes, ManifestName, s.Bytes)
	case s.SHA256 != "" && got.SHA256 != s.SHA256:
		reason = fmt.Sprintf("its SHA-256 differs from the one %s records", ManifestName)
	case got.Rows != s.Rows:
		reason = fmt.Sprintf("it has %d rows, %s records %d", got.Rows, ManifestName, s.Rows)
	default:
		return nil
	}
	return &DamageError{Path: got.Path, Reason: reason}
}

// Files returns every file m lists, by path.
func (m Manifest) Files() map[string]FileSummary {
	files := make(map[string]FileSummary)
	for _, t := range m.Tables {
		for _, f := range t.Files {
			files[f.Path] = f
		}
	}
	return files
}

// SetAside moves the file at path out of its dataset to "_<name>.damaged"
// beside it ("_<name>.2.damaged", … if that is taken), where no reader of
// the dataset looks, and returns the new path. Nothing is deleted.
func SetAside(path string) (string, error) {
	dir, base := filepath.Split(path)
	for i := 1; ; i++ {
		name := "_" + base + ".damaged"
		if i > 1 {
			name = fmt.Sprintf("_%s.%d.damaged", base, i)
		}
		aside := filepath.Join(dir, name)
		_, err := os.Lstat(aside)
		if err == nil {
			continue
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("dataset: %w", err)
		}
		if err := os.Rename(path, aside); err != nil {
			return "", fmt.Errorf("dataset: %w", err)
		}
		syncDir(dir)
		return aside, nil
	}
}

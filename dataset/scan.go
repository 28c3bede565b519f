package dataset

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
)

// FileInfo describes one part file found by Scan.
type FileInfo struct {
	Table  string
	Path   string // relative to DIR/<experiment>, slash-separated
	Keys   []KV   // hive partition keys, outermost first
	Shard  string // from the name part-<shard>.parquet, or ""
	Rows   int64
	Bytes  int64
	SHA256 string            // hex, of the whole file
	Meta   map[string]string // footer key/value metadata, without ARROW:schema
	// Err is a *DamageError, with Path as above, if the file is damaged;
	// then only the fields above Rows are set.
	Err error
}

// Summary returns f as the manifest records it.
func (f FileInfo) Summary() FileSummary {
	return FileSummary{Path: f.Path, Rows: f.Rows, Bytes: f.Bytes, SHA256: f.SHA256}
}

// Partition returns the directory of f relative to DIR/<experiment>:
// the table and its partition keys. The shards of one partition share it.
func (f FileInfo) Partition() string { return path.Dir(f.Path) }

// Scan lists the part files of every table of DIR/experiment. It reads each
// file to its end, for its size and SHA-256, and checks it against what it
// records of itself: a footer that parses, the SHA-256 of its data
// (MetaDataSHA256), its rows (MetaRows) and the digest of its spec
// (MetaSpecSHA256), where recorded, and the table, partition and shard it
// records against its path (a misplaced file). A file that fails is listed with Err
// set. Each directory of DIR/experiment whose name does not start with "."
// or "_" is a table. Files are ordered by table, then as in ReadDataset.
func Scan(dir, experiment string) ([]FileInfo, error) {
	root := filepath.Join(dir, experiment)
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	var files []FileInfo
	for _, e := range entries {
		if !e.IsDir() || hidden(e.Name()) {
			continue
		}
		table := e.Name()
		parts, err := listParts(filepath.Join(root, table))
		if err != nil {
			return nil, err
		}
		for _, p := range parts {
			f := FileInfo{Table: table, Path: table + "/" + p.rel, Keys: p.keys, Shard: p.shard}
			s, err := inspect(filepath.Join(root, table, filepath.FromSlash(p.rel)))
			if err == nil {
				err = checkPlace(f.Path, table, p.keys, p.shard, s.meta)
			}
			var damage *DamageError
			switch {
			case errors.As(err, &damage):
				damage.Path = f.Path
				f.Err = damage
			case err != nil:
				return nil, err
			}
			f.Rows, f.Bytes, f.SHA256, f.Meta = s.rows, s.bytes, s.sha256, s.meta
			files = append(files, f)
		}
	}
	return files, nil
}

// Summarize returns the per-table summaries of files, for Manifest.Tables.
// Files keep their order.
func Summarize(files []FileInfo) map[string]TableSummary {
	tables := make(map[string]TableSummary)
	for _, f := range files {
		t := tables[f.Table]
		t.Rows += f.Rows
		t.Files = append(t.Files, f.Summary())
		tables[f.Table] = t
	}
	return tables
}

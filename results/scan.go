package results

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
)

// FileInfo describes one part file found by Scan.
type FileInfo struct {
	Table string
	Path  string // relative to DIR/<experiment>, slash-separated
	Keys  []KV   // hive partition keys, outermost first
	Shard string // from the name part-<shard>.parquet, or ""
	Rows  int64
	Meta  map[string]string // footer key/value metadata, without ARROW:schema
}

// Partition returns the directory of f relative to DIR/<experiment>:
// the table and its partition keys. The shards of one partition share it.
func (f FileInfo) Partition() string { return path.Dir(f.Path) }

// Scan lists the part files of every table of DIR/experiment, reading only
// their footers. Each directory of DIR/experiment whose name does not start
// with "." or "_" is a table. Files are ordered by table, then as in
// ReadDataset.
func Scan(dir, experiment string) ([]FileInfo, error) {
	root := filepath.Join(dir, experiment)
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("results: %w", err)
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
			rows, meta, err := footer(filepath.Join(root, table, filepath.FromSlash(p.rel)))
			if err != nil {
				return nil, err
			}
			files = append(files, FileInfo{
				Table: table,
				Path:  table + "/" + p.rel,
				Keys:  p.keys,
				Shard: p.shard,
				Rows:  rows,
				Meta:  meta,
			})
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
		t.Files = append(t.Files, FileSummary{Path: f.Path, Rows: f.Rows})
		tables[f.Table] = t
	}
	return tables
}

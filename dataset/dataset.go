package dataset

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// ReadDataset reads every part of DIR/experiment/table into one table, if
// the experiment is complete: it has a manifest. Without one it returns an
// *IncompleteError saying how many units are there; ReadPartial reads them
// anyway. Files and directories whose names start with "." or "_" are
// ignored. Each part is read by ReadFile, which puts back the partition
// columns that WritePartition left out, with their types and at their
// positions. Any other hive partition key becomes a column after the
// file's own, of type int64 when every value of the key is a decimal
// integer and string otherwise, unless the files already hold a column of
// that name. The parts must share one schema; the result keeps the schema
// metadata on which all parts agree.
//
// Each file is checked against what it records of itself (see Scan), its
// place (the table, partition and shard it records must be those of its
// path) and the run (it must record the manifest's experiment, spec, seed,
// profile and trials), and against the size, SHA-256 and rows the manifest
// records; the files must be exactly those the manifest lists for the
// table. A damaged or misplaced file is a *DamageError naming it.
func ReadDataset(dir, experiment, table string) (arrow.Table, error) {
	return readDataset(dir, experiment, table, false)
}

// ReadPartial is ReadDataset for a run that may be incomplete: without a
// manifest it reads the files there, each checked against what it records
// of itself, its place and the run of the first file.
func ReadPartial(dir, experiment, table string) (arrow.Table, error) {
	return readDataset(dir, experiment, table, true)
}

func readDataset(dir, experiment, table string, partial bool) (arrow.Table, error) {
	root := filepath.Join(dir, experiment, table)
	var parts []partFile
	var tables []arrow.Table
	defer func() {
		for _, t := range tables {
			t.Release()
		}
	}()
	err := eachPart(dir, experiment, table, partial, func(all []partFile, i int, path string, s fileSum) error {
		t, err := readTable(path, s)
		if err != nil {
			return err
		}
		parts, tables = append(parts, all[i]), append(tables, t)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return concat(root, parts, tables)
}

// eachPart calls use with the parts of DIR/experiment/table, in the order
// of listParts, and the index of each in turn, once the part has passed ReadDataset's checks (or
// ReadPartial's, with partial) and before the next is checked; the
// manifest's files that are missing are reported after the last.
func eachPart(dir, experiment, table string, partial bool, use func(parts []partFile, i int, path string, s fileSum) error) error {
	root := filepath.Join(dir, experiment, table)
	parts, err := listParts(root)
	if err != nil {
		return err
	}
	if len(parts) == 0 {
		return fmt.Errorf("dataset: no parquet files under %s", root)
	}
	m, complete, err := manifestOf(dir, experiment)
	if err != nil {
		return err
	}
	if !complete && !partial {
		var metas []map[string]string
		if s, err := inspect(filepath.Join(root, filepath.FromSlash(parts[0].rel))); err == nil {
			metas = append(metas, s.meta)
		}
		return incomplete(dir, experiment, table, parts, metas)
	}
	var listed map[string]FileSummary
	if complete {
		listed = make(map[string]FileSummary)
		for _, f := range m.Tables[table].Files {
			listed[f.Path] = f
		}
	}
	for i, p := range parts {
		path := filepath.Join(root, filepath.FromSlash(p.rel))
		want, isListed := listed[table+"/"+p.rel]
		if complete && !isListed {
			return fmt.Errorf("dataset: %s is not in %s", path, filepath.Join(dir, experiment, ManifestName))
		}
		var vouch *FileSummary
		if isListed {
			vouch = &want
		}
		s, err := inspectVouched(path, vouch)
		if err != nil {
			return err
		}
		if isListed {
			if err := want.Check(s.summary(path)); err != nil {
				return err
			}
			delete(listed, want.Path)
		}
		if err := checkPlace(path, table, p.keys, p.shard, s.meta); err != nil {
			return err
		}
		if i == 0 && !complete {
			if m, err = ManifestFromMeta(s.meta); err != nil {
				return fmt.Errorf("dataset: read %s: %w", path, err)
			}
		}
		if err := m.Owns(s.meta); err != nil {
			return fmt.Errorf("dataset: %s was written by another run than %s: %v", path, parts[0].rel, err)
		}
		if err := use(parts, i, path, s); err != nil {
			return err
		}
	}
	if len(listed) > 0 {
		return fmt.Errorf("dataset: %s lists files that are missing: %s",
			filepath.Join(dir, experiment, ManifestName), strings.Join(slices.Sorted(maps.Keys(listed)), ", "))
	}
	return nil
}

// concat joins the tables read from parts and appends their partition keys.
func concat(root string, parts []partFile, tables []arrow.Table) (arrow.Table, error) {
	first := tables[0].Schema()
	var rows int64
	for i, t := range tables {
		if !t.Schema().Equal(first) {
			return nil, fmt.Errorf("dataset: %s: schema of %s differs from %s:\n%s\nvs\n%s",
				root, parts[i].rel, parts[0].rel, t.Schema(), first)
		}
		if !slices.EqualFunc(parts[i].keys, parts[0].keys, func(a, b KV) bool { return a.Key == b.Key }) {
			return nil, fmt.Errorf("dataset: %s: partition keys of %s differ from %s",
				root, parts[i].rel, parts[0].rel)
		}
		rows += t.NumRows()
	}

	fields := slices.Clone(first.Fields())
	var cols []arrow.Column
	defer func() {
		for i := range cols {
			cols[i].Release()
		}
	}()
	for j, f := range fields {
		chunks := make([]arrow.Array, 0, len(tables))
		for _, t := range tables {
			chunks = append(chunks, t.Column(j).Data().Chunks()...)
		}
		cols = append(cols, newColumn(f, chunks))
	}
	for k, kv := range parts[0].keys {
		if first.HasField(kv.Key) {
			continue
		}
		f, chunks := keyColumn(parts, tables, k)
		fields = append(fields, f)
		cols = append(cols, newColumn(f, chunks))
		for _, c := range chunks {
			c.Release()
		}
	}

	md := commonMeta(tables)
	schema := arrow.NewSchemaWithEndian(fields, &md, first.Endianness())
	return array.NewTable(schema, cols, rows), nil
}

// newColumn returns a column of field f holding chunks.
func newColumn(f arrow.Field, chunks []arrow.Array) arrow.Column {
	ch := arrow.NewChunked(f.Type, chunks)
	defer ch.Release()
	return *arrow.NewColumn(f, ch)
}

// keyColumn returns the field and one constant chunk per table for
// partition key k.
func keyColumn(parts []partFile, tables []arrow.Table, k int) (arrow.Field, []arrow.Array) {
	name := parts[0].keys[k].Key
	isInt := true
	for _, p := range parts {
		if _, err := strconv.ParseInt(p.keys[k].Value, 10, 64); err != nil {
			isInt = false
			break
		}
	}
	mem := memory.DefaultAllocator
	chunks := make([]arrow.Array, len(tables))
	for i, t := range tables {
		n := int(t.NumRows())
		v := parts[i].keys[k].Value
		if isInt {
			x, _ := strconv.ParseInt(v, 10, 64)
			b := array.NewInt64Builder(mem)
			b.AppendValues(slices.Repeat([]int64{x}, n), nil)
			chunks[i] = b.NewArray()
			b.Release()
		} else {
			b := array.NewStringBuilder(mem)
			b.AppendValues(slices.Repeat([]string{v}, n), nil)
			chunks[i] = b.NewArray()
			b.Release()
		}
	}
	typ := arrow.DataType(arrow.BinaryTypes.String)
	if isInt {
		typ = arrow.PrimitiveTypes.Int64
	}
	return arrow.Field{Name: name, Type: typ}, chunks
}

// commonMeta returns the schema metadata entries shared by all tables.
func commonMeta(tables []arrow.Table) arrow.Metadata {
	var keys, vals []string
	md := tables[0].Schema().Metadata()
	for i, k := range md.Keys() {
		v := md.Values()[i]
		shared := true
		for _, t := range tables[1:] {
			m := t.Schema().Metadata()
			if j := m.FindKey(k); j < 0 || m.Values()[j] != v {
				shared = false
				break
			}
		}
		if shared {
			keys = append(keys, k)
			vals = append(vals, v)
		}
	}
	return arrow.NewMetadata(keys, vals)
}

// partFile is one Parquet file of a table, found by listParts.
type partFile struct {
	rel   string // path relative to the table directory, slash-separated
	keys  []KV
	shard string // from the name part-<shard>.parquet, or ""
}

// listParts returns the Parquet files under root, skipping names that start
// with "." or "_", ordered by partition values (numerically where both are
// integers), then by name.
func listParts(root string) ([]partFile, error) {
	var parts []partFile
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		if hidden(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".parquet") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		pf := partFile{rel: rel}
		if dir := path.Dir(rel); dir != "." {
			for _, seg := range strings.Split(dir, "/") {
				kv, err := parseKV(seg)
				if err != nil {
					return fmt.Errorf("%w (in %s)", err, p)
				}
				pf.keys = append(pf.keys, kv)
			}
		}
		if s, ok := strings.CutPrefix(strings.TrimSuffix(d.Name(), ".parquet"), "part-"); ok {
			pf.shard = s
		}
		parts = append(parts, pf)
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (no such run, or it has no table %s)", root, fs.ErrNotExist, filepath.Base(root))
	}
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	slices.SortFunc(parts, func(a, b partFile) int {
		for i := 0; i < len(a.keys) && i < len(b.keys); i++ {
			if c := compareValues(a.keys[i].Value, b.keys[i].Value); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.rel, b.rel)
	})
	return parts, nil
}

// compareValues orders partition values, numerically if both are integers.
func compareValues(a, b string) int {
	x, errA := strconv.ParseInt(a, 10, 64)
	y, errB := strconv.ParseInt(b, 10, 64)
	if errA == nil && errB == nil {
		return cmp.Compare(x, y)
	}
	return cmp.Compare(a, b)
}

// hidden reports whether dataset readers ignore the file or directory name.
func hidden(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

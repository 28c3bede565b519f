package dataset

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// ReadGroups reads DIR/experiment/table as ReadDataset does (ReadPartial
// with partial), with the same checks of every file, but hands the rows to
// use one row group at a time, in the order of ReadDataset's rows, and
// reads of each row group only the columns that use asks for: what it
// holds in memory is one row group's columns, not the table. A file is
// checked before its first row group is handed over; use sees the row
// groups of the files before a damaged one.
func ReadGroups(dir, experiment, table string, partial bool, use func(*Group) error) error {
	root := filepath.Join(dir, experiment, table)
	var first *Group // the first file's columns, which every file must have
	total := int64(-1)
	if m, complete, err := manifestOf(dir, experiment); err == nil && complete {
		total = 0
		for _, f := range m.Tables[table].Files {
			total += f.Rows
		}
	}
	return eachPart(dir, experiment, table, partial, func(parts []partFile, i int, path string, s fileSum) error {
		f, err := openPart(path)
		if err != nil {
			return err
		}
		defer f.Close()
		g := &Group{path: path, constants: map[string]restored{}, total: total}
		var schema *arrow.Schema
		if err := protect(func() error {
			if g.fr, err = openParquet(f, s); err == nil {
				schema, err = g.fr.Schema()
			}
			return err
		}); err != nil {
			return &DamageError{Path: path, Reason: fmt.Sprintf("it cannot be read: %v", err)}
		}
		g.fields = schema.Fields()
		res, err := restoredColumns(s.meta, g.fields)
		if err != nil {
			return fmt.Errorf("dataset: read %s: %w", path, err)
		}
		for _, c := range res {
			g.constants[c.Field.Name] = c
		}
		for k, kv := range parts[i].keys {
			if !g.Has(kv.Key) {
				g.constants[kv.Key] = restored{Field: hiveField(parts, k), Value: kv.Value}
			}
		}
		if first == nil {
			first = g
		} else if err := g.sameColumns(first); err != nil {
			return fmt.Errorf("dataset: %s: %s differs from %s: %v", root, parts[i].rel, parts[0].rel, err)
		}
		for g.idx = range g.fr.ParquetReader().NumRowGroups() {
			g.rows = int(g.fr.ParquetReader().MetaData().RowGroups[g.idx].GetNumRows())
			err := use(g)
			g.release()
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// hiveField is the field ReadDataset gives partition key k of parts where
// no file holds it: int64 if every part spells an integer, else a string.
func hiveField(parts []partFile, k int) arrow.Field {
	f := arrow.Field{Name: parts[0].keys[k].Key, Type: arrow.PrimitiveTypes.Int64}
	for _, p := range parts {
		if _, err := strconv.ParseInt(p.keys[k].Value, 10, 64); err != nil {
			f.Type = arrow.BinaryTypes.String
		}
	}
	return f
}

// Group is one row group of a table that ReadGroups hands over. Its
// columns are read when Column asks for them and freed when use returns.
type Group struct {
	path      string
	fr        *pqarrow.FileReader
	idx, rows int
	fields    []arrow.Field       // the file's own columns
	constants map[string]restored // partition columns, by name
	read      []arrow.Table       // the columns read, to free
	total     int64
}

// TableRows returns the rows of the whole table as its manifest records
// them (ReadDataset checks them), or −1 for a run without a manifest.
func (g *Group) TableRows() int64 { return g.total }

// Rows returns the number of rows of the row group.
func (g *Group) Rows() int { return g.rows }

// Path returns the file the row group is in.
func (g *Group) Path() string { return g.path }

// Has reports whether the table has a column named name.
func (g *Group) Has(name string) bool {
	_, ok := g.constants[name]
	return ok || g.field(name) >= 0
}

// field returns the index of the file's column named name, or −1.
func (g *Group) field(name string) int {
	for i, f := range g.fields {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// Column returns the column named name of the row group as a table of that
// one column, valid until use returns; as ReadDataset's, a partition
// column holds the partition's value.
func (g *Group) Column(name string) (arrow.Table, error) {
	var col *arrow.Chunked
	var f arrow.Field
	if c, ok := g.constants[name]; ok {
		chunks, err := constantColumn(c.Field.Type, c.Value, []int{g.rows})
		if err != nil {
			return nil, fmt.Errorf("dataset: read %s: partition %s=%q: %w", g.path, name, c.Value, err)
		}
		f, col = c.Field, arrow.NewChunked(c.Field.Type, chunks)
		chunks[0].Release()
	} else if i := g.field(name); i >= 0 {
		err := protect(func() (err error) {
			col, err = g.fr.RowGroup(g.idx).Column(i).Read(context.Background())
			return err
		})
		if err != nil {
			return nil, &DamageError{Path: g.path, Reason: fmt.Sprintf("column %q cannot be read: %v", name, err)}
		}
		f = g.fields[i]
	} else {
		return nil, fmt.Errorf("dataset: %s has no column %q", g.path, name)
	}
	defer col.Release()
	c := arrow.NewColumn(f, col)
	defer c.Release()
	t := array.NewTable(arrow.NewSchema([]arrow.Field{f}, nil), []arrow.Column{*c}, int64(g.rows))
	g.read = append(g.read, t)
	return t, nil
}

// release frees the columns read.
func (g *Group) release() {
	for _, t := range g.read {
		t.Release()
	}
	g.read = g.read[:0]
}

// sameColumns returns an error unless g has the columns of h, with their
// types, in the same order.
func (g *Group) sameColumns(h *Group) error {
	if !arrow.NewSchema(g.fields, nil).Equal(arrow.NewSchema(h.fields, nil)) {
		return fmt.Errorf("schema %v vs %v", g.fields, h.fields)
	}
	if len(g.constants) != len(h.constants) {
		return fmt.Errorf("%d partition columns vs %d", len(g.constants), len(h.constants))
	}
	for name, c := range g.constants {
		if d, ok := h.constants[name]; !ok || !arrow.TypeEqual(c.Field.Type, d.Field.Type) {
			return fmt.Errorf("partition column %q", name)
		}
	}
	return nil
}

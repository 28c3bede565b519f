package dataset

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// A PartWriter writes the part file of a hive partition as WritePartition
// does, batch by batch, without holding the rows: each Write is one row
// group of a temporary file next to the path, and Close writes the footer
// and renames the file into place. Until Close succeeds no file is at the
// path; Abort, or a failed Write or Close, removes the temporary file
// (which a killed process leaves, named ".<base>.*.tmp").
type PartWriter struct {
	path   string
	keys   []KV
	schema *arrow.Schema // of the batches
	cols   []PartitionColumn
	drop   []bool         // columns left out of the file, by index
	file   *arrow.Schema  // the file's schema
	w      *parquetWriter // nil once closed or aborted
	batch  int            // batches written
}

// CreatePart starts the part file at path of the partition keys for
// batches of the given schema (see WritePartition).
func CreatePart(path string, keys []KV, schema *arrow.Schema) (*PartWriter, error) {
	p := &PartWriter{path: path, keys: keys, schema: schema}
	if err := p.partitionColumns(); err != nil {
		return nil, p.fail(err)
	}
	p.drop = make([]bool, schema.NumFields())
	for _, c := range p.cols {
		p.drop[c.Index] = true
	}
	var fields []arrow.Field
	for i, f := range schema.Fields() {
		if !p.drop[i] {
			fields = append(fields, f)
		}
	}
	p.file = arrow.NewSchemaWithEndian(fields, nil, schema.Endianness())
	w, err := createParquet(path, p.file)
	if err != nil {
		return nil, p.fail(err)
	}
	p.w = w
	return p, nil
}

// partitionColumns checks the keys and sets the columns they name.
func (p *PartWriter) partitionColumns() error {
	for i, kv := range p.keys {
		if kv.Key == "" || slices.ContainsFunc(p.keys[:i], func(o KV) bool { return o.Key == kv.Key }) {
			return fmt.Errorf("partition key %q empty or repeated", kv.Key)
		}
		idx := p.schema.FieldIndices(kv.Key)
		if len(idx) == 0 {
			continue
		}
		if len(idx) > 1 {
			return fmt.Errorf("partition key %q names %d columns", kv.Key, len(idx))
		}
		f := p.schema.Field(idx[0])
		if partitionTypes[f.Type.String()] == nil {
			return fmt.Errorf("partition column %q is %s, want an integer, utf8 or bool type", f.Name, f.Type)
		}
		p.cols = append(p.cols, PartitionColumn{Name: f.Name, Type: f.Type.String(), Index: idx[0], Nullable: f.Nullable})
	}
	slices.SortFunc(p.cols, func(a, b PartitionColumn) int { return a.Index - b.Index })
	return nil
}

func (p *PartWriter) fail(err error) error { return fmt.Errorf("dataset: write %s: %w", p.path, err) }

// Write writes rec, of the writer's schema, as one row group. On error the
// file is removed and the writer is done.
func (p *PartWriter) Write(rec arrow.RecordBatch) error {
	if p.w == nil {
		return p.fail(fmt.Errorf("write after close"))
	}
	if err := p.write(rec); err != nil {
		p.Abort()
		return p.fail(err)
	}
	return nil
}

func (p *PartWriter) write(rec arrow.RecordBatch) error {
	if !rec.Schema().Equal(p.schema) {
		return fmt.Errorf("record batch %d has schema %s, want %s", p.batch, rec.Schema(), p.schema)
	}
	for _, c := range p.cols {
		v := ""
		for _, kv := range p.keys {
			if kv.Key == c.Name {
				v = kv.Value
			}
		}
		if err := constant(rec.Column(c.Index), v); err != nil {
			return fmt.Errorf("partition column %q: %w", c.Name, err)
		}
	}
	var arrs []arrow.Array
	for i, a := range rec.Columns() {
		if !p.drop[i] {
			arrs = append(arrs, a)
		}
	}
	fileRec := array.NewRecordBatch(p.file, arrs, rec.NumRows())
	defer fileRec.Release()
	p.batch++
	return p.w.write(fileRec)
}

// Close writes the footer, with meta merged over the schema's metadata as
// WritePartition does, and renames the file into place. On error the file
// is removed.
func (p *PartWriter) Close(meta map[string]string) error {
	if p.w == nil {
		return p.fail(fmt.Errorf("close after close"))
	}
	md, err := p.meta(meta)
	if err != nil {
		p.Abort()
		return p.fail(err)
	}
	err = p.w.close(md)
	p.w = nil
	if err != nil {
		return p.fail(err)
	}
	return nil
}

// meta returns the file's key/value metadata: meta over the schema's,
// with the partition's keys.
func (p *PartWriter) meta(meta map[string]string) (arrow.Metadata, error) {
	md, err := mergeMeta(p.schema.Metadata(), meta)
	if err != nil {
		return md, err
	}
	m := make(map[string]string, md.Len()+2)
	for i, k := range md.Keys() {
		m[k] = md.Values()[i]
	}
	delete(m, MetaPartition)
	delete(m, MetaPartitionColumns)
	if len(p.keys) > 0 {
		m[MetaPartition] = partitionPath(p.keys)
	}
	if len(p.cols) > 0 {
		b, err := json.Marshal(p.cols)
		if err != nil {
			return md, err
		}
		m[MetaPartitionColumns] = string(b)
	}
	return arrow.MetadataFrom(m), nil
}

// Abort removes the file being written; it does nothing after Close or
// Abort.
func (p *PartWriter) Abort() {
	if p.w != nil {
		p.w.abort()
		p.w = nil
	}
}
